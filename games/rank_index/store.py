"""Where the index lives in Redis, how it is reached, and what a process remembers about
the times it could not reach it.

Keys of a board, under the cache's key prefix (deployments sharing a Redis, and tests, stay
apart) and the database's identity: ``order`` (the sorted set), ``members`` (player id ->
member), ``revisions`` (player id -> revision of the member held), ``ready`` (set once a
build has loaded every entry), ``epoch`` (bumped whenever the index is declared stale or an
entry is taken out: a build started before that may not mark the board ready),
``building`` (the build lock).
"""

import hashlib
import logging
import threading
import time
from dataclasses import dataclass
from functools import cache

import redis
from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache.backends.redis import RedisCache
from django.db import connection as database

from games.rank_index.members import MEMBER_FORMAT
from shared import redis_clients
from shared.redis_cache import writer_of
from shared.redis_clients import RedisUse

logger = logging.getLogger(__name__)

#: A Redis that does not answer must cost a read little: ``redis_clients.RANK_INDEX`` bounds
#: each call, and after a failure the process leaves Redis alone for ``BACKOFF_S`` (reads use
#: SQL meanwhile).
BACKOFF_S = 2.0
#: A board's keys expire this long after its last write (or build): old daily boards leave
#: Redis (a million entries take ~350 MiB) and are rebuilt if someone reads them again.
IDLE_TTL_S = 8 * 24 * 3600


@dataclass(frozen=True)
class BoardKeys:
    order: str
    members: str
    revisions: str
    ready: str
    epoch: str
    building: str

    @property
    def data(self) -> tuple[str, str, str]:
        """The keys holding entries (what a build starts by deleting)."""
        return (self.order, self.members, self.revisions)


def key_prefix() -> str:
    cache_prefix = settings.CACHES["default"].get("KEY_PREFIX") or settings.CACHE_KEY_PREFIX
    return f"{cache_prefix}:rank{MEMBER_FORMAT}:{database_identity()}:"


def database_identity() -> str:
    """A short name of the database the entries live in. Redis outlives databases: one
    recreated or restored under the same name (new PostgreSQL oid), or another database
    sharing this Redis and prefix, must not find an index built from different entries."""
    return _database_identity(database.vendor, str(database.settings_dict["NAME"]))


@cache
def _database_identity(vendor: str, name: str) -> str:
    instance = ""
    if vendor == "postgresql":
        with database.cursor() as cursor:
            cursor.execute("SELECT oid FROM pg_database WHERE datname = current_database()")
            instance = str(cursor.fetchone()[0])
    return hashlib.sha256(f"{vendor}:{name}:{instance}".encode()).hexdigest()[:12]


def board_keys(board: str) -> BoardKeys:
    base = f"{key_prefix()}{board}:"
    names = ("order", "members", "revisions", "ready", "epoch", "building")
    return BoardKeys(*(base + name for name in names))


def enabled() -> bool:
    """Whether reads may use the index and writes must maintain it."""
    return bool(settings.REDIS_URL) and bool(settings.CANFIELD_RANK_INDEX)


def client_for(url: str, use: RedisUse = redis_clients.RANK_INDEX) -> redis.Redis:
    """The index's client of ``url`` for ``use`` (``shared.redis_clients``)."""
    return redis_clients.client(use, url)


class Health:
    """What this process knows that Redis does not: boards whose index missed an update
    (to be declared stale at the next successful contact), and a recent failure (back off)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.stale: set[str] = set()
        self.quiet_until = 0.0

    def failed(self, *, board: str | None, error: Exception) -> None:
        logger.warning("rank index: Redis failed (%s); boards read from SQL for now", error)
        with self.lock:
            self.quiet_until = time.monotonic() + BACKOFF_S
            if board is not None:
                self.stale.add(board)

    def take_stale(self) -> set[str]:
        with self.lock:
            stale, self.stale = self.stale, set()
        return stale

    def give_back(self, boards: set[str]) -> None:
        with self.lock:
            self.stale |= boards

    def reset(self) -> None:
        with self.lock:
            self.stale.clear()
            self.quiet_until = 0.0


health = Health()


def connection(use: RedisUse = redis_clients.RANK_INDEX) -> redis.Redis:
    """The Redis of the index, after declaring stale the boards that missed updates while it
    could not be reached. Raises ``redis.RedisError`` while backing off after a failure."""
    if time.monotonic() < health.quiet_until:
        raise redis.ConnectionError("rank index: backing off after a Redis failure")
    return declared(client_for(settings.REDIS_URL, use))


def writing_connection() -> redis.Redis:
    """``connection`` for a write after a request's commit: the cache's client when the
    cache is this Redis (its timeouts are the index's, ``redis_clients.CACHE`` and
    ``RANK_INDEX``), so that a move's Redis work in its request thread, its throttle and
    quota (``games.quotas``) and this write, goes on one connection."""
    if time.monotonic() < health.quiet_until:
        raise redis.ConnectionError("rank index: backing off after a Redis failure")
    backend = caches[DEFAULT_CACHE_ALIAS]
    if isinstance(backend, RedisCache) and getattr(backend, "_servers", None) == [
        settings.REDIS_URL
    ]:
        return declared(writer_of(backend))
    return declared(client_for(settings.REDIS_URL, redis_clients.RANK_INDEX))


def declared(client: redis.Redis) -> redis.Redis:
    """``client``, once the boards that missed updates are declared stale through it."""
    stale = health.take_stale()
    if stale:
        try:
            declare_stale(client, stale)
        except redis.RedisError:
            health.give_back(stale)
            raise
        logger.warning("rank index: %s missed updates, rebuilding", ", ".join(sorted(stale)))
    return client


def declare_stale(client: redis.Redis, boards: set[str]) -> None:
    """Stop reads from these boards' indexes until a build started after now completes."""
    pipe = client.pipeline(transaction=True)
    for board in boards:
        keys = board_keys(board)
        pipe.incr(keys.epoch)
        pipe.delete(keys.ready)
    pipe.execute()
