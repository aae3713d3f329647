"""Submission benchmark: what one whole-game submission costs Redis and the live publisher.

Submits a log of ``--actions`` legal actions (``append.filler_log``: draw/recycle with an
undo now and then) through ``games.services.submissions.submission_create``, what
``POST /api/games/submissions/`` runs minus HTTP, on PostgreSQL and Redis, ``--runs`` times,
and prints per submission:

* the Redis commands sent on this bench's database (``REDIS_URL``'s) from the submission's
  start until the live publisher is idle again, by name: a ``MONITOR`` connection watches
  them (the server's other databases, other tenants', are left out);
* the publisher's time: the seconds its thread spent handling the submission's batch (its
  ``handle_batch``, timed around the call);
* the submission's own time (replay, writes, commit) and the SQL statements it sent.

Nobody watches the game (none can: it did not exist before the commit); what is sent is what
every submission costs.

Run: ``DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench
REDIS_URL=redis://127.0.0.1:6379/6 python bench/submission.py --actions 1000``
"""

from __future__ import annotations

import argparse
import os
import sys
import threading
import time
import uuid
from collections import Counter
from collections.abc import Callable
from typing import Any

from _common import setup_django
from append import CODE, filler_log

#: What tells the monitor to stop listening (``ECHO`` it).
STOP = "bench-submission-monitor-stop"


class RedisMonitor:
    """The commands Redis runs on database ``db`` while it watches (``MONITOR``)."""

    def __init__(self, url: str) -> None:
        import redis

        self.client = redis.Redis.from_url(url)
        self.db = int(self.client.connection_pool.connection_kwargs.get("db", 0))
        self.commands: Counter[str] = Counter()
        self._ready = threading.Event()
        self._thread = threading.Thread(target=self._watch, name="redis-monitor", daemon=True)

    def __enter__(self) -> RedisMonitor:
        self._thread.start()
        self._ready.wait(5)
        return self

    def __exit__(self, *exc: object) -> None:
        # Redis shows commands in the order it ran them: every one sent before this comes
        # before it, so the listener stops there and misses none.
        self.client.echo(STOP)
        self._thread.join(5)

    def _watch(self) -> None:
        with self.client.monitor() as monitor:
            self._ready.set()
            for command in monitor.listen():
                if STOP in str(command["command"]):
                    return
                if int(command.get("db", -1)) == self.db:
                    self.commands[str(command["command"]).split(" ", 1)[0].upper()] += 1


class TimedBatches:
    """The seconds the live publisher's thread spends in its ``handle_batch``."""

    def __init__(self) -> None:
        from games.live import publishing

        self.publisher = publishing.publisher
        self.seconds = 0.0
        self.batches = 0
        self._handle: Callable[[Any], None] = self.publisher._handle_batch

    def __enter__(self) -> TimedBatches:
        def timed(batch: Any) -> None:
            start = time.perf_counter()
            try:
                self._handle(batch)
            finally:
                self.seconds += time.perf_counter() - start
                self.batches += 1

        self.publisher._handle_batch = timed
        return self

    def __exit__(self, *exc: object) -> None:
        self.publisher._handle_batch = self._handle


def submit_once(tokens: list[str]) -> tuple[Counter[str], float, int, float, int]:
    """One submission by a new player: Redis commands, publisher seconds and batches, the
    submission's seconds and SQL statements."""
    from django.contrib.auth.models import User
    from django.db import connection
    from django.test.utils import CaptureQueriesContext

    from games import live
    from games.services.submissions import submission_create

    player = User.objects.create_user(f"bench_{uuid.uuid4().hex[:12]}")
    assert live.wait_idle(30)
    with RedisMonitor(os.environ["REDIS_URL"]) as monitor, TimedBatches() as batches:
        start = time.perf_counter()
        with CaptureQueriesContext(connection) as queries:
            submission_create(player=player, code=CODE, actions=tokens)
        took = time.perf_counter() - start
        if not live.wait_idle(60):
            sys.exit("the publisher did not finish within 60 s")
    return monitor.commands, batches.seconds, batches.batches, took, len(queries)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--actions", type=int, default=1000, help="the log's length")
    parser.add_argument("--runs", type=int, default=3)
    args = parser.parse_args()
    if not os.environ.get("REDIS_URL"):
        sys.exit("set REDIS_URL: the bench counts what a submission sends to Redis")
    setup_django()
    tokens = filler_log(args.actions)
    print(f"a submission of {len(tokens)} actions on {CODE}, {args.runs} runs")
    for run in range(1, args.runs + 1):
        commands, publishing, batches, took, statements = submit_once(tokens)
        by_name = ", ".join(f"{name} {count}" for name, count in commands.most_common())
        print(
            f"run {run}: {sum(commands.values())} Redis commands ({by_name}); publisher "
            f"{publishing * 1000:.1f} ms in {batches} batch(es); submission {took * 1000:.1f} ms, "
            f"{statements} SQL statements"
        )
    return 0


if __name__ == "__main__":
    sys.exit(main())
