"""Weekly and monthly seasons: the one home of a season's score and of when it is final.

A season is an ISO week (``2026-W49``, Monday to Sunday) or a calendar month (``2026-12``)
of rated days. Per draw mode, people and declared bots apart, a player's **score** is the
sum of their best ``BEST_OF`` days' outcomes in it (``ratings.outcome``: 0..1 a day): the
best 5 of a week's 7, the best 20 of a month's days. So a missed day or two costs nothing,
but playing more days still counts: a better outcome on any day, or one more day played,
never lowers a score (``tests/ratings/test_seasons.py`` checks both with hypothesis). Ties
are broken by the days played, then by the sum of every day's outcome; what is still equal
shares a rank (the position then follows the player id, as on the ladder).

Only rated days count, and a day is rated after it has closed and its games were judged
(``ratings.days``): a season never shows anything of an open sealed day. Held games have no
entry, so they are not rated, so not counted.

``seasons_placed`` rewrites the places of every season the pass rated a day of, one
``INSERT ... SELECT`` per season (``SEASON_SQL``), in one transaction after the days: a
season is a function of its rated days, so ``rebuild_projections`` gives it again.
A season is **final** once the ratings have reached its last day.
"""

import re
from dataclasses import dataclass
from datetime import date, timedelta

from django.db import connection, transaction

from ratings.models import RatedDay, Season

WEEK, MONTH = "week", "month"
PERIODS = (WEEK, MONTH)

#: How many of a season's best days make its score.
BEST_OF = {WEEK: 5, MONTH: 20}

#: How a season's key is written.
KEY_PATTERNS = {WEEK: re.compile(r"^(\d{4})-W(\d{2})$"), MONTH: re.compile(r"^(\d{4})-(\d{2})$")}


@dataclass(frozen=True)
class Period:
    """One season's calendar: its key and its first and last day."""

    period: str
    key: str
    first_day: date
    last_day: date

    @property
    def days(self) -> int:
        return (self.last_day - self.first_day).days + 1


def period_of(day: date, period: str) -> Period:
    """The week or month ``day`` belongs to."""
    if period == WEEK:
        year, week, weekday = day.isocalendar()
        monday = day - timedelta(days=weekday - 1)
        return Period(WEEK, f"{year}-W{week:02d}", monday, monday + timedelta(days=6))
    first = day.replace(day=1)
    following = (first + timedelta(days=32)).replace(day=1)
    return Period(MONTH, f"{day.year}-{day.month:02d}", first, following - timedelta(days=1))


def period_named(key: str, period: str) -> Period | None:
    """The season written ``key`` (``2026-W49`` or ``2026-12``), None if there is no such
    week or month."""
    found = KEY_PATTERNS[period].match(key)
    if found is None:
        return None
    year, number = int(found[1]), int(found[2])
    try:
        day = date.fromisocalendar(year, number, 1) if period == WEEK else date(year, number, 1)
    except ValueError:
        return None
    return period_of(day, period)


#: One season's places, rewritten whole: each player's days in it, best outcome first, the
#: best ``best`` of them summed (on PostgreSQL in ``numeric``: exact, so the same sum in any
#: order, which a rebuild needs; SQLite, the embedded default, sums its REAL values, rounded to
#: the same 6 places), then placed by score, days played, and the sum of all days. Standard SQL
#: both run (``CAST``, not PostgreSQL's ``::``).
SEASON_SQL = """
DELETE FROM ratings_seasonplace WHERE season_id = %(season)s;
INSERT INTO ratings_seasonplace
    (season_id, player_id, draw, bot, score, days, total, position, rank)
SELECT %(season)s, player_id, draw, bot, score, days, total,
    ROW_NUMBER() OVER (
        PARTITION BY draw, bot ORDER BY score DESC, days DESC, total DESC, player_id),
    RANK() OVER (PARTITION BY draw, bot ORDER BY score DESC, days DESC, total DESC)
FROM (
    SELECT player_id, draw, bot,
        CAST(ROUND(SUM(CAST(outcome AS NUMERIC)) FILTER (WHERE best <= %(best)s), 6)
            AS DOUBLE PRECISION) AS score,
        COUNT(*) AS days,
        CAST(ROUND(SUM(CAST(outcome AS NUMERIC)), 6) AS DOUBLE PRECISION) AS total
    FROM (
        SELECT player_id, draw, bot, outcome,
            ROW_NUMBER() OVER (PARTITION BY player_id, draw, bot ORDER BY outcome DESC, day)
                AS best
        FROM ratings_ratingday WHERE day BETWEEN %(first)s AND %(last)s
    ) AS played
    GROUP BY player_id, draw, bot
) AS standings;
"""


def season_placed(period: Period, *, last_rated: date) -> Season:
    """Write ``period``'s season as the rated days up to ``last_rated`` make it."""
    days_rated = RatedDay.objects.filter(day__range=(period.first_day, period.last_day)).count()
    season, _ = Season.objects.update_or_create(
        period=period.period,
        key=period.key,
        defaults={
            "first_day": period.first_day,
            "last_day": period.last_day,
            "days_rated": days_rated,
            "final": last_rated >= period.last_day,
        },
    )
    with connection.cursor() as cursor:
        for statement in SEASON_SQL.split(";"):
            if statement.strip():
                cursor.execute(
                    statement,
                    {
                        "season": season.pk,
                        "best": BEST_OF[period.period],
                        "first": period.first_day,
                        "last": period.last_day,
                    },
                )
    return season


def seasons_placed(rated_days: list[date], *, last_rated: date) -> list[Season]:
    """Place every season with a day in ``rated_days`` (in one transaction), the ratings
    having reached ``last_rated``, and close the seasons they have passed the end of (one
    whose last day had no deal closes with the next rated day); the seasons placed."""
    touched = {period_of(day, period) for day in rated_days for period in PERIODS}
    with transaction.atomic():
        placed = [
            season_placed(period, last_rated=last_rated)
            for period in sorted(touched, key=lambda one: (one.first_day, one.period))
        ]
        Season.objects.filter(final=False, last_day__lte=last_rated).update(final=True)
    return placed


def seasons_unrated_from(day: date) -> None:
    """Forget the seasons with a day from ``day`` on: those days are rated again
    (``ratings.days.days_unrated_from``), which places these seasons again."""
    Season.objects.filter(last_day__gte=day).delete()
