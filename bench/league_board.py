"""A league's board at scale: a league of 1,000 members on a global board of 1,000,000
entries, read the way the API and the live publisher read it.

1. Fill (once; skipped when the board already has the entries): the global board of
   ``bench/leaderboard.py`` (players, games and entries made by PostgreSQL itself with
   ``INSERT ... SELECT generate_series``), then a league whose members are ``--members``
   players drawn at random over the whole board (``ORDER BY random()``), made by SQL too.
   Use a scratch database: the games are bare rows without logs.
2. p50/p99 of the league's reads (``leagues.selectors``): the top 20 and the top 100 of its
   board, the window around a member, one member's entry as the live publisher reads it
   (``league_entries_ranked``), and the whole answer of
   ``GET /api/leaderboards/<board>/?league=<id>`` through Django's test client (session,
   middleware, view, serializer; no network), beside the global board's answer through the
   same client (what the request's stack costs any board). Target: p99 <= 20 ms. Each read
   also prints its CPU per call in this process (``time.process_time``: Python's side, the
   whole Django stack for the answers; PostgreSQL's own CPU is not in it), the figure a
   loaded machine leaves meaningful where its wall-clock p99 is not; and before them
   PostgreSQL's side: ``EXPLAIN (ANALYZE, BUFFERS)`` of the league board's read (its plan,
   its buffers, its execution time over ``--repeat`` runs) and the answer's query count.

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench_league
nice python bench/league_board.py --repeat 200``
"""

from __future__ import annotations

import argparse
import os
import random
import time
from collections.abc import Callable

from _common import Latency, setup_django, time_calls
from leaderboard import (
    CODE,
    ENTRIES_STATEMENT,
    FILL_STATEMENTS,
    USER_PREFIX,
    board_size,
    rebuild_counts,
    select_one,
)

TARGET_P99_MS = 20.0
LEAGUE_NAME = "Bench league"

MEMBERS_STATEMENT = """
    INSERT INTO leagues_membership (league_id, player_id, joined_at)
    SELECT %(league)s, u.id, now()
    FROM auth_user AS u
    WHERE u.username LIKE %(prefix_like)s AND u.id <> %(owner)s
    ORDER BY random()
    LIMIT %(members)s - 1
"""


#: ``bench/leaderboard.py``'s statements with the game columns added since it was written (a
#: game held for fair-play review, a confirmed hold, a declared bot's): none of them here.
GAME_COLUMNS = ("assisted, snapshot,", "assisted, held, hold_confirmed, bot, snapshot,")
GAME_VALUES = ("false, '{}'::jsonb,", "false, false, false, false, '{}'::jsonb,")


def fill(size: int) -> None:
    """``size`` entries on the board (``bench/leaderboard.py``'s fill), unless it has them."""
    from django.db import connection, transaction

    existing = board_size()
    if existing >= size:
        print(f"board {CODE} already has {existing:,} entries")
        rebuild_counts()  # the global board's answer reads them (quick when they are right)
        return
    if existing:
        raise SystemExit(f"board {CODE} has {existing:,} entries, not {size:,}: use a new database")
    params: dict[str, str | int] = {
        "size": size,
        "prefix": USER_PREFIX,
        "prefix_like": USER_PREFIX + "%",
        "code": CODE,
        "number": 4242424,
    }
    statements = [
        statement.replace(*GAME_COLUMNS).replace(*GAME_VALUES) for statement in FILL_STATEMENTS
    ]
    start = time.perf_counter()
    with transaction.atomic(), connection.cursor() as cursor:
        for statement in (*statements, ENTRIES_STATEMENT.format(extra=", assisted")):
            cursor.execute(statement, params)
    with connection.cursor() as cursor:  # fresh statistics and visibility map
        for table in ("auth_user", "games_game", "games_leaderboardentry"):
            cursor.execute(f"VACUUM ANALYZE {table}")
    print(f"filled {size:,} entries in {time.perf_counter() - start:.0f} s")
    rebuild_counts()


def league_filled(members: int) -> int:
    """The bench's league: its owner and ``members`` - 1 players drawn at random over the
    board (made once); its id."""
    from django.contrib.auth.models import User
    from django.db import connection, transaction

    from leagues.models import League, Membership

    found = League.objects.filter(name=LEAGUE_NAME).first()
    if found is not None and Membership.objects.filter(league=found).count() == members:
        print(f"league {found.pk} already has {members:,} members")
        return int(found.pk)
    if found is not None:
        found.delete()
    owner = User.objects.filter(username__startswith=USER_PREFIX).order_by("id").first()
    assert owner is not None, "fill the board first"
    start = time.perf_counter()
    with transaction.atomic():
        league = League.objects.create(name=LEAGUE_NAME, owner=owner, invite="bench-invite")
        with connection.cursor() as cursor:
            cursor.execute(
                MEMBERS_STATEMENT,
                {
                    "league": league.pk,
                    "prefix_like": USER_PREFIX + "%",
                    "members": members,
                    "owner": owner.pk,
                },
            )
        Membership.objects.create(league=league, player=owner)
    with connection.cursor() as cursor:
        cursor.execute("VACUUM ANALYZE leagues_membership")
    count = Membership.objects.filter(league=league).count()
    print(f"league {league.pk}: {count:,} members in {time.perf_counter() - start:.1f} s")
    return int(league.pk)


def plan(league_id: int, runs: int) -> str:
    """How PostgreSQL runs the league board's read (its top 20, the SQL ``league_board_read``
    sends), ``EXPLAIN (ANALYZE, BUFFERS)``: the last run's plan, then the execution time over
    ``runs`` runs (the server's own time: no round trip, no Python)."""
    from django.db import connection

    from leagues.selectors import board_statement

    sql, params = board_statement(league_id, (CODE,), "positions", (0, 20))
    times: list[float] = []
    with connection.cursor() as cursor:
        for _ in range(runs):
            cursor.execute("EXPLAIN (ANALYZE, BUFFERS) " + sql, params)
            lines = [row[0] for row in cursor.fetchall()]
            times.extend(
                float(line.split(":")[1].split()[0])
                for line in lines
                if line.startswith("Execution Time")
            )
    return "\n".join(lines) + f"\nexecution time over {runs} runs: {Latency.of(times)}"


#: A read under test: a label and a call.
Reads = dict[str, Callable[[], object]]


def league_reads(league_id: int, rng: random.Random) -> Reads:
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test import Client
    from django.test.utils import CaptureQueriesContext

    from games.boards import Who
    from leagues.models import League, Membership
    from leagues.selectors import league_board_read, league_entries_ranked

    league = League.objects.select_related("owner").get(pk=league_id)
    members = list(
        Membership.objects.filter(league=league).values_list("player_id", "player__username")
    )
    client = Client()
    client.force_login(User.objects.get(pk=league.owner_id))
    path = f"/api/leaderboards/{CODE}/?league={league_id}&limit=20"
    with CaptureQueriesContext(connection) as queries:
        assert client.get(path).status_code == 200
    print(f"the answer's queries: {len(queries.captured_queries)}")

    def api_answer(on: str = path) -> object:
        response = client.get(on)
        assert response.status_code == 200
        return response

    global_path = f"/api/leaderboards/{CODE}/?limit=20"

    return {
        "top 20": lambda: league_board_read(league=league, board=CODE, who=Who.HUMANS, limit=20),
        "top 100": lambda: league_board_read(league=league, board=CODE, who=Who.HUMANS, limit=100),
        "around a member": lambda: league_board_read(
            league=league, board=CODE, who=Who.HUMANS, limit=11, around=rng.choice(members)[1]
        ),
        "live: a member's entry": lambda: league_entries_ranked(
            league_id=league_id, board=CODE, player_ids=[rng.choice(members)[0]]
        ),
        "API answer (test client)": api_answer,
        "the global board's answer": lambda: api_answer(global_path),
    }


def report(name: str, reads: Reads, repeat: int) -> bool:
    """Time each read; True if all meet the target."""
    print(f"-- {name}")
    ok = True
    for label, call in reads.items():
        started = time.process_time()
        summary = Latency.of(time_calls(call, repeat=repeat))
        cpu_ms = (time.process_time() - started) * 1000 / (repeat + 3)  # time_calls' warmup: 3
        meets = summary.p99 <= TARGET_P99_MS
        ok = ok and meets
        verdict = "OK" if meets else "over"
        print(
            f"  {label:<25} {summary}  CPU {cpu_ms:5.2f} ms/call  {verdict} "
            f"(target p99 <= {TARGET_P99_MS:g} ms)"
        )
    return ok


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--size", type=int, default=1_000_000, help="entries on the board")
    parser.add_argument("--members", type=int, default=1_000, help="members of the league")
    parser.add_argument("--repeat", type=int, default=200, help="timed calls per read")
    args = parser.parse_args()
    os.environ.setdefault("CANFIELD_CACHE_PREFIX", "bench-league")
    os.environ.setdefault("CANFIELD_THROTTLE_USER", "off")
    setup_django()
    fill(args.size)
    league_id = league_filled(args.members)
    from leagues.selectors import member_count

    entries = member_count(league_id, (CODE,))
    print(f"board {CODE}: {board_size():,} entries; the league's: {entries:,}")
    print("plan:\n  " + plan(league_id, args.repeat).replace("\n", "\n  "))
    print("load average before: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    print(f"floor: SELECT 1 {Latency.of(time_calls(select_one, repeat=args.repeat))}")
    ok = report(
        f"league of {args.members:,} members, board of {board_size():,} entries",
        league_reads(league_id, random.Random(37)),
        args.repeat,
    )
    print("load average after: {:.1f} {:.1f} {:.1f}".format(*os.getloadavg()))
    print("all reads within the target" if ok else "some reads over the target")


if __name__ == "__main__":
    main()
