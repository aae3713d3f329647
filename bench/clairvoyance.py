"""Calibration of the clairvoyance verdict: who it flags, measured on held-out lines.

    .venv/bin/python bench/clairvoyance.py                      # 20 draw-3 deals, 10 runs each
    .venv/bin/python bench/clairvoyance.py --deals 5 --runs 6 --holdout 2
    .venv/bin/python bench/clairvoyance.py --numbers 1007,2006 --runs 20 --holdout 6

For each deal (fixed CF1 numbers from ``--first``) it computes a table par (``--runs`` runs of
the table-view player) and judges lines the par never saw:

* the table-view player's own lines with fresh seeds (``--holdout`` of them): goal <= 1% flagged;
* the solver's full-information line, and that line with honest-looking detours added
  (``engine.table_player.detours``): goal >= 95% flagged wherever the two players' results
  differ (the solver's line better than every run of the par);
* the greedy table-view player's line: goal <= 1% flagged.

Each line is judged two ways: by its key alone (what the move path does) and as the fair-play
worker judges a won line once it has counted it (its idle loops cut, its telling moves
weighed). Prints a line per deal, then the flagged shares, how many deals had no threshold
(no_edge, budget) and the CPU seconds per par.
"""

from __future__ import annotations

import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from _table import table_arguments

from engine import Deal, Game
from engine.solver import solve
from engine.table_player import greedy_from_table, play_from_table
from engine.table_player.detours import DETOURS, with_detours
from engine.table_player.idle import idle_actions
from engine.table_player.par import (
    WEIGHT_ALONE,
    TablePar,
    best_key,
    better,
    judge,
    run_seed,
    table_par,
)
from engine.table_player.telling import SEED, TRUTH_NODES, Telling, count_telling

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


@dataclass
class Judged:
    """One line to judge: its kind, where it ended, and its tokens."""

    kind: str
    cards: int
    line: list[str]

    def verdicts(self, deal: Deal, par: TablePar) -> tuple[str, str, Telling | None, int]:
        """The key-only verdict, the worker's verdict (idle loops cut, telling moves counted),
        the telling count and the idle actions (a lost line is not counted: it is never
        clairvoyant; a won line is on every deal, so honest lines' weights are measured where
        no threshold uses them)."""
        key = judge(par, cards=self.cards, actions=len(self.line)).verdict
        if self.cards < 52:
            return key, key, None, 0
        idle = idle_actions(deal, self.line)
        telling = count_telling(deal, self.line)
        worker = judge(par, cards=52, actions=len(self.line), telling=telling, idle=idle)
        return key, worker.verdict, telling, idle


def main() -> None:
    parser = table_arguments(__doc__.split("\n")[0], deals=20, draw=3)
    parser.add_argument("--runs", type=int, default=10, help="runs per table par (10)")
    parser.add_argument("--holdout", type=int, default=3, help="held-out table lines (3)")
    parser.add_argument(
        "--numbers", help="comma-separated deal numbers, instead of --first and --deals"
    )
    args = parser.parse_args()
    numbers = (
        [int(number) for number in args.numbers.split(",")]
        if args.numbers
        else list(range(args.first, args.first + args.deals))
    )
    budget = {"samples": args.samples, "nodes_per_solve": args.nodes}
    kinds = ("table", "greedy", "solver", "detoured")
    tallies = {(kind, rule): Tally() for kind in kinds for rule in ("key", "moves")}
    differ = {(kind, rule): Tally() for kind in kinds[2:] for rule in ("key", "moves")}
    shows = {kind: Tally() for kind in kinds[2:]}
    heavy = {kind: Counter[bool]() for kind in kinds}  # won lines whose weight >= WEIGHT_ALONE
    reasons: Counter[str] = Counter()
    cpu: list[float] = []
    telling_cpu: list[float] = []
    print(
        f"D{args.draw} deals {args.numbers or f'{numbers[0]}..{numbers[-1]}'}:"
        f" par of {args.runs} runs,"
        f" {args.holdout} held-out table lines, {args.samples} samples, {args.nodes} nodes;"
        f" telling moves: judge seed {SEED}, truth {TRUTH_NODES} nodes,"
        f" weight to hold alone {WEIGHT_ALONE}"
    )
    for index, number in enumerate(numbers, 1):
        deal = Deal.from_number(number, draw=args.draw)
        solved = solve(Game(deal), seconds=10.0)
        solver_line = solved.line if solved.status == "won" else None
        par = table_par(deal, runs=args.runs, seed=args.seed, solver_line=solver_line, **budget)
        cpu.append(par.seconds)
        reasons[par.reason or "threshold"] += 1
        judged = [
            Judged("table", run.cards, list(run.line))
            for run in (
                play_from_table(deal, seed=run_seed(args.seed + 1, holdout), **budget)
                for holdout in range(args.holdout)
            )
        ]
        greedy = greedy_from_table(deal)
        judged.append(Judged("greedy", greedy.cards, list(greedy.line)))
        if solver_line is not None:
            judged.append(Judged("solver", 52, solver_line))
            rng = random.Random(number)
            judged += [
                Judged(
                    "detoured",
                    52,
                    with_detours(deal, solver_line, rng=rng, count=count, kinds=list(DETOURS)),
                )
                for count in DETOUR_COUNTS
            ]
        edge = solver_line is not None and better((52, len(solver_line)), best_key(par.played))
        marks, weights, idles = [], [], []
        solver_weight = 0.0
        started = time.process_time()
        for item in judged:
            key, both, telling, idle = item.verdicts(deal, par)
            idles.append(str(idle))
            tallies[item.kind, "key"].add(key)
            marks.append(MARKS[key] + tallies[item.kind, "moves"].add(both))
            weights.append("-" if telling is None else f"{telling.weight:.0f}")
            if telling is not None:
                heavy[item.kind][telling.weight >= WEIGHT_ALONE] += 1
            if item.kind == "solver" and telling is not None:
                solver_weight = telling.weight
            if edge and item.kind in shows:
                differ[item.kind, "key"].add(key)
                differ[item.kind, "moves"].add(both)
                if solver_weight >= WEIGHT_ALONE:
                    shows[item.kind].add(both)
        telling_cpu.append(time.process_time() - started)
        won = sum(1 for c, _ in par.runs if c == 52)
        print(
            f"[{index:3d}/{len(numbers)}] {deal.code} {par.reason or 'threshold':9s}"
            f" runs won {won:2d}/{len(par.runs)} best {best_key(par.runs)}"
            f" median {par.median_actions} solver {par.solver_actions}"
            f" threshold {par.threshold}"
            f" detoured {[len(item.line) for item in judged if item.kind == 'detoured']}"
            f" verdicts {' '.join(marks)} weights {' '.join(weights)} idle {' '.join(idles)}"
            f"  {par.seconds:5.1f} + {telling_cpu[-1]:4.1f} s cpu",
            flush=True,
        )
    print("\nVerdicts per deal, key only then the worker's (C clairvoyant, b borderline,")
    print("  . clear, - no threshold): held-out table lines, greedy, solver, detoured solver lines")
    for rule, title in (
        ("key", "The key alone (the move path)"),
        ("moves", "The worker's: idle loops cut, telling moves weighed"),
    ):
        print(f"{title}:")
        print(tallies["table", rule].line("table-view player, held-out seeds", "<= 1%"))
        print(tallies["greedy", rule].line("greedy table-view player", "<= 1%"))
        print(tallies["solver", rule].line("solver's line, all deals", "-"))
        print(tallies["detoured", rule].line("detoured solver lines, all deals", "-"))
        print(differ["solver", rule].line("solver's line, deals where it is better", ">= 95%"))
        print(differ["detoured", rule].line("detoured lines, deals where it is better", ">= 95%"))
    print("Where the solver's line is better and its moves show it (weight >= WEIGHT_ALONE):")
    print(shows["solver"].line("solver's line", ">= 95%"))
    print(shows["detoured"].line("detoured solver lines", ">= 95%"))
    print(
        "Won lines whose telling moves weigh WEIGHT_ALONE or more, every deal (threshold or not):"
    )
    for kind in kinds:
        total = heavy[kind][True] + heavy[kind][False]
        share = f"{heavy[kind][True] / total:.1%}" if total else "-"
        print(f"  {kind:10s} {heavy[kind][True]:3d}/{total:<3d} = {share:>6s}")
    print(f"  deals: {dict(reasons)}")
    print(
        f"  CPU per table par ({args.runs} runs): mean {statistics.fmean(cpu):.1f} s,"
        f" max {max(cpu):.1f} s; telling moves, per deal's lines: mean"
        f" {statistics.fmean(telling_cpu):.1f} s, max {max(telling_cpu):.1f} s"
    )


if __name__ == "__main__":
    main()
