"""DRF throttles whose rates are read from settings at request time.

DRF's stock classes copy ``DEFAULT_THROTTLE_RATES`` once at import, so a test (or an
operator's override) could not change them; ours read ``CANFIELD_THROTTLE_RATES`` (which the
settings build from ``CANFIELD_THROTTLE_ANON``, ``_USER``, ``_SIGNUP`` and ``_HINT``) on every
request. A rate of None, or a scope missing from the setting, disables that throttle.
Counters live in the default cache: Redis when ``REDIS_URL`` is set, so every worker shares
them; if Redis does not answer, requests are let through.

Anonymous requests are counted per client address as ``canfield_site.client_address``
decides it: DRF's own ``get_ident`` believes any ``X-Forwarded-For`` when ``NUM_PROXIES`` is
unset, so each forged value would be a fresh bucket.
"""

import logging
from typing import Any

from django.conf import settings
from redis.exceptions import RedisError
from rest_framework.throttling import AnonRateThrottle, SimpleRateThrottle, UserRateThrottle

from canfield_site.client_address import request_client_address

logger = logging.getLogger(__name__)


class SettingsRateMixin(SimpleRateThrottle):
    def get_rate(self) -> str | None:
        return settings.CANFIELD_THROTTLE_RATES.get(self.scope) if self.scope else None

    def get_ident(self, request: Any) -> str:
        """The client address by the project's one rule (trusted proxies only)."""
        return request_client_address(request)

    def allow_request(self, request: Any, view: Any) -> bool:
        """Fail open when the counters' cache (Redis) is down: a Redis outage may cost rate
        limiting for a while, never a player's move."""
        try:
            return super().allow_request(request, view)
        except RedisError as error:
            logger.warning("throttle counters unavailable, request allowed: %s", error)
            return True


class AnonThrottle(SettingsRateMixin, AnonRateThrottle):
    """Requests without a user, counted per client IP."""


class UserThrottle(SettingsRateMixin, UserRateThrottle):
    """Requests of a signed-in player, counted per player."""


class HintThrottle(SettingsRateMixin, UserRateThrottle):
    """Hints of one player (``CANFIELD_THROTTLE_RATES["hint"]``), on top of the general
    per-player throttle."""

    scope = "hint"


class PerAddressThrottle(SettingsRateMixin, AnonRateThrottle):
    """Counted per client address whoever asks, signed in or not (``scope`` names the rate)."""

    def get_cache_key(self, request: Any, view: Any) -> str:
        return self.cache_format % {"scope": self.scope, "ident": self.get_ident(request)}


class SignUpThrottle(PerAddressThrottle):
    """Sign-ups per client address (``CANFIELD_THROTTLE_RATES["signup"]``), signed in or not:
    each one costs a password hash and a name, and bots make them in bulk."""

    scope = "signup"


class GuestThrottle(PerAddressThrottle):
    """Guests made per client address (``CANFIELD_THROTTLE_RATES["guest"]``): each one is a
    user with a games-per-day quota of its own, so an address clearing its cookies in a loop
    would otherwise multiply the quota. Checked only when a guest is about to be made."""

    scope = "guest"
