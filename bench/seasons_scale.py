"""Seasons at scale: a month's standings placed after a day is rated, with ``--players``
people (100,000 by default) each playing a day with probability 0.6 for a whole month.

1. Fill (once; skipped when the rows are there): bare user rows and their D3 rating days
   for every day of ``MONTH`` (outcomes uniform in 0..1), the days marked rated, all by
   PostgreSQL with ``INSERT ... SELECT generate_series``. Use a scratch database.
2. The worker's season step after the month's last day (``ratings.seasons.seasons_placed``:
   that day's week and its month, each one ``INSERT ... SELECT``), timed, ``--repeat`` times
   (each run rewrites the same places).
3. Reads as the API makes them (``season_page``): a page of 50 at a random depth, and the
   page around a random player: p50/p99.

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_seasons
flock /work/bench.lock python bench/seasons_scale.py``
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date

from _common import Latency, setup_django, time_calls
from leaderboard import FILL_STATEMENTS as BOARD_FILL_STATEMENTS

USERS_STATEMENT = BOARD_FILL_STATEMENTS[0]
USER_PREFIX = "ss_"
MONTH_FIRST, MONTH_LAST = date(2026, 1, 1), date(2026, 1, 31)

FILL_STATEMENTS = (
    USERS_STATEMENT,
    """
    INSERT INTO ratings_ratingday (player_id, draw, day, bot, outcome, rating, deviation,
                                   volatility, games)
    SELECT u.id, 3, d::date, false, random(), 1500, 80, 0.06, 1
    FROM auth_user AS u
    CROSS JOIN generate_series(%(first)s::date, %(last)s::date, interval '1 day') AS d
    WHERE u.username LIKE %(prefix_like)s AND random() < 0.6
    """,
    """
    INSERT INTO ratings_ratedday (day, rated_at, games)
    SELECT d::date, now(), 0
    FROM generate_series(%(first)s::date, %(last)s::date, interval '1 day') AS d
    """,
)


def fill(*, players: int) -> None:
    from django.db import connection, transaction

    from ratings.models import RatingDay

    existing = RatingDay.objects.count()
    if existing:
        print(f"{existing:,} rating days already there")
        return
    params: dict[str, str | int | date] = {
        "size": players,
        "prefix": USER_PREFIX,
        "prefix_like": USER_PREFIX + "%",
        "first": MONTH_FIRST,
        "last": MONTH_LAST,
    }
    start = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        for statement in FILL_STATEMENTS:
            cursor.execute(statement, params)
    with connection.cursor() as cursor:
        for table in ("auth_user", "ratings_ratingday", "ratings_ratedday"):
            cursor.execute(f"VACUUM ANALYZE {table}")
    rows = RatingDay.objects.count()
    took = time.perf_counter() - start
    print(f"filled {players:,} players, {rows:,} rating days in {took:.0f} s")


def place_after_last_day(repeat: int) -> list[float]:
    """Seconds of each run of the season step after the month's last day."""
    from ratings.models import SeasonPlace
    from ratings.seasons import seasons_placed

    seconds = []
    for _ in range(repeat):
        start = time.perf_counter()
        placed = seasons_placed([MONTH_LAST], last_rated=MONTH_LAST)
        seconds.append(time.perf_counter() - start)
    for season in placed:
        count = SeasonPlace.objects.filter(season=season).count()
        print(f"  {season.key}: {count:,} places, final {season.final}")
    return seconds


def measure_pages(*, repeat: int, rng: random.Random) -> None:
    from ratings.models import SeasonPlace
    from ratings.season_selectors import season_page

    month = SeasonPlace.objects.filter(season__key="2026-01", draw=3, bot=False)
    total = month.count()
    names = list(
        month.filter(position__in=[rng.randint(1, total) for _ in range(repeat)]).values_list(
            "player__username", flat=True
        )
    )
    reads = {
        "month page of 50 at a random depth": lambda: season_page(
            period="month", draw=3, bot=False, limit=50, offset=rng.randrange(total - 50)
        ),
        "month page of 50 around a random player": lambda: season_page(
            period="month", draw=3, bot=False, limit=50, around=rng.choice(names)
        ),
    }
    for name, call in reads.items():
        print(f"  {name:42} {Latency.of(time_calls(call, repeat=repeat))}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--reads", type=int, default=300)
    args = parser.parse_args()
    setup_django()
    fill(players=args.players)
    seconds = place_after_last_day(args.repeat)
    runs = ", ".join(f"{one:.1f}" for one in seconds)
    print(f"seasons placed after {MONTH_LAST} (its week and its month): {runs} s")
    measure_pages(repeat=args.reads, rng=random.Random(1))


if __name__ == "__main__":
    main()
