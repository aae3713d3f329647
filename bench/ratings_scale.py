"""Ratings at scale: one day's ranked games of 100,000 players rated, and ladder pages read
among 1,000,000 rated players.

1. Fill (once; skipped when the players are there): ``--players`` rated players (bare user
   rows and their D3 ratings, spread about 1500, settled, last played within a month), and
   ``--day-players`` of them with a ranked game and an entry on one closed day's D3 board
   (cards and actions spread as real boards are: most games lost, one in five won), all made
   by PostgreSQL with ``INSERT ... SELECT generate_series``. Use a scratch database: the
   games are bare rows without logs.
2. The ladders placed from scratch (``ladders_placed``: every settled rating of the
   database gets its place), timed. Then the day rated (``ratings.days.day_rated``: the deal
   from every person's game, then every player against it; the history rows and the
   ratings written) and the ladders placed again after it, as the worker's pass does, timed,
   then rolled back so the bench can run again. Target: under 60 s for the day.
3. Ladder reads as the API makes them (``ratings.selectors.ladder_page``): a page of 50 at a
   random depth, and the page around a random player: p50/p99. Target: p99 at most 20 ms.
   And a random player's ratings as their page reads them (``player_ratings``: the rank,
   the percentile, the best day, the deals beaten, the history).

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench_ratings
python bench/ratings_scale.py --repeat 300``
"""

from __future__ import annotations

import argparse
import random
import time
from datetime import date, timedelta

from _common import Latency, setup_django, time_calls
from leaderboard import FILL_STATEMENTS as BOARD_FILL_STATEMENTS

USERS_STATEMENT = BOARD_FILL_STATEMENTS[0]

DAY = date(2026, 1, 10)
USER_PREFIX = "rt_"
TARGET_DAY_SECONDS = 60.0
TARGET_PAGE_P99_MS = 20.0

FILL_STATEMENTS = (
    USERS_STATEMENT,  # bare user rows named prefix + 1..size, as bench/leaderboard.py makes
    # Ratings about 1500 (a sum of uniforms: near normal, sd about 170), settled.
    """
    INSERT INTO ratings_playerrating (player_id, draw, bot, rating, deviation, volatility,
                                      games, last_day, settled_until)
    SELECT u.id, 3, false,
           1500 + 200 * (random() + random() + random() - 1.5),
           50 + 40 * random(), 0.06, 30,
           %(day)s::date - (1 + u.id %% 30), %(day)s::date + 60
    FROM auth_user AS u WHERE u.username LIKE %(prefix_like)s
    """,
    # The day's ranked games: the first day-players users, lost with few cards or won.
    """
    INSERT INTO games_game (code, draw, number, board, daily, offline, player_id, seq,
                            action_count, elapsed, score, cards, moves, won, status, assisted,
                            held, hold_confirmed, bot, snapshot, created_at, updated_at,
                            finished_at, reached_at)
    SELECT 'CF1-D3-AAAAAAB', 3, 1, %(board)s, %(day)s, false, u.id, m.actions, m.actions,
           600, 0, m.cards, m.actions, m.cards = 52,
           CASE WHEN m.cards = 52 THEN 'won' ELSE 'playing' END, false, false, false, false,
           '{}'::jsonb, m.at, m.at, NULL, m.at
    FROM (SELECT id FROM auth_user WHERE username LIKE %(prefix_like)s
          ORDER BY id LIMIT %(day_players)s) AS u
    CROSS JOIN LATERAL (
        SELECT CASE WHEN random() < 0.2 THEN 52
                    ELSE 1 + floor(50 * power(random(), 2))::int END AS cards,
               150 + floor(400 * random())::int AS actions,
               %(day)s::timestamptz + interval '12 hours' AS at
    ) AS m
    """,
    """
    INSERT INTO games_leaderboardentry (board, player_id, game_id, cards, action_count,
                                        elapsed, moves, score, won, status, reached_at,
                                        assisted, revision)
    SELECT board, player_id, id, cards, action_count, elapsed, moves, score, won, status,
           reached_at, false, 1
    FROM games_game WHERE board = %(board)s
    """,
)


def fill(*, players: int, day_players: int) -> None:
    from django.db import connection, transaction

    from games.boards import daily_board
    from games.models import DailyDeal
    from ratings.models import PlayerRating, RatedDay

    existing = PlayerRating.objects.count()
    if existing:
        print(f"{existing:,} ratings already there")
        return
    board = daily_board(DAY, "D3").id
    params: dict[str, str | int | date] = {
        "size": players,
        "day_players": day_players,
        "prefix": USER_PREFIX,
        "prefix_like": USER_PREFIX + "%",
        "day": DAY,
        "board": board,
    }
    start = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        for statement in FILL_STATEMENTS:
            cursor.execute(statement, params)
        DailyDeal.objects.create(
            date=DAY, code="CF1-D3-AAAAAAB", code_d1="CF1-D1-AAAAAAD", salt="", salt_d1="",
            par=212, par_d1=183,
        )  # fmt: skip
        RatedDay.objects.create(day=DAY - timedelta(days=1), games=0)
    with connection.cursor() as cursor:
        for table in ("auth_user", "games_game", "games_leaderboardentry", "ratings_playerrating"):
            cursor.execute(f"VACUUM ANALYZE {table}")
    print(
        f"filled {players:,} ratings, {day_players:,} games in {time.perf_counter() - start:.0f} s"
    )


def rate_the_day() -> float:
    """Seconds to rate DAY and place the ladders after it, as the worker's pass does (rolled
    back after: the bench runs again on the same data)."""
    from django.db import transaction

    from ratings.days import day_rated

    start = time.perf_counter()
    with transaction.atomic():
        games = day_rated(DAY)
        rated = time.perf_counter() - start
        placed = place_the_ladders()
        transaction.set_rollback(True)
    print(f"day rated: {games:,} games in {rated:.1f} s, ladders placed after it in {placed:.1f} s")
    print(f"  the day in all: {rated + placed:.1f} s (target < {TARGET_DAY_SECONDS:.0f} s)")
    return rated + placed


def place_the_ladders() -> float:
    from ratings.days import ladders_placed

    start = time.perf_counter()
    ladders_placed()
    return time.perf_counter() - start


def measure_pages(*, players: int, repeat: int, rng: random.Random) -> bool:
    from django.contrib.auth.models import User

    from ratings.models import LadderPlace
    from ratings.selectors import ladder_page, player_ratings

    total = LadderPlace.objects.filter(draw=3, bot=False).count()
    positions = [rng.randint(1, total) for _ in range(repeat)]
    names = list(
        LadderPlace.objects.filter(draw=3, bot=False, position__in=positions).values_list(
            "rating__player__username", flat=True
        )
    )
    users = list(User.objects.filter(username__in=names))
    reads = {
        "page of 50 at a random depth": lambda: ladder_page(
            draw=3, bot=False, limit=50, offset=rng.randrange(max(1, total - 50))
        ),
        "page of 50 around a random player": lambda: ladder_page(
            draw=3, bot=False, limit=50, around=rng.choice(names)
        ),
        # The player's page's answer: rank, percentile, best day, deals beaten, history.
        "a random player's ratings": lambda: player_ratings(user=rng.choice(users)),
    }
    print(f"ladder of {total:,} settled ratings ({players:,} players):")
    met = True
    for name, call in reads.items():
        latency = Latency.of(time_calls(call, repeat=repeat))
        met = met and latency.p99 <= TARGET_PAGE_P99_MS
        print(f"  {name:36} {latency}")
    print(f"  target p99 <= {TARGET_PAGE_P99_MS:.0f} ms: {'met' if met else 'NOT met'}")
    return met


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=1_000_000)
    parser.add_argument("--day-players", type=int, default=100_000)
    parser.add_argument("--repeat", type=int, default=300)
    args = parser.parse_args()
    setup_django()
    fill(players=args.players, day_players=args.day_players)
    print(f"ladders placed from scratch (every settled rating): {place_the_ladders():.1f} s")
    day = rate_the_day()
    pages = measure_pages(players=args.players, repeat=args.repeat, rng=random.Random(1))
    print(f"targets: day {'met' if day < TARGET_DAY_SECONDS else 'NOT met'}, "
          f"pages {'met' if pages else 'NOT met'}")  # fmt: skip


if __name__ == "__main__":
    main()
