"""The seasons' reads: a page of a season's standings, the list of closed seasons, and where
a player stands in the current week and month.

The current season of a period is the one holding the last rated day (``ratings.days``):
on a Monday, before Monday's day has closed and been rated, that is last week, now final.
Every figure is of rated days only (``ratings.seasons``), so none tells anything of an open
sealed day. A page is a range of ``SeasonPlace.position`` in its unique index.
"""

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Max
from django.utils.translation import gettext

from games.boards import DAILY_MODES
from ratings.days import last_rated_day
from ratings.errors import NotInSeason, SeasonNotFound
from ratings.models import Season, SeasonPlace
from ratings.seasons import BEST_OF, PERIODS, period_named, period_of


@dataclass(frozen=True)
class SeasonPage:
    period: str
    draw: int
    bot: bool
    season: dict[str, Any] | None
    total: int
    offset: int
    limit: int
    around: str | None
    entries: list[dict[str, Any]]


def season_facts(season: Season) -> dict[str, Any]:
    """A season's header: its key, days, whether final, and how it is scored."""
    return {
        "key": season.key,
        "first_day": season.first_day,
        "last_day": season.last_day,
        "final": season.final,
        "days_rated": season.days_rated,
        "days": (season.last_day - season.first_day).days + 1,
        "best_of": BEST_OF[season.period],
    }


def current_season(period: str) -> Season | None:
    """The season of ``period`` holding the last rated day (None before any)."""
    last = last_rated_day()
    if last is None:
        return None
    return Season.objects.filter(period=period, key=period_of(last, period).key).first()


def season_chosen(period: str, key: str | None) -> Season | None:
    """The season named ``key`` (``SeasonNotFound`` if none of its days is rated), or the
    current one."""
    if key is None:
        return current_season(period)
    named = period_named(key, period)
    found = None if named is None else Season.objects.filter(period=period, key=named.key).first()
    if found is None:
        raise SeasonNotFound(
            gettext("No day of %(season)s has been rated") % {"season": key}, season=key
        )
    return found


def season_page(
    *,
    period: str,
    draw: int,
    bot: bool,
    limit: int,
    offset: int = 0,
    key: str | None = None,
    around: str | None = None,
) -> SeasonPage:
    """A page of a season's standings (the current one unless ``key``), from ``offset`` or
    centred on the player named ``around`` (``NotInSeason`` if they have no place there)."""
    season = season_chosen(period, key)
    rows = SeasonPlace.objects.filter(season=season, draw=draw, bot=bot)
    if around is not None:
        found = rows.filter(player__username=around).values_list("position", flat=True).first()
        if found is None:
            raise NotInSeason(
                gettext("%(name)s has played no rated D%(draw)s day of this season")
                % {"name": around, "draw": draw},
                username=around,
                draw=draw,
            )
        offset = max(0, found - 1 - limit // 2)
    total = rows.aggregate(last=Max("position"))["last"] or 0
    page = rows.filter(position__gt=offset, position__lte=offset + limit).order_by("position")
    return SeasonPage(
        period=period,
        draw=draw,
        bot=bot,
        season=None if season is None else season_facts(season),
        total=total,
        offset=offset,
        limit=limit,
        around=around,
        entries=[
            {"rank": rank, "player": player, "score": score, "days": days, "total": total}
            for rank, player, score, days, total in page.values_list(
                "rank", "player__username", "score", "days", "total"
            )
        ],
    )


def seasons_archived(*, period: str, limit: int, offset: int) -> tuple[int, list[Season]]:
    """The final seasons of ``period``, latest first: (how many, a page of them)."""
    final = Season.objects.filter(period=period, final=True)
    return final.count(), list(final.order_by("-first_day")[offset : offset + limit])


def player_seasons(user: User) -> dict[str, dict[str, Any]]:
    """Per draw mode, where ``user`` stands in the current week and month (a period absent:
    no place in it), as ``{"D3": {"week": {...}, "month": {...}}, "D1": ...}``."""
    current = {period: current_season(period) for period in PERIODS}
    seasons = [season for season in current.values() if season is not None]
    places = SeasonPlace.objects.filter(player=user, season__in=seasons).select_related("season")
    out: dict[str, dict[str, Any]] = {mode: {} for mode in DAILY_MODES}
    modes = {draw: mode for mode, draw in DAILY_MODES.items()}
    for place in places:
        total = SeasonPlace.objects.filter(
            season=place.season, draw=place.draw, bot=place.bot
        ).aggregate(last=Max("position"))["last"]
        out[modes[place.draw]][place.season.period] = {
            **season_facts(place.season),
            "rank": place.rank,
            "of": total,
            "score": place.score,
            "days_played": place.days,
        }
    return out
