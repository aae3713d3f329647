"""What a limit does while its counters (Redis) cannot be reached, said once in the log.

Every limit counted in the shared cache has a policy for a Redis outage, written down in
docs/operations.md ("When Redis is gone") and followed where the limit is counted: fail open
(let through uncounted) or closed (refuse). The log says so once per limit and process when
the outage is first met, naming the limit and the policy, and once more when the counters
answer again; not once per request, which would bury everything else in an outage's log.
"""

from __future__ import annotations

import logging
import threading

from django.core.cache.backends.locmem import LocMemCache

logger = logging.getLogger("canfield.limits")

_down: set[str] = set()
_lock = threading.Lock()


def counters_unavailable(limit: str, policy: str, error: BaseException) -> None:
    """The counters of ``limit`` did not answer: log it, with ``policy`` (what the limit does
    meanwhile), the first time in this outage only."""
    with _lock:
        if limit in _down:
            return
        _down.add(limit)
    logger.warning(
        "%s: counters unavailable (%s: %s); %s until they answer again",
        limit,
        type(error).__name__,
        error,
        policy,
    )


def counters_available(limit: str) -> None:
    """The counters of ``limit`` answered: if they had not, say they are back."""
    if limit not in _down:
        return
    with _lock:
        if limit not in _down:
            return
        _down.discard(limit)
    logger.warning("%s: counters available again, the limit is counted again", limit)


_local: LocMemCache | None = None


def local_counters() -> LocMemCache:
    """This process's own counters, for a limit that is counted here while Redis is gone (a
    limit that then holds per worker process: at most ``CANFIELD_WORKERS`` x its rate)."""
    global _local
    with _lock:
        if _local is None:
            _local = LocMemCache("canfield-outage-counters", {"OPTIONS": {"MAX_ENTRIES": 100_000}})
        return _local


def limits_down() -> frozenset[str]:
    """The limits whose counters are unavailable in this process now (for tests and health)."""
    return frozenset(_down)
