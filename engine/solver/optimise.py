"""Make a winning line shorter: the engine side of the daily par.

>>> from engine import replay
>>> from engine.solver import solve
>>> game = Game.from_code("CF1-D3-AAAAAAA")
>>> first = solve(game, seconds=300).line  # a wall-clock cap: 0.6 s of CPU
>>> result = optimise(game, first, max_nodes=20_000)
>>> len(result.line) < len(first), replay("CF1-D3-AAAAAAA", result.line).won
(True, True)

The solver's first win is whatever its depth-first search met first; cutting its detours
(``engine.solver.shorten``) leaves it far from short.  :func:`optimise` searches for a line
with fewer *tokens* (the log's length, draws included) in two stages:

1. **Beams from the start** (``engine.solver.beam``): a breadth-limited search that keeps the
   ``width`` positions with the fewest tokens spent beyond an admissible bound, two at each
   width (one over every move, one over the guided moves: on design deals the first was
   far better in draw 1, the second a little better in draw 3), each width twice the last
   while ``BEAM_SHARE`` of the budget lasts.  This is where nearly all of the gain is.
2. **Branch and bound along the line** (``engine.solver.cheapest``), with what is left: from
   each position of the best line, last first, a depth-first search for a cheaper way to
   the end; each sweep that improves nothing doubles the nodes of every attempt.  Near the
   end it proves the tail shortest; from the very first position (over every move) it
   proves the whole line shortest when it finishes, and only then is ``proven`` set: the
   bound is admissible and the moves are all of them, up to positions that cost the same
   (the arguments are in ``cheapest``).  On whole deals that never happens within any
   budget here; on small endgames it does.

Every line found has its detours cut and replaces the best one only if it costs fewer
tokens.

What was tried and measured (CF1 3,010,000-3,010,005 draw 3, 3,000,000 nodes): branch and
bound alone, swept along the line, got 138, 175, 155 tokens over every move and 134, 158, 145
over the guided moves, against 101, 116, 96 with the beams; branch and bound after the beams
(a fifth of the budget) improved none of the six lines.

Budgets are in nodes (moves played by the searches), so a deal, a line, a budget and a
seed give the same result on any machine; the seed orders the moves of the searches after
the first sweep (``random.Random(seed)``, nothing else is random).  ``seconds`` is a safety
cap in CPU seconds and the only thing that can make two runs differ.  The line returned is
re-played by the engine, never longer than the one given, and the one given is kept when
nothing shorter is found.
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.deal import Deal
from engine.game import Game
from engine.solver.beam import beam_search
from engine.solver.cheapest import cheapest_win
from engine.solver.lines import effective_tokens, line_cost, moves_of_tokens
from engine.solver.moves import MoveGenerator, Shuffle, complete_moves, guided_moves
from engine.solver.position import Move, Position, Undo
from engine.solver.search import line_tokens
from engine.solver.shorten import shorten

#: The daily par's budget: nodes of search per deal.  Measured 22-39 s of CPU per deal (mean
#: 29.5 s) on the 2-core development machine at load 10 (bench/par_quality.py, 2026-12-04;
#: docs/performance.md), and a line shorter than the 30-second shortener's on every deal.
PAR_NODES = 4_000_000
#: Nodes of the first attempt from each position; a sweep that improves nothing doubles it.
FIRST_ATTEMPT_NODES = 1_000
#: The share of the budget the beams get (the rest: branch and bound along the line).
BEAM_SHARE = 0.9
#: The first beam's width; each next one is twice as wide.
FIRST_WIDTH = 50


class OptimiseError(ValueError):
    """The line given is not a win from the game's position (the message says why)."""


class OptimiserBug(RuntimeError):
    """The engine refused a line the optimiser built: a bug, never a user error."""


@dataclass(frozen=True)
class OptimiseResult:
    """``line``: engine tokens from the position to a win, never longer than the input.
    ``proven``: no winning line is shorter.  ``nodes`` searched, CPU ``seconds``,
    ``rounds`` (searches run) and ``improvements`` (how many made the line shorter)."""

    line: list[str]
    proven: bool
    nodes: int
    seconds: float
    rounds: int
    improvements: int


def optimise(
    game_or_deal: Game | Deal | str,
    line: Sequence[str],
    *,
    max_nodes: int,
    seconds: float | None = None,
    seed: int = 0,
    first_attempt_nodes: int = FIRST_ATTEMPT_NODES,
) -> OptimiseResult:
    """A winning line from the game's position (a deal's or a code's start) no longer than
    ``line``, searched within ``max_nodes`` (and ``seconds`` of CPU, if given).

    Raises :class:`OptimiseError` when ``line`` does not win from there.  The game given is
    not changed.
    """
    started = time.process_time()
    deadline = None if seconds is None else started + seconds
    game = _game_of(game_or_deal)
    _check_wins(game, line)
    root = Position.from_state(game.state())
    moves = _cut_detours(root, moves_of_tokens(root, effective_tokens(line)))
    search = _Neighbourhoods(root, moves, random.Random(seed), deadline)
    search.run(max_nodes, first_attempt_nodes)
    best = line_tokens(root, search.moves)
    if len(best) >= len(line):
        best = list(line)
    _verify(game, best)
    return OptimiseResult(
        line=best,
        proven=search.proven and len(best) == search.cost,
        nodes=search.nodes,
        seconds=time.process_time() - started,
        rounds=search.rounds,
        improvements=search.improvements,
    )


class _Neighbourhoods:
    """The incumbent line and the sweeps of searches around it."""

    def __init__(
        self, root: Position, moves: list[Move], rng: random.Random, deadline: float | None
    ) -> None:
        self.root = root
        self.moves = moves
        self.cost = line_cost(root, moves)
        self.rng = rng
        self.deadline = deadline
        self.nodes = 0
        self.rounds = 0
        self.improvements = 0
        self.proven = False
        self.moves_of: MoveGenerator = guided_moves

    def run(self, max_nodes: int, attempt_nodes: int) -> None:
        self._beams(int(max_nodes * BEAM_SHARE))
        shuffle: Shuffle | None = None
        if not self.moves:  # won already: nothing is shorter than no line
            self.proven = True
        while not self.proven and self.nodes < max_nodes and not self._late():
            improved = self._sweep(max_nodes, attempt_nodes, shuffle)
            if not improved:
                attempt_nodes *= 2
            shuffle = self.rng.shuffle

    def _beams(self, budget: int) -> None:
        """Two beams from the start at each width, one over every move and one over the
        guided moves; each width twice the last, while the budget allows (the last width
        what is left pays for)."""
        width, last = FIRST_WIDTH, 0
        while self.nodes < budget and not self._late():
            left = budget - self.nodes
            if last and 2 * last > left:
                width = width * left // (2 * last)
                if width < FIRST_WIDTH:
                    return
            spent, narrowed = self.nodes, False
            for moves_of in (complete_moves, guided_moves):
                outcome = beam_search(
                    self.root,
                    width=width,
                    below=self.cost,
                    max_nodes=max(budget - self.nodes, 0),
                    rng=self.rng,
                    deadline=self.deadline,
                    moves_of=moves_of,
                )
                self.nodes += outcome.nodes
                self.rounds += 1
                narrowed = narrowed or outcome.narrowed
                if outcome.moves is not None:
                    self._adopt(outcome.moves)
            last = self.nodes - spent
            if not narrowed:  # the beams kept every position: wider ones would too
                return
            width *= 2

    def _adopt(self, moves: list[Move]) -> bool:
        """Take ``moves`` (detours cut) as the line if they cost fewer tokens."""
        candidate = _cut_detours(self.root, moves)
        cost = line_cost(self.root, candidate)
        if cost >= self.cost:
            return False
        self.moves, self.cost = candidate, cost
        self.improvements += 1
        return True

    def _sweep(self, max_nodes: int, attempt_nodes: int, shuffle: Shuffle | None) -> bool:
        """Try each position of the line, last first; True if the line got shorter."""
        improved = False
        at = len(self.moves) - 1
        while at >= 0 and self.nodes < max_nodes and not self._late():
            allowed = min(attempt_nodes, max_nodes - self.nodes)
            if self._attempt(at, allowed, shuffle):
                improved = True
            if self.proven:
                break
            at = min(at, len(self.moves)) - 1
        return improved

    def _attempt(self, at: int, allowed: int, shuffle: Shuffle | None) -> bool:
        """Search from the position before move ``at`` for a cheaper way to the end."""
        root, moves = self.root, self.moves
        played: list[Undo] = [root.play(move) for move in moves[:at]]
        head = self.cost - line_cost(root, moves[at:])
        outcome = cheapest_win(
            root,
            below=self.cost - head,
            max_nodes=allowed,
            deadline=self.deadline,
            shuffle=shuffle,
            moves_of=complete_moves if at == 0 else self.moves_of,
        )
        for record in reversed(played):
            root.undo(record)
        self.nodes += outcome.nodes
        self.rounds += 1
        if outcome.exhausted and at == 0:
            self.proven = True
        if outcome.moves is None:
            return False
        return self._adopt(moves[:at] + outcome.moves)

    def _late(self) -> bool:
        return self.deadline is not None and time.process_time() >= self.deadline


def _cut_detours(root: Position, moves: list[Move]) -> list[Move]:
    """``shorten``'s line when it costs fewer tokens, else the line as it was."""
    if not moves:
        return moves
    cut = shorten(root, moves)
    return cut if line_cost(root, cut) < line_cost(root, moves) else moves


def _game_of(game_or_deal: Game | Deal | str) -> Game:
    if isinstance(game_or_deal, Game):
        return game_or_deal.copy()
    if isinstance(game_or_deal, Deal):
        return Game(game_or_deal)
    return Game.from_code(game_or_deal)


def _check_wins(game: Game, line: Sequence[str]) -> None:
    copy = game.copy()
    in_effect = 0  # actions of the line not undone: an undo must not reach before the start
    for index, token in enumerate(line):
        if token == "undo":
            if not in_effect:
                raise OptimiseError(
                    f"token {index} 'undo' of the line takes back an action played before it"
                )
            in_effect -= 1
        else:
            in_effect += 1
        try:
            copy.play(token)
        except ValueError as error:
            raise OptimiseError(f"token {index} {token!r} of the line: {error}") from error
    if not copy.won:
        raise OptimiseError(
            f"the line of {len(line)} tokens does not win: {copy.cards} of 52 cards home"
        )


def _verify(game: Game, line: list[str]) -> None:
    copy = game.copy()
    for index, token in enumerate(line):
        try:
            copy.play(token)
        except ValueError as error:
            raise OptimiserBug(f"engine refused token {index} {token!r}: {error}") from error
    if not copy.won:
        raise OptimiserBug(f"optimised line of {len(line)} tokens does not win")


def cli_main(argv: list[str]) -> int:
    """``python -m engine optimise CODE [--nodes N] [--seconds S] [--seed K]``."""
    from engine import DealCodeError
    from engine.deal import CODE_HELP
    from engine.solver import solve

    parser = argparse.ArgumentParser(
        prog="python -m engine optimise",
        description="Solve a deal, then search for a shorter winning line (the daily par's).",
    )
    parser.add_argument("code", help=CODE_HELP)
    parser.add_argument(
        "--nodes", type=int, default=PAR_NODES, help=f"node budget (default {PAR_NODES:,})"
    )
    parser.add_argument("--seconds", type=float, default=None, help="CPU cap (default none)")
    parser.add_argument("--seed", type=int, default=0, help="orders the searches (default 0)")
    parser.add_argument(
        "--solve-seconds", type=float, default=10.0, help="solver budget for the first line"
    )
    args = parser.parse_args(argv)
    try:
        deal = Deal.from_code(args.code)
    except DealCodeError as error:
        parser.error(str(error))
    game = Game(deal)
    first = solve(game, seconds=args.solve_seconds)
    print(f"deal:     {deal.code}")
    if first.status != "won":
        print(f"status:   {first.status} (no line to optimise)")
        return 1
    result = optimise(game, first.line, max_nodes=args.nodes, seconds=args.seconds, seed=args.seed)
    print(f"before:   {len(first.line)} tokens (the solver's line)")
    print(f"after:    {len(result.line)} tokens")
    print(f"line:     {' '.join(result.line)}")
    print(f"proven:   {'yes' if result.proven else 'no'}")
    print(f"nodes:    {result.nodes:,} in {result.rounds} searches, {result.improvements} shorter")
    print(f"cpu:      {result.seconds:.2f} s")
    return 0
