"""How many random deals the solver decides, and how many of them can be won.

    .venv/bin/python bench/solver_bench.py                      # 200 draw-3 + 200 draw-1, 10 s each
    .venv/bin/python bench/solver_bench.py --deals 40 --seconds 5 --draw 3

Deals are fixed deal numbers (``--first``, ``--first + 1``, ...) so two runs solve the
same deals; draw 3 and draw 1 use the same layouts.  Each deal gets the same budget.
Prints a progress line per deal, then per draw mode: won / lost / unknown, the winnable
share with a 95% Wilson interval (and the bounds if every unknown deal were won or
lost), nodes per second and the median time per deal.
"""

from __future__ import annotations

import argparse
import math
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Deal, Game
from engine.solver import SolveResult, solve


@dataclass(frozen=True)
class Tally:
    draw: int
    results: list[SolveResult]

    def count(self, status: str) -> int:
        return sum(1 for result in self.results if result.status == status)


def wilson(successes: int, trials: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval: sound for small samples and shares near 0 or 1."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    scale = 1 + z * z / trials
    centre = (share + z * z / (2 * trials)) / scale
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials)) / scale
    return max(0.0, centre - half), min(1.0, centre + half)


def run(draw: int, numbers: range, seconds: float) -> Tally:
    results = []
    for index, number in enumerate(numbers, 1):
        deal = Deal.from_number(number, draw=draw)
        result = solve(Game(deal), seconds=seconds)
        results.append(result)
        length = f"{len(result.line):4d} tokens" if result.status == "won" else " " * 11
        print(
            f"[D{draw} {index:3d}/{len(numbers)}] {deal.code}  {result.status:7s} {length}"
            f"  {result.nodes:9,d} nodes  {result.seconds:6.2f} s",
            flush=True,
        )
    return Tally(draw, results)


def report(tally: Tally, seconds: float) -> None:
    total = len(tally.results)
    won, lost, unknown = tally.count("won"), tally.count("lost"), tally.count("unknown")
    low, high = wilson(won, total)
    nodes = sum(result.nodes for result in tally.results)
    spent = sum(result.seconds for result in tally.results)
    median = statistics.median(result.seconds for result in tally.results)
    print(f"\nDraw {tally.draw}: {total} deals, budget {seconds:g} s each")
    print(f"  won {won}   lost {lost}   unknown {unknown}   decided {(won + lost) / total:.1%}")
    print(
        f"  winnable share {won / total:.1%}  (95% Wilson {low:.1%} .. {high:.1%});"
        f" between {won / total:.1%} and {(won + unknown) / total:.1%} whatever the unknowns"
    )
    print(f"  {nodes / spent:,.0f} nodes/s   median {median:.2f} s per deal   total {spent:.0f} s")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--deals", type=int, default=200, help="deals per draw mode (200)")
    parser.add_argument("--seconds", type=float, default=10.0, help="budget per deal (10)")
    parser.add_argument("--draw", choices=("1", "3", "both"), default="both")
    parser.add_argument("--first", type=int, default=1_000_000, help="first deal number")
    args = parser.parse_args(argv)
    numbers = range(args.first, args.first + args.deals)
    draws = (3, 1) if args.draw == "both" else (int(args.draw),)
    tallies = [run(draw, numbers, args.seconds) for draw in draws]
    for tally in tallies:
        report(tally, args.seconds)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
