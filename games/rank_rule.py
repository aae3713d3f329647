"""The ranking rule's comparisons of one player's rows, as plain Python (no Django): what the
move kernel (``games.kernel``) decides an entry with, and what ``games.ranking`` re-exports
beside the rule's SQL forms (``order_by``), so there is one definition of each."""

from datetime import datetime
from typing import Any

#: A standing: (assisted, cards, actions), the key of a board's count rows.
Standing = tuple[bool, int, int]


def standing_of(row: Any) -> Standing:
    """The rank count a row belongs to: (assisted, cards, actions) of an entry or game row."""
    return (row.assisted, row.cards, row.action_count)


def row_key(row: Any) -> tuple[int, int, bool, int, datetime]:
    """``order_by(with_assisted=False)`` as a tuple, for a game row or an entry (model fields
    ``action_count`` and ``elapsed``), without the id."""
    elapsed = row.elapsed
    return (-row.cards, row.action_count, elapsed is None, elapsed or 0, row.reached_at)


def better_than(game: Any, entry: Any) -> bool:
    """Whether the game row ``game`` ranks before ``entry``, a copy of another game of the
    same player on the same board (assistance is theirs on the board: not compared), ids
    breaking ties as in ``order_by``. What lets a move decide its entry without a query."""
    return (row_key(game), game.id) < (row_key(entry), entry.game_id)
