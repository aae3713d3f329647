"""Solve Canfield positions: a winning line, a proof of loss, or "unknown" within budget.

>>> from engine import Game, replay
>>> result = solve(Game.from_code("CF1-D3-AAAAAAA"), seconds=600, max_nodes=200_000)
>>> result.status, result.line[:4]
('won', ['draw', 'draw', 'draw', 'WF'])
>>> replay("CF1-D3-AAAAAAA", result.line).won
True

The search itself (``engine.solver.search``) runs on the solver's own compact position
(``engine.solver.position``) with the moves of ``engine.solver.moves``; this module is the
edge: it reads the engine's ``Game.state()``, cuts the detours out of the line found
(``engine.solver.shorten``), turns it into engine tokens (``engine.notation``'s), and
re-plays it on a copy of the game before returning it, so a line the solver hands out is
one the rules engine itself accepted.  A node budget (``max_nodes``) gives the same answer
on any machine at any load (this one needs about 74,000 nodes, a second of CPU); ``seconds``
alone depends on both.

Both verdicts are proofs.  "won" is the replayed line.  "lost" only ever comes from a
search over ``complete_moves``, which leaves out nothing but moves to positions the search
treats as the same game (the arguments are in ``engine.solver.moves``), and whose
transposition table only keeps positions whose every successor was searched; the
heuristic rules that make wins quick to find never take part in one.
``tests/engine/test_solver_oracle.py`` holds it to an exhaustive search of the engine's own
moves on about a thousand positions.
"""

from __future__ import annotations

import argparse
import time
from dataclasses import dataclass
from typing import TYPE_CHECKING, Literal

from engine.solver.position import Position
from engine.solver.search import line_tokens, search_with_restarts
from engine.solver.shorten import shorten

if TYPE_CHECKING:
    from engine.game import Game

Status = Literal["won", "lost", "unknown"]


@dataclass(frozen=True)
class SolveResult:
    """``won`` with ``line`` (tokens from the position to a win), ``lost`` (proven: every
    reachable position was searched) or ``unknown`` (the time or node budget ran out)."""

    status: Status
    line: list[str]
    nodes: int
    seconds: float


class SolverError(RuntimeError):
    """The engine refused a line the solver found: a bug in the solver, never a user error."""


def solve(game: Game, *, seconds: float = 10.0, max_nodes: int | None = None) -> SolveResult:
    """Search the game's current position for a win within ``seconds`` and ``max_nodes``.

    The budgets bound the search; cutting detours out of a winning line and re-playing
    it in the engine come on top (a fraction of a second).  The game is not changed.
    """
    started = time.perf_counter()
    position = Position.from_state(game.state())
    outcome = search_with_restarts(position, seconds=seconds, max_nodes=max_nodes)
    line: list[str] = []
    if outcome.status == "won":
        line = line_tokens(position, shorten(position, outcome.moves))
        _verify(game, line)
    return SolveResult(outcome.status, line, outcome.nodes, time.perf_counter() - started)


def hint(game: Game, seconds: float = 5.0) -> SolveResult:
    """Like :func:`solve`; the hint is ``result.line[0]`` when ``result.status == "won"``."""
    return solve(game, seconds=seconds)


def _verify(game: Game, line: list[str]) -> None:
    """Play ``line`` on a copy of ``game`` with the real engine and insist that it wins."""
    copy = type(game).from_snapshot(game.to_snapshot())
    for index, token in enumerate(line):
        try:
            copy.play(token)
        except ValueError as error:
            raise SolverError(f"engine refused token {index} {token!r}: {error}") from error
    if not copy.won:
        raise SolverError(f"solver line of {len(line)} tokens does not win")


def cli_main(argv: list[str]) -> int:
    """``python -m engine solve CODE [--seconds N] [--max-nodes N] [--draw 1|3]``."""
    from engine import Deal, DealCodeError, Game
    from engine.deal import CODE_HELP

    parser = argparse.ArgumentParser(
        prog="python -m engine solve",
        description="Search a deal for a winning line (all app moves, take-backs included).",
    )
    parser.add_argument("code", help=CODE_HELP)
    parser.add_argument("--seconds", type=float, default=10.0, help="time budget (default 10)")
    parser.add_argument("--max-nodes", type=int, default=None, help="node budget (default none)")
    parser.add_argument(
        "--draw",
        type=int,
        choices=(1, 3),
        default=None,
        help="solve the same layout in this draw mode instead of the code's",
    )
    args = parser.parse_args(argv)
    try:
        deal: Deal = Deal.from_code(args.code)
    except DealCodeError as error:
        parser.error(str(error))
    if args.draw is not None and args.draw != deal.draw:
        deal = deal.in_draw_mode(args.draw)
    result = solve(Game(deal), seconds=args.seconds, max_nodes=args.max_nodes)
    rate = result.nodes / result.seconds if result.seconds > 0 else 0.0
    print(f"deal:    {deal.code}")
    print(f"status:  {result.status}")
    if result.status == "won":
        print(f"line:    {' '.join(result.line)}")
        print(f"length:  {len(result.line)} tokens")
    print(f"nodes:   {result.nodes} ({rate:,.0f} nodes/s)")
    print(f"seconds: {result.seconds:.2f}")
    return 0
