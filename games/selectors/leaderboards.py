"""Leaderboard reads: a page of a board, or the window around one player.

Order: most cards on the foundations, then fewest moves, then the earliest time the
position was reached (the ``entry_ranking`` index, so a page is one index range scan).
A rank is 1 + the number of entries strictly better (ties share a rank), which is one
count over that same index; ranks inside a page follow from the first one.
"""

from dataclasses import dataclass, replace
from datetime import datetime

from django.db.models import Q, QuerySet

from games.errors import NotOnBoard
from games.models import LeaderboardEntry

RANKING_ORDER = ("-cards", "moves", "reached_at", "id")
DEFAULT_LIMIT = 20
MAX_LIMIT = 100


@dataclass(frozen=True)
class RankedEntry:
    rank: int
    player: str
    cards: int
    score: int
    moves: int
    won: bool
    status: str
    game: int
    reached_at: datetime


@dataclass(frozen=True)
class LeaderboardPage:
    code: str
    total: int
    offset: int
    limit: int
    entries: list[RankedEntry]
    around: str | None = None


def board(code: str) -> QuerySet[LeaderboardEntry]:
    return LeaderboardEntry.objects.filter(code=code)


def ranking_key(entry: LeaderboardEntry) -> tuple[int, int, datetime]:
    """What decides a rank (the id only orders ties)."""
    return (-entry.cards, entry.moves, entry.reached_at)


def strictly_better(entry: LeaderboardEntry) -> Q:
    return (
        Q(cards__gt=entry.cards)
        | Q(cards=entry.cards, moves__lt=entry.moves)
        | Q(cards=entry.cards, moves=entry.moves, reached_at__lt=entry.reached_at)
    )


def entry_rank(entry: LeaderboardEntry) -> int:
    """1 + the number of entries on the board strictly better than ``entry``."""
    return 1 + board(entry.code).filter(strictly_better(entry)).count()


def entry_position(entry: LeaderboardEntry) -> int:
    """How many entries come before ``entry`` in the board's order (its 0-based offset)."""
    tied_before = Q(
        cards=entry.cards, moves=entry.moves, reached_at=entry.reached_at, id__lt=entry.id
    )
    return board(entry.code).filter(strictly_better(entry) | tied_before).count()


def ranked(entries: list[LeaderboardEntry], *, offset: int) -> list[RankedEntry]:
    """Entries in board order starting at ``offset``, with competition ranks ("1224")."""
    out: list[RankedEntry] = []
    rank = 0
    for index, entry in enumerate(entries):
        if index == 0:
            rank = entry_rank(entry)
        elif ranking_key(entry) != ranking_key(entries[index - 1]):
            rank = offset + index + 1
        out.append(
            RankedEntry(
                rank=rank,
                player=entry.player.username,
                cards=entry.cards,
                score=entry.score,
                moves=entry.moves,
                won=entry.won,
                status=entry.status,
                game=entry.game_id,
                reached_at=entry.reached_at,
            )
        )
    return out


def leaderboard_page(
    *, code: str, limit: int = DEFAULT_LIMIT, offset: int = 0
) -> LeaderboardPage:
    """Entries ``offset`` .. ``offset + limit - 1`` of a board (0-based), best first."""
    rows = list(
        board(code).select_related("player").order_by(*RANKING_ORDER)[offset : offset + limit]
    )
    return LeaderboardPage(
        code=code,
        total=board(code).count(),
        offset=offset,
        limit=limit,
        entries=ranked(rows, offset=offset),
    )


def leaderboard_around(*, code: str, username: str, limit: int = 11) -> LeaderboardPage:
    """``limit`` entries centred on the player's entry (fewer near the top)."""
    entry = board(code).filter(player__username=username).first()
    if entry is None:
        raise NotOnBoard(f"{username!r} has no game on {code}", username=username, code=code)
    offset = max(0, entry_position(entry) - limit // 2)
    return replace(leaderboard_page(code=code, limit=limit, offset=offset), around=username)


def leaderboard_entry_ranked(*, code: str, player_id: int) -> RankedEntry | None:
    """One player's entry with its rank (for live updates), or None if they have none."""
    entry = board(code).select_related("player").filter(player_id=player_id).first()
    return None if entry is None else ranked([entry], offset=0)[0]
