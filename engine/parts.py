"""What a game is made of, as plain values: the one shape every way of making a game fills.

A :class:`~engine.game.Game` is made in three ways: dealt (``Game(deal)``), copied
(``game.copy()``), and decoded from data (``engine.snapshot``: a snapshot or a position).
Each builds a :class:`GameParts` and hands it to ``Game.from_parts``, the one place that
sets a game's slots, so a new slot is added in one place. This module depends on nothing
but cards, notation and deals, so the snapshot codec needs no ``Game`` (no import cycle).
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import NamedTuple

from .cards import SUIT_OF, Card
from .deal import Deal
from .notation import Move

#: Undo reaches back this many actions; older ones fall off the history.
UNDO_LIMIT = 100
#: ``extra`` flag of an undo record: the move emptied its source column and the reserve refilled
#: it. The low bits (``CARD_BITS``) of a foundation move's ``extra`` hold the card it put up.
REFILLED = 64
CARD_BITS = 63


class GameParts(NamedTuple):
    """The position, score, move count and undo history (``(move, extra)`` records, oldest
    first); the piles are lists of card ints, bottom -> top. The foundations' card
    sequence and the card count follow from ``base`` and ``foundations``."""

    deal: Deal | None
    code: str | None
    draw: int
    base: Card
    reserve: list[Card]
    stock: list[Card]
    waste: list[Card]
    columns: list[list[Card]]
    foundations: list[int]
    score: int = 0
    moves: int = 0
    history: Iterable[tuple[Move, int]] = ()


def dealt(deal: Deal) -> GameParts:
    """The starting layout of ``deal`` (see :class:`~engine.deal.Deal` for the order)."""
    cards = deal.cards
    base = cards[13]
    foundations = [0, 0, 0, 0]
    foundations[SUIT_OF[base]] = 1
    return GameParts(
        deal=deal,
        code=deal.code,
        draw=deal.draw,
        base=base,
        reserve=list(cards[:13]),
        stock=list(reversed(cards[18:])),
        waste=[],
        columns=[[c] for c in cards[14:18]],
        foundations=foundations,
    )
