"""Provisional entries: an account's first ranked days.

A new account has no history for fair play to read (``fairplay.engine_like`` pools an
account's lines across its ranked days), so its first ``PROVISIONAL_DAYS`` ranked days are
*provisional*: its entries say so on the public boards (a small badge), and one in a board's
reviewed top is listed for staff (``fairplay.top``). A ranked day is a day the account played
a ranked daily game (an action at least), held or not; a declared bot's entries are never
provisional (bots rank apart). One rule, here, for every read of a board.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace
from datetime import date

from django.db.models import Count

from games.boards import parse_board, partition_of
from games.errors import ServiceError
from games.models import Game
from games.selectors.leaderboard_rows import RankedEntry

#: How many of an account's first ranked days are provisional (docs/fair-play.md).
PROVISIONAL_DAYS = 3


def board_day(board: str) -> date | None:
    """The day of a daily board (or of its bots partition), None for any other board."""
    try:
        return parse_board(partition_of(board)[0]).day
    except ServiceError:
        return None


def ranked_days(*, usernames: Iterable[str], through: date) -> dict[str, int]:
    """How many days up to ``through`` each account played a ranked daily game on."""
    rows = (
        Game.objects.filter(
            player__username__in=list(usernames), daily__isnull=False, daily__lte=through, seq__gt=0
        )
        .values_list("player__username")
        .annotate(days=Count("daily", distinct=True))
    )
    return dict(rows)


def provisional_players(*, board: str, usernames: Iterable[str]) -> set[str]:
    """Those of ``usernames`` whose entry on ``board`` falls in their first
    ``PROVISIONAL_DAYS`` ranked days (none on a board that is not a daily)."""
    day = board_day(board)
    names = set(usernames)
    if day is None or not names:
        return set()
    days = ranked_days(usernames=names, through=day)
    return {name for name in names if days.get(name, 0) <= PROVISIONAL_DAYS}


def provisional_marked(board: str, entries: list[RankedEntry]) -> list[RankedEntry]:
    """``entries`` with ``provisional`` set where it applies: one query for the page."""
    people = [entry.player for entry in entries if not entry.bot]
    found = provisional_players(board=board, usernames=people)
    return [
        replace(entry, provisional=True) if entry.player in found and not entry.bot else entry
        for entry in entries
    ]
