"""Keeping the index up to date: after each commit that changed an entry, and in builds."""

import logging
from collections.abc import Iterable

import redis
from redis.typing import EncodableT

from games.models import LeaderboardEntry
from games.rank_index import scripts
from games.rank_index.members import member_of
from games.rank_index.store import (
    IDLE_TTL_S,
    BoardKeys,
    board_keys,
    enabled,
    health,
    writing_connection,
)
from games.selectors.leaderboard_rows import ROW_COLUMNS, Row

logger = logging.getLogger(__name__)

#: What a build or an update reads of an entry: its ``Row``, its player id, its revision.
INDEXED_COLUMNS = (*ROW_COLUMNS, "player_id", "revision")

#: (player id, revision, member); an empty member removes the player's entry.
Change = tuple[int, int, str]


def change_of(values: tuple) -> Change:
    """The change putting an entry read with ``INDEXED_COLUMNS`` into the index."""
    *row, player_id, revision = values
    return (player_id, revision, member_of(Row._make(row)))


def change_of_entry(entry: LeaderboardEntry, *, username: str) -> Change:
    """The change putting an entry as just written into the index, from the instance in hand
    (``INDEXED_COLUMNS`` read from it, the player's name given): no read after the commit."""
    return change_of(
        tuple(
            username if name == "player__username" else getattr(entry, name)
            for name in INDEXED_COLUMNS
        )
    )


def apply(client: redis.Redis, keys: BoardKeys, changes: Iterable[Change]) -> int:
    """Apply changes atomically, each only if newer than what the index holds; how many
    were applied."""
    args: list[EncodableT] = [value for change in changes for value in change]
    if not args:
        return 0
    used = [*keys.data, keys.ready, keys.epoch]
    return int(scripts.run(client, scripts.APPLY, keys=used, args=[IDLE_TTL_S, *args]))


def entry_changed(*, board: str, player_id: int, change: Change | None = None) -> None:
    """Put the player's entry on ``board``, as committed, into the index (or take it out).

    Called after the commit of every write that changed the entry; ``change`` is the entry
    as that write left it (``change_of_entry``), read from the database when not given. The
    revision makes a late or repeated change harmless either way. Never raises: the write
    is done, and a failure here only makes the board's index stale, which this process
    remembers and declares at its next successful contact with Redis (reads then use SQL
    until a rebuild completes).
    """
    if not enabled():
        return
    try:
        if change is None:
            found = list(
                LeaderboardEntry.objects.filter(board=board, player_id=player_id).values_list(
                    *INDEXED_COLUMNS
                )[:1]
            )
            change = change_of(found[0]) if found else (player_id, 0, "")
        apply(writing_connection(), board_keys(board), [change])
    except Exception as error:  # whatever failed, the request must not see it
        health.failed(board=board, error=error)
