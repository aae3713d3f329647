"""Choosing a day's deal with the solver: the first candidate proven winnable in draw 3.

Why draw 3 decides for both codes of the day: a draw-3 ``draw`` turns min(3, stock) cards
over one by one, exactly what as many draw-1 ``draw``\\ s do (DESIGN.md, rules the seeds
leave implicit), and recycling and the unlimited passes are the same in both modes. So a
draw-3 winning line becomes a draw-1 winning line of the same deal number by repeating each
``draw`` (``as_draw_one``, which the engine re-plays): a deal won in draw 3 is won in draw 1.
The draw-1 par is the shorter of that line and the one the solver finds in draw 1 within a
fifth of the budget (draw 1 is rarely hard, but a hard one must not double the wait).

Nothing here touches the database: ``games.services.daily`` stores the choice.
"""

import time
from dataclasses import dataclass
from datetime import date
from functools import lru_cache

from engine import Deal, Game
from engine.solver import SolverError, solve
from games.daily import daily_candidate

#: Share of the per-candidate budget spent looking for a shorter draw-1 line.
DRAW_ONE_SHARE = 0.2

#: A day with no winnable deal among this many candidates is a bug, not bad luck: about
#: 70% of draw-3 deals are winnable, so 50 misses in a row happen with odds below 1e-26.
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
class DailyChoice:
    """A day's deal with its proof: both lines win when re-played by the engine."""

    number: int
    line: tuple[str, ...]
    line_d1: tuple[str, ...]
    candidates: int
    solver_calls: int
    seconds: float


def solve_counted(game: Game, *, seconds: float) -> list[str] | None:
    """The solver's winning line of ``game`` (None if not proven winnable in ``seconds``)."""
    SOLVER_RUNS.runs += 1
    result = solve(game, seconds=seconds)
    return result.line if result.status == "won" else None


def as_draw_one(number: int, line: list[str]) -> list[str]:
    """The draw-3 winning ``line`` of deal ``number`` as a draw-1 line: each ``draw``
    becomes as many draws as it turned cards over. Re-played on the engine as it is built."""
    game = Game(Deal.from_number(number, draw=1))
    tokens: list[str] = []
    for token in line:
        repeats = min(3, len(game.state()["stock"])) if token == "draw" else 1
        for _ in range(repeats):
            game.play(token)
            tokens.append(token)
    if not game.won:
        raise SolverError(f"deal {number}: the draw-3 line does not win in draw 1")
    return tokens


@lru_cache(maxsize=64)
def choose_daily(secret: str, day: date, seconds: float) -> DailyChoice:
    """The first candidate of ``day`` proven winnable in draw 3 within ``seconds`` each.

    Remembered per process (the search is time-bound, so two runs could differ near the
    budget; within a process a day is then solved once even if its row is not stored yet).
    """
    started, calls = time.perf_counter(), 0
    for attempt in range(MAX_CANDIDATES):
        number = daily_candidate(day, attempt, secret=secret)
        calls += 1
        line = solve_counted(Game(Deal.from_number(number, draw=3)), seconds=seconds)
        if line is None:
            continue
        line_d1 = as_draw_one(number, line)
        calls += 1
        solved_d1 = solve_counted(
            Game(Deal.from_number(number, draw=1)), seconds=seconds * DRAW_ONE_SHARE
        )
        if solved_d1 is not None and len(solved_d1) < len(line_d1):
            line_d1 = solved_d1
        return DailyChoice(
            number=number,
            line=tuple(line),
            line_d1=tuple(line_d1),
            candidates=attempt + 1,
            solver_calls=calls,
            seconds=time.perf_counter() - started,
        )
    raise NoWinnableCandidate(
        f"{day}: none of {MAX_CANDIDATES} candidates proven winnable in {seconds} s each"
    )
