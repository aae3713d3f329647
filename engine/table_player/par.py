"""The table par of a deal (what the table-view player does on it) and the clairvoyance verdict.

A ranked line is judged by its key, ``(cards, actions)``, the boards' own order: more cards,
then fewer actions; once the fair-play worker has counted the line, by its *played* key, its
actions less its idle loops (``engine.table_player.idle``: stretches that came back to a
position and showed nothing new, the padding a cheater hides a full-information line's
length with), the runs' keys measured the same way. The table par runs the table-view
player (``engine.table_player.sampling``) ``runs`` times on the deal with different seeds
and keeps every run's key; a line is
*clairvoyant* when it is strictly better than the best of those runs by a margin
(:func:`calibrate`): a win in fewer actions than every honest run by more than the spread
of honest play leaves room for, or a win on a deal none of the runs won. A held-out honest
run beats the best of ``runs`` exchangeable runs with probability at most
``1 / (runs + 1)``; the margin is what brings the measured rate under 1%. Better than the
best run but within the margin is *borderline* (listed for staff, never held).

A board keeps its threshold whatever the full-information line is: a line far better than
every honest run is worth a look even where the engine's own line is not (a first version
called such deals ``no_edge`` and judged nothing on them, measured against a solver line
20-40% longer than a seconds-long search finds: docs/fair-play.md). The full-information
line known (the par optimiser's, or after the close the best verified line on the board)
only decides how many runs the par plays (:func:`_play_on`) and is kept as ``edge``. When
the runs did not finish within ``max_seconds`` the par has no threshold
(``reason="budget"``). The margin's figures and the error rates they give are measured by
``bench/clairvoyance.py`` and written in ``docs/fair-play.md``.
"""

from __future__ import annotations

import math
import statistics
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Literal

from engine.deal import Deal
from engine.game import Game
from engine.solver import solve
from engine.table_player.idle import idle_actions
from engine.table_player.sampling import play_from_table
from engine.table_player.telling import Telling

Key = tuple[int, int]
Reason = Literal["", "no_edge", "budget"]
Verdict = Literal["clairvoyant", "borderline", "clear", "no_threshold"]

#: A won line is clairvoyant when it wins in fewer actions than the best run by more than
#: this many actions, or this share of the best run's actions, whichever is more.
MARGIN_ACTIONS = 4
MARGIN_SHARE = 0.05
#: The weight of telling moves (``engine.table_player.telling``) that makes a won line
#: clairvoyant on a deal with a threshold whatever its length (unless it ranks below the runs'
#: median), and the weight a line better than the threshold needs to be held rather than
#: listed. Calibrated by ``bench/clairvoyance.py`` (docs/fair-play.md).
WEIGHT_ALONE = 8.0
#: How many times ``runs`` a par plays at most while the solver's line is better than its
#: threshold (an edge, or runs too few to see that there is none: :func:`_play_on`).
MORE_RUNS = 3
#: The budget a daily's par is meant to run with (CPU per par: docs/fair-play.md).
RUNS, SAMPLES, NODES_PER_SOLVE = 20, 6, 1500
#: The solver's budget when the caller has no full-information line for the deal.
SOLVER_NODES = 400_000


def better(a: Key, b: Key) -> bool:
    """Whether key ``a`` ranks strictly above ``b``: more cards, then fewer actions."""
    return a[0] > b[0] or (a[0] == b[0] and a[1] < b[1])


def best_key(keys: Sequence[Key]) -> Key:
    """The best of ``keys`` (not empty) by the ranking rule."""
    return min(keys, key=lambda k: (-k[0], k[1]))


def calibrate(best: Key) -> Key:
    """The threshold above the best run ``best``: when a run won, a win in fewer actions by
    the margin; when none did, any win (``(51, 0)``: only 52 cards rank above it). A lost
    line is never clairvoyant: how far an honest player gets before giving up varies too
    much to tell it from knowledge, and a cheater who loses ranks below every winner."""
    cards, actions = best
    if cards == 52:
        margin = max(MARGIN_ACTIONS, math.ceil(MARGIN_SHARE * actions))
        return 52, actions - margin
    return 51, 0


@dataclass(frozen=True)
class TablePar:
    """The table-view player's results on one deal, and the thresholds drawn from them."""

    draw: int
    runs: tuple[tuple[int, int], ...]  # (cards, actions) of each run, in run order
    solver_actions: int | None  # length of the full-information (solver) line
    threshold: tuple[int, int] | None  # a line strictly better than this key is clairvoyant
    borderline: tuple[int, int] | None  # strictly better than this (but not threshold): listed
    reason: Reason  # why threshold is None: "" | "budget" ("no_edge": read from old records)
    budget: dict[str, int] = field(default_factory=dict)  # runs, samples, nodes_per_solve, seed
    seconds: float = 0.0  # CPU seconds it took
    idle: tuple[int, ...] = ()  # each run's idle-loop actions (empty: a par stored before them)
    #: whether the full-information line it was played against beats the threshold (an edge
    #: for whoever knows the cards); None: no such line
    edge: bool | None = None

    @property
    def played(self) -> tuple[Key, ...]:
        """Each run's played key: its actions less its idle loops (the key a counted line is
        judged against)."""
        idle = self.idle or (0,) * len(self.runs)
        return tuple(
            (cards, actions - cut) for (cards, actions), cut in zip(self.runs, idle, strict=True)
        )

    @property
    def median_actions(self) -> int | None:
        """The median actions of the won runs (rounded down), None when none won."""
        won = [actions for cards, actions in self.runs if cards == 52]
        return int(statistics.median_low(won)) if won else None

    @property
    def win_share(self) -> float:
        return (
            sum(1 for cards, _ in self.runs if cards == 52) / len(self.runs) if self.runs else 0.0
        )

    def to_json(self) -> dict[str, object]:
        return {
            "draw": self.draw,
            "runs": [list(run) for run in self.runs],
            "solver_actions": self.solver_actions,
            "threshold": list(self.threshold) if self.threshold else None,
            "borderline": list(self.borderline) if self.borderline else None,
            "reason": self.reason,
            "budget": dict(self.budget),
            "seconds": self.seconds,
            "idle": list(self.idle),
            "edge": self.edge,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, object]) -> TablePar:
        def key(value: object) -> Key | None:
            if value is None:
                return None
            if not isinstance(value, list | tuple) or len(value) != 2:
                raise ValueError(f"a key is [cards, actions], not {value!r}")
            return int(value[0]), int(value[1])

        runs = data["runs"]
        budget = data["budget"]
        if not isinstance(runs, list) or not isinstance(budget, dict):
            raise ValueError("a table par's runs are a list and its budget an object")
        reason = str(data["reason"])
        if reason not in ("", "no_edge", "budget"):
            raise ValueError(f"unknown reason {reason!r}")
        solver_actions = data["solver_actions"]
        par = cls(
            draw=int(data["draw"]),  # type: ignore[call-overload]
            runs=tuple((int(c), int(a)) for c, a in runs),
            solver_actions=None if solver_actions is None else int(solver_actions),  # type: ignore[call-overload]
            threshold=key(data["threshold"]),
            borderline=key(data["borderline"]),
            reason=reason,  # type: ignore[arg-type]
            budget={str(k): int(v) for k, v in budget.items()},
            seconds=float(data["seconds"]),  # type: ignore[arg-type]
            idle=tuple(int(cut) for cut in data.get("idle") or ()),  # type: ignore[attr-defined]
            edge=None if data.get("edge") is None else bool(data.get("edge")),
        )
        if reason == "no_edge":  # stored before every board kept its threshold
            return par.against(solver_actions=par.solver_actions)
        return par

    def against(self, *, solver_actions: int | None) -> TablePar:
        """This par's runs measured against the full-information line of ``solver_actions``
        (a shorter one found later: the optimiser's, the best verified line of the board):
        the thresholds drawn again, ``edge`` said again. A par out of budget stays so."""
        if self.reason == "budget":
            return replace(self, solver_actions=solver_actions)
        threshold, borderline, reason, edge = _thresholds(self.played, solver_actions, False)
        return replace(
            self,
            solver_actions=solver_actions,
            threshold=threshold,
            borderline=borderline,
            reason=reason,
            edge=edge,
        )


def run_seed(seed: int, index: int) -> int:
    """The seed of run ``index`` of a par seeded ``seed`` (held-out runs use other seeds)."""
    return seed * 100_003 + index


def table_par(
    deal: Deal,
    *,
    runs: int,
    samples: int,
    nodes_per_solve: int,
    seed: int,
    solver_line: list[str] | None = None,
    max_seconds: float | None = None,
    earlier: TablePar | None = None,
) -> TablePar:
    """Run the table-view player ``runs`` times on ``deal`` and draw the thresholds.

    ``solver_line`` is the deal's full-information line when the caller has it (the day's
    par line); without it the solver is run here (``SOLVER_NODES``). While that line beats
    the threshold of the runs so far, up to ``MORE_RUNS * runs`` runs are played (see
    :func:`_play_on`), so ``len(par.runs)`` may exceed ``runs``. ``max_seconds`` bounds the
    CPU time of the runs: past it the par keeps the runs done and no threshold.

    ``earlier``: a par of the same deal and seed to carry on from (its runs are kept, the
    next runs take the next seeds): after the close a shorter full-information line (the
    best verified line of the board) may call for more runs than the par line did.
    """
    started = time.process_time()
    budget = {"runs": runs, "samples": samples, "nodes_per_solve": nodes_per_solve, "seed": seed}
    if solver_line is None:
        result = solve(Game(deal), seconds=3600.0, max_nodes=SOLVER_NODES)
        solver_line = result.line if result.status == "won" else None
    solver_actions = len(solver_line) if solver_line is not None else None
    keys: list[Key] = list(earlier.runs) if earlier else []
    idle: list[int] = list(earlier.idle or (0,) * len(keys)) if earlier else []
    spent = earlier.seconds if earlier else 0.0
    out_of_time = False
    index = len(keys)
    while index < runs or _play_on(_played(keys, idle), solver_actions, index, runs):
        if max_seconds is not None and spent + time.process_time() - started > max_seconds:
            out_of_time = True
            break
        run = play_from_table(
            deal, seed=run_seed(seed, index), samples=samples, nodes_per_solve=nodes_per_solve
        )
        keys.append(run.key)
        idle.append(idle_actions(deal, run.line))
        index += 1
    seconds = spent + time.process_time() - started
    out_of_time = out_of_time or (max_seconds is not None and seconds > max_seconds)
    threshold, borderline, reason, edge = _thresholds(
        _played(keys, idle), solver_actions, out_of_time
    )
    return TablePar(
        draw=deal.draw,
        runs=tuple(keys),
        solver_actions=solver_actions,
        threshold=threshold,
        borderline=borderline,
        reason=reason,
        budget=budget,
        seconds=seconds,
        idle=tuple(idle),
        edge=edge,
    )


def _played(keys: Sequence[Key], idle: Sequence[int]) -> list[Key]:
    return [(cards, actions - cut) for (cards, actions), cut in zip(keys, idle, strict=True)]


def _play_on(keys: Sequence[Key], solver_actions: int | None, done: int, runs: int) -> bool:
    """Whether to play on past ``runs``: while the solver's line is still better than the
    threshold of the runs so far, up to ``MORE_RUNS`` times ``runs``. Only there can an
    honest line be flagged, and a held-out run beats the best of ``n`` exchangeable runs
    with probability at most ``1 / (n + 1)``: tripling the runs where it matters cuts that
    bound threefold at a cost only deals with an edge pay. Where no run has won, any win is
    clairvoyant, so "the player never wins" must be measured well: an honest player who wins
    one game in five goes ten runs without a win one time in nine (30 runs, one in 800);
    runs that win nothing give up early and cost little. (Measured: a deal whose 20 runs all
    took 201 actions and a held-out run won in fewer than 190, ``docs/fair-play.md``.)"""
    if solver_actions is None or done >= MORE_RUNS * runs or not keys:
        return False
    return better((52, solver_actions), calibrate(best_key(keys)))


def _thresholds(
    keys: Sequence[Key], solver_actions: int | None, out_of_time: bool
) -> tuple[Key | None, Key | None, Reason, bool | None]:
    """(threshold, borderline, reason, edge) of runs with these played ``keys``: the
    threshold stands whatever the full-information line is; ``edge`` says whether that line
    beats it (None: no line)."""
    edge = None
    if out_of_time or not keys:
        return None, None, "budget", edge
    best = best_key(keys)
    threshold = calibrate(best)
    if solver_actions is not None:
        edge = better((52, solver_actions), threshold)
    return threshold, best, "", edge


@dataclass(frozen=True)
class Judgement:
    """The verdict on one line, and what it was measured against (JSON, for staff)."""

    verdict: Verdict
    evidence: dict[str, object]


def judge(
    par: TablePar, *, cards: int, actions: int, telling: Telling | None = None, idle: int = 0
) -> Judgement:
    """Judge the line that ended with ``cards`` on the foundations after ``actions`` actions,
    ``idle`` of them in idle loops (0 while the line has not been counted).

    ``telling`` is the line's count of telling moves (``engine.table_player.telling``), None
    while it has not been counted (the move path judges the key alone; the fair-play worker
    counts the moves of the games that need it and judges again). The rule:

    * a line strictly better than the threshold is clairvoyant, whatever its moves weigh
      (they only ever add a hold: docs/fair-play.md measures why);
    * a won line whose telling moves weigh ``WEIGHT_ALONE`` or more is clairvoyant when it
      ranks at least as well as the runs' median (a padded full-information line hides its
      length, not its moves; below the median it gained nothing worth hiding);
    * otherwise better than the best run is borderline, the rest is clear.
    """
    line = (cards, actions - idle)
    beaten = sum(1 for run in par.played if better(line, run))
    evidence: dict[str, object] = {
        "statistic": "line_key_against_table_runs",
        "line": [cards, actions],
        "idle": idle,
        "threshold": list(par.threshold) if par.threshold else None,
        "borderline": list(par.borderline) if par.borderline else None,
        "reason": par.reason,
        "runs_beaten": beaten,
        "runs": {
            "count": len(par.runs),
            "won": sum(1 for c, _ in par.runs if c == 52),
            "median_actions": par.median_actions,
            "best": list(best_key(par.runs)) if par.runs else None,
        },
        "solver_actions": par.solver_actions,
        "telling": telling.to_json() if telling is not None else None,
    }
    return Judgement(_verdict(par, line, telling), evidence)


def _verdict(par: TablePar, line: Key, telling: Telling | None) -> Verdict:
    if par.threshold is None:
        return "no_threshold"
    weight = telling.weight if telling is not None else None
    if better(line, par.threshold):
        return "clairvoyant"
    won = line[0] == 52
    if weight is not None and weight >= WEIGHT_ALONE and won and not _below_median(par, line):
        return "clairvoyant"
    if par.borderline is not None and better(line, par.borderline):
        return "borderline"
    return "clear"


def _below_median(par: TablePar, line: Key) -> bool:
    """Whether ``line`` ranks below the median of the par's won runs, played keys both (never,
    when none won)."""
    won = [actions for cards, actions in par.played if cards == 52]
    return bool(won) and better((52, int(statistics.median_low(won))), line)
