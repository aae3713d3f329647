"""What a player who watched every table view knows, and the layouts consistent with it.

A sealed game shows its player ``engine.table.table_view`` after every action and nothing
else. This module is the player's memory of those views, built from the views and the
tokens played only (never from the true state), so whatever a player built on it decides
can depend on nothing the table did not show.

Where each card of the deal is (``Deal``'s order: ``d[0..12]`` the reserve with ``d[12]`` on
top, ``d[13]`` the base, ``d[14..17]`` the columns, ``d[18..51]`` the stock, ``d[18]`` drawn
first) follows from the rules alone:

* the reserve only ever loses its top and gets it back by an undo, so it is always
  ``d[0..L-1]``: a reserve top seen at length ``L`` is ``d[L-1]``;
* stock cards come to the waste in dealing order, and a recycle needs the stock empty, so
  the stock cards never seen are always the bottom of the stock, in ``d`` order;
* cards turned back onto the stock by a recycle or an undo were seen on the way.

The memory follows the stock and the waste as *slots* (indices into ``d``): a draw moves
slots from the stock to the waste and the view says which card each newly turned slot
holds. Every other card the table shows left the reserve or the stock face up, so a card
is either seen (its slot known) or in a hidden slot, and a determinization fills the
hidden slots with the unseen cards in a random order.
"""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import CARD_BY_NAME, Card
from engine.deal import Deal

#: Slots of the deal, in ``Deal.cards`` order.
BASE_SLOT = 13
FIRST_COLUMN_SLOT = 14
FIRST_STOCK_SLOT = 18
DECK = 52

View = Mapping[str, Any]


class UnexplainedView(ValueError):
    """A view the memory cannot explain from the ones before (not a table view of the game
    it watched): a bug in the caller, never a user error."""


class TableMemory:
    """The memory of one game, from its first table view (before any action) on.

    >>> from engine import Game, table_view
    >>> game = Game.from_code("CF1-D3-AAAAACL")
    >>> memory = TableMemory(table_view(game.state()))
    >>> len(memory.hidden_slots())                     # 12 reserve cards, 34 stock cards
    46
    >>> _ = game.play("draw"); memory.observe("draw", table_view(game.state()))
    [18, 19, 20]
    >>> len(memory.hidden_slots())
    43
    """

    def __init__(self, first_view: View) -> None:
        if first_view["moves"] != 0 or any(len(c) != 1 for c in first_view["tableau"]):
            raise UnexplainedView("a memory starts from the deal's first view")
        self.draw: int = int(first_view["draw"])
        #: The card in each slot of the deal, None while it has never been seen.
        self.known: list[Card | None] = [None] * DECK
        self.tokens: list[str] = []
        self._stock: list[int] = list(range(DECK - 1, FIRST_STOCK_SLOT - 1, -1))  # bottom->top
        self._waste: list[int] = []
        # The stock and waste slots before each action still in effect (what undo restores).
        self._before: list[tuple[tuple[int, ...], tuple[int, ...]]] = []
        self._learn(BASE_SLOT, first_view["base"])
        for column, pile in enumerate(first_view["tableau"]):
            self._learn(FIRST_COLUMN_SLOT + column, pile[0])
        self._learn_reserve(first_view)
        self.view: View = first_view

    # -- following the game -------------------------------------------------------------------
    def observe(self, token: str, view: View) -> list[int]:
        """Take in the action ``token`` and the view after it; return the slots it revealed."""
        before = {slot for slot, card in enumerate(self.known) if card is not None}
        if token == "undo":
            if not self._before:
                raise UnexplainedView("undo with nothing to undo")
            stock, waste = self._before.pop()
            self._stock, self._waste = list(stock), list(waste)
        else:
            self._before.append((tuple(self._stock), tuple(self._waste)))
            if token == "draw":
                count = min(self.draw, len(self._stock))
                drawn = self._stock[-count:]
                del self._stock[-count:]
                drawn.reverse()
                self._waste += drawn
                for slot, name in zip(drawn, view["waste"][-count:], strict=True):
                    self._learn(slot, name)
            elif token == "recycle":
                self._waste.reverse()
                self._stock, self._waste = self._waste, []
            elif token.startswith("W"):
                self._waste.pop()
        self._learn_reserve(view)
        self.tokens.append(token)
        self.view = view
        self._check(view)
        return [
            slot for slot, card in enumerate(self.known) if card is not None and slot not in before
        ]

    def _learn_reserve(self, view: View) -> None:
        reserve = view["reserve"]
        if reserve:
            self._learn(len(reserve) - 1, reserve[-1])

    def _learn(self, slot: int, name: str | None) -> None:
        if name is None:
            raise UnexplainedView(f"slot {slot} shown face down where the table shows it")
        card = CARD_BY_NAME[name]
        if self.known[slot] not in (None, card):
            raise UnexplainedView(f"slot {slot} shown as {name}, seen before as another card")
        self.known[slot] = card

    def _check(self, view: View) -> None:
        """The view is what the slots say: the waste's cards and the stock's size."""
        waste = [self.known[slot] for slot in self._waste]
        if waste != [CARD_BY_NAME[name] for name in view["waste"]]:
            raise UnexplainedView("the waste shown is not the one the actions made")
        if len(view["stock"]) != len(self._stock):
            raise UnexplainedView("the stock shown is not the one the actions made")

    # -- what is unknown ----------------------------------------------------------------------
    def hidden_slots(self) -> list[int]:
        """The slots never seen, in deal order (reserve below the lowest top seen, the bottom
        of the stock)."""
        return [slot for slot, card in enumerate(self.known) if card is None]

    def unseen_cards(self) -> list[Card]:
        """The cards never seen, in card order (so a seeded shuffle of them repeats)."""
        seen = {card for card in self.known if card is not None}
        return [card for card in range(DECK) if card not in seen]

    def determinize(self, rng: random.Random) -> list[Card]:
        """A full layout (``Deal.cards`` order) consistent with every view seen: the seen
        cards in their slots, the unseen ones shuffled into the hidden slots."""
        cards = self.unseen_cards()
        rng.shuffle(cards)
        return fill(self.known, self.hidden_slots(), cards)

    def deal_of(self, cards: Sequence[Card]) -> Deal:
        """A layout as a deal of this game's draw mode."""
        return Deal.from_cards(cards, draw=self.draw)


def fill(known: Sequence[Card | None], slots: Sequence[int], cards: Sequence[Card]) -> list[Card]:
    """``known`` with ``cards`` put into ``slots`` in order."""
    layout = list(known)
    for slot, card in zip(slots, cards, strict=True):
        layout[slot] = card
    if None in layout:
        raise UnexplainedView("a slot left without a card")
    return [card for card in layout if card is not None]
