"""Beam search for a cheap win: many lines abreast, the most promising ``width`` kept.

Depth-first search (the solver's, or branch and bound) commits to its first choices and
only ever revises the last ones; a short line usually differs from a long one early (the
order the stock is gone through, which column is emptied first).  A beam moves every line
forward one move at a time: from each of the ``width`` positions it keeps, every move is
played, and of all the positions reached the ``width`` cheapest by ``cost + lower_bound``
(tokens spent so far plus the admissible bound of ``engine.solver.cheapest``: effectively
"fewest tokens spent on anything but putting cards home and turning the stock") go on,
ties to the position with more cards home, then at random (the caller's ``random.Random``).
A position already kept for as few tokens is not kept again, and whatever cannot beat the
cheapest win known is cut.

The beam is a heuristic: it proves nothing, and with a narrow width it can lose every line
(then it returns no win).  Measured on design deals (CF1 3,010,000-3,010,005 draw 3, whose
solver lines have 152, 193, 176, 149, 213, 254 tokens), over the guided moves: width 200 gave
108, 117, 101, none, 163, none in half a second each; width 1,000 gave 101, 115, 100, 130, 160,
143 in 2 to 4 s; the "30-second shortener" (re-solving every other action from every prefix
of the solver's line) 141, 160, 137, 141, 197, 171.
"""

from __future__ import annotations

import heapq
import random
import time
from dataclasses import dataclass

from engine.solver.cheapest import cost_key, reserve_detours
from engine.solver.lines import token_cost
from engine.solver.moves import MoveGenerator, guided_moves
from engine.solver.position import Move, Position

# A line as a linked list from its last move back to the root: (the line before, move).
Trail = tuple["Trail", Move] | None
_CLOCK_EVERY = 64  # positions expanded between two looks at the clock


@dataclass(frozen=True)
class BeamOutcome:
    """The cheapest win found below the bound (``None``: none) and its ``cost`` in tokens;
    ``nodes``: moves played; ``narrowed``: some layer had more positions than ``width``
    (if not, a wider beam would search exactly the same positions)."""

    moves: list[Move] | None
    cost: int
    nodes: int
    narrowed: bool


def beam_search(
    root: Position,
    *,
    width: int,
    below: int,
    max_nodes: int,
    rng: random.Random,
    deadline: float | None = None,
    moves_of: MoveGenerator = guided_moves,
) -> BeamOutcome:
    """The cheapest win from ``root`` below ``below`` tokens that a beam of ``width`` finds
    within ``max_nodes`` moves played and ``deadline`` (``time.process_time``)."""
    detours = reserve_detours(root)
    best = below
    found: Trail = None
    won = False
    nodes = 0
    layer: list[tuple[int, Position, Trail]] = [(0, root.copy(), None)]
    kept: dict[bytes, int] = {cost_key(root): 0}
    expanded = 0
    narrowed = False
    while layer and nodes < max_nodes:
        # key -> (cost + bound, -cards home, tie-break, cost, parent's index, move)
        reached: dict[bytes, tuple[int, int, float, int, int, Move]] = {}
        for index, (spent, position, trail) in enumerate(layer):
            if nodes >= max_nodes:
                break
            expanded += 1
            if (
                deadline is not None
                and expanded % _CLOCK_EVERY == 0
                and time.process_time() >= deadline
            ):
                nodes = max_nodes  # out of time: stop as if out of nodes
                break
            talon, reserve, draw = position.talon, position.reserve, position.draw
            for move in moves_of(position, None):
                cost = spent + token_cost(position, move)
                if cost >= best:
                    continue
                record = position.play(move)
                nodes += 1
                placed = position.placed
                if placed == 52:
                    best, found, won = cost, (trail, move), True
                    position.undo(record)
                    continue
                stock = len(talon) - position.waste_len
                estimate = cost + 52 - placed + -(-stock // draw) + detours[len(reserve)]
                if estimate >= best:
                    position.undo(record)
                    continue
                key = cost_key(position)
                before = kept.get(key)
                if before is None or cost < before:
                    other = reached.get(key)
                    if other is None or cost < other[3]:
                        reached[key] = (estimate, -placed, rng.random(), cost, index, move)
                position.undo(record)
        narrowed = narrowed or len(reached) > width
        chosen = heapq.nsmallest(width, reached.items(), key=lambda item: item[1])
        next_layer: list[tuple[int, Position, Trail]] = []
        for key, (estimate, _, _, cost, index, move) in chosen:
            if estimate >= best:
                continue
            _, parent, trail = layer[index]
            position = parent.copy()
            position.play(move)
            kept[key] = cost
            next_layer.append((cost, position, (trail, move)))
        layer = next_layer
    return BeamOutcome(_moves(found) if won else None, best, nodes, narrowed)


def _moves(trail: Trail) -> list[Move]:
    moves: list[Move] = []
    while trail is not None:
        trail, move = trail
        moves.append(move)
    moves.reverse()
    return moves
