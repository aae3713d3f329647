"""Why a move is illegal, in words (the error path of ``Game.play`` and ``replay``).

Kept apart from the fast core: it runs once per refused move, so it can afford
to be plain and wordy.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import CARD_NAMES, RANK_WORDS, RED_OF, describe_need
from .notation import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DRAW,
    FOUNDATION_TO_COLUMN,
    RECYCLE,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    UNDO,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
    Move,
)

if TYPE_CHECKING:
    from .game import Game

SUIT_WORDS = ("clubs", "diamonds", "hearts", "spades")


def why_illegal(game: Game, move: Move) -> str:
    """The rule that refuses ``move`` in ``game``'s position (``move`` must be illegal)."""
    kind = move.kind
    token = move.token
    if kind == UNDO:
        if game.moves:
            limit = game.history.maxlen
            return f"nothing left to undo: only the last {limit} actions can be undone"
        return "nothing to undo: no action has been played"
    if kind == DRAW:
        if game.waste:
            return "cannot draw: the stock is empty (recycle the waste first)"
        return "cannot draw: the stock and the waste are empty"
    if kind == RECYCLE:
        if game.stock:
            return f"cannot recycle: the stock still has {len(game.stock)} cards"
        return "cannot recycle: the waste is empty"
    if kind in (RESERVE_TO_FOUNDATION, RESERVE_TO_COLUMN):
        pile, where = game.reserve, "the reserve is empty"
    elif kind in (WASTE_TO_FOUNDATION, WASTE_TO_COLUMN):
        pile, where = game.waste, "the waste is empty"
    elif kind in (COLUMN_TO_FOUNDATION, COLUMN_TO_COLUMN):
        pile, where = game.columns[move.src], f"column {move.src + 1} is empty"
    else:
        return _why_no_take_back(game, move)
    if not pile:
        return f"{token}: {where}"
    if kind in (RESERVE_TO_FOUNDATION, WASTE_TO_FOUNDATION, COLUMN_TO_FOUNDATION):
        return f"{token}: {_why_not_on_foundation(game, pile[-1])}"
    if kind == COLUMN_TO_COLUMN and move.block_size > len(pile):
        return (
            f"{token}: column {move.src + 1} has {len(pile)} card{'s' * (len(pile) != 1)},"
            f" not a block of {move.block_size}"
        )
    card = pile[-move.block_size] if kind == COLUMN_TO_COLUMN else pile[-1]
    return f"{token}: {_why_not_on_column(game, card, move.dst)}"


def _why_not_on_foundation(game: Game, card: int) -> str:
    suit = card // 13
    count = game.foundations[suit]
    name = CARD_NAMES[card]
    if count == 13:
        return f"{name} cannot go up: the {SUIT_WORDS[suit]} foundation is full"
    wanted = CARD_NAMES[game.sequence[suit * 14 + count]]
    if count == 0:
        start = RANK_WORDS[game.base % 13]
        return (
            f"{name} cannot start the {SUIT_WORDS[suit]} foundation: it starts with {wanted}"
            f" (every foundation starts with the base card's rank, {start})"
        )
    return f"{name} cannot go on the {SUIT_WORDS[suit]} foundation: it needs {wanted}"


def _why_not_on_column(game: Game, card: int, dst: int) -> str:
    column = game.columns[dst]
    name = CARD_NAMES[card]
    if not column:  # unreachable while the invariants hold: an empty column takes anything
        return f"{name} cannot go on empty column {dst + 1} while the reserve has cards"
    top = column[-1]
    colour = "red" if RED_OF[card] else "black"
    if RED_OF[card] == RED_OF[top]:
        return (
            f"{name} cannot go on {CARD_NAMES[top]}: both are {colour}; {name} needs"
            f" {describe_need(card)}"
        )
    return f"{name} cannot go on {CARD_NAMES[top]}: needs {describe_need(card)}"


def _why_no_take_back(game: Game, move: Move) -> str:
    assert move.kind == FOUNDATION_TO_COLUMN
    suit = move.src
    if not game.foundations[suit]:
        return f"{move.token}: the {SUIT_WORDS[suit]} foundation is empty"
    card = game.sequence[suit * 14 + game.foundations[suit] - 1]
    return f"{move.token}: {_why_not_on_column(game, card, move.dst)}"


__all__ = ["why_illegal"]
