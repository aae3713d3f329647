"""Reading a board from the index: a page, the window around a player, one entry.

Each read is one Lua script call (O(log N + limit) in Redis), checked against the board's
size as the SQL count tables give it; any doubt (not ready, sizes differ, Redis error)
returns None and the caller reads SQL.
"""

import threading
import time
from collections.abc import Callable
from typing import NamedTuple

import redis
from django.db import connection as database

from games.rank_index import scripts
from games.rank_index.building import background
from games.rank_index.members import RANK_KEY_WIDTH, row_of
from games.rank_index.store import BoardKeys, board_keys, connection, declare_stale, enabled, health
from games.selectors.leaderboard_rows import Row
from shared import redis_clients
from shared.redis_clients import RedisUse

#: How long a board's index may disagree with the SQL count of its entries before it is
#: declared stale and rebuilt. An update lands a few ms after its commit, so reads in that
#: window disagree briefly (they use SQL); a lasting difference is an update that was lost.
MISMATCH_GRACE_S = 10.0


class IndexedPage(NamedTuple):
    total: int
    offset: int
    first_rank: int
    rows: list[Row]


class PlayerNotIndexed(LookupError):
    """The board is ready and consistent, and the player has no entry on it."""


class Mismatches:
    """Since when each board's index has disagreed with SQL on its size, read after read."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.since: dict[str, float] = {}

    def lasting(self, board: str, *, agree: bool) -> bool:
        """Record one read's verdict; True if the disagreement outlasted the grace."""
        now = time.monotonic()
        with self.lock:
            if agree:
                self.since.pop(board, None)
                return False
            first = self.since.setdefault(board, now)
            if now - first < MISMATCH_GRACE_S:
                return False
            del self.since[board]
            return True


mismatches = Mismatches()

Reply = list  # [total, offset, better, members] from a read script
Call = Callable[[redis.Redis, BoardKeys], Reply | None]


def read(board: str, *, total: int, call: Call) -> Reply | None:
    """Run a read script, or None when SQL must answer instead."""
    if not enabled() or database.in_atomic_block:
        # Inside a transaction the caller may see entries it has not committed, which the
        # index (and a build's own connection) cannot: SQL gives it its own view.
        return None
    try:
        client = connection()
        return checked(client, board, call(client, board_keys(board)), total=total)
    except redis.RedisError as error:
        health.failed(board=None, error=error)
        return None


#: A script to run on a board: its source, keys and arguments, from the board's keys.
Spec = Callable[[BoardKeys], scripts.ScriptCall]


def read_many(board: str, *, total: int, specs: list[Spec]) -> list[Reply | None]:
    """``read`` for several scripts of one board in one command (``scripts.run_many``)."""
    return read_boards_after(None, [(board, total, specs)])[1][0]


#: A board's reads: the board, its size in SQL (what the index is checked against), scripts.
BoardReads = tuple[str, int, list[Spec]]


def read_boards_after(
    before: scripts.ScriptCall | None,
    boards: list[BoardReads],
    *,
    use: RedisUse = redis_clients.RANK_INDEX,
) -> tuple[object | None, list[list[Reply | None]]]:
    """The reads of several boards in one command (``scripts.run_many``: one script running
    them all) on ``use``'s client, with ``before`` run first in it: ``before``'s reply (None
    when nothing ran: the index is not read now, or Redis failed) and each board's replies."""
    unread: list[list[Reply | None]] = [[None for _ in specs] for _, _, specs in boards]
    if not enabled() or database.in_atomic_block:
        return None, unread
    try:
        client = connection(use)
        calls = [spec(board_keys(board)) for board, _, specs in boards for spec in specs]
        replies = scripts.run_many(client, calls if before is None else [before, *calls])
        ran = None if before is None else replies.pop(0)
        answers = iter(replies)
        return ran, [
            [checked(client, board, next(answers), total=total) for _ in specs]  # type: ignore[arg-type]
            for board, total, specs in boards
        ]
    except redis.RedisError as error:
        health.failed(board=None, error=error)
        return None, unread


def checked(client: redis.Redis, board: str, reply: Reply | None, *, total: int) -> Reply | None:
    """A script's reply if the board's index is ready and agrees with SQL on its size."""
    if reply is None:
        background.start(board)
        return None
    if reply[0] == total:
        mismatches.lasting(board, agree=True)
        return reply
    if mismatches.lasting(board, agree=False):
        declare_stale(client, {board})
    return None


def indexed_page(board: str, reply: Reply) -> IndexedPage:
    total, offset, better, members = reply
    rows = [row_of(member, board=board) for member in members]
    return IndexedPage(total=total, offset=offset, first_rank=better + 1 if rows else 0, rows=rows)


def page(*, board: str, offset: int, limit: int, total: int) -> IndexedPage | None:
    """Entries ``offset`` .. ``offset + limit - 1``, if the index can answer."""
    if offset < 0 or limit < 0:
        return None  # Redis would count from the end: leave such requests to SQL

    def call(client: redis.Redis, keys: BoardKeys) -> Reply | None:
        args = [offset, limit, RANK_KEY_WIDTH]
        return scripts.run(client, scripts.PAGE, keys=[keys.order, keys.ready], args=args)

    reply = read(board, total=total, call=call)
    return None if reply is None else indexed_page(board, reply)


def around(*, board: str, player_id: int, limit: int, total: int) -> IndexedPage | None:
    """``limit`` entries centred on the player's (``limit`` 0: the entry alone), if the
    index can answer; raises ``PlayerNotIndexed`` if the player has no entry."""
    found = entries_around(board=board, player_ids=[player_id], limit=limit, total=total)[0]
    if isinstance(found, PlayerNotIndexed):
        raise found
    return found


def entries_around(
    *, board: str, player_ids: list[int], limit: int, total: int
) -> list[IndexedPage | PlayerNotIndexed | None]:
    """``around`` for several players of one board in one round trip (the live publisher's
    batch): for each, the page, ``PlayerNotIndexed`` (returned, not raised), or None."""
    return boards_entries_after(None, [(board, player_ids, total)], limit=limit)[1][0]


Found = list[IndexedPage | PlayerNotIndexed | None]


def boards_entries_after(
    before: scripts.ScriptCall | None,
    boards: list[tuple[str, list[int], int]],
    *,
    limit: int = 0,
    use: RedisUse = redis_clients.RANK_INDEX,
) -> tuple[object | None, list[Found]]:
    """``entries_around`` of several boards' players (board, player ids, its size in SQL)
    in one round trip on ``use``'s client, ``before`` run first in it (``read_boards_after``):
    the live publisher's version bump, which must come before the entries it announces are
    read, on its own connection. ``before``'s reply (None: it did not run, the caller runs it
    alone) and each board's entries."""

    def spec_for(player_id: int) -> Spec:
        def spec(keys: BoardKeys) -> scripts.ScriptCall:
            used = [keys.order, keys.ready, keys.members]
            return scripts.AROUND, used, [player_id, limit, RANK_KEY_WIDTH]

        return spec

    ran, replies = read_boards_after(
        before,
        [
            (board, total, [spec_for(player) for player in players])
            for board, players, total in boards
        ],
        use=use,
    )
    return ran, [
        entries_found(board, players, board_replies)
        for (board, players, _), board_replies in zip(boards, replies, strict=True)
    ]


def entries_found(board: str, player_ids: list[int], replies: list[Reply | None]) -> Found:
    """The AROUND replies of ``player_ids`` as pages, ``PlayerNotIndexed`` or None."""
    found: Found = []
    for player_id, reply in zip(player_ids, replies, strict=True):
        if reply is None:
            found.append(None)
        elif reply[1] < 0:
            found.append(PlayerNotIndexed(player_id))
        else:
            found.append(indexed_page(board, reply))
    return found
