"""Engine benchmark: replayed actions per second and microseconds per legal_moves().

Plays many random games (seeded, so runs are comparable), then
* replays every log with ``engine.replay`` (every action legality-checked) and reports
  actions per second;
* calls ``legal_moves()`` on positions sampled along those games and reports µs per call.

Each figure is measured ``--repeat`` times; the best run is the one least disturbed
by other processes, the median the typical one. Both wall-clock and CPU-time figures are
printed: on a shared machine the CPU time (``time.process_time``) is what one core of
this process really spent. Run: ``python bench/engine_bench.py``.
"""

from __future__ import annotations

import argparse
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Deal, Game, replay
from engine.deal import DEAL_NUMBERS

WON_LOG = Path(__file__).resolve().parent.parent / "tests/engine/data/won_CF1-D3-AAAAACL.log"


def random_log(rng: random.Random, code: str, length: int) -> tuple[list[str], list[Game]]:
    """A random legal log (card moves preferred over the stock, undo now and then) and a few
    positions sampled along it."""
    game = Game.from_code(code)
    log: list[str] = []
    samples: list[Game] = []
    for step in range(length):
        legal = game.legal_moves()
        card_moves = [m for m in legal if m.token not in ("draw", "recycle", "undo")]
        roll = rng.random()
        if roll < 0.05 and game.can_undo:
            move = legal[0]  # undo is listed first when possible
        elif card_moves and roll < 0.6:
            move = rng.choice(card_moves)
        else:
            move = rng.choice([m for m in legal if m.token != "undo"] or legal)
        game.play(move)
        log.append(move.token)
        if step % 10 == 0:
            samples.append(Game.from_snapshot(game.to_snapshot()))
    return log, samples


def bench_replay(logs: list[tuple[str, list[str]]]) -> tuple[float, float]:
    """Replayed actions per second over all logs: (wall clock, CPU time)."""
    actions = sum(len(log) for _, log in logs)
    wall, cpu = time.perf_counter(), time.process_time()
    for code, log in logs:
        replay(code, log)
    return actions / (time.perf_counter() - wall), actions / (time.process_time() - cpu)


def bench_legal_moves(positions: list[Game], rounds: int) -> tuple[float, float]:
    """Microseconds per legal_moves() call: (wall clock, CPU time)."""
    calls = [game.legal_moves for game in positions]
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in range(rounds):
        for call in calls:
            call()
    count = rounds * len(calls)
    return (time.perf_counter() - wall) / count * 1e6, (time.process_time() - cpu) / count * 1e6


def summary(values: list[float], best: Callable[[list[float]], float], fmt: str) -> str:
    return f"best {format(best(values), fmt)}, median {format(statistics.median(values), fmt)}"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400, help="random games to play")
    parser.add_argument("--length", type=int, default=500, help="actions per game")
    parser.add_argument("--repeat", type=int, default=5, help="measurements of each figure")
    parser.add_argument("--seed", type=int, default=2026)
    args = parser.parse_args(argv)

    rng = random.Random(args.seed)
    logs: list[tuple[str, list[str]]] = []
    positions: list[Game] = []
    for _ in range(args.games):
        code = Deal.from_number(rng.randrange(DEAL_NUMBERS), draw=rng.choice([1, 3])).code
        assert code is not None
        log, samples = random_log(rng, code, args.length)
        logs.append((code, log))
        positions += samples
    actions = sum(len(log) for _, log in logs)
    print(f"{args.games} random games, {actions} actions, {len(positions)} sampled positions")

    won_log = WON_LOG.read_text().split()
    won = [("CF1-D3-AAAAACL", won_log)] * max(1, actions // len(won_log))
    won_rates = [bench_replay(won) for _ in range(args.repeat)]
    print(
        f"replay of a won game ({len(won_log)} actions, a solver line), cpu: "
        f"{summary([r[1] for r in won_rates], max, ',.0f')} actions/s"
    )
    rates = [bench_replay(logs) for _ in range(args.repeat)]
    for clock, index in (("wall", 0), ("cpu", 1)):
        values = [r[index] for r in rates]
        print(f"replay (legality checked), {clock}: {summary(values, max, ',.0f')} actions/s")
    costs = [bench_legal_moves(positions, rounds=3) for _ in range(args.repeat)]
    for clock, index in (("wall", 0), ("cpu", 1)):
        values = [c[index] for c in costs]
        print(f"legal_moves(), {clock}: {summary(values, min, '.2f')} µs/call")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
