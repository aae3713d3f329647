"""What one move costs inside one process: SQL statements, Redis round trips, CPU, a profile.

``bench/load.py`` measures moves over real HTTP against several workers, where load from the
rest of the machine blurs wall-clock figures. This bench counts what does not blur: for each
move through Django's full stack (middleware, DRF, the service; the test client, no socket)
it counts the SQL statements and the Redis round trips of the request thread and of the live
publisher's thread (what the move's announcement costs after the answer), and the request
thread's own CPU time (``time.thread_time``). A ``GET /api/health/`` is measured the same way:
the floor any request pays on this stack. The round trips themselves are timed too (a
``SELECT 1``, a BEGIN and COMMIT, a Redis GET, nothing done with them), which gives what a
move's round trips alone cost: the floor under its CPU. ``--profile N`` prints the top of a
cProfile of the request thread over N more moves.

PostgreSQL's own CPU per move is read off its backends (``/proc/<pid>/stat`` of the
connections to the bench's database: the server must run on this machine), for the
one-statement write (``games.services.move_write``) and the locked path
(``CANFIELD_MOVE_ONE_STATEMENT`` off) in the same run, and beside it (``--pgbench N``) the
backend CPU of a move-shaped transaction run N times by ``pgbench -c 1``
(``bench/pgbench_move.sql``: lock the game, insert the action, update the game and the
entry, commit). The machine's load is printed before and after.

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench
REDIS_URL=redis://127.0.0.1:6379/6 nice -n 10 python bench/move_cost.py --moves 300
--pgbench 3000``
"""

from __future__ import annotations

import argparse
import cProfile
import os
import pstats
import random
import statistics
import subprocess
import tempfile
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from _common import require_postgres_url, setup_django

#: The open board the moves are played on (any valid code would do).
CODE = "CF1-D3-AAJHJUE"


class RedisTrips:
    """Redis round trips per thread: one per ``send_packed_command`` (a pipeline is one)."""

    def __init__(self) -> None:
        self.by_thread: Counter[str] = Counter()

    def install(self) -> None:
        import redis.asyncio.connection
        import redis.connection

        for cls in (redis.connection.Connection, redis.asyncio.connection.Connection):
            original = cls.send_packed_command
            if asyncio_like(original):
                cls.send_packed_command = self.counted_async(original)  # type: ignore[method-assign]
            else:
                cls.send_packed_command = self.counted(original)  # type: ignore[method-assign]

    def counted(self, original: Callable[..., Any]) -> Callable[..., Any]:
        def send(connection: Any, *args: Any, **kwargs: Any) -> Any:
            self.by_thread[threading.current_thread().name] += 1
            return original(connection, *args, **kwargs)

        return send

    def counted_async(self, original: Callable[..., Any]) -> Callable[..., Any]:
        async def send(connection: Any, *args: Any, **kwargs: Any) -> Any:
            self.by_thread[threading.current_thread().name] += 1
            return await original(connection, *args, **kwargs)

        return send


def asyncio_like(function: Callable[..., Any]) -> bool:
    import inspect

    return inspect.iscoroutinefunction(function)


class Queries:
    """SQL statements per thread, counted in Django's cursor wrapper (every thread's
    connection: the publisher's thread opens its own)."""

    def __init__(self) -> None:
        self.by_thread: Counter[str] = Counter()
        self.statements: list[str] = []
        self.keep = False

    def install(self) -> None:
        from django.db.backends.utils import CursorWrapper

        counter = self
        original = CursorWrapper._execute_with_wrappers  # type: ignore[attr-defined]

        def counted(cursor: Any, sql: str, params: Any, many: bool, executor: Any) -> Any:
            counter.by_thread[threading.current_thread().name] += 1
            if counter.keep and threading.current_thread() is threading.main_thread():
                counter.statements.append(sql)
            return original(cursor, sql, params, many, executor)

        CursorWrapper._execute_with_wrappers = counted  # type: ignore[attr-defined]


class Player:
    """One player of the bench: a token, a game on ``CODE``, random legal moves with ``seq``."""

    def __init__(self, rng: random.Random) -> None:
        from django.contrib.auth.models import User
        from rest_framework.authtoken.models import Token
        from rest_framework.test import APIClient

        user = User.objects.create_user(username=f"cost_{uuid.uuid4().hex[:12]}")
        token = Token.objects.create(user=user)
        self.client = APIClient()
        self.client.credentials(HTTP_AUTHORIZATION=f"Token {token.key}")
        self.rng = rng
        self.game: dict[str, Any] = {}
        self.start()

    def start(self) -> None:
        response = self.client.post("/api/games/", {"code": CODE}, format="json")
        assert response.status_code == 201, response.content
        self.game = response.json()

    def next_move(self) -> str:
        legal = self.game["legal_moves"]
        if self.game["status"] != "playing" or not legal:
            self.start()
            legal = self.game["legal_moves"]
        card_moves = [m for m in legal if m not in ("draw", "recycle", "undo")]
        if card_moves and self.rng.random() < 0.7:
            return self.rng.choice(card_moves)
        return self.rng.choice([m for m in legal if m != "undo"] or legal)

    def move(self) -> None:
        body = {"action": self.next_move(), "seq": self.game["seq"] + 1}
        response = self.client.post(f"/api/games/{self.game['id']}/actions/", body, format="json")
        assert response.status_code == 201, response.content
        self.game = response.json()


#: The live publisher's thread (``games.live.publishing``).
PUBLISHER = "live-publisher"


@dataclass(frozen=True)
class Cost:
    sql: float
    redis: float
    publisher_sql: float
    publisher_redis: float
    cpu_ms: float
    process_cpu_ms: float
    postgres_cpu_ms: float


TICKS = os.sysconf("SC_CLK_TCK")


def process_cpu_seconds(pid: int) -> float | None:
    """User and system CPU of process ``pid`` (None if it is gone)."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return None
    return (int(fields[11]) + int(fields[12])) / TICKS  # utime, stime: fields 14 and 15


def backends_cpu() -> dict[int, float]:
    """CPU seconds so far of every backend connected to this database (the asking one too:
    it serves the bench's requests, which run on this thread)."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute("SELECT pid FROM pg_stat_activity WHERE datname = current_database()")
        pids = [pid for (pid,) in cursor.fetchall()]
    return {pid: cpu for pid in pids if (cpu := process_cpu_seconds(pid)) is not None}


def backends_spent(before: dict[int, float], after: dict[int, float]) -> float:
    """CPU seconds the backends spent between two readings (a new one: all of its own)."""
    return sum(cpu - before.get(pid, 0.0) for pid, cpu in after.items())


PGBENCH_SCRIPT = Path(__file__).with_name("pgbench_move.sql")
#: The backends of pgbench runs already measured (one may linger in pg_stat_activity).
PGBENCH_DONE: set[int] = set()
PGBENCH_GAMES = 1000

PGBENCH_TABLES = f"""
DROP TABLE IF EXISTS bench_move_action, bench_move_entry, bench_move_game;
CREATE TABLE bench_move_game (
    id bigint PRIMARY KEY, seq integer NOT NULL, moves integer NOT NULL,
    reached_at timestamptz NOT NULL, snapshot jsonb NOT NULL);
CREATE TABLE bench_move_action (
    id bigserial PRIMARY KEY, game_id bigint NOT NULL REFERENCES bench_move_game,
    seq integer NOT NULL, token varchar(16) NOT NULL, score_after integer NOT NULL,
    created_at timestamptz NOT NULL, UNIQUE (game_id, seq));
CREATE TABLE bench_move_entry (
    id bigserial PRIMARY KEY, game_id bigint NOT NULL UNIQUE REFERENCES bench_move_game,
    action_count integer NOT NULL, reached_at timestamptz NOT NULL, revision bigint NOT NULL);
INSERT INTO bench_move_game
    SELECT g, 0, 0, now(), jsonb_build_object('moves', 0, 'stock', repeat('7C', 300))
    FROM generate_series(1, {PGBENCH_GAMES}) g;
INSERT INTO bench_move_entry (game_id, action_count, reached_at, revision)
    SELECT g, 0, now(), 1 FROM generate_series(1, {PGBENCH_GAMES}) g;
"""


def pgbench_move(transactions: int, mode: str) -> tuple[float, float]:
    """``pgbench -c 1 -t transactions -M mode`` of the move-shaped transaction: its backend's
    CPU ms per transaction (read off /proc while it runs) and pgbench's transactions per
    second."""
    from django.db import connection

    with connection.cursor() as cursor:
        cursor.execute(PGBENCH_TABLES)
    command = [
        *("nice", "-n", "10", "pgbench", "-n", "-M", mode, "-c", "1", "-t", str(transactions)),
        *("-D", f"games={PGBENCH_GAMES}", "-f", str(PGBENCH_SCRIPT), require_postgres_url()),
    ]
    with tempfile.TemporaryFile("w+") as out:
        running = subprocess.Popen(command, stdout=out, stderr=subprocess.STDOUT, text=True)
        backend, spent = None, 0.0
        while running.poll() is None:
            if backend is None:
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT pid FROM pg_stat_activity WHERE application_name = 'pgbench'"
                        " AND datname = current_database() AND pid <> ALL(%s)",
                        [sorted(PGBENCH_DONE)],
                    )
                    row = cursor.fetchone()
                backend = None if row is None else row[0]
            if backend is not None:
                now = process_cpu_seconds(backend)
                if now is None:  # gone: pgbench is ending
                    PGBENCH_DONE.add(backend)
                    backend = None
                else:
                    spent = now
            time.sleep(0.01)
        if backend is not None:
            PGBENCH_DONE.add(backend)
        out.seek(0)
        report = out.read()
    if running.returncode != 0:
        raise SystemExit(f"pgbench failed:\n{report}")
    tps = next(
        float(line.split("=")[1].split()[0]) for line in report.splitlines() if "tps =" in line
    )
    with connection.cursor() as cursor:
        cursor.execute("DROP TABLE bench_move_action, bench_move_entry, bench_move_game")
    return spent * 1000 / transactions, tps


@contextmanager
def thread_cpu() -> Iterator[list[float]]:
    """The calling thread's CPU seconds spent in the block (appended on exit)."""
    spent: list[float] = []
    start = time.thread_time()
    yield spent
    spent.append(time.thread_time() - start)


@dataclass(frozen=True)
class RoundTripFloor:
    sql_us: float
    transaction_us: float
    redis_us: float


def round_trip_floor(count: int = 2000) -> RoundTripFloor:
    """CPU of the round trips themselves, nothing done with them: what a move's statements
    and commands cost before any work of the move's own (the floor under its CPU)."""
    from django.core.cache import cache
    from django.db import connection, transaction

    def per_call_us(step: Callable[[], object]) -> float:
        step()
        with thread_cpu() as spent:
            for _ in range(count):
                step()
        return spent[0] * 1e6 / count

    def select_one() -> None:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()

    def in_transaction() -> None:
        with transaction.atomic():
            select_one()

    sql = per_call_us(select_one)
    return RoundTripFloor(
        sql_us=sql,
        transaction_us=per_call_us(in_transaction) - sql,
        redis_us=per_call_us(lambda: cache.get("move-cost-probe")),
    )


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--players", type=int, default=4, help="moves go round-robin")
    parser.add_argument("--profile", type=int, default=0, help="profile this many more moves")
    parser.add_argument("--show-sql", action="store_true", help="print one move's statements")
    parser.add_argument(
        "--pgbench", type=int, default=0, help="also run pgbench's move transaction this often"
    )
    args = parser.parse_args()
    print("load average before: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    setup_django()
    from django.conf import settings

    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None}
    settings.ALLOWED_HOSTS = ["*"]
    from rest_framework.test import APIClient

    from games import live

    queries, trips = Queries(), RedisTrips()
    queries.install()
    trips.install()
    rng = random.Random(12)
    players = [Player(rng) for _ in range(args.players)]
    for player in players:  # every player on the board: later moves are the usual case
        player.move()
    live.wait_idle()

    def measure(step: Callable[[], None], count: int) -> Cost:
        """Mean SQL and Redis of the request thread and of the publisher, mean CPU ms of
        the request thread and of the whole process (the publisher's work included)."""
        main_name = threading.current_thread().name
        live.wait_idle()
        q0, r0 = Counter(queries.by_thread), Counter(trips.by_thread)
        cpu: list[float] = []
        postgres = backends_cpu()
        process = time.process_time()
        for _ in range(count):
            with thread_cpu() as spent:
                step()
            cpu.extend(spent)
        live.wait_idle()
        process = time.process_time() - process
        postgres_spent = backends_spent(postgres, backends_cpu())
        q, r = queries.by_thread - q0, trips.by_thread - r0
        return Cost(
            sql=q[main_name] / count,
            redis=r[main_name] / count,
            publisher_sql=q[PUBLISHER] / count,
            publisher_redis=r[PUBLISHER] / count,
            cpu_ms=statistics.fmean(cpu) * 1000,
            process_cpu_ms=process * 1000 / count,
            postgres_cpu_ms=postgres_spent * 1000 / count,
        )

    turn = iter(range(10**9))

    def one_move() -> None:
        players[next(turn) % len(players)].move()

    health = APIClient()

    def one_health() -> None:
        assert health.get("/api/health/").status_code == 200

    measure(one_health, 50)  # warm
    health_cost = measure(one_health, 500)
    settings.CANFIELD_MOVE_ONE_STATEMENT = False
    measure(one_move, 20)  # warm
    locked = measure(one_move, args.moves)
    settings.CANFIELD_MOVE_ONE_STATEMENT = True
    measure(one_move, 20)  # warm
    move = measure(one_move, args.moves)
    print(f"{args.moves} moves a path, {args.players} players round-robin on {CODE}")
    print(
        f"health: {health_cost.sql:.2f} SQL, {health_cost.redis:.2f} Redis, "
        f"{health_cost.cpu_ms:.2f} ms CPU per request, "
        f"PostgreSQL {health_cost.postgres_cpu_ms:.3f} ms"
    )
    for name, cost in (("move, one statement", move), ("move, locked path", locked)):
        print(
            f"{name}: {cost.sql:.2f} SQL, {cost.redis:.2f} Redis, {cost.cpu_ms:.2f} ms CPU per "
            f"move in the request thread, {cost.process_cpu_ms:.2f} ms in the process; "
            f"publisher: {cost.publisher_sql:.2f} SQL, {cost.publisher_redis:.2f} Redis per "
            f"move; PostgreSQL backends: {cost.postgres_cpu_ms:.3f} ms CPU per move"
        )
    for mode in ("simple", "prepared") if args.pgbench else ():
        per_transaction, tps = pgbench_move(args.pgbench, mode)
        print(
            f"pgbench -M {mode} -c 1 -t {args.pgbench} of bench/pgbench_move.sql: its backend "
            f"{per_transaction:.3f} ms CPU per move-shaped transaction, {tps:.0f} tps"
        )
    floor = round_trip_floor()
    trips_ms = (
        (move.sql + move.publisher_sql) * floor.sql_us
        + floor.transaction_us
        + (move.redis + move.publisher_redis) * floor.redis_us
    ) / 1000
    print(
        f"one round trip's CPU here: {floor.sql_us:.0f} us a SQL statement (SELECT 1 through "
        f"Django's cursor), {floor.transaction_us:.0f} us BEGIN and COMMIT, "
        f"{floor.redis_us:.0f} us a Redis command (the cache's GET): a move's round trips "
        f"alone (request and publisher) {trips_ms:.2f} ms"
    )
    if args.show_sql:
        queries.keep = True
        one_move()
        queries.keep = False
        for sql in queries.statements:
            print("  ", sql[:160])
    if args.profile:
        profile = cProfile.Profile(timer=time.thread_time)  # CPU, not waits: robust to load
        profile.enable()
        for _ in range(args.profile):
            one_move()
        profile.disable()
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(45)
        stats.sort_stats("tottime").print_stats(25)
    live.wait_idle()
    print("load average after: {:.2f} {:.2f} {:.2f}".format(*os.getloadavg()))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
