"""Calibration of the clairvoyance verdict: who it flags, measured on held-out lines.

    .venv/bin/python bench/clairvoyance.py                      # 20 draw-3 deals, 10 runs each
    .venv/bin/python bench/clairvoyance.py --deals 5 --runs 6 --holdout 2

For each deal (fixed CF1 numbers from ``--first``) it computes a table par (``--runs`` runs of
the table-view player) and judges lines the par never saw:

* the table-view player's own lines with fresh seeds (``--holdout`` of them): goal <= 1% flagged;
* the solver's full-information line, and that line with honest-looking detours added
  (``engine.table_player.detours``): goal >= 95% flagged wherever the two players' results
  differ (the solver's line better than every run of the par);
* the greedy table-view player's line: goal <= 1% flagged.

Prints a line per deal, then the flagged shares, how many deals had no threshold (no_edge,
budget) and the CPU seconds per par.
"""

from __future__ import annotations

import random
import statistics
import sys
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _table import table_arguments

from engine import Deal, Game
from engine.solver import solve
from engine.table_player import greedy_from_table, play_from_table
from engine.table_player.detours import DETOURS, with_detours
from engine.table_player.par import best_key, better, judge, run_seed, table_par

#: How many detours each detoured solver line gets, one line per figure.
DETOUR_COUNTS = (2, 5, 10)


#: How a verdict shows in a deal's line.
MARKS = {"clairvoyant": "C", "borderline": "b", "clear": ".", "no_threshold": "-"}


class Tally:
    """Verdicts of one kind of line: how many were judged, flagged, listed."""

    def __init__(self) -> None:
        self.verdicts: Counter[str] = Counter()

    def add(self, verdict: str) -> str:
        self.verdicts[verdict] += 1
        return MARKS[verdict]

    def line(self, name: str, goal: str) -> str:
        judged = sum(n for v, n in self.verdicts.items() if v != "no_threshold")
        flagged = self.verdicts["clairvoyant"]
        share = f"{flagged / judged:.1%}" if judged else "-"
        return (
            f"  {name:42s} flagged {flagged:3d}/{judged:<3d} = {share:>6s}  (goal {goal});"
            f" borderline {self.verdicts['borderline']}, not judged {self.verdicts['no_threshold']}"
        )


def main() -> None:
    parser = table_arguments(__doc__.split("\n")[0], deals=20, draw=3)
    parser.add_argument("--runs", type=int, default=10, help="runs per table par (10)")
    parser.add_argument("--holdout", type=int, default=3, help="held-out table lines (3)")
    args = parser.parse_args()
    budget = {"samples": args.samples, "nodes_per_solve": args.nodes}
    tallies = {name: Tally() for name in ("table", "solver", "detoured", "greedy")}
    differ = {name: Tally() for name in ("solver", "detoured")}
    reasons: Counter[str] = Counter()
    cpu: list[float] = []
    print(
        f"D{args.draw} deals {args.first}..{args.first + args.deals - 1}: par of {args.runs} runs,"
        f" {args.holdout} held-out table lines, {args.samples} samples, {args.nodes} nodes"
    )
    for index, number in enumerate(range(args.first, args.first + args.deals), 1):
        deal = Deal.from_number(number, draw=args.draw)
        solved = solve(Game(deal), seconds=10.0)
        solver_line = solved.line if solved.status == "won" else None
        par = table_par(deal, runs=args.runs, seed=args.seed, solver_line=solver_line, **budget)
        cpu.append(par.seconds)
        reasons[par.reason or "threshold"] += 1
        marks = []
        for holdout in range(args.holdout):
            run = play_from_table(deal, seed=run_seed(args.seed + 1, holdout), **budget)
            marks.append(
                tallies["table"].add(judge(par, cards=run.cards, actions=run.actions).verdict)
            )
        greedy = greedy_from_table(deal)
        marks.append(
            tallies["greedy"].add(judge(par, cards=greedy.cards, actions=greedy.actions).verdict)
        )
        lines = []
        if solver_line is not None:
            lines.append(("solver", solver_line))
            rng = random.Random(number)
            for count in DETOUR_COUNTS:
                lines.append(
                    (
                        "detoured",
                        with_detours(deal, solver_line, rng=rng, count=count, kinds=list(DETOURS)),
                    )
                )
        edge = solver_line is not None and better((52, len(solver_line)), best_key(par.runs))
        for name, line in lines:
            verdict = judge(par, cards=52, actions=len(line)).verdict
            marks.append(tallies[name].add(verdict))
            if edge:
                differ[name].add(verdict)
        won = sum(1 for c, _ in par.runs if c == 52)
        print(
            f"[{index:3d}/{args.deals}] {deal.code} {par.reason or 'threshold':9s}"
            f" runs won {won:2d}/{len(par.runs)} best {best_key(par.runs)}"
            f" median {par.median_actions}"
            f" solver {par.solver_actions} threshold {par.threshold}"
            f" detoured {[len(line) for name, line in lines[1:]]}"
            f" verdicts {''.join(marks)}  {par.seconds:6.1f} s cpu",
            flush=True,
        )
    print("\nVerdicts per deal: held-out table lines, greedy, solver, detoured solver lines")
    print("  (C clairvoyant, b borderline, . clear, - no threshold)")
    print(tallies["table"].line("table-view player, held-out seeds", "<= 1%"))
    print(tallies["greedy"].line("greedy table-view player", "<= 1%"))
    print(tallies["solver"].line("solver's line, all deals", "-"))
    print(tallies["detoured"].line("detoured solver lines, all deals", "-"))
    print(differ["solver"].line("solver's line, deals where it is better", ">= 95%"))
    print(differ["detoured"].line("detoured lines, deals where it is better", ">= 95%"))
    print(f"  deals: {dict(reasons)}")
    print(
        f"  CPU per table par ({args.runs} runs): mean {statistics.fmean(cpu):.1f} s,"
        f" max {max(cpu):.1f} s"
    )


if __name__ == "__main__":
    main()
