"""Leaderboard reads: a page of a board, or the window around one player.

While a board is sealed (a daily board before its close) its entries carry ``game: None``:
a game id would lead to a log nobody but its owner may read (``sealed_entries``).

A board's people and its declared bots rank apart, on two ranking boards
(``games.boards.ranking_board``); ``leaderboard_read`` serves a client's ``who``: one
partition, or both in one order (``all``, from the SQL count tables of both).

Answered by the rank index (``games.rank_index``, a Redis sorted set per board) when it is
enabled and the board's index is ready and agrees with the count tables on the board's
size; by the SQL count tables (``leaderboard_sql``) otherwise: no Redis (the embedded
default), Redis down, or an index still being built. Both give identical results; the
order, ranks and values are defined once in ``leaderboard_rows``.
"""

from collections.abc import Sequence
from dataclasses import replace

from django.contrib.auth import get_user_model
from django.db.models import Sum

from games import rank_index
from games.boards import Who, board_sealed, partition_of, partitions, ranking_board
from games.errors import NotOnBoard
from games.models import CardsCount
from games.selectors.leaderboard_rows import (
    DEFAULT_LIMIT,
    MAX_LIMIT,
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
from games.selectors.provisional import provisional_marked

__all__ = [
    "DEFAULT_LIMIT",
    "MAX_LIMIT",
    "LeaderboardPage",
    "RankedEntry",
    "Row",
    "leaderboard_around",
    "leaderboard_entries_ranked",
    "leaderboard_entry_ranked",
    "leaderboard_page",
    "leaderboard_read",
]


def sealed_entries(page: LeaderboardPage) -> LeaderboardPage:
    """``page`` as clients may see it: no game ids while its board is sealed; entries in
    their players' first ranked days marked ``provisional``."""
    page = replace(page, entries=provisional_marked(page.board, page.entries))
    if not board_sealed(page.board):
        return page
    return replace(page, entries=[replace(entry, game=None) for entry in page.entries])


def indexed(board: str, found: rank_index.IndexedPage, *, limit: int) -> LeaderboardPage:
    return LeaderboardPage(
        board=board,
        total=found.total,
        offset=found.offset,
        limit=limit,
        entries=ranked(found.rows, offset=found.offset, first_rank=found.first_rank),
    )


def leaderboard_page(*, board: str, limit: int = DEFAULT_LIMIT, offset: int = 0) -> LeaderboardPage:
    """Entries ``offset`` .. ``offset + limit - 1`` of a board (0-based), best first."""
    counts = BoardCounts(board)  # one small query; also what the index is checked against
    found = rank_index.page(board=board, offset=offset, limit=limit, total=counts.total)
    if found is not None:
        return sealed_entries(indexed(board, found, limit=limit))
    return sealed_entries(page_from(counts, offset=offset, limit=limit))


def not_on_board(board: str, username: str) -> NotOnBoard:
    """The 404 of a player with no entry on a board (named by its id: never a partition's)."""
    board = partition_of(board)[0]
    return NotOnBoard(f"{username!r} has no game on {board}", username=username, board=board)


def leaderboard_around(*, board: str, username: str, limit: int = 11) -> LeaderboardPage:
    """``limit`` entries centred on the player's entry (fewer near the top)."""
    player_id = (
        get_user_model().objects.filter(username=username).values_list("id", flat=True).first()
    )
    if player_id is None:
        raise not_on_board(board, username)
    counts = BoardCounts(board)
    try:
        found = rank_index.around(board=board, player_id=player_id, limit=limit, total=counts.total)
    except rank_index.PlayerNotIndexed:
        raise not_on_board(board, username) from None
    if found is not None:
        return sealed_entries(replace(indexed(board, found, limit=limit), around=username))
    entry = entry_row(board, player_id=player_id)
    if entry is None:
        raise not_on_board(board, username)
    offset = max(0, position_of(entry, counts) - limit // 2)
    return sealed_entries(replace(page_from(counts, offset=offset, limit=limit), around=username))


def leaderboard_around_all(*, board: str, username: str, limit: int = 11) -> LeaderboardPage:
    """``leaderboard_around`` on both partitions of ``board`` read as one (``who=all``)."""
    counts = BoardCounts(board, partitions=partitions(board, Who.ALL))
    entry = entry_row(counts.partitions, player__username=username)
    if entry is None:
        raise not_on_board(board, username)
    offset = max(0, position_of(entry, counts) - limit // 2)
    return sealed_entries(replace(page_from(counts, offset=offset, limit=limit), around=username))


def leaderboard_read(
    *,
    board: str,
    who: Who = Who.HUMANS,
    limit: int = DEFAULT_LIMIT,
    offset: int = 0,
    around: str | None = None,
) -> LeaderboardPage:
    """What ``GET /api/leaderboards/<board>/?who=`` shows: a page, or the window ``around`` a
    player, of the board's people (``humans``), its declared bots (``bots``), or both in the
    one ranking order (``all``: a rank is 1 + the entries strictly better in either
    partition). One partition is read like any board (the rank index first); ``all`` is read
    from the count tables of both, summed (``BoardCounts(partitions=...)``), which costs what
    an SQL page costs at any offset. The page names ``board``, never a partition's id."""
    if who is Who.ALL:
        if around is not None:
            page = leaderboard_around_all(board=board, username=around, limit=limit)
        else:
            counts = BoardCounts(board, partitions=partitions(board, Who.ALL))
            page = sealed_entries(page_from(counts, offset=offset, limit=limit))
    else:
        ranking = ranking_board(board, bot=who is Who.BOTS)
        if around is not None:
            page = leaderboard_around(board=ranking, username=around, limit=limit)
        else:
            page = leaderboard_page(board=ranking, limit=limit, offset=offset)
    return replace(page, board=board)


def leaderboard_entry_ranked(
    *, board: str, player_id: int, counts: BoardCounts | None = None
) -> RankedEntry | None:
    """One player's entry with its rank (for live updates), or None if they have none.
    ``counts``: the board's, already read (a batch of entries of one board reads them once)."""
    return leaderboard_entries_ranked(board=board, player_ids=[player_id], counts=counts)[0]


def leaderboard_entries_ranked(
    *,
    board: str,
    player_ids: list[int],
    counts: BoardCounts | None = None,
    found: Sequence[rank_index.IndexedPage | rank_index.PlayerNotIndexed | None] | None = None,
) -> list[RankedEntry | None]:
    """``leaderboard_entry_ranked`` of several players of one board: the rank index answers
    them in one round trip (or ``found``: its answers, read by the caller with ``counts``'s
    total, as the live publisher does with its version bump); those it cannot answer are
    read from SQL one by one."""
    counts = counts or BoardCounts(board)
    if found is None:
        found = rank_index.entries_around(
            board=board, player_ids=player_ids, limit=0, total=counts.total
        )
    sealed = board_sealed(board)
    entries: list[RankedEntry | None] = []
    for player_id, indexed in zip(player_ids, found, strict=True):
        entry: RankedEntry | None
        if isinstance(indexed, rank_index.PlayerNotIndexed):
            entry = None
        elif indexed is not None:
            entry = ranked(indexed.rows, offset=0, first_rank=indexed.first_rank)[0]
        else:
            row = entry_row(board, player_id=player_id)
            entry = (
                None
                if row is None
                else ranked([row], offset=0, first_rank=1 + better_count(row, counts))[0]
            )
        entries.append(replace(entry, game=None) if entry is not None and sealed else entry)
    marked = iter(provisional_marked(board, [entry for entry in entries if entry is not None]))
    return [None if entry is None else next(marked) for entry in entries]


def board_field_counts(*, board: str | Sequence[str]) -> dict[int, int]:
    """`{cards_on_foundations: number_of_players}` over every entry of `board` (a ranking
    board, or several counted together: ``games.boards.partitions``).

    Read from the board's rank counts (at most 104 rows: per cards value, unassisted and
    assisted apart), not by grouping the entries, so a big board costs the same."""
    rows = (
        CardsCount.objects.filter(board__in=[board] if isinstance(board, str) else list(board))
        .values("cards")
        .annotate(players=Sum("entries"))
        .order_by("cards")
    )
    return {int(row["cards"]): int(row["players"]) for row in rows}
