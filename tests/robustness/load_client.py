"""Players that play over HTTP and remember every action the server acknowledged.

Shared by ``bench/load.py`` (throughput and latency) and the fault tests (kill a worker, cut
the database): both need real clients that play legal moves concurrently, retry the way a
real client should (re-read the game, then send the next ``seq``), and a ledger of the
acknowledged actions to check against the database afterwards. An action is acknowledged
only by a 201 carrying it; whatever else happened to a request (a 5xx, a reset connection)
the client re-reads the game and carries on from the server's truth.
"""

from __future__ import annotations

import asyncio
import contextlib
import json
import random
import time
import uuid
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any, Literal

import httpx

from tests.robustness.lean_http import LeanClient, LeanResponse, LeanTransportError
from tests.robustness.lean_ws import LeanSocketClosed, LeanSocketError, LeanWebSocket

PASSWORD = "load test password 42"
#: Requests that fail with these statuses (or no answer at all) are retried after a re-read.
RETRYABLE = frozenset({500, 502, 503, 504})
RETRY_PAUSE_S = 0.05
#: How long the players of a measured run (``on_playing``) may take to sign up and start.
SIGN_UP_SECONDS = 120.0
#: Sign-ups at once in a measured run: on a loaded machine, 32 password hashes at once took
#: longer than a request's timeout, and every retry added one more.
SIGN_UPS_AT_ONCE = 4
#: The open board every load player plays on (any valid code would do).
LOAD_CODE = "CF1-D3-AAJHJUE"
#: What a request that got no answer raises, with either client.
NO_ANSWER = (httpx.TransportError, LeanTransportError)

#: ``httpx`` (the fault tests: a kept library, its errors well told) or ``lean``
#: (``lean_http``: the benchmark's, so that the clients are not the bottleneck).
ClientKind = Literal["httpx", "lean"]
#: How the players send their moves: ``POST /api/games/<id>/actions/`` or the game's socket
#: (``SocketPlayer``; sign-ups, new games and re-reads stay HTTP).
MovePath = Literal["rest", "socket"]
Client = httpx.AsyncClient | LeanClient
Response = httpx.Response | LeanResponse


@dataclass
class Ledger:
    """What the clients saw: acknowledged actions, latencies, and every non-201 outcome."""

    acknowledged: dict[int, dict[int, str]] = field(default_factory=dict)
    move_ms: list[float] = field(default_factory=list)
    health_ms: list[float] = field(default_factory=list)
    outcomes: Counter[str] = field(default_factory=Counter)
    #: The seq each game had in its player's last view of it (to check they converged).
    final_seq: dict[int, int] = field(default_factory=dict)
    first_ack: float = 0.0
    last_ack: float = 0.0

    def acknowledge(self, game_id: int, action: dict[str, Any]) -> None:
        self.acknowledged.setdefault(game_id, {})[int(action["seq"])] = str(action["token"])
        self.last_ack = time.monotonic()
        self.first_ack = self.first_ack or self.last_ack

    @property
    def moves_per_second(self) -> float:
        """Acknowledged moves per second while players were playing (sign-ups excluded)."""
        span = self.last_ack - self.first_ack
        return self.acknowledged_count / span if span > 0 else 0.0

    @property
    def acknowledged_count(self) -> int:
        return sum(len(actions) for actions in self.acknowledged.values())


class LoadPlayer:
    """One player: signs up, starts games on one open board (``code``, shared by all the
    players: one board's counts and index under contention, as on a daily) and plays random
    legal moves."""

    def __init__(
        self,
        client: Client,
        ledger: Ledger,
        rng: random.Random,
        code: str = LOAD_CODE,
    ) -> None:
        self.client = client
        self.code = code
        self.ledger = ledger
        self.rng = rng
        self.headers: dict[str, str] = {}
        self.token = ""
        self.game: dict[str, Any] | None = None

    async def request(self, method: str, url: str, **kwargs: Any) -> Response | None:
        """One request; None if it got no answer (connection refused or reset, timeout)."""
        try:
            return await self.client.request(method, url, headers=self.headers, **kwargs)
        except NO_ANSWER as error:
            self.ledger.outcomes[f"no answer ({type(error).__name__})"] += 1
            return None

    async def until_answered(
        self, method: str, url: str, deadline: float, **kwargs: Any
    ) -> Response:
        """Repeat a request that is safe to repeat until it gets a non-5xx answer."""
        while time.monotonic() < deadline:
            response = await self.request(method, url, **kwargs)
            if response is not None and response.status_code not in RETRYABLE:
                return response
            if response is not None:
                self.ledger.outcomes[f"{method} {response.status_code}"] += 1
            await asyncio.sleep(RETRY_PAUSE_S)
        raise TimeoutError(f"{method} {url} got no usable answer before the deadline")

    async def sign_up(self, deadline: float) -> None:
        username = f"load_{uuid.uuid4().hex[:12]}"
        body = {"username": username, "password": PASSWORD}
        response = await self.until_answered("POST", "/api/players/", deadline, json=body)
        if response.status_code == 409:  # created by an attempt whose answer was lost
            response = await self.until_answered("POST", "/api/token/", deadline, json=body)
        response.raise_for_status()
        self.token = response.json()["token"]
        self.headers = {"Authorization": f"Token {self.token}"}

    async def start_game(self, deadline: float) -> None:
        """A new game on the shared open board (a daily has one game per player and no
        restart, and a player that gets stuck starts again)."""
        body = {"code": self.code}
        response = await self.until_answered("POST", "/api/games/", deadline, json=body)
        if response.status_code != 201:
            raise AssertionError(f"game not created: {response.status_code} {response.text}")
        self.game = response.json()

    async def resync(self, deadline: float) -> None:
        """Re-read the game: the server's seq and legal moves are the truth to go on from."""
        assert self.game is not None
        response = await self.until_answered("GET", f"/api/games/{self.game['id']}/", deadline)
        response.raise_for_status()
        self.game = response.json()

    def pick_move(self) -> str | None:
        """A random legal move, card moves first, an undo now and then; None when stuck."""
        assert self.game is not None
        legal = self.game["legal_moves"]
        if self.game["status"] != "playing" or not legal:
            return None
        if "undo" in legal and self.rng.random() < 0.03:
            return "undo"
        card_moves = [m for m in legal if m not in ("draw", "recycle", "undo")]
        if card_moves and self.rng.random() < 0.7:
            return self.rng.choice(card_moves)
        return self.rng.choice([m for m in legal if m != "undo"] or legal)

    async def play_one(self, deadline: float) -> None:
        """Send one move with its seq, or start a new game when stuck."""
        assert self.game is not None
        move = self.pick_move()
        if move is None:
            self.ledger.final_seq[self.game["id"]] = self.game["seq"]
            await self.start_game(deadline)
            return
        await self.send_move(self.game["id"], move, self.game["seq"] + 1, deadline)

    async def send_move(self, game_id: int, move: str, seq: int, deadline: float) -> None:
        """Send ``move`` as action ``seq``; on anything but 201, re-read the game."""
        body = {"action": move, "seq": seq}
        start = time.perf_counter()
        response = await self.request("POST", f"/api/games/{game_id}/actions/", json=body)
        elapsed_ms = (time.perf_counter() - start) * 1000
        if response is not None and response.status_code == 201:
            self.ledger.move_ms.append(elapsed_ms)
            self.game = response.json()
            self.ledger.acknowledge(game_id, self.game["action"])
            return
        if response is not None:
            self.refused(response.status_code, body, response.text)
        await self.resync(deadline)

    def refused(self, status: int, body: dict[str, Any], text: str) -> None:
        """Count a move's refusal; a legal move refused for another reason than a server
        error or a stale seq is a bug, and ends the run."""
        self.ledger.outcomes[f"move {status}"] += 1
        if status not in RETRYABLE | {409}:
            raise AssertionError(f"legal move {body} refused: {text}")

    async def play(
        self,
        moves: int,
        deadline: float,
        ready: asyncio.Barrier | None = None,
        seconds: float = 0.0,
        signing: asyncio.Semaphore | None = None,
    ) -> None:
        """Sign up, start, play. With ``ready``, wait there for every other player first
        (sign-ups hash passwords: costly, not what is measured), then play for ``seconds``;
        a player that cannot sign up breaks the barrier, so the others do not wait forever.
        With ``signing``, sign up only when it lets this player in."""
        try:
            async with signing or contextlib.nullcontext():
                await self.sign_up(deadline)
            await self.start_game(deadline)
        except BaseException:
            if ready is not None:
                await ready.abort()
            raise
        if ready is not None:
            await ready.wait()
            deadline = time.monotonic() + seconds
        try:
            for _ in range(moves):
                if time.monotonic() >= deadline:
                    break
                await self.play_one(deadline)
        finally:
            self.stop()
        assert self.game is not None  # start_game set it
        self.ledger.final_seq[self.game["id"]] = self.game["seq"]

    def stop(self) -> None:
        """Done playing: nothing to let go over HTTP (the client's connections are shared)."""


class SocketPlayer(LoadPlayer):
    """A player whose moves go over its game's socket (``ws/games/<id>/``, ``lean_ws``):
    a ``hello`` with its token once per socket, then each move with its ``seq``, waiting for
    its ``ack`` (acknowledged) or ``refused`` (counted as REST's status would be). Sign-ups,
    new games and re-reads stay HTTP. A socket that breaks is opened again, and the game
    re-read, before the next move: what was not acked is not counted, whatever the server
    did with it (the re-read says; the check against the database counts acks only)."""

    def __init__(
        self, client: Client, ledger: Ledger, rng: random.Random, *, base_url: str
    ) -> None:
        super().__init__(client, ledger, rng)
        self.base_url = base_url
        self.socket: LeanWebSocket | None = None

    async def start_game(self, deadline: float) -> None:
        await super().start_game(deadline)
        self.stop()  # the old game's socket

    async def open_socket(self) -> LeanWebSocket:
        """The game's socket, said hello to (the snapshot and any watcher message before the
        ``hello`` answer are skipped)."""
        assert self.game is not None
        socket = await LeanWebSocket.connect(self.base_url, f"/ws/games/{self.game['id']}/")
        socket.send_text(f'{{"type":"hello","token":"{self.token}"}}')
        while not (await socket.receive_text()).startswith('{"type":"hello"'):
            pass
        self.socket = socket
        return socket

    async def send_move(self, game_id: int, move: str, seq: int, deadline: float) -> None:
        """Send ``move`` as action ``seq`` on the socket; on anything but its ack, re-read."""
        body = {"type": "move", "action": move, "seq": seq}
        try:
            socket = self.socket or await self.open_socket()
            start = time.perf_counter()
            socket.send_text(f'{{"type":"move","action":"{move}","seq":{seq}}}')
            answer = await self.answer(socket)
        except LeanSocketError as error:
            kind = f"closed {error.code}" if isinstance(error, LeanSocketClosed) else "no answer"
            self.ledger.outcomes[f"socket {kind}"] += 1
            self.stop()
            await self.resync(deadline)
            return
        elapsed_ms = (time.perf_counter() - start) * 1000
        if answer["type"] == "ack":
            self.ledger.move_ms.append(elapsed_ms)
            self.game = answer
            self.ledger.acknowledge(game_id, answer["action"])
            return
        self.refused(int(answer["status"]), body, str(answer["error"]))
        await self.resync(deadline)

    @staticmethod
    async def answer(socket: LeanWebSocket) -> dict[str, Any]:
        """The next ``ack`` or ``refused``: the game's own ``action`` and ``entry`` messages
        (this socket watches its game too) are skipped unread."""
        while True:
            text = await socket.receive_text()
            if text.startswith(('{"type":"ack"', '{"type":"refused"')):
                answer: dict[str, Any] = json.loads(text)
                return answer

    def stop(self) -> None:
        if self.socket is not None:
            self.socket.close()
            self.socket = None


async def probe_health(client: Client, ledger: Ledger, stop: asyncio.Event) -> None:
    """The floor: ``GET /api/health/`` over and over, timed like the moves, until ``stop``."""
    while not stop.is_set():
        start = time.perf_counter()
        try:
            response = await client.get("/api/health/")
        except NO_ANSWER:
            ledger.outcomes["health no answer"] += 1
            continue
        if response.status_code == 200:
            ledger.health_ms.append((time.perf_counter() - start) * 1000)
        else:
            ledger.outcomes[f"health {response.status_code}"] += 1


def http_client(base_url: str, *, connections: int, kind: ClientKind = "httpx") -> Client:
    """The client of the load: one kept-alive connection per concurrent player or probe
    (and the same for the health burst a benchmark compares the moves with)."""
    if kind == "lean":
        return LeanClient(base_url)
    limits = httpx.Limits(max_connections=connections + 4)
    return httpx.AsyncClient(base_url=base_url, timeout=10.0, limits=limits)


async def run_health(
    base_url: str, *, clients: int, seconds: float, kind: ClientKind = "httpx"
) -> Ledger:
    """``clients`` concurrent clients asking ``GET /api/health/`` for ``seconds``: the floor
    of a move (the framework, the middleware and one database round trip), measured with the
    same client and concurrency as ``run_load``. Each answer is timed in ``health_ms``."""
    ledger = Ledger()
    async with http_client(base_url, connections=clients, kind=kind) as client:
        stop = asyncio.Event()
        probes = [asyncio.create_task(probe_health(client, ledger, stop)) for _ in range(clients)]
        await asyncio.sleep(seconds)
        stop.set()
        await asyncio.gather(*probes)
    return ledger


async def run_load(
    base_url: str,
    *,
    players: int,
    moves: int,
    seconds: float,
    health_probes: int = 0,
    seed: int = 6,
    ledger: Ledger | None = None,
    on_playing: Callable[[], object] | None = None,
    kind: ClientKind = "httpx",
    path: MovePath = "rest",
) -> Ledger:
    """``players`` concurrent players, each playing up to ``moves`` moves, all stopping at
    ``seconds``; ``health_probes`` clients time the health endpoint meanwhile. ``path``: how
    the moves are sent (``MovePath``).

    With ``on_playing``, the players first all sign up and start a game, then it is called
    (a benchmark starts its CPU count there), then they play."""
    ledger = ledger or Ledger()
    deadline = time.monotonic() + seconds
    ready = signing = None
    if on_playing is not None:  # the sign-ups get time of their own
        ready = asyncio.Barrier(players + 1)
        signing = asyncio.Semaphore(SIGN_UPS_AT_ONCE)
        deadline += SIGN_UP_SECONDS
    async with http_client(base_url, connections=players + health_probes, kind=kind) as client:
        stop = asyncio.Event()
        probes = [
            asyncio.create_task(probe_health(client, ledger, stop)) for _ in range(health_probes)
        ]
        try:
            playing = asyncio.gather(
                *(
                    load_player(
                        base_url, client, ledger, random.Random(seed * 1000 + index), path
                    ).play(moves, deadline, ready, seconds, signing)
                    for index in range(players)
                )
            )
            if ready is not None and on_playing is not None:
                await ready.wait()
                on_playing()
            await playing
        finally:
            stop.set()
            await asyncio.gather(*probes)
    return ledger


def load_player(
    base_url: str, client: Client, ledger: Ledger, rng: random.Random, path: MovePath
) -> LoadPlayer:
    """A player sending its moves by ``path``."""
    if path == "rest":
        return LoadPlayer(client, ledger, rng)
    return SocketPlayer(client, ledger, rng, base_url=base_url)


def lost_actions(ledger: Ledger) -> list[str]:
    """Acknowledged actions that are not in the database as acknowledged (must be none).

    Runs in the test or bench process with Django set up on the server's database.
    """
    from games.models import Action

    lost: list[str] = []
    for game_id, acknowledged in ledger.acknowledged.items():
        stored = dict(Action.objects.filter(game_id=game_id).values_list("seq", "token"))
        for seq, token in sorted(acknowledged.items()):
            if stored.get(seq) != token:
                lost.append(
                    f"game {game_id} seq {seq}: acked {token!r}, stored {stored.get(seq)!r}"
                )
    return lost
