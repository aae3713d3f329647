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
"""

import logging
from datetime import UTC, datetime, time, timedelta

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


def actions_quota_charge(*, player_id: int, actions: int) -> None:
    """Count ``actions`` about to be stored against the player's hour, or refuse them all."""
    limit = settings.CANFIELD_MAX_ACTIONS_PER_HOUR
    if not limit or actions <= 0:
        return
    now = timezone.now()
    key = f"quota:actions:{player_id}:{now:%Y%m%d%H}"
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
        wait = 3600 - (now.minute * 60 + now.second)
        raise QuotaExceeded(
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
