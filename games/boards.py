"""Boards: where a game ranks, and whether what is on it is still sealed.

An **open** board is a deal code (``CF1-D3-ABCDEFG``): its layout is public, anyone may play,
submit, watch and replay. A **daily** board (``daily-2026-12-01-D3``) holds the ranked games
of one UTC day's sealed deal in one draw mode. It is sealed until the day ends at 00:00 UTC:
its deal's number and code stay on the server, its games show only what a player at the
table sees (``engine.table``) and only to their owners. From the close on, its entries are
final, its games public, its deal an open code like any other.

Sealing is decided by the clock at each read and write (``closes_at``), so no job has to run
at midnight for it to be right.

**Partitions.** Declared bots rank apart: each board has a people's ranking, under its own
id, and a bots' one, under the id plus ``BOTS_SUFFIX`` (``daily-2026-12-01-D3.bots``). Entries,
their count tables, the rank index and the live groups are keyed by this *ranking board*, so
each partition is a board of its own to them. ``ranking_board`` is the one home of the rule;
no client writes a partition's id (``parse_board`` never returns one: deal codes are upper
case, daily ids end in the mode), clients choose with ``who`` (``Who``).
"""

import re
from dataclasses import dataclass
from datetime import UTC, date, datetime, time, timedelta
from enum import StrEnum
from typing import Protocol

from django.utils import timezone
from django.utils.translation import gettext

from engine import Deal, DealCodeError
from games.errors import BadBoard, BadWho

#: Draw modes of the daily deals and their board suffixes.
DAILY_MODES = {"D3": 3, "D1": 1}

DAILY_BOARD = re.compile(r"^daily-(?P<day>\d{4}-\d{2}-\d{2})-(?P<mode>D3|D1)$")
#: The same shape without the named groups, for published schemas (JSON Schema patterns).
DAILY_BOARD_PATTERN = r"^daily-\d{4}-\d{2}-\d{2}-D[13]$"

#: The last day a board, a record or a request may name: a day's boards close at the next
#: 00:00 UTC, and Python's calendar ends with 9999-12-31, which has none.
LAST_DAY = date.max - timedelta(days=1)
#: The last month all of whose days are known (9999-12 ends on 9999-12-31): a calendar's.
LAST_MONTH = (LAST_DAY.replace(day=1) - timedelta(days=1)).replace(day=1)


@dataclass(frozen=True)
class Board:
    """A board id and what it means; ``day``/``mode`` are set for a daily board only."""

    id: str
    day: date | None = None
    mode: str | None = None

    @property
    def is_daily(self) -> bool:
        return self.day is not None

    @property
    def sealed(self) -> bool:
        return self.day is not None and day_sealed(self.day)

    @property
    def closes_at(self) -> datetime | None:
        return None if self.day is None else closes_at(self.day)


def daily_board(day: date, mode: str) -> Board:
    return Board(id=f"daily-{day.isoformat()}-{mode}", day=day, mode=mode)


def parse_board(text: str) -> Board:
    """A board id as clients write it: a deal code (any case) or ``daily-<date>-D3|D1``."""
    found = DAILY_BOARD.match(text)
    if found is not None:
        try:
            day = known_day(date.fromisoformat(found["day"]))
        except ValueError:
            raise BadBoard(
                gettext("'%(board)s': %(day)s is not a date up to %(last)s")
                % {"board": text, "day": found["day"], "last": LAST_DAY.isoformat()},
                board=text,
            ) from None
        return daily_board(day, found["mode"])
    try:
        return Board(id=Deal.from_code(text).code)
    except DealCodeError as error:
        raise BadBoard(
            gettext(
                "'%(board)s' is neither a deal code (%(problem)s)"
                " nor a daily board like daily-2026-12-01-D3"
            )
            % {"board": text, "problem": error.problem.sentence(gettext)},
            board=text,
            reason=error.problem.as_dict(),
        ) from None


def known_day(day: date) -> date:
    """``day`` if the service can reckon with it (its close is a time), else ``ValueError``."""
    if day > LAST_DAY:
        raise ValueError(f"{day} is past the last day, {LAST_DAY}")
    return day


class HasDay(Protocol):
    daily: date | None


def game_sealed(game: HasDay) -> bool:
    """A ranked daily game (``Game.daily`` set) whose day has not closed yet."""
    return game.daily is not None and day_sealed(game.daily)


def board_sealed(board_id: str) -> bool:
    """Whether the board with this (well-formed) id, or a partition of it, is a daily board
    still sealed."""
    found = DAILY_BOARD.match(partition_of(board_id)[0])
    return found is not None and day_sealed(date.fromisoformat(found["day"]))


def closes_at(day: date) -> datetime:
    """When a day's daily boards close: the next 00:00 UTC."""
    return datetime.combine(day + timedelta(days=1), time(0), tzinfo=UTC)


def seconds_to(moment: datetime | None, *, now: datetime | None = None) -> float | None:
    """Seconds from the server's now to ``moment`` (never negative; None for no moment). A
    countdown to a close is told this way: a client counts down from it on its own monotonic
    clock, so a device whose time is wrong still shows the server's time left."""
    if moment is None:
        return None
    return round(max(0.0, (moment - (now or timezone.now())).total_seconds()), 3)


def day_sealed(day: date, *, now: datetime | None = None) -> bool:
    """A day's deals are sealed from before the day (nobody may know them) to its close."""
    return (now or timezone.now()) < closes_at(day)


def utc_today() -> date:
    return timezone.now().astimezone(UTC).date()


def first_sealed_day() -> date:
    """``day_sealed`` for a query: the days from this one on are still sealed (a day closes
    at the 00:00 UTC that ends it, so today's is open to play and sealed, yesterday's not)."""
    return utc_today()


#: What a board's bots partition adds to its id: lower case and a dot, which no board id a
#: client gives can hold (``parse_board``), and which channel-layer group names allow.
BOTS_SUFFIX = ".bots"


class Who(StrEnum):
    """Whose entries a board read shows: people (the default), declared bots, or both."""

    HUMANS = "humans"
    BOTS = "bots"
    ALL = "all"


def ranking_board(board_id: str, *, bot: bool) -> str:
    """The id entries of ``board_id`` are kept under: the board's own for people, its bots
    partition for declared bots.

    >>> ranking_board("daily-2026-12-01-D3", bot=True)
    'daily-2026-12-01-D3.bots'
    """
    return f"{board_id}{BOTS_SUFFIX}" if bot else board_id


class RanksOnBoard(Protocol):
    board: str
    bot: bool


def entry_board(game: RanksOnBoard) -> str:
    """Where a game's entry ranks: its board's partition for its player's kind."""
    return ranking_board(game.board, bot=game.bot)


def partition_of(ranking_board_id: str) -> tuple[str, bool]:
    """``ranking_board`` undone: (the board's id, whether it is the bots partition)."""
    if ranking_board_id.endswith(BOTS_SUFFIX):
        return ranking_board_id[: -len(BOTS_SUFFIX)], True
    return ranking_board_id, False


def who_of(ranking_board_id: str) -> Who:
    """Whose entries a partition holds."""
    return Who.BOTS if partition_of(ranking_board_id)[1] else Who.HUMANS


def partitions(board_id: str, who: Who) -> tuple[str, ...]:
    """The ranking boards a read of ``board_id`` for ``who`` covers (``all``: both)."""
    if who is Who.ALL:
        return (board_id, ranking_board(board_id, bot=True))
    return (ranking_board(board_id, bot=who is Who.BOTS),)


def parse_who(text: str | None) -> Who:
    """``?who=`` as a client writes it (absent: people), or a 400 ``bad_who``."""
    if text is None:
        return Who.HUMANS
    try:
        return Who(text)
    except ValueError:
        raise BadWho(
            gettext("who must be one of %(choices)s, not %(who)r")
            % {"choices": ", ".join(Who), "who": text},
            who=text,
            choices=list(Who),
        ) from None
