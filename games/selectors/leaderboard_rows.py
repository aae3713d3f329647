"""What a leaderboard read returns, whichever store answered it (the SQL count tables or the
rank index): the values, the board's order and how ranks are numbered, defined once so both
read paths give identical pages."""

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

RANKING_ORDER = ("assisted", "-cards", "moves", "reached_at", "id")
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
    assisted: bool


@dataclass(frozen=True)
class LeaderboardPage:
    code: str
    total: int
    offset: int
    limit: int
    entries: list[RankedEntry]
    around: str | None = None


class Row(NamedTuple):
    """An entry as the reads need it: plain values, no model instance (a page of 100 rows
    is built several times faster this way)."""

    id: int
    code: str
    cards: int
    moves: int
    score: int
    won: bool
    status: str
    reached_at: datetime
    assisted: bool
    game: int
    player: str


#: The columns of a ``Row``, in order (the player's row is joined for the name only).
ROW_COLUMNS = (*Row._fields[:-2], "game_id", "player__username")


def ranking_key(entry: Row) -> tuple[bool, int, int, datetime]:
    """What decides a rank (the id only orders ties)."""
    return (entry.assisted, -entry.cards, entry.moves, entry.reached_at)


def ranked(entries: list[Row], *, offset: int, first_rank: int) -> list[RankedEntry]:
    """Entries in board order starting at ``offset``, with competition ranks ("1224")."""
    out: list[RankedEntry] = []
    rank = first_rank
    for index, entry in enumerate(entries):
        if index and ranking_key(entry) != ranking_key(entries[index - 1]):
            rank = offset + index + 1
        out.append(
            RankedEntry(
                rank=rank,
                player=entry.player,
                cards=entry.cards,
                score=entry.score,
                moves=entry.moves,
                won=entry.won,
                status=entry.status,
                game=entry.game,
                reached_at=entry.reached_at,
                assisted=entry.assisted,
            )
        )
    return out
