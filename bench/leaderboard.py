"""Leaderboards at scale: one board of 1,000,000 entries, read the way the API reads it.

1. Fill (once; skipped when the board already has the entries): players, their games and
   their entries are made by PostgreSQL itself with ``INSERT ... SELECT generate_series``,
   with random cards/moves and distinct ``reached_at`` times. Use a scratch database: the
   games are bare rows without logs, so ``verify_games`` would (rightly) reject them.
   Then the boards' rank counts are rebuilt from the entries, as after any bulk load.
2. SQL: p50/p99 of the selectors the API calls (``games.selectors.leaderboards``) with the
   rank index switched off (the count tables): the top 100, a deep page (offset ~500,000),
   the window around a player in the middle, and the window around a player inside the
   largest tie (100,000 entries at 1 card, 0 moves).
3. Rank index (when ``REDIS_URL`` is set): entries made by SQL are not in the index, so the
   board's index is built (timed, as ``rebuild_projections --rank-index-only`` would), its
   memory printed, then the same selectors are timed with the index on, after checking that
   they give the same pages as SQL; any read answered by SQL instead is counted.

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench_lb
REDIS_URL=redis://127.0.0.1:6379/0 python bench/leaderboard.py --repeat 200``
"""

from __future__ import annotations

import argparse
import contextlib
import io
import os
import random
import time
from collections.abc import Callable, Iterator
from functools import partial
from typing import Any

from _common import Latency, setup_django, time_calls

#: The deal of the benchmark's board (any valid code would do).
CODE = "CF1-D3-AAJHJUE"
NUMBER = 4242424
USER_PREFIX = "lb_"
TARGET_P99_MS = 5.0

FILL_STATEMENTS = (
    # Players: bare rows (an unusable password, as for players created by an admin).
    """
    INSERT INTO auth_user (password, is_superuser, username, first_name, last_name, email,
                           is_staff, is_active, date_joined)
    SELECT '!', false, %(prefix)s || g, '', '', '', false, true, now()
    FROM generate_series(1, %(size)s) AS g
    """,
    # One game each, with a plausible spread: most players end with few cards up, and one in
    # ten never moved (a new game joins its board at once): one crowded (1 card, 0 moves)
    # standing of 100,000 entries, the worst case for counting ties.
    """
    INSERT INTO games_game (code, draw, number, board, offline, player_id, seq, action_count,
                            elapsed, score, cards, moves, won, status, assisted, snapshot,
                            created_at, updated_at, finished_at, reached_at)
    SELECT %(code)s, 3, %(number)s, %(code)s, false, u.id, m.moves, m.moves,
           floor(3600 * random())::int, 0, m.cards, m.moves, m.cards = 52,
           CASE WHEN m.cards = 52 THEN 'won' ELSE 'playing' END, false, '{}'::jsonb,
           m.at, m.at, NULL, m.at
    FROM auth_user AS u
    CROSS JOIN LATERAL (
        SELECT CASE WHEN u.id %% 10 = 0 THEN 1
                    ELSE 1 + floor(51 * power(random(), 3))::int END AS cards,
               CASE WHEN u.id %% 10 = 0 THEN 0
                    ELSE 20 + floor(400 * random())::int END AS moves,
               timestamptz '2026-01-01' + u.id * interval '1 millisecond'
                 + floor(random() * 1000) * interval '1 microsecond' AS at
    ) AS m
    WHERE u.username LIKE %(prefix_like)s
    """,
)
#: Entries copy their games; ``{extra}`` adds the columns a newer schema ranks by too.
ENTRIES_STATEMENT = """
    INSERT INTO games_leaderboardentry (board, player_id, game_id, cards, action_count,
                                        elapsed, moves, score, won, status, reached_at{extra})
    SELECT board, player_id, id, cards, action_count, elapsed, moves, score, won, status,
           reached_at{extra}
    FROM games_game WHERE board = %(code)s
"""


def ranks_assisted() -> bool:
    """Whether entries carry ``assisted`` (unassisted games rank first, then the rest)."""
    from games.models import LeaderboardEntry

    return any(field.name == "assisted" for field in LeaderboardEntry._meta.fields)


def board_size() -> int:
    from games.models import LeaderboardEntry

    return LeaderboardEntry.objects.filter(board=CODE).count()


def fill(size: int) -> None:
    """Create ``size`` entries on the board unless it already has them."""
    from django.db import connection, transaction

    existing = board_size()
    if existing >= size:
        print(f"board {CODE} already has {existing:,} entries")
        rebuild_counts()
        return
    if existing:
        raise SystemExit(f"board {CODE} has {existing:,} entries, not {size:,}: use a new database")
    params: dict[str, str | int] = {
        "size": size,
        "prefix": USER_PREFIX,
        "prefix_like": USER_PREFIX + "%",
        "code": CODE,
        "number": NUMBER,
    }
    start = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        extra = ", assisted" if ranks_assisted() else ""
        for statement in (*FILL_STATEMENTS, ENTRIES_STATEMENT.format(extra=extra)):
            cursor.execute(statement, params)
    with connection.cursor() as cursor:  # fresh statistics and visibility map (index-only scans)
        for table in ("auth_user", "games_game", "games_leaderboardentry"):
            cursor.execute(f"VACUUM ANALYZE {table}")
    print(f"filled {size:,} entries in {time.perf_counter() - start:.0f} s")
    rebuild_counts()


def rebuild_counts() -> None:
    """The boards' rank counts, from the entries, as an operator does after a bulk load
    (``manage.py rebuild_projections --counts-only``); quick when they are already right."""
    from django.core.management import call_command

    start = time.perf_counter()
    call_command("rebuild_projections", counts_only=True, stdout=io.StringIO())
    print(f"rank counts rebuilt from the entries in {time.perf_counter() - start:.1f} s")


#: A read under test: a label and a call (each call picks its own random target).
Reads = dict[str, Callable[[], object]]


def players_at(offsets: list[int]) -> list[str]:
    """Usernames of the entries at these offsets of the board's order."""
    from games.models import LeaderboardEntry
    from games.ranking import order_by

    ordered = LeaderboardEntry.objects.filter(board=CODE).order_by(*order_by())
    return [ordered.values_list("player__username", flat=True)[offset] for offset in offsets]


def middle_players(count: int, size: int, rng: random.Random) -> list[str]:
    """Players around the middle of the board (by rank)."""
    return players_at([size // 2 + rng.randrange(-size // 20, size // 20) for _ in range(count)])


def crowded_players(count: int, rng: random.Random) -> list[str]:
    """Players inside the board's largest (cards, moves) standing, where ranks are ties."""
    from django.db.models import Count

    from games.models import LeaderboardEntry

    entries = LeaderboardEntry.objects.filter(board=CODE)
    largest = entries.values("cards", "action_count").annotate(n=Count("id")).order_by("-n").first()
    assert largest is not None
    crowd = entries.filter(cards=largest["cards"], action_count=largest["action_count"]).order_by(
        "reached_at", "id"
    )
    print(
        f"largest standing: {largest['n']:,} entries at {largest['cards']} cards, "
        f"{largest['action_count']} actions"
    )
    picks = [rng.randrange(largest["n"]) for _ in range(count)]
    return [crowd.values_list("player__username", flat=True)[pick] for pick in picks]


def shipped_reads(size: int, players: list[str], crowd: list[str], rng: random.Random) -> Reads:
    """The reads the API makes, through the selectors it calls (index or SQL, as set)."""
    from games.selectors.leaderboards import leaderboard_around, leaderboard_page

    return {
        "top 100": lambda: leaderboard_page(board=CODE, limit=100, offset=0),
        "deep page": lambda: leaderboard_page(
            board=CODE, limit=20, offset=size // 2 + rng.randrange(-1000, 1000)
        ),
        "around": lambda: leaderboard_around(board=CODE, username=rng.choice(players), limit=11),
        "around, in the crowd": lambda: leaderboard_around(
            board=CODE, username=rng.choice(crowd), limit=11
        ),
    }


def report(name: str, reads: Reads, repeat: int) -> bool:
    """Time each read; True if all meet the target."""
    print(f"-- {name}")
    ok = True
    for label, call in reads.items():
        summary = Latency.of(time_calls(call, repeat=repeat))
        meets = summary.p99 < TARGET_P99_MS
        ok = ok and meets
        verdict = "OK" if meets else "over"
        print(f"  {label:<21} {summary}  {verdict} (target p99 < {TARGET_P99_MS:g} ms)")
    return ok


def select_one() -> None:
    """The cheapest query: what the machine's noise alone does to a p99."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
        cursor.fetchone()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1_000_000)
    parser.add_argument("--repeat", type=int, default=200, help="timed calls per read")
    parser.add_argument(
        "--keep-index",
        action="store_true",
        help="reuse the board's rank index if it is ready (default: rebuild it, timed)",
    )
    args = parser.parse_args()
    # The index's keys go under the cache prefix: the bench's own, apart from any service
    # sharing this Redis.
    os.environ.setdefault("CANFIELD_CACHE_PREFIX", "bench-leaderboard")
    setup_django()
    rng = random.Random(6)
    fill(args.size)
    size = board_size()
    players = middle_players(20, size, rng)
    crowd = crowded_players(20, rng)
    print(f"floor: SELECT 1 {Latency.of(time_calls(select_one, repeat=args.repeat))}")
    with rank_index_switched(on=False):
        report(
            f"SQL count tables (rank index off), {size:,} entries",
            shipped_reads(size, players, crowd, rng),
            args.repeat,
        )
    if rank_index_ready(keep=args.keep_index):
        measure_rank_index(size, players, crowd, rng, args.repeat)


@contextlib.contextmanager
def rank_index_switched(*, on: bool) -> Iterator[None]:
    from django.conf import settings

    before = settings.CANFIELD_RANK_INDEX
    settings.CANFIELD_RANK_INDEX = on
    try:
        yield
    finally:
        settings.CANFIELD_RANK_INDEX = before


def rank_index_ready(*, keep: bool) -> bool:
    """Build the board's index (timed) unless ``keep`` and it is ready; False without Redis."""
    from games import rank_index

    if not rank_index.enabled():
        print("rank index: not measured (set REDIS_URL, and CANFIELD_RANK_INDEX unset or on)")
        return False
    if keep and answers_from_index():
        print("rank index: ready, kept")
        return True
    rank_index.index_clear()
    start = time.perf_counter()
    loaded = rank_index.board_build(CODE, wait=True)
    print(f"rank index: built {loaded:,} entries in {time.perf_counter() - start:.1f} s")
    return True


def answers_from_index() -> bool:
    from games import rank_index
    from games.selectors.leaderboard_sql import BoardCounts

    total = BoardCounts(CODE).total
    return rank_index.page(board=CODE, offset=0, limit=1, total=total) is not None


def index_memory() -> str:
    """What the board's keys take in Redis (``MEMORY USAGE``, every element counted: slow
    on a big set, hence a client of its own with no read timeout)."""
    import redis
    from django.conf import settings

    from games.rank_index.store import board_keys

    client, keys = redis.Redis.from_url(settings.REDIS_URL), board_keys(CODE)
    usage = {
        name: client.memory_usage(getattr(keys, name), samples=0) or 0
        for name in ("order", "members", "revisions")
    }
    parts = ", ".join(f"{name} {used / 2**20:.1f} MiB" for name, used in usage.items())
    return f"{sum(usage.values()) / 2**20:.1f} MiB ({parts})"


def measure_rank_index(
    size: int, players: list[str], crowd: list[str], rng: random.Random, repeat: int
) -> None:
    from django.conf import settings

    from games.rank_index.store import client_for
    from games.selectors import leaderboards

    assert answers_from_index(), "the rank index does not answer: nothing to measure"
    print(f"rank index memory: {index_memory()}")
    ping = client_for(settings.REDIS_URL).ping
    print(f"floor: Redis PING {Latency.of(time_calls(ping, repeat=repeat))}")
    reads = shipped_reads(size, players, crowd, rng)
    checks = [
        partial(leaderboards.leaderboard_page, board=CODE, limit=20, offset=0),
        partial(leaderboards.leaderboard_page, board=CODE, limit=20, offset=size // 2),
        partial(leaderboards.leaderboard_around, board=CODE, username=players[0], limit=11),
        partial(leaderboards.leaderboard_around, board=CODE, username=crowd[0], limit=11),
    ]
    indexed = [check() for check in checks]
    with rank_index_switched(on=False):
        same = [check() for check in checks] == indexed
    print(f"rank index pages equal to the SQL pages: {same}")
    # Every timed read must come from the index: count the ones that fell back to SQL.
    fallbacks = 0
    sql_page = leaderboards.page_from

    def counted(*args: Any, **kwargs: Any) -> Any:
        nonlocal fallbacks
        fallbacks += 1
        return sql_page(*args, **kwargs)

    leaderboards.page_from = counted
    try:
        report(f"rank index (shipped selectors), {size:,} entries", reads, repeat)
    finally:
        leaderboards.page_from = sql_page
    print(f"reads answered by SQL instead of the index: {fallbacks}")


if __name__ == "__main__":
    main()
