"""Choosing a day's two sealed deals with the solver: per mode, the first candidate layout
(``games.daily.drawing``) proven winnable in that mode, with the winning line (its length is
the par), named by its CF2 layout code.

Nothing here touches the database: ``games.daily.store`` stores the choice.
"""

import time
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from engine import Deal, Game
from engine.solver import solve
from games.boards import DAILY_MODES
from games.daily.drawing import daily_layout

#: A mode with no winnable deal among this many candidates is a bug, not bad luck: most
#: deals are winnable, so 50 misses in a row happen with odds below 1e-26.
MAX_CANDIDATES = 50


class NoWinnableCandidate(RuntimeError):
    """No candidate of the day was proven winnable within the budget (see MAX_CANDIDATES)."""


@dataclass
class SolverRunCounter:
    """How many times this process ran the solver for daily deals (a plain counter, so tests
    can see that a stored day is reused rather than solved again)."""

    runs: int = 0


SOLVER_RUNS = SolverRunCounter()


@dataclass(frozen=True)
class ModeChoice:
    """One mode's deal with its proof: ``line`` wins when re-played by the engine."""

    code: str
    line: tuple[str, ...]
    candidates: int


@dataclass(frozen=True)
class DailyChoice:
    """A day's two deals (``modes["D3"]``, ``modes["D1"]``) and what choosing them cost."""

    modes: dict[str, ModeChoice]
    solver_calls: int
    seconds: float


def solve_counted(game: Game, *, seconds: float, nodes: int | None = None) -> list[str] | None:
    """The solver's winning line of ``game`` (None if not proven winnable in budget)."""
    SOLVER_RUNS.runs += 1
    result = solve(game, seconds=seconds, max_nodes=nodes)
    return result.line if result.status == "won" else None


def choose_mode(
    secret: str, day: date, mode: str, draw: int, seconds: float, nodes: int | None
) -> ModeChoice:
    """The first candidate of ``day``'s ``mode`` proven winnable within the budget."""
    for attempt in range(MAX_CANDIDATES):
        deal = Deal.from_cards(daily_layout(day, mode, attempt, secret=secret), draw=draw)
        line = solve_counted(Game(deal), seconds=seconds, nodes=nodes)
        if line is not None:
            return ModeChoice(code=deal.layout_code, line=tuple(line), candidates=attempt + 1)
    raise NoWinnableCandidate(
        f"{day} {mode}: none of {MAX_CANDIDATES} candidates proven winnable in {seconds} s each"
    )


@lru_cache(maxsize=64)
def choose_daily(secret: str, day: date, seconds: float, nodes: int | None = None) -> DailyChoice:
    """Both deals of ``day``.

    Remembered per process (the search is time-bound, so two runs could differ near the
    budget; within a process a day is then solved once even if its row is not stored yet).
    """
    started, calls_before = time.perf_counter(), SOLVER_RUNS.runs
    modes = {
        mode: choose_mode(secret, day, mode, draw, seconds, nodes)
        for mode, draw in DAILY_MODES.items()
    }
    return DailyChoice(
        modes=modes,
        solver_calls=SOLVER_RUNS.runs - calls_before,
        seconds=time.perf_counter() - started,
    )
