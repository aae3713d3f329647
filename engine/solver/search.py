"""Depth-first search over solver positions with a transposition table and budgets.

The outcome of a Canfield position does not depend on how it was reached (no move
limit, unlimited recycling), so a position seen once never needs searching again:
``seen`` holds the canonical key of every position ever entered.  The search is an
explicit stack (solution paths run to hundreds of moves) of move lists, each popped
best first.  If every reachable position has been entered without a win, the deal is
proven lost.

Depth-first search has a heavy tail: one poor early choice can bury a win under millions
of positions.  ``search_with_restarts`` therefore runs many short searches with slowly
growing node budgets, the first in the heuristic order, the next ones with the moves of
each group shuffled (fixed seeds, so results repeat).  What makes frequent restarts
cheap is that proofs are kept: with Tarjan's bookkeeping (strongly connected
components), a position whose whole subtree was searched without reaching back to the
current line is proven lost, and every later search skips it.  That holds under a node
or time budget too: a position is only added once every move from it, and from every
position entered after it, has been searched, so a search cut off half way has proven
nothing about the positions still open and keeps none of them.  A complete search that
ends within its budget is conclusive, a loss included.

Two move generators take turns (``engine.solver.moves``): the guided one finds most wins
in a few thousand nodes but proves nothing when it runs dry; the complete one is the only
one whose proofs count.  Each keeps its own set of proven-lost positions.
"""

from __future__ import annotations

import random
import time
from dataclasses import dataclass
from typing import Literal

from engine.solver.moves import MoveGenerator, Shuffle, complete_moves, guided_moves
from engine.solver.position import Move, Position, Undo

Status = Literal["won", "lost", "unknown"]
_CLOCK_EVERY = 256  # nodes between two looks at the clock (a few ms even on a busy machine)
FIRST_BUDGET = 500  # nodes of the first search
GROWTH = 1.1  # each restart gets 10% more nodes than the last
GUIDED_SHARE = 0.5  # nodes of a guided search per node of the complete one, each round


@dataclass(frozen=True)
class SearchOutcome:
    status: Status
    moves: list[Move]  # from the root to a win (empty unless won)
    nodes: int


class DepthFirst:
    """One depth-first search over ``position`` (which it plays on), resumable.

    ``run`` searches until a win, a proof of loss, or the budget it is given, and can be
    called again to carry on where it stopped: the line, the moves still to try and the
    Tarjan bookkeeping stay as they were.  ``lost`` collects the keys of positions proven
    lost (and skips them): several searches of one game may share it, as long as they
    use the same ``moves_of``.  A "lost" is a proof only with ``complete_moves``; with
    ``guided_moves`` it means "no win among the moves the heuristic offers", and that set
    must stay apart from the complete one.  ``known`` is more positions to skip as lost.
    """

    def __init__(
        self,
        position: Position,
        *,
        moves_of: MoveGenerator = complete_moves,
        shuffle: Shuffle | None = None,
        lost: set[bytes] | None = None,
        known: set[bytes] | None = None,
    ) -> None:
        self.position = position
        self.moves_of = moves_of
        self.shuffle = shuffle
        self.lost: set[bytes] = set() if lost is None else lost
        self.known: set[bytes] = set() if known is None else known
        self.nodes = 0
        self.moves: list[Move] = []  # the winning line, once won
        self.status: Status = "unknown"
        root = position.key()
        # Tarjan's bookkeeping: ``active`` maps each entered, not yet proven position to
        # its entry number; ``entered`` lists them in entry order.  Per open frame: the
        # entry number, the lowest entry number its subtree reached back to, and its key.
        self.active = {root: 0}
        self.entered = [root]
        self.numbers = [0]
        self.lows = [0]
        self.keys = [root]
        self.path: list[Undo] = []
        self.pending: list[list[Move]] = []
        self.counter = 1  # the next entry number (never reused: Tarjan compares them)
        if position.won:
            self.status = "won"
        elif root in self.lost or root in self.known:
            self.status = "lost"
        else:
            self.pending.append(moves_of(position, shuffle)[::-1])

    def run(self, max_nodes: int | None, deadline: float) -> Status:
        """Search on for at most ``max_nodes`` nodes and until ``deadline`` (perf_counter)."""
        if self.status != "unknown":
            return self.status
        position, moves_of, shuffle = self.position, self.moves_of, self.shuffle
        lost, known, active, entered = self.lost, self.known, self.active, self.entered
        numbers, lows, keys, path, pending = (
            self.numbers,
            self.lows,
            self.keys,
            self.path,
            self.pending,
        )
        counter = self.counter
        node_limit = max_nodes if max_nodes is not None else -1
        nodes = 0
        # Bound methods as locals: this loop runs for every node.
        play, undo, key_of = position.play, position.undo, position.key
        status: Status = "lost"
        while pending:
            moves = pending[-1]
            if not moves:
                pending.pop()
                number, low, key = numbers.pop(), lows.pop(), keys.pop()
                if low == number:
                    # Nothing below reached back above this position: it and every
                    # position entered after it that is still pending are proven lost
                    # (every move from each of them led into this set or to a proven loss).
                    while True:
                        done = entered.pop()
                        del active[done]
                        lost.add(done)
                        if done is key:
                            break
                elif low < lows[-1]:
                    lows[-1] = low
                if path:
                    undo(path.pop())
                continue
            if nodes == node_limit:
                status = "unknown"
                break
            if nodes % _CLOCK_EVERY == 0 and nodes and time.perf_counter() >= deadline:
                status = "unknown"
                break
            record = play(moves.pop())
            nodes += 1
            if position.placed == 52:
                path.append(record)
                self.moves = [step[0] for step in path]
                status = "won"
                break
            key = key_of()
            if key in lost or key in known:
                undo(record)
                continue
            seen_as = active.get(key)
            if seen_as is not None:  # on the current line, or pending on an open frame's result
                if seen_as < lows[-1]:
                    lows[-1] = seen_as
                undo(record)
                continue
            active[key] = counter
            entered.append(key)
            numbers.append(counter)
            lows.append(counter)
            keys.append(key)
            counter += 1
            path.append(record)
            pending.append(moves_of(position, shuffle)[::-1])
        self.counter = counter
        self.nodes += nodes
        self.status = status
        return status


def search(
    position: Position,
    *,
    seconds: float,
    max_nodes: int | None,
    shuffle: Shuffle | None = None,
    lost: set[bytes] | None = None,
    known: set[bytes] | None = None,
    moves_of: MoveGenerator = complete_moves,
) -> SearchOutcome:
    """One search from ``position`` (left as it was on return): see :class:`DepthFirst`."""
    run = DepthFirst(position, moves_of=moves_of, shuffle=shuffle, lost=lost, known=known)
    status = run.run(max_nodes, time.perf_counter() + seconds)
    _unwind(position, run.path)
    return SearchOutcome(status, run.moves, run.nodes)


def search_with_restarts(
    position: Position,
    *,
    seconds: float,
    max_nodes: int | None,
    first_budget: int = FIRST_BUDGET,
    growth: float = GROWTH,
    guided_share: float = GUIDED_SHARE,
) -> SearchOutcome:
    """A guided and a complete search take turns within one budget, both restarted every
    round with 10% more nodes: ``budget`` for the complete one, ``guided_share`` of that
    for the guided one (measured on the hardest deals of the bench: 0.5 needed fewer
    nodes to decide them than 1, 2 or 4).

    The guided search (heuristic moves) finds most wins in a few thousand nodes; the
    complete one (every move) finds the wins that need moves the heuristic drops, and is
    the only one whose "lost" is a proof.  Odd rounds shuffle the order of both.  The
    complete searches share one set of positions proven lost; the guided ones keep their
    own set of positions lost among their moves and skip the proven ones too.  Once the
    guided moves run dry, the complete search goes on alone.

    Measured alternative: one complete search that is never restarted, only paused and
    resumed (``DepthFirst.run`` can do that), proved the same losses in the same number
    of nodes (Tarjan's proofs already survive the restarts) and found fewer wins.
    """
    deadline = time.perf_counter() + seconds
    spent = 0
    budget = first_budget
    proven: set[bytes] = set()  # lost, by a complete search
    guessed: set[bytes] = set()  # lost among the guided moves only
    guided = True
    shuffle: Shuffle | None = None
    attempt = 0
    while True:
        for complete in (False, True) if guided else (True,):
            allowed = budget if complete else int(budget * guided_share)
            if max_nodes is not None:
                allowed = min(allowed, max_nodes - spent)
            outcome = search(
                position,
                lost=proven if complete else guessed,
                known=None if complete else proven,
                seconds=deadline - time.perf_counter(),
                max_nodes=allowed,
                shuffle=shuffle,
                moves_of=complete_moves if complete else guided_moves,
            )
            spent += outcome.nodes
            if outcome.status == "won" or (complete and outcome.status == "lost"):
                return SearchOutcome(outcome.status, outcome.moves, spent)
            if outcome.status == "lost":
                guided = False  # the heuristic's moves are exhausted, which proves nothing
            if spent == max_nodes or time.perf_counter() >= deadline:
                return SearchOutcome("unknown", [], spent)
        attempt += 1
        budget = int(budget * growth)
        # Odd rounds search in a shuffled order; even ones in the heuristic order (their
        # lost subtrees are skipped now, so they carry on roughly where the last stopped).
        shuffle = random.Random(attempt).shuffle if attempt % 2 else None


def _unwind(position: Position, path: list[Undo]) -> None:
    while path:
        position.undo(path.pop())


def line_tokens(position: Position, moves: list[Move]) -> list[str]:
    """Engine tokens for ``moves`` played from ``position`` (left as it was on return)."""
    tokens: list[str] = []
    played: list[Undo] = []
    for move in moves:
        tokens.extend(position.tokens(move))
        played.append(position.play(move))
    _unwind(position, played)
    return tokens
