"""Depth-first branch and bound: the win with the fewest tokens, below a given cost.

The solver proper (``engine.solver.search``) wants *a* win; this search wants a *cheap* one.
It walks the same moves (``complete_moves``: nothing left out but moves to positions it
already treats as the same game, and those are equally cheap: a column's index costs
nothing) and counts each in engine tokens, draws included (``engine.solver.lines``).  A
branch is cut when what it has cost so far plus :func:`lower_bound` of what it still needs
reaches the cheapest win known (``below`` at first), and a position is entered again only
when reached for fewer tokens than before (a table keyed on the position with the exact
waste length, which the token cost of the next waste play depends on).  Every win found
tightens the bound, so the search is anytime: stopped by its node budget it returns the
cheapest win it has seen, and finished it has proven that nothing cheaper exists.

Why finishing proves it: along a cheapest line, each position is entered at its cheapest
cost or cheaper (induction: the table only ever skips a position already entered for as
few tokens, and the bound only cuts what cannot beat a win already found), so the search
reaches the win at its cost.  The lower bound is admissible: every card not home needs a
token of its own to go up, every card still in the stock must be turned by a draw (one draw
turns ``draw`` cards at most), and a reserve card with a card of its own suit and a lower
foundation rank somewhere under it cannot go up first, so it leaves for a column (one more
token) before it ever goes up.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import SUIT_OF
from engine.solver.lines import token_cost
from engine.solver.moves import MoveGenerator, Shuffle, complete_moves
from engine.solver.position import Move, Position, Undo

_CLOCK_EVERY = 1024  # nodes between two looks at the clock


@dataclass(frozen=True)
class CheapestOutcome:
    """``moves`` is the cheapest win found below the bound (``None``: none found) and
    ``cost`` its tokens; ``exhausted`` means the search finished, so no win from the
    position costs fewer than ``cost`` tokens (or than the bound, when none was found)."""

    moves: list[Move] | None
    cost: int
    nodes: int
    exhausted: bool


def cost_key(position: Position) -> bytes:
    """``Position.key`` with the exact waste length: equal keys, equal cheapest wins."""
    c0, c1, c2, c3 = position.columns
    parts = sorted((bytes(c0), bytes(c1), bytes(c2), bytes(c3)))
    return (
        b"\xff".join(parts)
        + bytes((255, len(position.reserve), position.waste_len))
        + bytes(position.talon)
    )


def reserve_detours(position: Position) -> list[int]:
    """``[k]``: how many of the reserve's bottom ``k`` cards must visit a column before
    they go up (a card of their suit with a lower foundation rank lies under them)."""
    relative = position.relative
    counts = [0]
    lowest = [99, 99, 99, 99]  # lowest foundation rank of each suit seen so far, bottom up
    for card in position.reserve:
        suit = SUIT_OF[card]
        forced = lowest[suit] < relative[card]
        counts.append(counts[-1] + forced)
        lowest[suit] = min(lowest[suit], relative[card])
    return counts


def lower_bound(position: Position, detours: Sequence[int]) -> int:
    """Tokens any win from ``position`` still needs at least (see the module docstring)."""
    stock = len(position.talon) - position.waste_len
    return 52 - position.placed + -(-stock // position.draw) + detours[len(position.reserve)]


def cheapest_win(
    position: Position,
    *,
    below: int,
    max_nodes: int,
    deadline: float | None = None,
    shuffle: Shuffle | None = None,
    moves_of: MoveGenerator = complete_moves,
) -> CheapestOutcome:
    """The cheapest win from ``position`` costing fewer than ``below`` tokens, within
    ``max_nodes`` moves played and ``deadline`` (``time.process_time``); the position is
    left as it was.  Proofs (``exhausted``) count only with ``complete_moves``."""
    if position.won:
        return CheapestOutcome([] if below > 0 else None, 0, 0, True)
    detours = reserve_detours(position)
    best = below
    best_moves: list[Move] | None = None
    table = {cost_key(position): 0}
    path: list[Undo] = []
    costs = [0]
    pending = [moves_of(position, shuffle)[::-1]]
    nodes = 0
    exhausted = True
    play, undo = position.play, position.undo
    draw, talon, reserve = position.draw, position.talon, position.reserve
    while pending:
        moves = pending[-1]
        if not moves:
            pending.pop()
            costs.pop()
            if path:
                undo(path.pop())
            continue
        if nodes >= max_nodes or (
            deadline is not None
            and nodes % _CLOCK_EVERY == 0
            and nodes
            and time.process_time() >= deadline
        ):
            exhausted = False
            break
        move = moves.pop()
        cost = costs[-1] + token_cost(position, move)
        if cost >= best:
            continue
        record = play(move)
        nodes += 1
        if position.placed == 52:
            best = cost
            best_moves = [step[0] for step in path]
            best_moves.append(move)
            undo(record)
            continue
        stock = len(talon) - position.waste_len
        if cost + 52 - position.placed + -(-stock // draw) + detours[len(reserve)] >= best:
            undo(record)
            continue
        key = cost_key(position)
        seen = table.get(key)
        if seen is not None and seen <= cost:
            undo(record)
            continue
        table[key] = cost
        path.append(record)
        costs.append(cost)
        pending.append(moves_of(position, shuffle)[::-1])
    while path:
        undo(path.pop())
    return CheapestOutcome(best_moves, best, nodes, exhausted)
