"""Load benchmark: many players over real HTTP against the ASGI server with several workers.

Starts uvicorn (``--workers N``) on PostgreSQL and Redis with throttles set out of reach and,
on the same server in one run:

1. **Floor**: ``--players`` clients ask ``GET /api/health/`` for ``--health-seconds`` (the
   same client and concurrency as the players: ``--client lean`` by default, see
   ``tests/robustness/lean_http.py``): health req/s and its latency.
2. **Moves**, for each ``--path`` (``rest``, ``socket`` or ``both``, one after the other):
   ``--players`` players each sign up, start a game on one shared open board and play
   random legal moves taken from the game's ``legal_moves``, sending ``seq``: over
   ``POST /api/games/<id>/actions/``, or over the game's socket (a ``hello`` with the
   player's token, then each move waits for its ``ack``; ``tests/robustness/lean_ws.py``,
   as lean as the HTTP client); a few clients keep timing health meanwhile (the floor
   *under load*, for the p99 ratio).

It prints, per path, moves/s, health req/s, their ratio (targets: socket >= 0.5, REST >=
0.25), move p50/p99 and the ratio of the move p99 to the health p99 under load (target
<= 2), and the server CPU per move: the
user+system time of the uvicorn processes (from ``/proc``) during the move phase, less what
the health probes cost at the floor's CPU per request (target <= 2 ms). It also prints the
clients' CPU in cores (near 1.0 they, not the server, set the pace) and what PostgreSQL's and
Redis's processes spent per move and per health check.

At the end it checks what matters more than speed: every action the server acknowledged
is in the database (prints the count of lost ones, must be 0) and ``manage.py verify_games``
(full replay of every game) passes. Exit status 1 if either fails.

``--no-pool`` serves with a PostgreSQL connection per request (``CANFIELD_DB_POOL_MAX_SIZE=0``)
instead of the pool, to compare the two side by side.

Bounded: ``--players`` x ``--moves`` and ``--seconds``; loopback only.
Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench
REDIS_URL=redis://127.0.0.1:6379/6 python bench/load.py --players 32 --workers 2 --path both``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys
import time
from dataclasses import dataclass
from typing import get_args

from _common import (
    REPO_ROOT,
    Latency,
    cpu_seconds,
    require_postgres_url,
    server_pids,
    service_seconds,
    service_ticks,
    setup_django,
)

from tests.robustness.load_client import (
    ClientKind,
    Ledger,
    MovePath,
    lost_actions,
    run_health,
    run_load,
)
from tests.support.servers import run_asgi_server

#: High enough that no player of the benchmark is ever throttled (the code path still runs).
UNREACHABLE_RATE = "1000000/minute"


def server_env(*, conn_max_age: int, pool: bool) -> dict[str, str]:
    env = {
        "DATABASE_URL": require_postgres_url(),
        "REDIS_URL": os.environ.get("REDIS_URL", ""),
        "CANFIELD_THROTTLE_ANON": UNREACHABLE_RATE,
        "CANFIELD_THROTTLE_USER": UNREACHABLE_RATE,
        # The sign-ups are not measured: on a loaded machine, one a second per address kept
        # 32 players from starting within SIGN_UP_SECONDS.
        "CANFIELD_PASSWORD_CHECKS_ADDRESS": UNREACHABLE_RATE,
        "CANFIELD_PASSWORD_CHECKS_ACCOUNT": UNREACHABLE_RATE,
        "CANFIELD_PASSWORD_CHECKS_TOTAL": UNREACHABLE_RATE,
        "CONN_MAX_AGE": str(conn_max_age),
        # Every socket player connects from 127.0.0.1: no cap on one address's sockets.
        "CANFIELD_MAX_SOCKETS_PER_ADDRESS": "0",
    }
    if not pool:
        env["CANFIELD_DB_POOL_MAX_SIZE"] = "0"
    return env


def verify_games() -> tuple[int, str]:
    """Run the real ``manage.py verify_games``; its exit status and last line."""
    result = subprocess.run(
        [sys.executable, "manage.py", "verify_games", "--progress", "0"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=False,
    )
    lines = (result.stdout + result.stderr).strip().splitlines()
    return result.returncode, lines[-1] if lines else "(no output)"


@dataclass
class Phase:
    """CPU seconds a phase took: the servers' (``/proc``), this process's (the clients') and
    the services' (PostgreSQL, Redis), and its wall-clock seconds."""

    server: float
    client: float
    wall: float
    services: dict[str, float]

    @classmethod
    def since(cls, pids: list[int], start: PhaseStart) -> Phase:
        return cls(
            server=cpu_seconds(pids) - start.server,
            client=time.process_time() - start.client,
            wall=time.monotonic() - start.wall,
            services=service_seconds(start.services),
        )

    def client_cores(self) -> float:
        """Cores the clients kept busy: near 1.0, their one event loop was the bottleneck."""
        return self.client / self.wall if self.wall > 0 else 0.0


@dataclass
class PhaseStart:
    """The counters a ``Phase`` is measured from."""

    server: float
    client: float
    wall: float
    services: dict[str, dict[int, int]]

    @classmethod
    def now(cls, pids: list[int]) -> PhaseStart:
        return cls(cpu_seconds(pids), time.process_time(), time.monotonic(), service_ticks())


def measure_floor(base_url: str, args: argparse.Namespace) -> tuple[Ledger, Phase]:
    """The floor: health checks at the players' concurrency, and the CPU they took."""
    pids = server_pids([base_url])
    before = PhaseStart.now(pids)
    floor = asyncio.run(
        run_health(base_url, clients=args.players, seconds=args.health_seconds, kind=args.client)
    )
    return floor, Phase.since(pids, before)


def measure_moves(base_url: str, args: argparse.Namespace, path: MovePath) -> tuple[Ledger, Phase]:
    """The moves sent by ``path``: the ledger and the CPU the phase took (from when every
    player has signed up and started)."""
    pids = server_pids([base_url])
    ledger = Ledger()
    playing: list[PhaseStart] = []

    def started() -> None:  # timings and CPU of the sign-ups are not the moves'
        playing.append(PhaseStart.now(pids))
        ledger.health_ms.clear()

    asyncio.run(
        run_load(
            base_url,
            players=args.players,
            moves=args.moves,
            seconds=args.seconds,
            health_probes=args.health_probes,
            ledger=ledger,
            on_playing=started,
            kind=args.client,
            path=path,
        )
    )
    return ledger, Phase.since(pids, playing[0])


def per_move_less_probes(seconds: float, per_health: float, ledger: Ledger) -> float:
    """CPU seconds per acknowledged move of a move phase's ``seconds``, less what its health
    probes cost at the floor's ``per_health``."""
    return (seconds - per_health * len(ledger.health_ms)) / max(1, ledger.acknowledged_count)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--moves", type=int, default=100, help="moves per player at most")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop playing after this")
    parser.add_argument("--health-seconds", type=float, default=10.0, help="floor phase")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--health-probes", type=int, default=2)
    parser.add_argument(
        "--path",
        choices=["rest", "socket", "both"],
        default="rest",
        help="how the players send their moves: REST (the default), the game's socket "
        "(tests/robustness/lean_ws.py), or both, one phase after the other on one server",
    )
    parser.add_argument(
        "--client",
        choices=get_args(ClientKind),
        default="lean",
        help="the players' and probes' HTTP client: lean (tests/robustness/lean_http.py, so "
        "that the server and not the client is measured) or httpx (a core's worth of client "
        "CPU at about 250 health checks a second here)",
    )
    parser.add_argument(
        "--no-pool",
        action="store_true",
        help="a PostgreSQL connection per request instead of the pool (the old way)",
    )
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=0,
        help="CONN_MAX_AGE of the server (only with --no-pool: the pool needs 0); keep 0 under "
        "ASGI, where each request's thread is new and a kept connection is never reused",
    )
    args = parser.parse_args()
    setup_django()
    pool = not args.no_pool
    print(
        f"{args.players} players x {args.moves} moves (max {args.seconds:.0f} s), "
        f"{args.workers} uvicorn workers, pool={'on' if pool else 'off'}, "
        f"CONN_MAX_AGE={args.conn_max_age}, "
        f"redis={'on' if os.environ.get('REDIS_URL') else 'off'}, client={args.client}, "
        f"path={args.path}"
    )
    env = server_env(conn_max_age=args.conn_max_age, pool=pool)
    paths: list[MovePath] = ["rest", "socket"] if args.path == "both" else [args.path]
    with run_asgi_server(env=env, workers=args.workers) as base_url:
        started = time.monotonic()
        floor, floor_cpu = measure_floor(base_url, args)
        phases = [(path, *measure_moves(base_url, args, path)) for path in paths]
    print(f"run took {time.monotonic() - started:.0f} s")
    health_rate = len(floor.health_ms) / args.health_seconds
    cpu_per_health = floor_cpu.server / max(1, len(floor.health_ms))
    print(
        f"floor  GET  /api/health/ ({args.players} clients): {health_rate:.1f} req/s, "
        f"{cpu_per_health * 1000:.2f} ms server CPU each; {Latency.of(floor.health_ms)}; "
        f"client CPU {floor_cpu.client_cores():.2f} cores"
    )
    lost_total = 0
    for path, ledger, moves_cpu in phases:
        lost_total += print_moves(path, ledger, moves_cpu, floor, floor_cpu, args)
    status, summary = verify_games()
    print(f"verify_games: exit {status}: {summary}")
    return 0 if not lost_total and status == 0 else 1


#: What each path's move is, as printed.
MOVE_NAMES: dict[str, str] = {
    "rest": "POST /api/games/<id>/actions/",
    "socket": "move on ws/games/<id>/ to its ack",
}


def print_moves(
    path: MovePath,
    ledger: Ledger,
    moves_cpu: Phase,
    floor: Ledger,
    floor_cpu: Phase,
    args: argparse.Namespace,
) -> int:
    """Print one path's figures against the floor; how many acknowledged actions it lost."""
    health_rate = len(floor.health_ms) / args.health_seconds
    moves_rate = ledger.moves_per_second
    moves = Latency.of(ledger.move_ms)
    health = Latency.of(ledger.health_ms)
    cpu_per_health = floor_cpu.server / max(1, len(floor.health_ms))
    cpu_per_move_ms = per_move_less_probes(moves_cpu.server, cpu_per_health, ledger) * 1000
    target = "0.5, aim 1.0" if path == "socket" else "0.25"
    print(f"--- {path} moves ---")
    print(
        f"moves acknowledged: {ledger.acknowledged_count}, "
        f"{moves_rate:.1f} moves/s (from the first to the last acknowledgement); client CPU "
        f"{moves_cpu.client_cores():.2f} cores (one event loop: near 1.00, the clients and not "
        "the server set the pace)"
    )
    print(f"{path} moves/s / health req/s: {moves_rate / health_rate:.2f} (target >= {target})")
    print(f"move   {MOVE_NAMES[path]}: {moves}")
    print(f"health under the moves' load: {health}")
    print(f"move p99 / health p99 under load: {moves.p99 / health.p99:.2f} (target <= 2)")
    print(
        f"server CPU per {path} move: {cpu_per_move_ms:.2f} ms ("
        f"{moves_cpu.server:.1f} s in the move phase less {len(ledger.health_ms)} probes at "
        "the floor's cost)"
    )
    per_health = {
        name: seconds / max(1, len(floor.health_ms)) for name, seconds in floor_cpu.services.items()
    }
    per_move = {
        name: per_move_less_probes(seconds, per_health[name], ledger)
        for name, seconds in moves_cpu.services.items()
    }
    print(
        "services' CPU per move: "
        + ", ".join(f"{name} {seconds * 1000:.2f} ms" for name, seconds in per_move.items())
        + "; per health check: "
        + ", ".join(f"{name} {seconds * 1000:.2f} ms" for name, seconds in per_health.items())
        + " (every process of those names on the machine; the probes under load taken off "
        "at the floor's cost, as for the servers)"
    )
    print(f"other outcomes: {dict(ledger.outcomes) or 'none'}")
    lost = lost_actions(ledger)
    print(f"lost actions: {len(lost)} of {ledger.acknowledged_count} acknowledged")
    for line in lost[:10]:
        print("  " + line)
    return len(lost)


if __name__ == "__main__":
    sys.exit(main())
