"""How strong the table-view player is: its wins and actions beside the solver's.

    .venv/bin/python bench/table_player.py                    # 200 deals of each draw mode
    .venv/bin/python bench/table_player.py --deals 20 --draw 3 --samples 6 --nodes 1500

Deals are fixed CF1 deal numbers (``--first``, ``--first + 1``, ...), the same layouts in both
draw modes. For each deal the solver (full information, ``--solver-seconds``) and the
table-view player (``engine.table_player``: it sees only the table) play it; a progress line
per deal, then per draw mode: how many each won, the median actions of their won games (and
on the deals both won), and the player's CPU seconds per game.
"""

from __future__ import annotations

import argparse
import statistics
import sys
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _table import table_arguments

from engine import Deal, Game
from engine.solver import SolveResult, solve
from engine.table_player import TableRun, play_from_table


@dataclass(frozen=True)
class Played:
    solver: SolveResult
    table: TableRun


def median(values: list[int] | list[float]) -> str:
    return f"{statistics.median(values):.0f}" if values else "-"


def run(draw: int, numbers: range, args: argparse.Namespace) -> list[Played]:
    played = []
    for index, number in enumerate(numbers, 1):
        deal = Deal.from_number(number, draw=draw)
        solver = solve(Game(deal), seconds=args.solver_seconds)
        table = play_from_table(
            deal, seed=args.seed, samples=args.samples, nodes_per_solve=args.nodes
        )
        played.append(Played(solver, table))
        solver_text = f"{len(solver.line):4d}" if solver.status == "won" else solver.status[:4]
        table_text = f"{table.actions:4d}" if table.won else f"lost {table.cards:2d} cards"
        print(
            f"[D{draw} {index:3d}/{len(numbers)}] {deal.code}  solver {solver_text}"
            f"  table {table_text:13s} {table.nodes:9,d} nodes {table.seconds:6.2f} s cpu",
            flush=True,
        )
    return played


def summary(draw: int, played: list[Played]) -> None:
    solver_won = [p for p in played if p.solver.status == "won"]
    table_won = [p for p in played if p.table.won]
    both = [p for p in played if p.table.won and p.solver.status == "won"]
    cpu = [p.table.seconds for p in played]
    n = len(played)
    print(f"\nDraw {draw}: {n} deals")
    print(
        f"  solver (full information): won {len(solver_won)}/{n} ({len(solver_won) / n:.1%}),"
        f" median actions {median([len(p.solver.line) for p in solver_won])}"
    )
    print(
        f"  table-view player:         won {len(table_won)}/{n} ({len(table_won) / n:.1%}),"
        f" median actions {median([p.table.actions for p in table_won])}"
    )
    solver_both = median([len(p.solver.line) for p in both])
    print(
        f"  deals both won: {len(both)}; median actions solver {solver_both},"
        f" table {median([p.table.actions for p in both])};"
        f" table shorter on {sum(1 for p in both if p.table.actions < len(p.solver.line))},"
        f" equal on {sum(1 for p in both if p.table.actions == len(p.solver.line))}"
    )
    print(
        f"  table-view player CPU per game: mean {statistics.fmean(cpu):.2f} s,"
        f" median {statistics.median(cpu):.2f} s, max {max(cpu):.2f} s"
    )


def main() -> None:
    parser = table_arguments(__doc__.split("\n")[0], deals=200, draw=None)
    parser.add_argument("--solver-seconds", type=float, default=10.0, help="solver budget (10)")
    args = parser.parse_args()
    numbers = range(args.first, args.first + args.deals)
    print(
        f"table-view player: {args.samples} samples, {args.nodes} nodes per solve, seed"
        f" {args.seed}; solver {args.solver_seconds} s; deals {numbers.start}..{numbers.stop - 1}"
    )
    results = {draw: run(draw, numbers, args) for draw in ((args.draw,) if args.draw else (3, 1))}
    for draw, played in results.items():
        summary(draw, played)


if __name__ == "__main__":
    main()
