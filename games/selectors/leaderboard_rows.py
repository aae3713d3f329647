"""What a leaderboard read returns, whichever store answered it (the SQL count tables or the
rank index): the values and how ranks are numbered (the order is ``games.ranking``), defined
once so both read paths give identical pages."""

from dataclasses import dataclass
from datetime import datetime
from typing import NamedTuple

from games.boards import partition_of
from games.ranking import rank_key

DEFAULT_LIMIT = 20
MAX_LIMIT = 100


@dataclass(frozen=True)
class RankedEntry:
    """An entry as clients get it. ``game`` is None while its board is sealed; ``bot``: a
    declared bot's (an entry of the board's bots partition); ``provisional``: set by the
    reads (``games.selectors.leaderboards``), never by ``ranked``."""

    rank: int
    player: str
    cards: int
    actions: int
    elapsed: int | None
    score: int
    moves: int
    won: bool
    status: str
    game: int | None
    reached_at: datetime
    assisted: bool
    bot: bool = False
    provisional: bool = False  # in its player's first ranked days (games.selectors.provisional)


@dataclass(frozen=True)
class LeaderboardPage:
    board: str
    total: int
    offset: int
    limit: int
    entries: list[RankedEntry]
    around: str | None = None


class Row(NamedTuple):
    """An entry as the reads need it: plain values, no model instance (a page of 100 rows
    is built several times faster this way)."""

    id: int
    board: str
    cards: int
    actions: int
    elapsed: int | None
    moves: int
    score: int
    won: bool
    status: str
    reached_at: datetime
    assisted: bool
    game: int
    player: str


#: The columns of a ``Row``, in order (the player's row is joined for the name only).
ROW_COLUMNS = tuple(
    {"actions": "action_count", "game": "game_id", "player": "player__username"}.get(name, name)
    for name in Row._fields
)


def ranked(entries: list[Row], *, offset: int, first_rank: int) -> list[RankedEntry]:
    """Entries in board order starting at ``offset``, with competition ranks ("1224")."""
    out: list[RankedEntry] = []
    rank = first_rank
    for index, entry in enumerate(entries):
        if index and rank_key(entry) != rank_key(entries[index - 1]):
            rank = offset + index + 1
        out.append(
            RankedEntry(
                rank=rank,
                player=entry.player,
                cards=entry.cards,
                actions=entry.actions,
                elapsed=entry.elapsed,
                score=entry.score,
                moves=entry.moves,
                won=entry.won,
                status=entry.status,
                game=entry.game,
                reached_at=entry.reached_at,
                assisted=entry.assisted,
                bot=partition_of(entry.board)[1],
            )
        )
    return out
