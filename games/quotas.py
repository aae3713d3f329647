"""Quotas: how much one account may store, so that a free account cannot fill the database.

Throttles bound how often a client may *ask*; these bound what an account *keeps*:

* **games started per UTC day** (``CANFIELD_MAX_GAMES_PER_DAY``, default 1,000): counted in
  the games table itself (one indexed count), so every worker agrees. A person starting a
  game every minute all day long would start 1,440: the default leaves room for anyone who
  plays, none for a script filling the table with empty games.
* **actions stored per hour** (``CANFIELD_MAX_ACTIONS_PER_HOUR``, default 20,000): live moves
  and submitted logs alike, counted in the shared cache per clock hour. A fast human makes
  about one action a second (3,600 an hour); a bot playing several games at once is still
  served, but one account cannot write millions of rows.

A refusal is a 429 ``quota_exceeded`` naming the quota and when it resets; nothing is stored.
If the cache does not answer, the action quota lets the action through, as the throttles do:
a Redis outage must not cost a player's move.

A socket move is counted against its player's throttle too (the REST request already was, by
DRF, before its view): ``actions_quota_charge`` given the throttle (``MoveThrottle``) decides
both in one script on Redis (``MOVE_LIMITS``: one command, one round trip, where the throttle's
script and the quota's pipeline were three commands in two), with each one's answer and each
one's policy when Redis is gone as when they were asked apart: the throttle first, and a
throttled move is not charged.
"""

import logging
from dataclasses import dataclass
from datetime import UTC, datetime, time, timedelta
from functools import cache as memoized
from typing import Any, Protocol

import redis
from django.conf import settings
from django.core.cache import DEFAULT_CACHE_ALIAS, cache, caches
from django.core.cache.backends.redis import RedisCache
from django.utils import timezone
from django.utils.translation import gettext
from redis.exceptions import RedisError

from games.errors import QuotaExceeded
from games.models import Game
from games.outage import counters_available, counters_unavailable
from games.retry_after import retry_words
from shared.redis_cache import writer_of

logger = logging.getLogger(__name__)


def games_quota_check(*, player_id: int) -> None:
    """Refuse a new game when the player has started their day's allowance."""
    limit = settings.CANFIELD_MAX_GAMES_PER_DAY
    if not limit:
        return
    now = timezone.now()
    midnight = datetime.combine(now.astimezone(UTC).date(), time(0), tzinfo=UTC)
    started = Game.objects.filter(player_id=player_id, created_at__gte=midnight).count()
    if started >= limit:
        wait = int((midnight + timedelta(days=1) - now).total_seconds()) + 1
        raise QuotaExceeded(
            gettext(
                "you have started %(started)s games today (UTC): at most %(limit)s a day;"
                " try again %(when)s"
            )
            % {"started": started, "limit": limit, "when": retry_words(wait)},
            quota="games_per_day",
            limit=limit,
            wait=wait,
        )


#: DRF's sliding window on a Redis list, newest first, as a Lua function of (key, now as
#: text, duration, limit): drop the times older than ``duration``, refuse at ``limit``, else push
#: now (the key then lives ``duration``). Returns allowed (1 or 0) and the count after the
#: push. The throttles' script (``games.api.throttling.SLIDING_LOG``) and ``MOVE_LIMITS``.
SLIDING_LOG_FUNCTION = """
local function sliding_log(key, stamp, duration, limit)
  local now = tonumber(stamp)
  while true do
    local oldest = redis.call('LINDEX', key, -1)
    if not oldest or tonumber(oldest) > now - duration then break end
    redis.call('RPOP', key)
  end
  local count = redis.call('LLEN', key)
  if count >= limit then return 0, count end
  redis.call('LPUSH', key, stamp)
  redis.call('EXPIRE', key, math.ceil(duration))
  return 1, count + 1
end
"""

#: A move's throttle and quota in one command. KEYS[1]: the throttle's log; KEYS[2] (when the
#: quota counts): the hour's counter. ARGV: now, duration, limit (the throttle's), then the
#: actions, the quota's limit and its counter's time to live. A throttled move is not
#: charged; a move past the quota is not counted (what ``actions_quota_charge`` did apart).
#: Returns {allowed, count, used, oldest}: the throttle's verdict, its count and the oldest
#: time kept, and the hour's count (0 when throttled or not counted).
MOVE_LIMITS = (
    SLIDING_LOG_FUNCTION
    + """
local allowed, count = sliding_log(KEYS[1], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]))
local used = 0
if allowed == 1 and KEYS[2] then
  redis.call('SET', KEYS[2], 0, 'EX', ARGV[6], 'NX')
  used = redis.call('INCRBY', KEYS[2], ARGV[4])
  if used > tonumber(ARGV[5]) then redis.call('DECRBY', KEYS[2], ARGV[4]) end
end
return {allowed, count, used, redis.call('LINDEX', KEYS[1], -1) or false}
"""
)


@dataclass(frozen=True)
class SlidingLog:
    """One sliding-window throttle's count, as ``SLIDING_LOG_FUNCTION`` takes it."""

    key: str  # the Redis key of its list (the cache's prefix included)
    now: float
    duration: int
    limit: int


class MoveThrottle(Protocol):
    """The per-player throttle of a move counted with its quota
    (``games.api.throttling.PlayerMoveThrottle``)."""

    def sliding_log(self, counters: RedisCache) -> SlidingLog | None:
        """Its count on ``counters`` (None: off, nothing to count)."""

    def refusal(self, *, count: int, oldest: float) -> Exception:
        """What a refusal raises, from the log's length and its oldest time."""

    def check(self) -> None:
        """Counted alone (no Redis cache): raises its refusal."""

    def unavailable(self, error: RedisError) -> None:
        """Its policy when Redis is gone (open: said in the log)."""

    def available(self) -> None:
        """Redis answered (the log says so after an outage)."""


def actions_quota_charge(
    *, player_id: int, actions: int, throttle: MoveThrottle | None = None
) -> None:
    """Count ``actions`` about to be stored against the player's hour, or refuse them all;
    with ``throttle``, count the request against it first (``MOVE_LIMITS``, see the
    module)."""
    if throttle is not None:
        backend = caches[DEFAULT_CACHE_ALIAS]
        log = throttle.sliding_log(backend) if isinstance(backend, RedisCache) else None
        if log is not None:
            limits_charge(player_id=player_id, actions=actions, log=log, throttle=throttle)
            return
        throttle.check()
    limit = settings.CANFIELD_MAX_ACTIONS_PER_HOUR
    if not limit or actions <= 0:
        return
    now = timezone.now()
    key = actions_key(player_id, now)
    try:
        used = counter_add(key, actions, timeout=3600)
        if used > limit:
            cache.decr(key, actions)  # refused actions are not stored: they do not count
    except RedisError as error:
        counters_unavailable("actions per hour", "actions stored uncounted", error)
        return
    except ValueError as error:  # the key expired in between
        logger.warning("action quota not counted: %s", error)
        return
    counters_available("actions per hour")
    if used > limit:
        raise quota_exceeded(actions=actions, used=used, limit=limit, now=now)


def actions_key(player_id: int, now: datetime) -> str:
    """The player's counter of the clock hour of ``now``."""
    return f"quota:actions:{player_id}:{now:%Y%m%d%H}"


def limits_charge(*, player_id: int, actions: int, log: SlidingLog, throttle: MoveThrottle) -> None:
    """The throttle's count and the quota's charge in one command (``MOVE_LIMITS``) on the
    cache's client; each refuses, and fails open, as when asked apart."""
    limit = settings.CANFIELD_MAX_ACTIONS_PER_HOUR
    counted = bool(limit) and actions > 0
    backend = caches[DEFAULT_CACHE_ALIAS]
    assert isinstance(backend, RedisCache)
    now = timezone.now()
    keys = [log.key]
    args: list[Any] = [repr(log.now), log.duration, log.limit]
    if counted:
        keys.append(backend.make_and_validate_key(actions_key(player_id, now)))
        args += [actions, limit, 3600]
    try:
        allowed, count, used, oldest = move_limits_script(writer_of(backend))(keys=keys, args=args)
    except RedisError as error:
        throttle.unavailable(error)
        if counted:
            counters_unavailable("actions per hour", "actions stored uncounted", error)
        return
    throttle.available()
    if not allowed:
        raise throttle.refusal(count=int(count), oldest=float(oldest))
    if counted:
        counters_available("actions per hour")
        if int(used) > limit:
            raise quota_exceeded(actions=actions, used=int(used), limit=limit, now=now)


@memoized
def move_limits_script(client: redis.Redis) -> Any:
    """``MOVE_LIMITS`` registered on the cache's one client (its SHA sent, its text only
    when Redis does not know it yet)."""
    return client.register_script(MOVE_LIMITS)


def quota_exceeded(*, actions: int, used: int, limit: int, now: datetime) -> QuotaExceeded:
    """The refusal of ``actions`` that would make ``used`` this hour."""
    wait = 3600 - (now.minute * 60 + now.second)
    return QuotaExceeded(
        gettext(
            "%(actions)s more action(s) would make %(used)s this hour:"
            " at most %(limit)s an hour; try again %(when)s"
        )
        % {"actions": actions, "used": used, "limit": limit, "when": retry_words(wait)},
        quota="actions_per_hour",
        limit=limit,
        wait=wait,
    )


def counter_add(key: str, amount: int, *, timeout: int) -> int:
    """Add ``amount`` to the cache counter ``key`` (created at 0 to live ``timeout`` seconds
    if missing) and return its new value. On Redis that is one round trip (``SET NX EX`` and
    ``INCRBY`` in a pipeline), where ``cache.add`` then ``cache.incr`` cost three (Django's
    ``incr`` asks ``EXISTS`` first): it runs on every move."""
    backend = caches[DEFAULT_CACHE_ALIAS]  # ``cache`` is a proxy of it
    if not isinstance(backend, RedisCache):
        backend.add(key, 0, timeout=timeout)
        return backend.incr(key, amount)
    name = backend.make_and_validate_key(key)
    pipeline = writer_of(backend).pipeline(transaction=False)
    pipeline.set(name, 0, ex=timeout, nx=True)
    pipeline.incrby(name, amount)
    return int(pipeline.execute()[-1])
