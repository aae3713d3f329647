"""The ratings' reads: a ladder page, a player's ratings and their history, a deal's
difficulty.

A ladder is the settled ratings of one draw mode and one kind (people or declared bots),
best first, as placed when the last day was rated (``ratings.days.ladders_placed``): a page
is a range of ``LadderPlace.position`` in its unique index, whatever its depth, and
``around`` a player one more lookup. A rating as shown is widened by the days since its
player last played (``ratings.provisional``), and marked provisional above the line.
"""

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import QuerySet
from django.utils.translation import gettext

from games.boards import DAILY_MODES, utc_today
from ratings.days import ladder_day
from ratings.errors import NotOnLadder
from ratings.glicko import Rating
from ratings.models import DealRating, LadderPlace, PlayerRating, RatingDay
from ratings.player_highlights import best_day, deal_tier, deals_beaten, percentile
from ratings.provisional import is_provisional, rating_on


@dataclass(frozen=True)
class LadderPage:
    draw: int
    bot: bool
    day: date | None
    total: int
    offset: int
    limit: int
    around: str | None
    entries: list[dict[str, Any]]


def shown(rating: Rating, *, last_day: date, today: date) -> dict[str, Any]:
    """A rating as a client reads it: whole numbers, widened to ``today``, and whether it is
    provisional ("?")."""
    now = rating_on(rating, last_day=last_day, day=today)
    return {
        "rating": round(now.rating),
        "deviation": round(now.deviation),
        "provisional": is_provisional(now.deviation),
    }


#: A ladder row as a page reads it (plain values: no model instances to build).
PAGE_FIELDS = (
    "rank",
    "rating__player__username",
    "rating__games",
    "rating__last_day",
    "rating__rating",
    "rating__deviation",
    "rating__volatility",
)


def rating_of_row(row: PlayerRating | RatingDay) -> Rating:
    return Rating(row.rating, row.deviation, row.volatility)


def ladder_rows(*, draw: int, bot: bool) -> "QuerySet[LadderPlace]":
    return LadderPlace.objects.filter(draw=draw, bot=bot)


#: The last rated day, and the last place of one ladder (its index read backwards).
LADDER_HEADER_SQL = """
SELECT (SELECT MAX(day) FROM ratings_ratedday),
       (SELECT MAX(position) FROM ratings_ladderplace WHERE draw = %s AND bot = %s)
"""


def ladder_header(*, draw: int, bot: bool) -> tuple[date | None, int]:
    """(the day the ladder stands for, how many are on it), in one round trip."""
    with connection.cursor() as cursor:
        cursor.execute(LADDER_HEADER_SQL, [draw, bot])
        last_rated, total = cursor.fetchone() or (None, None)
    if isinstance(last_rated, str):  # SQLite answers a date in a subquery as text
        last_rated = date.fromisoformat(last_rated)
    return ladder_day(last_rated), total or 0


def ladder_page(
    *, draw: int, bot: bool, limit: int, offset: int = 0, around: str | None = None
) -> LadderPage:
    """A page of the ladder of ``draw`` and kind ``bot``: from ``offset``, or centred on the
    player named ``around`` (``NotOnLadder`` if they have no place on it)."""
    rows = ladder_rows(draw=draw, bot=bot)
    if around is not None:
        found = ladder_position(username=around, draw=draw, bot=bot)
        if found is None:
            raise NotOnLadder(
                gettext("%(name)s has no settled rating on the D%(draw)s ladder")
                % {"name": around, "draw": draw},
                username=around,
                draw=draw,
            )
        offset = max(0, found - 1 - limit // 2)
    day, total = ladder_header(draw=draw, bot=bot)
    page = (
        rows.filter(position__gt=offset, position__lte=offset + limit)
        .order_by("position")
        .values_list(*PAGE_FIELDS)
    )
    return LadderPage(
        draw=draw,
        bot=bot,
        day=day,
        total=total,
        offset=offset,
        limit=limit,
        around=around,
        entries=[
            {
                "rank": rank,
                "player": player,
                "games": games,
                "last_day": last_day,
                # As placed: on the ladder's day (a page shows no provisional rating).
                **shown(Rating(*rating), last_day=last_day, today=day or last_day),
            }
            for rank, player, games, last_day, *rating in page
        ],
    )


def player_ratings(*, user: User) -> dict[str, dict[str, Any] | None]:
    """``{"D3": ..., "D1": ...}``: the player's rating in each mode (None: never rated), its
    ladder rank, and its history day by day (as it stood after each day played)."""
    today = utc_today()
    current = {
        row.draw: row for row in PlayerRating.objects.filter(player=user).select_related("place")
    }
    days: dict[int, list[dict[str, Any]]] = {draw: [] for draw in DAILY_MODES.values()}
    for day in RatingDay.objects.filter(player=user).order_by("draw", "day"):
        days[day.draw].append(
            {
                "day": day.day,
                "outcome": round(day.outcome, 4),
                **shown(rating_of_row(day), last_day=day.day, today=day.day),
            }
        )
    out: dict[str, dict[str, Any] | None] = {}
    for mode, draw in DAILY_MODES.items():
        row = current.get(draw)
        out[mode] = (
            None
            if row is None
            else {
                **shown(rating_of_row(row), last_day=row.last_day, today=today),
                "bot": row.bot,
                "games": row.games,
                "last_day": row.last_day,
                **ladder_rank_fields(row),
                "best_day": best_day(days[draw], mode=mode),
                "beaten": deals_beaten(days[draw], mode=mode),
                "history": days[draw],
            }
        )
    return out


def ladder_place(rating: PlayerRating) -> LadderPlace | None:
    """The place of ``rating`` on its ladder, None if it has none (provisional)."""
    try:
        return rating.place
    except LadderPlace.DoesNotExist:
        return None


def ladder_rank_fields(rating: PlayerRating) -> dict[str, int | None]:
    """``rating``'s rank, the size of its ladder, and its percentile there (None each, off
    the ladder)."""
    place = ladder_place(rating)
    if place is None:
        return {"rank": None, "ladder_total": None, "percentile": None}
    _, total = ladder_header(draw=place.draw, bot=place.bot)
    return {
        "rank": place.rank,
        "ladder_total": total,
        "percentile": percentile(place, total=total),
    }


def ladder_position(*, username: str, draw: int, bot: bool) -> int | None:
    """The position of the player ``username`` on the ladder of ``draw`` and kind ``bot``,
    None if they have no place on it."""
    found = ladder_rows(draw=draw, bot=bot).filter(rating__player__username=username)
    return found.values_list("position", flat=True).first()


def deal_difficulties(*, boards: list[str]) -> dict[str, dict[str, Any]]:
    """Each rated board's deal difficulty (boards not rated yet are absent): its rating, the
    deviation, its tier (a code and words) and how many people's games rated it."""
    found = DealRating.objects.filter(board__in=boards)
    return {
        deal.board: {
            **(deal_tier(deal.rating) or {}),
            "deviation": round(deal.deviation),
            "players": deal.players,
        }
        for deal in found
    }
