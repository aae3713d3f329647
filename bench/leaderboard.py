"""Leaderboards at scale: one board of 1,000,000 entries, read the way the API reads it.

1. Fill (once; skipped when the board already has the entries): players, their games and
   their entries are made by PostgreSQL itself with ``INSERT ... SELECT generate_series``,
   with random cards/moves and distinct ``reached_at`` times. Use a scratch database: the
   games are bare rows without logs, so ``verify_games`` would (rightly) reject them.
   Then the boards' rank counts are rebuilt from the entries, as after any bulk load.
2. SQL: p50/p99 of the selectors the API calls (``games.selectors.leaderboards``): the top
   100, a deep page (offset ~500,000), the window around a player in the middle, and the
   window around a player inside the largest tie (100,000 entries at 1 card, 0 moves).
3. Rank index (``--redis``): the same reads from a Redis sorted set holding the board's
   order and display fields (ZRANK/ZRANGE are O(log N)), checked to give pages equal to the
   SQL selectors'. The measured alternative, should counting in SQL be too slow.

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench_lb
REDIS_URL=redis://127.0.0.1:6379/6 python bench/leaderboard.py --redis``
"""

from __future__ import annotations

import argparse
import dataclasses
import io
import json
import os
import random
import time
from collections.abc import Callable
from datetime import UTC, datetime
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
    INSERT INTO games_game (code, draw, number, player_id, seq, score, cards, moves, won,
                            status, assisted, snapshot, created_at, updated_at, finished_at,
                            reached_at)
    SELECT %(code)s, 3, %(number)s, u.id, m.moves, 0, m.cards, m.moves, m.cards = 52,
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
    INSERT INTO games_leaderboardentry (code, player_id, game_id, cards, moves, score, won,
                                        status, reached_at{extra})
    SELECT code, player_id, id, cards, moves, score, won, status, reached_at{extra}
    FROM games_game WHERE code = %(code)s
"""


def ranks_assisted() -> bool:
    """Whether entries carry ``assisted`` (unassisted games rank first, then the rest)."""
    from games.models import LeaderboardEntry

    return any(field.name == "assisted" for field in LeaderboardEntry._meta.fields)


def board_size() -> int:
    from games.models import LeaderboardEntry

    return LeaderboardEntry.objects.filter(code=CODE).count()


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
    params = {
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
    from games.selectors.leaderboards import RANKING_ORDER

    ordered = LeaderboardEntry.objects.filter(code=CODE).order_by(*RANKING_ORDER)
    return [ordered.values_list("player__username", flat=True)[offset] for offset in offsets]


def middle_players(count: int, size: int, rng: random.Random) -> list[str]:
    """Players around the middle of the board (by rank)."""
    return players_at([size // 2 + rng.randrange(-size // 20, size // 20) for _ in range(count)])


def crowded_players(count: int, rng: random.Random) -> list[str]:
    """Players inside the board's largest (cards, moves) standing, where ranks are ties."""
    from django.db.models import Count

    from games.models import LeaderboardEntry

    entries = LeaderboardEntry.objects.filter(code=CODE)
    largest = entries.values("cards", "moves").annotate(n=Count("id")).order_by("-n").first()
    assert largest is not None
    crowd = entries.filter(cards=largest["cards"], moves=largest["moves"]).order_by(
        "reached_at", "id"
    )
    print(
        f"largest standing: {largest['n']:,} entries at {largest['cards']} cards, "
        f"{largest['moves']} moves"
    )
    picks = [rng.randrange(largest["n"]) for _ in range(count)]
    return [crowd.values_list("player__username", flat=True)[pick] for pick in picks]


def sql_reads(size: int, players: list[str], crowd: list[str], rng: random.Random) -> Reads:
    from games.selectors.leaderboards import leaderboard_around, leaderboard_page

    return {
        "top 100": lambda: leaderboard_page(code=CODE, limit=100, offset=0),
        "deep page": lambda: leaderboard_page(
            code=CODE, limit=20, offset=size // 2 + rng.randrange(-1000, 1000)
        ),
        "around": lambda: leaderboard_around(code=CODE, username=rng.choice(players), limit=11),
        "around, in the crowd": lambda: leaderboard_around(
            code=CODE, username=rng.choice(crowd), limit=11
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


class RankIndex:
    """A board as a Redis sorted set: the design measured against SQL counting.

    Score ``(52 - cards) * 2**32 + moves`` (exact in a double) orders by most cards, then
    fewest moves; members with equal scores sort by their bytes, so a member that starts
    with ``<reached_at µs, 16 hex><entry id, 16 hex>`` orders ties by time, then id: exactly
    ``RANKING_ORDER``. The rest of the member is the entry's display fields (JSON), so a page
    is one ZRANGE (O(log N + limit)) and a rank one ZRANK (O(log N)), with no SQL at all; a
    hash maps each player to their member, for ``around`` and for replacing an entry. In the
    service the set would be written after the entry's commit (ZREM old, ZADD new) and
    rebuilt from the entries table when Redis lost it, exactly as ``load_from_database``.
    """

    #: Members fetched before a page to find ties that share its first rank.
    TIE_LOOKBACK = 8
    ORDER_PREFIX = 32

    def __init__(self, url: str, *, code: str, namespace: str) -> None:
        import redis

        self.redis = redis.Redis.from_url(url)
        self.code = code
        self.key = f"bench:rank:{namespace}:{code}"
        self.players_key = f"bench:rank-players:{namespace}:{code}"

    @staticmethod
    def score(cards: int, moves: int, assisted: bool = False) -> int:
        return int(assisted) * 2**40 + (52 - cards) * 2**32 + moves

    @staticmethod
    def unscore(score: float) -> tuple[bool, int, int]:
        """``(assisted, cards, moves)`` back from a score."""
        rest = int(score) % 2**40
        return int(score) >= 2**40, 52 - rest // 2**32, rest % 2**32

    @staticmethod
    def member(entry: dict[str, Any]) -> bytes:
        micros = int(entry["reached_at"].timestamp() * 1_000_000)
        shown = [entry["player__username"], entry["score"], entry["status"], entry["game_id"]]
        return f"{micros:016x}{entry['id']:016x}{json.dumps(shown)}".encode()

    def load_from_database(self, batch: int = 20_000) -> int:
        """Put every entry of the board in the sorted set (skipped if it holds them all)."""
        from games.models import LeaderboardEntry

        entries = LeaderboardEntry.objects.filter(code=self.code)
        if self.redis.zcard(self.key) == entries.count():
            return 0
        self.redis.delete(self.key, self.players_key)
        columns = ["id", "player__username", "cards", "moves", "score", "status", "game_id"]
        columns += ["reached_at", *(["assisted"] if ranks_assisted() else [])]
        rows = entries.values(*columns).iterator(chunk_size=batch)
        pipe = self.redis.pipeline(transaction=False)
        loaded = 0
        for entry in rows:
            member = self.member(entry)
            score = self.score(entry["cards"], entry["moves"], entry.get("assisted", False))
            pipe.zadd(self.key, {member: score})
            pipe.hset(self.players_key, entry["player__username"], member)
            loaded += 1
            if loaded % batch == 0:
                pipe.execute()
        pipe.execute()
        return loaded

    def page(self, *, limit: int, offset: int, around: str | None = None) -> Any:
        """The same ``LeaderboardPage`` as ``leaderboard_page``: one Redis round trip."""
        from games.selectors.leaderboards import LeaderboardPage, RankedEntry

        entry_fields = [field.name for field in dataclasses.fields(RankedEntry)]

        start = max(0, offset - self.TIE_LOOKBACK)
        pipe = self.redis.pipeline(transaction=False)
        pipe.zcard(self.key)
        pipe.zrange(self.key, start, offset + limit - 1, withscores=True)
        total, window = pipe.execute()
        before, members = window[: offset - start], window[offset - start :]
        entries: list[RankedEntry] = []
        previous: tuple[bytes, float] | None = None
        rank = 0
        for index, (member, score) in enumerate(members):
            key = (member[:16], score)
            if index == 0:
                rank = offset + 1 - self.ties_before(key, before, offset)
            elif key != previous:
                rank = offset + index + 1
            previous = key
            player, points, status, game = json.loads(member[self.ORDER_PREFIX :])
            assisted, cards, moves = self.unscore(score)
            shown = {
                "rank": rank,
                "player": player,
                "cards": cards,
                "score": points,
                "moves": moves,
                "won": cards == 52,
                "status": status,
                "game": game,
                "reached_at": datetime.fromtimestamp(int(member[:16], 16) / 1e6, tz=UTC),
                "assisted": assisted,
            }
            entries.append(RankedEntry(**{name: shown[name] for name in entry_fields}))
        return LeaderboardPage(
            code=self.code, total=total, offset=offset, limit=limit, entries=entries, around=around
        )

    def ties_before(self, key: tuple[bytes, float], before: list, position: int) -> int:
        """How many entries just before ``position`` share its ranking key (same rank)."""
        ties = 0
        while before and (before[-1 - ties][0][:16], before[-1 - ties][1]) == key:
            ties += 1
            if ties == len(before):  # all looked-at entries tie: look further back
                if position - ties <= 0:
                    break
                more = self.redis.zrange(
                    self.key, max(0, position - 2 * ties), position - ties - 1, withscores=True
                )
                if not more:
                    break
                before = more + before
        return ties

    def around(self, *, username: str, limit: int) -> Any:
        member = self.redis.hget(self.players_key, username)
        position = self.redis.zrank(self.key, member)
        return self.page(limit=limit, offset=max(0, position - limit // 2), around=username)


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
    parser.add_argument("--redis", action="store_true", help="also measure the rank index")
    args = parser.parse_args()
    setup_django()
    rng = random.Random(6)
    fill(args.size)
    size = board_size()
    players = middle_players(20, size, rng)
    crowd = crowded_players(20, rng)
    print(f"floor: SELECT 1 {Latency.of(time_calls(select_one, repeat=args.repeat))}")
    report(
        f"SQL selectors (games.selectors.leaderboards), {size:,} entries",
        sql_reads(size, players, crowd, rng),
        args.repeat,
    )
    if args.redis:
        measure_rank_index(size, players, crowd, rng, args.repeat)


def measure_rank_index(
    size: int, players: list[str], crowd: list[str], rng: random.Random, repeat: int
) -> None:
    from django.db import connection

    from games.selectors.leaderboards import leaderboard_around, leaderboard_page

    url = os.environ.get("REDIS_URL") or "redis://127.0.0.1:6379/0"
    index = RankIndex(url, code=CODE, namespace=str(connection.settings_dict["NAME"]))
    start = time.perf_counter()
    loaded = index.load_from_database()
    print(f"loaded {loaded:,} entries into the sorted set in {time.perf_counter() - start:.1f} s")
    print(f"floor: Redis PING {Latency.of(time_calls(index.redis.ping, repeat=repeat))}")
    same = [
        index.page(limit=20, offset=offset) == leaderboard_page(code=CODE, limit=20, offset=offset)
        for offset in (0, size // 2)
    ] + [
        index.around(username=name, limit=11)
        == leaderboard_around(code=CODE, username=name, limit=11)
        for name in (players[0], crowd[0])
    ]
    print(f"rank index pages equal to the SQL selectors' pages: {all(same)}")
    report(
        f"Redis sorted set (rank index), {size:,} entries",
        {
            "top 100": lambda: index.page(limit=100, offset=0),
            "deep page": lambda: index.page(
                limit=20, offset=size // 2 + rng.randrange(-1000, 1000)
            ),
            "around": lambda: index.around(username=rng.choice(players), limit=11),
            "around, in the crowd": lambda: index.around(username=rng.choice(crowd), limit=11),
        },
        repeat,
    )


if __name__ == "__main__":
    main()
