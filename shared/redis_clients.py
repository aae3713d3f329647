"""Every use of Redis but the channel layer's: its client, its timeouts and what its callers
do when Redis fails, in one table (``USES``).

* ``CACHE``: Django's cache (``shared.redis_cache``), so the throttles
  (``games.api.throttling``), the quotas (``games.quotas``), the password checks and the hint
  pool. A command waits 0.5 s. On failure: each limit's policy (docs/operations.md, "When
  Redis is gone": open for most, closed for sign-ups, in process memory for guests), said
  once in the log (``games.outage``); never a 500.
* ``RANK_INDEX``: ``games.rank_index`` reads and writes, 0.5 s (a write after a request's
  commit goes on the ``CACHE`` client, whose timeouts are the same, so that a move's request
  thread uses one connection: ``store.writing_connection``). On failure: back off
  ``BACKOFF_S``, boards are read from SQL, those that missed a write are rebuilt at the next
  contact (``games.rank_index.store.Health``).
* ``RANK_INDEX_BUILD``: ``games.rank_index.building``, 10 s (background work). On failure:
  the build stops, SQL keeps serving the board, a later read starts another.
* ``VERSIONS``: ``games.live.versions`` (the publisher's thread, a watcher's snapshot) and the
  publisher's messages (``games.live.direct``: a batch's ``PUBLISH``es in one script, on the
  same client, so a batch's announcement uses one connection), 1 s. On failure: the batch is
  not sent, its boards get a version gap with the next one, so watchers re-fetch.

One client (and connection pool) per use, URL and process, shared by threads: redis-py's
clients and pools are thread-safe and reset themselves in a forked child. Short waits
because a hung Redis must cost a throttle check, a rank read or an announcement, not hold a
request thread for minutes.

The channel layer (channels-redis) keeps its own connections for what it receives (and sends
where the publisher does not publish itself): they are asyncio ones, one pool per event loop,
which a synchronous redis-py client cannot stand in for, and the layer has its own timeouts
and reconnects (``CHANNEL_LAYERS`` in the settings).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass
from typing import Any

import redis


@dataclass(frozen=True)
class RedisUse:
    """One use of Redis: its name, how long a command (and a connect) may wait, and what its
    callers do when Redis fails (said here, done by them)."""

    name: str
    timeout_s: float
    on_failure: str

    def options(self) -> dict[str, Any]:
        """The connection options of its client (also Django's cache ``OPTIONS``)."""
        return {
            "socket_timeout": self.timeout_s,
            "socket_connect_timeout": min(self.timeout_s, CONNECT_TIMEOUT_S),
        }


#: Connecting to Redis never waits longer than this, whatever the use.
CONNECT_TIMEOUT_S = 0.5

CACHE = RedisUse("cache", 0.5, "fail open (the request goes on), a warning logged")
RANK_INDEX = RedisUse("rank index", 0.5, "back off, read from SQL, rebuild what was missed")
RANK_INDEX_BUILD = RedisUse("rank index build", 10.0, "stop the build, SQL serves the board")
VERSIONS = RedisUse("versions", 1.0, "batch not sent, its boards get a version gap")

USES = (CACHE, RANK_INDEX, RANK_INDEX_BUILD, VERSIONS)

_clients: dict[tuple[str, str, tuple[tuple[str, Any], ...]], redis.Redis] = {}
_lock = threading.Lock()


def client(use: RedisUse, url: str, **pool_options: Any) -> redis.Redis:
    """This process's client of ``url`` for ``use``. ``pool_options``: what Django's cache
    adds to the use's own (its pool class's options), keyed with them."""
    options = {**pool_options, **use.options()}
    key = (use.name, url, tuple(sorted(options.items())))
    found = _clients.get(key)
    if found is None:
        with _lock:
            found = _clients.get(key)
            if found is None:
                found = _clients[key] = redis.Redis.from_url(url, **options)
    return found
