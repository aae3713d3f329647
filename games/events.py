"""What a committed write tells the rest of the process: its events, as values.

A write (a move, a resignation, a submission, a new game, a hint, a fair-play hold) raises
these inside its transaction; ``games.services.announcing`` hands them to their handlers
(the rank index, then the live announcement) once it commits, so nothing hears of a write
that was rolled back. They carry what the write already holds, so that a handler need not
read it again: the board after an action, the entry as written.

Plain data, no behaviour: the service raises them, ``games.live`` and ``games.rank_index``
read them.
"""

from __future__ import annotations

from dataclasses import dataclass

from engine import State, TableView

#: The rank index's change of one entry: (player id, revision, member), an empty member
#: taking the player's entry out (``games.rank_index.writes``).
IndexChange = tuple[int, int, str]


@dataclass(frozen=True)
class ActionAppended:
    """An action was appended to ``game_id``'s log (ranked on ``board``).

    ``state``: the board after it as clients may see it (``shown_state``), when the write
    had it in hand; None lets the announcement replay the log for it."""

    game_id: int
    board: str
    player_id: int
    seq: int
    token: str
    score_after: int
    state: State | TableView | None = None


@dataclass(frozen=True)
class EntryChanged:
    """``player_id``'s entry on ``board`` changed (or went).

    ``change``: the entry as the write left it, for the rank index; None when the write
    could not build it from what it held (the index then reads the committed row)."""

    board: str
    player_id: int
    change: IndexChange | None = None


@dataclass(frozen=True)
class GameFinished:
    """``game_id`` ended (won or resigned) with its action ``seq``: its ``status``."""

    game_id: int
    board: str
    player_id: int
    seq: int
    status: str


Event = ActionAppended | EntryChanged | GameFinished
