"""A winning line in both spellings: the engine's tokens and the solver's moves.

The optimiser works on solver moves (``engine.solver.position``), whose waste plays carry
their own draws; a line comes in and goes out as engine tokens.  ``moves_of_tokens`` reads
an engine log (take-backs by ``undo`` dropped, every draw and recycle folded into the
waste play that follows it) and ``token_cost`` is what a move costs in tokens, the unit
every par is counted in.

Reading a log this way never makes it longer: the draws a solver move spells out are the
fewest that bring the waste to the card it plays (``Position.draw_tokens_to``), and draws
that no waste play follows are dropped.  That is sound because every move but a waste play
leaves the talon alone, so it commutes with drawing (``engine.solver.moves``, point 1).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.notation import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DRAW,
    FOUNDATION_TO_COLUMN,
    RECYCLE,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    TOKENS,
    UNDO,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
)
from engine.solver.position import Move, Position, Undo


def effective_tokens(tokens: Sequence[str]) -> list[str]:
    """The actions still in effect at the end of a log: each ``undo`` removes the last."""
    kept: list[str] = []
    for token in tokens:
        if token == "undo":
            if kept:
                kept.pop()
        else:
            kept.append(token)
    return kept


def moves_of_tokens(position: Position, tokens: Sequence[str]) -> list[Move]:
    """The solver moves of an engine log played from ``position`` (left as it was).

    The log must be legal from ``position`` and hold no ``undo`` (see
    :func:`effective_tokens`); the caller replays it in the engine first.
    """
    moves: list[Move] = []
    played: list[Undo] = []
    waste = position.waste_len
    for token in tokens:
        action = TOKENS[token]
        kind = action.kind
        if kind == DRAW:
            waste = min(waste + position.draw, len(position.talon))
            continue
        if kind == RECYCLE:
            waste = 0
            continue
        if kind == UNDO:
            raise ValueError("a line for the solver holds no undo: drop them first")
        move: Move
        if kind == RESERVE_TO_FOUNDATION:
            move = (kind, 0, 0, 0)
        elif kind == RESERVE_TO_COLUMN:
            move = (kind, 0, action.dst, 0)
        elif kind == WASTE_TO_FOUNDATION:
            move = (kind, waste, 0, 0)
        elif kind == WASTE_TO_COLUMN:
            move = (kind, waste, action.dst, 0)
        elif kind == COLUMN_TO_FOUNDATION:
            move = (kind, action.src, 0, 0)
        elif kind == COLUMN_TO_COLUMN:
            move = (kind, action.src, action.dst, action.block_size)
        elif kind == FOUNDATION_TO_COLUMN:
            move = (kind, action.src, action.dst, 0)
        else:  # pragma: no cover - every kind is listed above
            raise ValueError(f"unknown action {token!r}")
        moves.append(move)
        played.append(position.play(move))
        waste = position.waste_len
    for record in reversed(played):
        position.undo(record)
    return moves


def draws_between(here: int, size: int, draw: int, target: int) -> int:
    """How many ``draw``/``recycle`` tokens bring the waste from ``here`` to ``target``
    cards (of a talon of ``size``): ``len(Position.draw_tokens_to(target))``, counted."""
    if target >= here and ((target - here) % draw == 0 or target == size):
        return -(-(target - here) // draw)
    return -(-(size - here) // draw) + 1 + -(-target // draw)


def token_cost(position: Position, move: Move) -> int:
    """``len(position.tokens(move))`` without spelling the tokens."""
    kind = move[0]
    if kind in (WASTE_TO_FOUNDATION, WASTE_TO_COLUMN):
        return 1 + draws_between(position.waste_len, len(position.talon), position.draw, move[1])
    return 1


def line_cost(position: Position, moves: Sequence[Move]) -> int:
    """Tokens of ``moves`` played from ``position`` (left as it was)."""
    total = 0
    played: list[Undo] = []
    for move in moves:
        total += token_cost(position, move)
        played.append(position.play(move))
    for record in reversed(played):
        position.undo(record)
    return total
