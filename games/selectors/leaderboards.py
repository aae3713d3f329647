"""Leaderboard reads: a page of a board, or the window around one player.

Answered by the rank index (``games.rank_index``, a Redis sorted set per board) when it is
enabled and the board's index is ready and agrees with the count tables on the board's
size; by the SQL count tables (``leaderboard_sql``) otherwise: no Redis (the embedded
default), Redis down, or an index still being built. Both give identical results; the
order, ranks and values are defined once in ``leaderboard_rows``.
"""

from dataclasses import replace

from django.contrib.auth import get_user_model

from games import rank_index
from games.errors import NotOnBoard
from games.selectors.leaderboard_rows import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
    RANKING_ORDER,
    LeaderboardPage,
    RankedEntry,
    Row,
    ranked,
)
from games.selectors.leaderboard_sql import (
    BoardCounts,
    better_count,
    entry_row,
    page_from,
    position_of,
)

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_LIMIT",
    "RANKING_ORDER",
    "LeaderboardPage",
    "RankedEntry",
    "Row",
    "leaderboard_around",
    "leaderboard_entry_ranked",
    "leaderboard_page",
]


def indexed(code: str, found: rank_index.IndexedPage, *, limit: int) -> LeaderboardPage:
    return LeaderboardPage(
        code=code,
        total=found.total,
        offset=found.offset,
        limit=limit,
        entries=ranked(found.rows, offset=found.offset, first_rank=found.first_rank),
    )


def leaderboard_page(*, code: str, limit: int = DEFAULT_LIMIT, offset: int = 0) -> LeaderboardPage:
    """Entries ``offset`` .. ``offset + limit - 1`` of a board (0-based), best first."""
    counts = BoardCounts(code)  # one small query; also what the index is checked against
    found = rank_index.page(code=code, offset=offset, limit=limit, total=counts.total)
    if found is not None:
        return indexed(code, found, limit=limit)
    return page_from(counts, offset=offset, limit=limit)


def not_on_board(code: str, username: str) -> NotOnBoard:
    return NotOnBoard(f"{username!r} has no game on {code}", username=username, code=code)


def leaderboard_around(*, code: str, username: str, limit: int = 11) -> LeaderboardPage:
    """``limit`` entries centred on the player's entry (fewer near the top)."""
    player_id = (
        get_user_model().objects.filter(username=username).values_list("id", flat=True).first()
    )
    if player_id is None:
        raise not_on_board(code, username)
    counts = BoardCounts(code)
    try:
        found = rank_index.around(code=code, player_id=player_id, limit=limit, total=counts.total)
    except rank_index.PlayerNotIndexed:
        raise not_on_board(code, username) from None
    if found is not None:
        return replace(indexed(code, found, limit=limit), around=username)
    entry = entry_row(code, player_id=player_id)
    if entry is None:
        raise not_on_board(code, username)
    offset = max(0, position_of(entry, counts) - limit // 2)
    return replace(page_from(counts, offset=offset, limit=limit), around=username)


def leaderboard_entry_ranked(*, code: str, player_id: int) -> RankedEntry | None:
    """One player's entry with its rank (for live updates), or None if they have none."""
    counts = BoardCounts(code)
    try:
        found = rank_index.around(code=code, player_id=player_id, limit=0, total=counts.total)
    except rank_index.PlayerNotIndexed:
        return None
    if found is not None:
        return ranked(found.rows, offset=0, first_rank=found.first_rank)[0]
    entry = entry_row(code, player_id=player_id)
    if entry is None:
        return None
    return ranked([entry], offset=0, first_rank=1 + better_count(entry, counts))[0]
