"""DRF throttles whose rates are read from settings at request time.

DRF's stock classes copy ``DEFAULT_THROTTLE_RATES`` once at import, so a test (or an
operator's override) could not change them; ours read ``CANFIELD_THROTTLE_RATES`` (which the
settings build from ``CANFIELD_THROTTLE_ANON``, ``_USER``, ``_SIGNUP`` and ``_HINT``) on every
request. A rate of None, or a scope missing from the setting, disables that throttle.
Counters live in the default cache: on Redis (``REDIS_URL`` set, every worker shares them)
DRF's sliding window is kept as a Redis list and decided by a script in one round trip
(``SettingsRateMixin.allow_by_redis_log``), elsewhere DRF's own code keeps it. If Redis does
not answer, requests are let through, except sign-ups (refused:
``SignUpWindow.counters_unavailable``) and guests (counted in the process's own memory:
``GuestThrottle.counters_unavailable``): docs/operations.md, "When Redis is gone".

Anonymous requests are counted per client address as ``shared.client_address``
decides it: DRF's own ``get_ident`` believes any ``X-Forwarded-For`` when ``NUM_PROXIES`` is
unset, so each forged value would be a fresh bucket. What one client may *make* (accounts,
guests) is counted per network (``PerNetworkThrottle``), so that an IPv6 client cannot start a
fresh count from each of the 2**64 addresses of its /64.
"""

import logging
from functools import cache
from types import SimpleNamespace
from typing import Any

import redis
from django.conf import settings
from django.contrib.auth.models import User
from django.core.cache import DEFAULT_CACHE_ALIAS, caches
from django.core.cache import cache as default_cache
from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.redis import RedisCache
from django.utils.translation import gettext
from redis.exceptions import RedisError
from rest_framework.exceptions import Throttled
from rest_framework.throttling import (
    AnonRateThrottle,
    BaseThrottle,
    SimpleRateThrottle,
    UserRateThrottle,
)

from games import outage
from games.errors import SignUpUnavailable
from games.quotas import SLIDING_LOG_FUNCTION, SlidingLog
from games.retry_after import retry_words
from shared.client_address import address_network, request_client_address
from shared.redis_cache import writer_of

logger = logging.getLogger(__name__)


class SettingsRateMixin(SimpleRateThrottle):
    # Set by SimpleRateThrottle.__init__ from the rate (its stubs leave them out).
    num_requests: int
    duration: int

    def get_rate(self) -> str | None:
        return settings.CANFIELD_THROTTLE_RATES.get(self.scope) if self.scope else None

    def get_ident(self, request: Any) -> str:
        """The client address by the project's one rule (trusted proxies only)."""
        return request_client_address(request)

    #: The limit's name in the log when its counters are unavailable (games.outage).
    limit_name = "request throttles (per address, per player)"

    def allow_request(self, request: Any, view: Any) -> bool:
        try:
            counters = self.counters()
            if isinstance(counters, RedisCache):
                allowed = self.allow_by_redis_log(request, view, counters)
            else:
                allowed = super().allow_request(request, view)
        except RedisError as error:
            return self.counters_unavailable(error, request, view)
        outage.counters_available(self.limit_name)
        return allowed

    def counters_unavailable(self, error: RedisError, request: Any, view: Any) -> bool:
        """Fail open when the counters' cache (Redis) is down: a Redis outage may cost rate
        limiting for a while, never a player's move (docs/operations.md, "When Redis is
        gone"); said once in the log (``games.outage``)."""
        outage.counters_unavailable(self.limit_name, "requests let through uncounted", error)
        return True

    def counters(self) -> Any:
        """The cache object itself (DRF's class attribute is Django's ``cache`` proxy)."""
        return caches[DEFAULT_CACHE_ALIAS] if self.cache is default_cache else self.cache

    def allow_by_redis_log(self, request: Any, view: Any, counters: RedisCache) -> bool:
        """DRF's decision, made in Redis in one round trip (``SLIDING_LOG``).

        DRF keeps the request times of the last ``duration`` as one pickled list in the
        cache, read and written back whole by every request: two round trips and up to
        ``num_requests`` (1,200 a minute for a player) floats each way. Here the times are a
        Redis list the script trims, counts and pushes to. A refused request's
        ``self.history`` gets the list's length and its oldest time, all that DRF's ``wait``
        (asked of refusals only) reads of it.
        """
        if self.rate is None:
            return True
        self.key = self.get_cache_key(request, view)
        if self.key is None:
            return True
        self.now = self.timer()
        name = counters.make_and_validate_key(f"{self.key}:log")
        script = sliding_log_script(writer_of(counters))
        allowed, count, oldest = script(
            keys=[name], args=[repr(self.now), self.duration, self.num_requests]
        )
        if allowed:
            return True
        self.history = [float(oldest)] * int(count)
        return False


#: DRF's sliding window on a Redis list (``SLIDING_LOG_FUNCTION``). Returns {allowed, count,
#: oldest}: the count after the push, the oldest time kept.
SLIDING_LOG = (
    SLIDING_LOG_FUNCTION
    + """
local allowed, count = sliding_log(KEYS[1], ARGV[1], tonumber(ARGV[2]), tonumber(ARGV[3]))
return {allowed, count, redis.call('LINDEX', KEYS[1], -1) or false}
"""
)


@cache
def sliding_log_script(client: redis.Redis) -> Any:
    """The script registered on the cache's one client (``shared.redis_cache``):
    redis-py sends its SHA, and its text only when Redis does not know it yet."""
    return client.register_script(SLIDING_LOG)


class AnonThrottle(SettingsRateMixin, AnonRateThrottle):
    """Requests without a user, counted per client IP."""


class UserThrottle(SettingsRateMixin, UserRateThrottle):
    """Requests of a signed-in player, counted per player."""


def player_throttle_check(player: User) -> None:
    """Count one request of ``player`` against the per-player throttle, outside a DRF view (a
    move on a game's socket), in the same counters as their REST requests: using both ways
    at once gives a player no more. Raises DRF's ``Throttled`` with its wait when refused."""
    throttle = UserThrottle()
    if not throttle.allow_request(SimpleNamespace(user=player), None):
        raise Throttled(throttle.wait())


class PlayerMoveThrottle(UserThrottle):
    """The per-player throttle of a move outside a DRF view (a socket's), counted in the
    same counters as the player's REST requests, in the same command as the move's action
    quota (``games.quotas.MoveThrottle``: ``actions_quota_charge`` asks it)."""

    def __init__(self, player: User) -> None:
        super().__init__()
        self.request: Any = SimpleNamespace(user=player)  # all DRF's key reads of a request

    def sliding_log(self, counters: RedisCache) -> SlidingLog | None:
        """What ``allow_by_redis_log`` counts, for the quota's script to count it."""
        if self.rate is None:
            return None
        self.key = self.get_cache_key(self.request, None)  # type: ignore[arg-type]
        if self.key is None:
            return None
        self.now = self.timer()
        name = counters.make_and_validate_key(f"{self.key}:log")
        return SlidingLog(key=name, now=self.now, duration=self.duration, limit=self.num_requests)

    def refusal(self, *, count: int, oldest: float) -> Exception:
        self.history = [oldest] * count  # all that DRF's ``wait`` reads (as the script's)
        return Throttled(self.wait())

    def check(self) -> None:
        if not self.allow_request(self.request, None):
            raise Throttled(self.wait())

    def unavailable(self, error: RedisError) -> None:
        self.counters_unavailable(error, self.request, None)

    def available(self) -> None:
        outage.counters_available(self.limit_name)


class SocketCounters(BaseCache):
    """One socket's throttle history, kept in the socket itself: it dies with the socket, and
    counting a frame costs no round trip."""

    def __init__(self) -> None:
        super().__init__({})
        self.values: dict[str, Any] = {}

    def get(self, key: str, default: Any = None, version: int | None = None) -> Any:
        return self.values.get(key, default)

    def set(
        self, key: str, value: Any, timeout: Any = DEFAULT_TIMEOUT, version: int | None = None
    ) -> None:
        self.values[key] = value


class SocketThrottle(SettingsRateMixin, UserRateThrottle):
    """The frames of one game socket, at the per-player rate (``"user"``, so ``off`` turns it
    off too), counted in ``counters``: a watcher's socket, or one sending garbage, has a bound
    of its own whoever is behind it."""

    def __init__(self, counters: SocketCounters) -> None:
        super().__init__()
        self.cache = counters

    def get_cache_key(self, request: Any, view: Any) -> str:
        return "frames"


class HintThrottle(SettingsRateMixin, UserRateThrottle):
    """Hints of one player (``CANFIELD_THROTTLE_RATES["hint"]``), on top of the general
    per-player throttle."""

    scope = "hint"
    limit_name = "hints per player"


class PerNetworkThrottle(SettingsRateMixin, AnonRateThrottle):
    """Counted per client network whoever asks, signed in or not (``scope`` names the rate):
    an IPv6 /64, an IPv4 address (an IPv4-mapped IPv6 address is its IPv4 address).

    IPv4 addresses are counted whole, not by /24: a school or a café already shares one
    address behind its NAT, and a /24 would add its neighbours (up to 256 other customers of
    the same provider, or a mobile carrier's shared NAT pool) to its count, while a /64 is what
    one IPv6 home, phone or server holds alone."""

    ipv4_prefix = 32

    def get_ident(self, request: Any) -> str:
        return address_network(request_client_address(request), ipv4_prefix=self.ipv4_prefix)

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


#: Seconds a sign-up refused for want of its counters is asked to wait: Redis restarts in
#: seconds, and a person retrying sooner only meets the same refusal.
SIGNUP_UNAVAILABLE_WAIT = 60


class SignUpWindow(PerNetworkThrottle):
    """One window of the sign-up limit (``60/hour``), counted per network."""

    scope = "signup"
    limit_name = "sign-ups per network"

    def __init__(self, rate: str) -> None:
        self.rate = rate  # read by DRF's __init__ in place of the scope's setting
        super().__init__()

    def get_cache_key(self, request: Any, view: Any) -> str:
        return f"{super().get_cache_key(request, view)}:{self.duration}"

    def counters_unavailable(self, error: RedisError, request: Any, view: Any) -> bool:
        """Fail **closed**, unlike every other throttle: while Redis is down nothing would
        bound sign-ups, and a script could make as many accounts as it likes (each a second
        look at a sealed deal). A refused sign-up costs its person a minute; a refused move
        would cost a game, which is why the others fail open."""
        outage.counters_unavailable(
            self.limit_name, "sign-ups refused (503 signup_unavailable, Retry-After 60)", error
        )
        raise SignUpUnavailable(
            gettext("sign-ups are paused while their limit cannot be counted; try again %(when)s")
            % {"when": retry_words(SIGNUP_UNAVAILABLE_WAIT)},
            wait=SIGNUP_UNAVAILABLE_WAIT,
        )


class SignUpThrottle(BaseThrottle):
    """Sign-ups per client network, signed in or not: each costs a password hash and a name,
    scripts make them in bulk, and a second account is a second look at a sealed deal.

    ``CANFIELD_THROTTLE_RATES["signup"]`` holds one or more windows (``60/hour,150/day``), a
    sign-up must pass each. They are asked shortest first and the first refusal ends it: a
    pupil who retries while the hour is full does not use up the school's day (a request the
    day refuses still counts in the hour, which is full soon after anyway)."""

    def __init__(self) -> None:
        rates = settings.CANFIELD_THROTTLE_RATES.get("signup")
        windows = [SignUpWindow(rate) for rate in rates.split(",")] if rates else []
        self.windows = sorted(windows, key=lambda window: window.duration)
        self.refused: SignUpWindow | None = None

    def allow_request(self, request: Any, view: Any) -> bool:
        self.refused = next(
            (window for window in self.windows if not window.allow_request(request, view)), None
        )
        return self.refused is None

    def wait(self) -> float | None:
        return self.refused.wait() if self.refused else None


class GuestThrottle(PerNetworkThrottle):
    """Guests made per client network (``CANFIELD_THROTTLE_RATES["guest"]``): each one is a
    user with a games-per-day quota of its own, so a client clearing its cookies in a loop
    would otherwise multiply the quota. Checked only when a guest is about to be made."""

    scope = "guest"
    limit_name = "guests per network"

    def counters_unavailable(self, error: RedisError, request: Any, view: Any) -> bool:
        """Counted **in this process's memory** while Redis is down: refusing would keep every
        newcomer from a first game, and letting them all through would let a script make users
        without end; counted per process, the limit holds at ``CANFIELD_WORKERS`` times its
        rate (a guest has no ranked game, so no sealed deal is at stake)."""
        outage.counters_unavailable(
            self.limit_name, "counted in each server process's own memory", error
        )
        self.cache = outage.local_counters()
        return bool(SimpleRateThrottle.allow_request(self, request, view))
