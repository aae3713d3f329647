"""DRF throttles whose rates are read from settings at request time.

DRF's stock classes copy ``DEFAULT_THROTTLE_RATES`` once at import, so a test (or an
operator's override) could not change them; ours read ``CANFIELD_THROTTLE_RATES`` (set from
``CANFIELD_THROTTLE_ANON`` / ``CANFIELD_THROTTLE_USER``) on every request. A rate of None
disables that throttle. Counters live in the default cache: Redis when ``REDIS_URL`` is set,
so every worker shares them.
"""

from django.conf import settings
from rest_framework.throttling import AnonRateThrottle, UserRateThrottle


class SettingsRateMixin:
    scope: str

    def get_rate(self) -> str | None:
        return settings.CANFIELD_THROTTLE_RATES.get(self.scope)


class AnonThrottle(SettingsRateMixin, AnonRateThrottle):
    """Requests without a user, counted per client IP."""


class UserThrottle(SettingsRateMixin, UserRateThrottle):
    """Requests of a signed-in player, counted per player."""
