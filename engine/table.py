"""What a player at the table sees: the position with every face-down card hidden.

A sealed deal (the ranked daily) is worth playing only if nobody can read the cards the
dealer has not turned over. This module is the one definition of "face down" in Canfield,
so a server shows a sealed game through it and nothing else:

* the reserve below its top card (the top is face up and playable);
* every card of the stock (dealt face down; cards turned back by a recycle or an undo are
  face down again);
* the deal code (a code *is* the layout, the shuffle being public).

Everything else is on the table face up: the base card, the columns, the foundations and
the waste (the cards the player turned over). A face-down card keeps its place as
``None``, so the state keeps its shape and the counts a player can see (reserve 12,
stock 34) stay readable.

>>> from engine import Game
>>> game = Game.from_code("CF1-D3-AAAAACL")
>>> seen = table_view(game.state())
>>> seen["code"], seen["reserve"][-1] == game.state()["reserve"][-1], seen["reserve"][0]
(None, True, None)
>>> set(seen["stock"]), len(seen["stock"])
({None}, 34)
"""

from __future__ import annotations

from .state_types import State, TableView

#: How a face-down card travels: it has a place, not a name.
FACE_DOWN = None


def table_view(state: State) -> TableView:
    """``state`` (as ``Game.state()`` gives it) as a player at the table sees it.

    A new dict; ``state`` is not changed. Piles that are entirely face up are copied as
    they are, so what the player may see is exactly what the full state says.
    """
    reserve = state["reserve"]
    return {
        **state,
        "code": FACE_DOWN,
        "reserve": [FACE_DOWN] * (len(reserve) - 1) + reserve[-1:],
        "stock": [FACE_DOWN] * len(state["stock"]),
    }


def is_face_down(state: State, card: str) -> bool:
    """Whether ``card`` is face down in ``state``: in the stock, or in the reserve below its
    top (what a tap on it, or a card typed, cannot reach).

    >>> from engine import Game
    >>> state = Game.from_code("CF1-D3-AAAAACL").state()
    >>> is_face_down(state, state["stock"][0]), is_face_down(state, state["reserve"][-1])
    (True, False)
    """
    return card in state["stock"] or card in state["reserve"][:-1]


__all__ = ["FACE_DOWN", "is_face_down", "table_view"]
