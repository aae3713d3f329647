"""Board versions: the per-board counters that let a watcher notice a missed message.

They must be monotonic across every server process: with ``REDIS_URL`` they come from a
Redis ``INCR`` per board (a batch's boards in one script: one command, one round trip, no
table, no lock held in the append transaction), without it (the embedded, single-process
default) from a counter in this process. The publisher bumps a board's counter *before* it
reads the entry it announces (see ``games.live.publishing``), and a snapshot reads it before
its entries.
"""

from __future__ import annotations

import threading
from collections import defaultdict
from functools import cache

from django.conf import settings
from redis.typing import EncodableT

from shared import redis_clients

#: A board's version key lives this long after its last change (idle boards free Redis).
VERSION_KEY_TTL_S = 30 * 24 * 3600

#: ``INCR`` then ``EXPIRE`` each key (a key listed twice is bumped twice), in order: one
#: command for a whole batch instead of two per board. ARGV[1]: the keys' time to live.
BUMP_SCRIPT = """
local versions = {}
for i, key in ipairs(KEYS) do
    versions[i] = redis.call('INCR', key)
    redis.call('EXPIRE', key, ARGV[1])
end
return versions
"""


class LocalVersions:
    """Per-board counters of this process: enough for the single-process embedded default."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._values: defaultdict[str, int] = defaultdict(int)

    def bump_many(self, boards: list[str]) -> list[int]:
        with self._lock:
            bumped = []
            for board in boards:
                self._values[board] += 1
                bumped.append(self._values[board])
            return bumped

    def current(self, board: str) -> int:
        with self._lock:
            return self._values[board]


class RedisVersions:
    """Per-board counters in Redis: ``INCR`` is atomic, so every process agrees on the order."""

    def __init__(self, url: str, prefix: str) -> None:
        # Short timeouts (``redis_clients.VERSIONS``): a hung Redis must cost live updates (the
        # publisher thread bumps), or a watcher's snapshot (it reads), not block them.
        self._redis = redis_clients.client(redis_clients.VERSIONS, url)
        self._prefix = prefix
        self._bump = self._redis.register_script(BUMP_SCRIPT)

    def key(self, board: str) -> str:
        return f"{self._prefix}:live:board-version:{board}"

    def bump_many(self, boards: list[str]) -> list[int]:
        """Bump each board once (a board listed twice is bumped twice), in order, in one
        command (``BUMP_SCRIPT``); the new versions in the same order."""
        if not boards:
            return []
        _, keys, args = self.bump_call(boards)
        return self.bumped(self._bump(keys=keys, args=args))

    def bump_call(self, boards: list[str]) -> tuple[str, list[str], list[EncodableT]]:
        """``bump_many`` as a script call (source, keys, args), for a caller that sends it in
        one round trip with its reads (the live publisher: ``bumped`` reads its reply)."""
        return BUMP_SCRIPT, [self.key(board) for board in boards], [VERSION_KEY_TTL_S]

    @staticmethod
    def bumped(reply: object) -> list[int]:
        """The versions in a reply of ``BUMP_SCRIPT``."""
        if not isinstance(reply, list):
            raise TypeError(f"not a reply of the bump script: {reply!r}")
        return [int(version) for version in reply]

    def current(self, board: str) -> int:
        value = self._redis.get(self.key(board))
        return int(value) if value is not None else 0


@cache
def board_versions(redis_url: str, prefix: str) -> LocalVersions | RedisVersions:
    """The version counters for a configuration (one instance per process and setting)."""
    return RedisVersions(redis_url, prefix) if redis_url else LocalVersions()


def versions() -> LocalVersions | RedisVersions:
    return board_versions(settings.REDIS_URL, settings.CACHE_KEY_PREFIX)
