"""The shapes of a game as plain data, as types: a state, a table view and a snapshot.

``Game.state()`` gives a :data:`State`, ``table_view`` (``Game.table_state()``) a
:data:`TableView`, ``Game.to_snapshot()`` a :class:`Snapshot`. They are ``TypedDict``\\ s, so
the values are the plain dicts they always were (JSON as they are) while a type checker knows
each key's type: a bot, the service and the tests index ``state["reserve"][-1]`` as a card
name, not as ``object``. Typing only: nothing here runs at play time.

A state and a table view have one shape (:class:`StateOf`): the table view hides the
face-down cards (the reserve below its top card, the whole stock) as ``None`` in their
places, so its reserve and stock are lists of ``str | None`` where a state's are lists of
names. One generic definition says so once, rather than two copies of every key.
"""

from __future__ import annotations

from typing import Generic, NotRequired, TypeAlias, TypedDict, TypeVar

#: A card in a pile that may lie face down: its name (``"7H"``) in a state, ``str | None``
#: in a table view (``None``: face down, ``engine.table.FACE_DOWN``).
CardSeen = TypeVar("CardSeen", str, str | None)


class StateOf(TypedDict, Generic[CardSeen]):
    """A position as plain data: cards as names (``"7H"``), piles bottom -> top.

    ``code`` is None for a hand-built deal (and in a table view, where the code would tell
    the layout); ``foundations`` maps each suit letter (``"CDHS"``) to its pile, built up
    from the base rank; ``cards`` counts the cards on the foundations, the base included.
    """

    code: str | None
    draw: int
    base: str
    reserve: list[CardSeen]
    stock: list[CardSeen]
    waste: list[str]
    tableau: list[list[str]]
    foundations: dict[str, list[str]]
    score: int
    moves: int
    won: bool
    cards: int


#: ``Game.state()``: the whole position, every card named.
State: TypeAlias = StateOf[str]
#: ``table_view(state)``: the position as a player at the table sees it (face-down: None).
TableView: TypeAlias = StateOf[str | None]


class Snapshot(TypedDict):
    """``Game.to_snapshot()``: a position with its undo history, compact for storage.

    Piles are strings of two-letter card names; ``foundations`` the count on each suit's
    foundation (``"CDHS"`` order); ``history`` the undo records, oldest first (``"token"`` or
    ``"token:extra"``); ``deal`` (the shuffled deck) only for a deal with no code.
    """

    v: int
    code: str | None
    draw: int
    base: str
    reserve: str
    stock: str
    waste: str
    tableau: list[str]
    foundations: list[int]
    score: int
    moves: int
    history: list[str]
    deal: NotRequired[str]


__all__ = ["CardSeen", "Snapshot", "State", "StateOf", "TableView"]
