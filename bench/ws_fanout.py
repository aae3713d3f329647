"""WebSocket fan-out benchmark: N watchers of one board, one player moving over HTTP.

Starts ``--servers`` server processes (``canfield_site.serve``, as ``make run`` and the
container serve) on PostgreSQL and Redis, opens N watchers on one board (spread over the
servers), then a player makes ``--moves`` moves over HTTP on the first server. The watchers
are real sockets with minimal WebSocket clients (``FrameWatcher``: the handshake, then frames
read in the protocol callback), because they share this machine's cores with the servers and
a ``websockets`` library client costs about as much CPU per message as the server's send;
``--client websockets`` uses the library (and offers deflate, as browsers do). For every
move and watcher it records the time from the move's HTTP answer to the watcher's receipt of
the matching ``entry`` message, and prints p50/p99/max per N, and the messages lost (must be
0).

The delay is measured from the HTTP *answer*: the update is queued at the commit and sent by
the server's publisher thread, usually just after the answer (a watcher can still get it
first: a negative delay). Each move waits until every
watcher has its update (or ``--settle`` seconds pass) before the next one, so the figures
are per-move fan-out, not queueing behind earlier moves.

``req_p50``/``req_p99`` are the same delays counted from when the move's request was sent
(the answer's own time included): an upper bound of what a watcher sees.

``srv_cpu``/``cli_cpu``: CPU milliseconds per move used by all the server processes and by
this script (watchers and player). On a shared machine they say what the fan-out costs
regardless of how busy the other tenants keep the cores: a move reaches N watchers in about
``(srv_cpu + cli_cpu) / cores`` of wall time on otherwise idle cores.

``mv_p99``/``worst``: the median and the largest of the moves' own p99 (each move reaches
every watcher): a p99 over all deliveries is set by its worst tenth of a move. ``gc_n`` and
``gc_max``: how many full garbage collections the servers ran during the moves, and the
longest (ms), traced by a ``sitecustomize`` the servers load (``GC_TRACE``): one of them
stops its process, watchers and requests alike, for as long as it takes to walk every object.

``--layer`` picks the channels-redis layer the servers use: ``core`` (RedisChannelLayer)
or ``pubsub`` (RedisPubSubChannelLayer); the script writes a tiny settings module that
overrides ``CHANNEL_LAYERS`` only. The watchers, the player and the servers share this
machine's cores: say so with the figures.

Run (PostgreSQL database created first, e.g. ``createdb -h 127.0.0.1 -U postgres canfield_bench``)::

    DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench \\
    REDIS_URL=redis://127.0.0.1:6379/5 \\
    .venv/bin/python bench/ws_fanout.py --subscribers 100,1000 --layer pubsub
"""

from __future__ import annotations

import argparse
import asyncio
import base64
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
import uuid
from contextlib import ExitStack
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

REPO = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(REPO))

from _common import cpu_seconds, percentile, server_pids  # noqa: E402

from tests.support.servers import run_asgi_server  # noqa: E402

LAYERS = {
    "core": "channels_redis.core.RedisChannelLayer",
    "pubsub": "channels_redis.pubsub.RedisPubSubChannelLayer",
}
#: Watchers opening their socket at the same time (uvicorn's listen backlog is 2048).
CONNECT_BATCH = 200


@dataclass
class Watcher:
    """One WebSocket client: when it received each board version."""

    socket: ClientConnection
    snapshot_version: int
    received: dict[int, float] = field(default_factory=dict)
    out_of_order: int = 0

    async def listen(self) -> None:
        last = self.snapshot_version
        try:
            async for text in self.socket:
                at = time.monotonic()
                message = json.loads(text)
                version = message["version"]
                if version != last + 1:
                    self.out_of_order += 1
                last = version
                self.received[version] = at
        except Exception:  # a closed socket ends the listener; losses show in the count
            return

    async def close(self) -> None:
        await self.socket.close()


class FrameWatcher(asyncio.Protocol):
    """A minimal WebSocket watcher: the opening handshake, then the server's frames parsed in
    ``data_received`` as they arrive.

    The bench's watchers share the machine's two cores with the servers. A ``websockets``
    client wakes a task per message and cost about as much CPU per message as the server's
    send (``cli_cpu``), which left the servers less of the cores than a deployment, whose
    watchers are elsewhere, gives them. This one answers pings and reads text frames: what a
    feed needs, and nothing more (no extensions, no fragments: the server sends neither).
    """

    def __init__(self, host: str, path: str, origin: str) -> None:
        loop = asyncio.get_running_loop()
        self.request = (
            f"GET {path} HTTP/1.1\r\nHost: {host}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n"
            f"Origin: {origin}\r\n\r\n"
        ).encode()
        self.transport: asyncio.Transport | None = None
        self.buffer = bytearray()
        self.upgraded = False
        self.snapshot: asyncio.Future[int] = loop.create_future()
        self.snapshot_version = 0
        self.last = 0
        self.received: dict[int, float] = {}
        self.out_of_order = 0

    def connection_made(self, transport: asyncio.BaseTransport) -> None:
        assert isinstance(transport, asyncio.Transport)
        self.transport = transport
        transport.write(self.request)

    def connection_lost(self, exc: Exception | None) -> None:
        if not self.snapshot.done():
            self.snapshot.set_exception(ConnectionError(f"closed before the snapshot: {exc}"))

    def data_received(self, data: bytes) -> None:
        self.buffer += data
        if not self.upgraded:
            end = self.buffer.find(b"\r\n\r\n")
            if end < 0:
                return
            status = bytes(self.buffer[: self.buffer.find(b"\r\n")])
            if b" 101 " not in status:  # refused: say so once, read nothing more
                self.snapshot.set_exception(ConnectionError(status.decode(errors="replace")))
                self.buffer.clear()
                if self.transport is not None:
                    self.transport.close()
                return
            del self.buffer[: end + 4]
            self.upgraded = True
        while len(self.buffer) >= 2:
            first, second = self.buffer[0], self.buffer[1]
            length, start = second & 0x7F, 2
            if length == 126:
                length, start = int.from_bytes(self.buffer[2:4], "big"), 4
            elif length == 127:
                length, start = int.from_bytes(self.buffer[2:10], "big"), 10
            if len(self.buffer) < start + length:
                return
            payload = bytes(self.buffer[start : start + length])
            del self.buffer[: start + length]
            opcode = first & 0x0F
            if opcode == 0x1:
                self.text(payload)
            elif opcode == 0x9:
                self.send(0xA, payload)  # pong: uvicorn pings idle sockets
            elif opcode == 0x8 and self.transport is not None:
                self.transport.close()

    def text(self, payload: bytes) -> None:
        at = time.monotonic()
        version = json.loads(payload)["version"]
        if not self.snapshot.done():
            self.snapshot_version = self.last = version
            self.snapshot.set_result(version)
            return
        if version != self.last + 1:
            self.out_of_order += 1
        self.last = version
        self.received[version] = at

    def send(self, opcode: int, payload: bytes) -> None:
        """A client frame: final, masked (RFC 6455: every client frame is), short."""
        assert self.transport is not None and len(payload) < 126
        mask = os.urandom(4)
        masked = bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))
        self.transport.write(bytes((0x80 | opcode, 0x80 | len(payload))) + mask + masked)

    async def close(self) -> None:
        if self.transport is not None and not self.transport.is_closing():
            self.send(0x8, (1000).to_bytes(2, "big"))
            self.transport.close()


def raise_open_files_limit() -> int:
    """As many sockets as the hard limit allows (each watcher is one, each server side one)."""
    _soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))
    return hard


#: Loaded by every server process (its directory is on their PYTHONPATH): each full garbage
#: collection's start (CLOCK_MONOTONIC, shared by the processes) and length, one file per pid.
GC_TRACE = """\
import gc, os, time
_started = []
def _trace(phase, info):
    if info["generation"] != 2:
        return
    if phase == "start":
        _started[:] = [time.monotonic()]
    elif _started:
        with open(os.path.join(os.path.dirname(__file__), f"gc-{os.getpid()}.log"), "a") as log:
            log.write(f"{_started[0]} {time.monotonic() - _started[0]}\\n")
gc.callbacks.append(_trace)
"""


def full_collections(directory: str, start: float, end: float) -> list[float]:
    """Lengths (s) of the servers' full garbage collections that began in [start, end]."""
    lengths = []
    for log in Path(directory).glob("gc-*.log"):
        for line in log.read_text().splitlines():
            began, length = (float(value) for value in line.split())
            if start <= began <= end:
                lengths.append(length)
    return lengths


def layer_settings_dir(layer: str) -> str:
    """A directory holding a settings module that only swaps the channel layer backend, and
    the servers' garbage collection trace (``GC_TRACE``, as ``sitecustomize``)."""
    directory = tempfile.mkdtemp(prefix="ws_fanout_")
    Path(directory, "sitecustomize.py").write_text(GC_TRACE)
    # The core layer's pool (redis-py: 100 connections, then MaxConnectionsError rather than
    # waiting) refuses a burst of 100+ concurrent group_add calls; give it room so the
    # comparison measures fan-out, not that limit.
    host = "REDIS_URL" if layer == "pubsub" else "{'address': REDIS_URL, 'max_connections': 2000}"
    Path(directory, "ws_fanout_settings.py").write_text(
        "from canfield_site.settings import *  # noqa: F403\n"
        f"CHANNEL_LAYERS['default'] = {{'BACKEND': {LAYERS[layer]!r}, "
        f"'CONFIG': {{'hosts': [{host}]}}}}\n"
    )
    return directory


def server_env(settings_dir: str) -> dict[str, str]:
    return {
        "DJANGO_SETTINGS_MODULE": "ws_fanout_settings",
        "PYTHONPATH": os.pathsep.join([settings_dir, str(REPO)]),
        "CANFIELD_THROTTLE_ANON": "off",
        "CANFIELD_THROTTLE_USER": "off",
        "CANFIELD_MAX_SOCKETS_PER_ADDRESS": "0",  # every watcher comes from 127.0.0.1
    }  # each watcher's snapshot is a read in a thread: its connection comes from the pool


def migrate(env: dict[str, str]) -> None:
    subprocess.run(
        [sys.executable, "manage.py", "migrate", "--noinput", "-v", "0"],
        cwd=REPO,
        env={**os.environ, **env},
        check=True,
    )


async def sign_up_and_start(http: httpx.AsyncClient) -> dict[str, Any]:
    """A fresh player on a fresh random board: its game as the API returns it."""
    name = f"bench_{uuid.uuid4().hex[:10]}"
    answer = await http.post("/api/players/", json={"username": name, "password": "bench pass 42"})
    answer.raise_for_status()
    http.headers["Authorization"] = f"Token {answer.json()['token']}"
    answer = await http.post("/api/games/", json={"draw": 3})
    answer.raise_for_status()
    return answer.json()


async def open_watcher(base_url: str, code: str, *, deflate: bool) -> Watcher:
    """A watcher; like a browser it offers permessage-deflate unless ``deflate`` is off."""
    url = base_url.replace("http://", "ws://", 1) + f"/ws/leaderboards/{code}/"
    socket = await connect(
        url,
        origin=Origin(base_url),
        open_timeout=60,
        ping_interval=None,
        compression="deflate" if deflate else None,
    )
    snapshot = json.loads(await asyncio.wait_for(socket.recv(), 60))
    return Watcher(socket=socket, snapshot_version=snapshot["version"])


async def open_frame_watcher(base_url: str, code: str) -> FrameWatcher:
    host = base_url.removeprefix("http://")
    address, port = host.rsplit(":", 1)
    path = f"/ws/leaderboards/{code}/"
    _, watcher = await asyncio.get_running_loop().create_connection(
        lambda: FrameWatcher(host, path, origin=base_url), address, int(port)
    )
    await asyncio.wait_for(watcher.snapshot, 60)
    return watcher


async def open_watchers(
    base_urls: list[str], code: str, count: int, *, deflate: bool, client: str
) -> list[Watcher | FrameWatcher]:
    def one(base_url: str) -> Any:
        if client == "frames":
            return open_frame_watcher(base_url, code)
        return open_watcher(base_url, code, deflate=deflate)

    watchers: list[Watcher | FrameWatcher] = []
    for start in range(0, count, CONNECT_BATCH):
        batch = range(start, min(count, start + CONNECT_BATCH))
        watchers += await asyncio.gather(*(one(base_urls[i % len(base_urls)]) for i in batch))
    return watchers


async def run_one(
    base_urls: list[str],
    subscribers: int,
    moves: int,
    settle: float,
    *,
    deflate: bool = True,
    client: str = "frames",
) -> dict:
    async with httpx.AsyncClient(base_url=base_urls[0], timeout=30) as http:
        game = await sign_up_and_start(http)
        code = game["board"]
        started = time.monotonic()
        watchers = await open_watchers(base_urls, code, subscribers, deflate=deflate, client=client)
        connect_s = time.monotonic() - started
        listeners = [asyncio.create_task(w.listen()) for w in watchers if isinstance(w, Watcher)]
        first_version = watchers[0].snapshot_version
        if any(w.snapshot_version != first_version for w in watchers):
            raise RuntimeError("the board changed while the watchers connected")
        pids = server_pids(base_urls)
        server_cpu_before, bench_cpu_before = cpu_seconds(pids), time.process_time()
        moves_started = time.monotonic()
        answered: dict[int, float] = {}
        sent: dict[int, float] = {}
        for number in range(1, moves + 1):
            token = next(m for m in game["legal_moves"] if m != "undo")
            sent[first_version + number] = time.monotonic()
            answer = await http.post(
                f"/api/games/{game['id']}/actions/", json={"action": token, "seq": game["seq"] + 1}
            )
            version = first_version + number
            answered[version] = time.monotonic()
            answer.raise_for_status()
            game = answer.json()
            deadline = time.monotonic() + settle
            while time.monotonic() < deadline and not all(version in w.received for w in watchers):
                await asyncio.sleep(0.005)
        await asyncio.sleep(0.2)
        moves_ended = time.monotonic()
        server_cpu = cpu_seconds(pids) - server_cpu_before
        bench_cpu = time.process_time() - bench_cpu_before
        for watcher in watchers:
            await watcher.close()
        await asyncio.gather(*listeners)
    by_move: dict[int, list[float]] = {}  # each move's delays from its answer, in ms
    for w in watchers:
        for version, at in w.received.items():
            if version in answered:
                by_move.setdefault(version, []).append((at - answered[version]) * 1000)
    delays = [delay for move_delays in by_move.values() for delay in move_delays]
    from_request = [
        (at - sent[version]) * 1000
        for w in watchers
        for version, at in w.received.items()
        if version in sent
    ]
    per_move_p99 = [percentile(move_delays, 99) for move_delays in by_move.values()]
    expected = subscribers * moves
    return {
        "moves_window": (moves_started, moves_ended),
        "move_p99_median_ms": statistics.median(per_move_p99) if per_move_p99 else float("nan"),
        "move_p99_worst_ms": max(per_move_p99) if per_move_p99 else float("nan"),
        "subscribers": subscribers,
        "moves": moves,
        "connect_s": connect_s,
        "received": len(delays),
        "lost": expected - len(delays),
        "out_of_order": sum(w.out_of_order for w in watchers),
        "p50_ms": percentile(delays, 50),
        "p99_ms": percentile(delays, 99),
        "max_ms": max(delays) if delays else float("nan"),
        "mean_ms": statistics.fmean(delays) if delays else float("nan"),
        "server_cpu_ms_per_move": server_cpu * 1000 / moves,
        "bench_cpu_ms_per_move": bench_cpu * 1000 / moves,
        "request_p50_ms": percentile(from_request, 50),
        "request_p99_ms": percentile(from_request, 99),
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--subscribers", default="100,1000", help="comma-separated N values")
    parser.add_argument("--moves", type=int, default=10)
    parser.add_argument("--servers", type=int, default=2, help="uvicorn processes")
    parser.add_argument("--layer", choices=sorted(LAYERS), default="pubsub")
    parser.add_argument(
        "--client",
        choices=("frames", "websockets"),
        default="frames",
        help="watchers: minimal frame readers (FrameWatcher) or websockets library clients",
    )
    parser.add_argument(
        "--no-deflate",
        action="store_true",
        help="websockets watchers do not offer permessage-deflate (browsers do; servers "
        "started by canfield_site.serve decline it)",
    )
    parser.add_argument("--settle", type=float, default=10.0, help="max wait per move (s)")
    args = parser.parse_args()
    if not os.environ.get("DATABASE_URL", "").startswith("postgres") or not os.environ.get(
        "REDIS_URL"
    ):
        sys.exit("set DATABASE_URL (PostgreSQL) and REDIS_URL: see the docstring")
    limit = raise_open_files_limit()
    settings_dir = layer_settings_dir(args.layer)
    env = server_env(settings_dir)
    migrate(env)
    counts = [int(n) for n in args.subscribers.split(",")]
    print(
        f"ws_fanout {time.strftime('%Y-%m-%d %H:%M UTC', time.gmtime())}: layer={args.layer} "
        f"servers={args.servers} moves={args.moves} client={args.client} "
        f"cores={os.cpu_count()} nofile={limit} load={os.getloadavg()[0]:.1f} "
        "(watchers, player and servers share these cores)"
    )
    print(
        f"{'N':>6} {'connect_s':>9} {'p50_ms':>8} {'p99_ms':>8} {'max_ms':>8} "
        f"{'received':>9} {'lost':>6} {'disorder':>8} {'req_p50':>8} {'req_p99':>8} "
        f"{'srv_cpu':>8} {'cli_cpu':>8} {'mv_p99':>7} {'worst':>7} {'gc_n':>4} {'gc_max':>7}"
    )
    with ExitStack() as stack:
        base_urls = [stack.enter_context(run_asgi_server(env=env)) for _ in range(args.servers)]
        for count in counts:
            result = asyncio.run(
                run_one(
                    base_urls,
                    count,
                    args.moves,
                    args.settle,
                    deflate=not args.no_deflate,
                    client=args.client,
                )
            )
            pauses = full_collections(settings_dir, *result["moves_window"])
            print(
                f"{count:>6} {result['connect_s']:>9.1f} {result['p50_ms']:>8.1f} "
                f"{result['p99_ms']:>8.1f} {result['max_ms']:>8.1f} {result['received']:>9} "
                f"{result['lost']:>6} {result['out_of_order']:>8} "
                f"{result['request_p50_ms']:>8.1f} {result['request_p99_ms']:>8.1f} "
                f"{result['server_cpu_ms_per_move']:>8.1f} {result['bench_cpu_ms_per_move']:>8.1f} "
                f"{result['move_p99_median_ms']:>7.1f} {result['move_p99_worst_ms']:>7.1f} "
                f"{len(pauses):>4} {max(pauses, default=0) * 1000:>7.1f}",
                flush=True,
            )


if __name__ == "__main__":
    main()
