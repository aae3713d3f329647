"""Bounds on password checks, the one deliberately slow thing a client can ask for.

A correct password costs about 250 ms of server CPU (the hasher's work factor, kept on
purpose: it is what makes a stolen hash slow to crack). The login throttle (per address, per
minute) and the lockout (failed logins) left correct or fresh-username logins free to burn
that CPU: two addresses logging in as fast as they could used 1.9 cores. So a password check
that would hash (one the lockout refuses hashes nothing and is not counted) is first counted:

* per client address, ``CANFIELD_PASSWORD_CHECKS_ADDRESS`` (default ``1/second``, a quarter of
  a core): beyond it, 429 ``login_busy``;
* over the whole deployment, ``CANFIELD_PASSWORD_CHECKS_TOTAL`` (default ``4/second``, about one
  core whatever the number of addresses, so every other request keeps the rest): beyond it,
  503 ``logins_busy``.

Both are fixed windows in the shared cache (so they hold across worker processes) and answer
with ``wait`` and ``Retry-After``: the client logs in a moment later. If the cache is down the
checks go through uncounted, as the throttles do: a login never fails for a counter.
"""

from __future__ import annotations

import logging
import time

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext

from games.errors import LoginBusy, LoginsBusy

logger = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600}


def parse_rate(rate: str) -> tuple[int, int]:
    """``"4/second"`` is ``(4, 1)``: how many per how many seconds (DRF's rate format)."""
    count, period = rate.split("/")
    return int(count), PERIODS[period[0]]


def over_rate(key: str, rate: str | None) -> int | None:
    """Count one in ``key``'s current window; the seconds to wait if that was one too many."""
    if rate is None:
        return None
    allowed, seconds = parse_rate(rate)
    window = int(time.time()) // seconds
    name = f"password-checks:{key}:{window}"
    cache.add(name, 0, seconds + 1)
    if cache.incr(name) <= allowed:
        return None
    return (window + 1) * seconds - int(time.time())


def password_check_charge(address: str) -> None:
    """Count one password check from ``address`` now, or refuse it (nothing was hashed)."""
    rates = settings.CANFIELD_PASSWORD_CHECKS
    try:
        mine = over_rate(f"address:{address}", rates["address"])
        everyone = None if mine is not None else over_rate("total", rates["total"])
    except Exception:  # the cache is down: uncounted rather than no login at all
        logger.warning("password check counters unavailable (cache down)")
        return
    if mine is not None:
        raise LoginBusy(
            gettext("too many logins from your address just now: try again in a moment"),
            wait=max(1, mine),
        )
    if everyone is not None:
        raise LoginsBusy(
            gettext("the server is checking as many logins as it may: try again in a moment"),
            wait=max(1, everyone),
        )
