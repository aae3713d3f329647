"""Cut the detours out of a winning line.

A depth-first search wanders: its line to a win often passes through positions that a
single move could have skipped between (cards shuffled from column to column and back,
a card taken back and replayed...).  Those lines would make a poor par.  This pass
lists the positions along the line, looks for every move that jumps from one of them
straight to a later one, and keeps the line with the fewest tokens through that graph
(a shortest path over a DAG: every edge points forward along the line).
"""

from __future__ import annotations

from engine.solver.moves import complete_moves
from engine.solver.position import Move, Position, Undo


def shorten(position: Position, moves: list[Move]) -> list[Move]:
    """A line from ``position`` to the same win, never longer in tokens (position unchanged)."""
    index_of: dict[bytes, int] = {}
    played: list[Undo] = []
    costs: list[int] = []
    for move in moves:
        index_of[position.placed_key()] = len(played)
        costs.append(len(position.tokens(move)))
        played.append(position.play(move))
    index_of[position.placed_key()] = len(played)
    for record in reversed(played):
        position.undo(record)

    last = len(moves)
    best = [0] + [-1] * last  # fewest tokens to reach each position of the line
    step: list[tuple[int, Move]] = [(0, moves[0])] * (last + 1) if moves else []
    replayed: list[Undo] = []
    for here in range(last):
        if best[here] >= 0:
            _relax(best, step, here, here + 1, costs[here], moves[here])
            for move in complete_moves(position):
                cost = len(position.tokens(move))
                record = position.play(move)
                there = index_of.get(position.placed_key(), -1)
                position.undo(record)
                if there > here + 1:
                    _relax(best, step, here, there, cost, move)
        replayed.append(position.play(moves[here]))
    for record in reversed(replayed):
        position.undo(record)

    line: list[Move] = []
    at = last
    while at > 0:
        came_from, move = step[at]
        line.append(move)
        at = came_from
    line.reverse()
    return line


def _relax(
    best: list[int], step: list[tuple[int, Move]], here: int, there: int, cost: int, move: Move
) -> None:
    total = best[here] + cost
    if best[there] < 0 or total < best[there]:
        best[there] = total
        step[there] = (here, move)
