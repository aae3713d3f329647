"""Load benchmark: many players over real HTTP against the ASGI server with several workers.

Starts uvicorn (``--workers N``) on PostgreSQL and Redis with throttles set out of reach,
then N players (httpx, asynchronous) each sign up, start a game on the daily deal and play
random legal moves taken from the game's ``legal_moves``, sending ``seq``. Meanwhile a few
clients time ``GET /api/health/``: the floor, measured under the same load, so the ratio
of the two p99s is what a move costs over the framework and a database round trip.

At the end it checks what matters more than speed: every action the server acknowledged
is in the database (prints the count of lost ones, must be 0) and ``manage.py verify_games``
(full replay of every game) passes. Exit status 1 if either fails.

Bounded: ``--players`` x ``--moves`` and ``--seconds``; loopback only.
Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench
REDIS_URL=redis://127.0.0.1:6379/6 python bench/load.py --players 32 --workers 2``
"""

from __future__ import annotations

import argparse
import asyncio
import os
import subprocess
import sys

from _common import REPO_ROOT, Latency, require_postgres_url, setup_django

from tests.robustness.load_client import lost_actions, run_load
from tests.support.servers import run_asgi_server

#: High enough that no player of the benchmark is ever throttled (the code path still runs).
UNREACHABLE_RATE = "1000000/minute"


def server_env(conn_max_age: int) -> dict[str, str]:
    return {
        "DATABASE_URL": require_postgres_url(),
        "REDIS_URL": os.environ.get("REDIS_URL", ""),
        "CANFIELD_THROTTLE_ANON": UNREACHABLE_RATE,
        "CANFIELD_THROTTLE_USER": UNREACHABLE_RATE,
        "CONN_MAX_AGE": str(conn_max_age),
    }


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


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=32)
    parser.add_argument("--moves", type=int, default=100, help="moves per player at most")
    parser.add_argument("--seconds", type=float, default=60.0, help="stop playing after this")
    parser.add_argument("--workers", type=int, default=2)
    parser.add_argument("--health-probes", type=int, default=2)
    parser.add_argument(
        "--conn-max-age",
        type=int,
        default=0,
        help="CONN_MAX_AGE of the server; 0 (connect on every request) is what Django advises "
        "under ASGI, where persistent connections are not reused across requests",
    )
    args = parser.parse_args()
    setup_django()
    print(
        f"{args.players} players x {args.moves} moves (max {args.seconds:.0f} s), "
        f"{args.workers} uvicorn workers, CONN_MAX_AGE={args.conn_max_age}, "
        f"redis={'on' if os.environ.get('REDIS_URL') else 'off'}"
    )
    with run_asgi_server(env=server_env(args.conn_max_age), workers=args.workers) as base_url:
        ledger = asyncio.run(
            run_load(
                base_url,
                players=args.players,
                moves=args.moves,
                seconds=args.seconds,
                health_probes=args.health_probes,
            )
        )
    moves = Latency.of(ledger.move_ms)
    health = Latency.of(ledger.health_ms)
    print(
        f"moves acknowledged: {ledger.acknowledged_count}, "
        f"{ledger.moves_per_second:.1f} moves/s (from the first to the last acknowledgement)"
    )
    print(f"move   POST /api/games/<id>/actions/: {moves}")
    print(f"floor  GET  /api/health/:             {health}")
    print(f"move p99 / health p99: {moves.p99 / health.p99:.2f} (target <= 2)")
    print(f"other outcomes: {dict(ledger.outcomes) or 'none'}")
    lost = lost_actions(ledger)
    print(f"lost actions: {len(lost)} of {ledger.acknowledged_count} acknowledged")
    for line in lost[:10]:
        print("  " + line)
    status, summary = verify_games()
    print(f"verify_games: exit {status}: {summary}")
    return 0 if not lost and status == 0 else 1


if __name__ == "__main__":
    sys.exit(main())
