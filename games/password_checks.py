"""Bounds on password checks, the one deliberately slow thing a client can ask for.

A correct password costs about 250 ms of server CPU (the hasher's work factor, kept on
purpose: it is what makes a stolen hash slow to crack). The login throttle (per address, per
minute) and the lockout (failed logins) left correct or fresh-username logins free to burn
that CPU: two addresses logging in as fast as they could used 1.9 cores. So a password check
that would hash (one the lockout refuses hashes nothing and is not counted) is first counted:

* per client address, ``CANFIELD_PASSWORD_CHECKS_ADDRESS`` (default ``1/second``, a quarter of
  a core): beyond it, 429 ``login_busy``;
* per account, ``CANFIELD_PASSWORD_CHECKS_ACCOUNT`` (default ``5/minute``): the checks that
  *succeeded* for the username are counted (a wrong password is the lockout's to count, so
  nobody can use up another player's logins), and beyond them the next is refused before it
  hashes, 429 ``login_busy``: an account's own logins cannot be repeated into a flood;
* over the whole deployment, ``CANFIELD_PASSWORD_CHECKS_TOTAL`` (default ``4/second``, about one
  core whatever the number of addresses, so every other request keeps the rest), **shared
  fairly between networks** (``fair_share_wait``): while N networks ask, each may use at most
  1/(N+1) of it, so one share is always left for a network not seen yet. Beyond its share, or
  beyond the budget, 503 ``logins_busy``.

The review's F6: six addresses, each within its own 1/s and each with its own right password,
filled the deployment's 4/s; a player elsewhere had 13 of 15 logins refused for 30 s. Under
the fair share those six addresses (one network) get 2 checks a second alone, a third of the
budget once another network asks, and the player's logins go through.

A network here is an IPv4 /24 or an IPv6 /64 (``address_network``), wider than the sign-up
limit's (a whole IPv4 address): a share only binds while other networks wait, and what it must
stop is one holder of many neighbouring addresses counting as many.

All of these are windows in the shared cache (so they hold across worker processes) and answer
with ``wait`` and ``Retry-After``: the client logs in a moment later. If the cache is down the
checks go through uncounted, as the other throttles do (docs/operations.md, "When Redis is
gone": a login never fails for a counter, and the hasher's cost is bounded by the lockout and by
each process's request threads meanwhile).
"""

from __future__ import annotations

import logging
import math
import time
import zlib

from django.conf import settings
from django.core.cache import cache
from django.utils.translation import gettext

from accounts.usernames import username_key
from games.errors import LoginBusy, LoginsBusy
from games.outage import counters_unavailable
from shared.client_address import address_network

logger = logging.getLogger(__name__)

PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
PREFIX = "password-checks"


def parse_rate(rate: str) -> tuple[int, int]:
    """``"4/second"`` is ``(4, 1)``: how many per how many seconds (DRF's rate format)."""
    count, period = rate.split("/")
    return int(count), PERIODS[period[0]]


def window_key(name: str, seconds: int, *, now: float, phase: int = 0) -> tuple[str, int]:
    """The cache key of ``name``'s window of ``seconds`` (shifted by ``phase``) at ``now``, and
    the seconds until that window ends."""
    shifted = int(now) + phase
    window = shifted // seconds
    return f"{PREFIX}:{name}:{seconds}:{window}", (window + 1) * seconds - shifted


def count_one(
    name: str, allowed: int, seconds: int, *, now: float, phase: int = 0, refund: bool = False
) -> int | None:
    """Count one in ``name``'s window of ``seconds`` (shifted by ``phase``); the seconds to
    wait if that was one too many (then, with ``refund``, the one is given back: a refusal
    takes nothing from the count)."""
    key, left = window_key(name, seconds, now=now, phase=phase)
    cache.add(key, 0, seconds + 1)
    if cache.incr(key) <= allowed:
        return None
    if refund:
        cache.decr(key)
    return left


def over_rate(key: str, rate: str | None, *, now: float) -> int | None:
    """Count one in ``key``'s current window; the seconds to wait if that was one too many."""
    if rate is None:
        return None
    allowed, seconds = parse_rate(rate)
    return count_one(key, allowed, seconds, now=now)


def networks_asking(network: str, seconds: int, *, now: float) -> tuple[int, bool]:
    """How many networks asked for a password check in this window of ``seconds`` or the one
    before, ``network`` (asking now) included; and whether ``network`` is new (it did not ask
    in the window before)."""
    window = int(now) // seconds
    asking = f"{PREFIX}:asking:{network}:{seconds}"
    if cache.add(f"{asking}:{window}", 1, 2 * seconds + 1):
        cache.add(f"{PREFIX}:networks:{seconds}:{window}", 0, 2 * seconds + 1)
        cache.incr(f"{PREFIX}:networks:{seconds}:{window}")
    counts = cache.get_many(
        [
            f"{PREFIX}:networks:{seconds}:{window}",
            f"{PREFIX}:networks:{seconds}:{window - 1}",
            f"{asking}:{window - 1}",
        ]
    )
    new = f"{asking}:{window - 1}" not in counts
    counts.pop(f"{asking}:{window - 1}", None)
    # Never fewer than this network, even if the counts' keys were evicted meanwhile (an empty
    # list here once raised TypeError, read as Redis being down).
    return max([1, *(int(count) for count in counts.values())]), new


def network_share(allowed: int, seconds: int, asking: int) -> tuple[int, int]:
    """A network's share of ``allowed`` checks per ``seconds`` while ``asking`` networks ask:
    1/(asking + 1) of it (one share kept for a network not seen yet), as (count, per seconds).

    >>> network_share(4, 1, 1), network_share(4, 1, 2), network_share(4, 1, 60)
    ((2, 1), (1, 1), (1, 16))
    """
    share = allowed / (asking + 1)
    if share >= 1:
        return int(share), seconds
    return 1, math.ceil(seconds / share)


def fair_share_wait(network: str, rate: str | None, *, now: float) -> int | None:
    """Count one check of ``network`` against its fair share of the deployment's budget, then
    against the budget; the seconds to wait if either was spent (and then nothing is taken).

    A network's share is counted in windows of its own phase (a hash of the network), so that
    the shares of many networks, one check each per long window, do not all fall due in the
    same second. And the last check of each window of the budget is kept for a network that
    did not ask in the window before: however many networks hold shares, the next one to ask
    finds room at once."""
    if rate is None:
        return None
    allowed, seconds = parse_rate(rate)
    asking, new = networks_asking(network, seconds, now=now)
    count, per = network_share(allowed, seconds, asking)
    phase = zlib.crc32(network.encode()) % per
    mine = count_one(f"network:{network}", count, per, now=now, phase=phase, refund=True)
    if mine is not None:
        return mine
    kept = 0 if new or allowed < 2 else 1
    everyone = count_one("total", allowed - kept, seconds, now=now, refund=True)
    if everyone is not None:
        # Not checked: the network's turn is not used up either.
        key, _ = window_key(f"network:{network}", per, now=now, phase=phase)
        cache.decr(key)
    return everyone


def account_window(username: str, rate: str) -> tuple[str, int, int]:
    allowed, seconds = parse_rate(rate)
    window = int(time.time()) // seconds
    return f"{PREFIX}:account:{username_key(username)}:{seconds}:{window}", allowed, seconds


def password_check_charge(*, address: str, username: str) -> None:
    """Count one password check from ``address`` for ``username`` now, or refuse it (nothing
    was hashed)."""
    rates = settings.CANFIELD_PASSWORD_CHECKS
    now = time.time()
    try:
        mine = over_rate(f"address:{address}", rates["address"], now=now)
        account = None
        if mine is None and (account_rate := rates.get("account")):
            key, allowed, seconds = account_window(username, account_rate)
            if int(cache.get(key, 0)) >= allowed:
                account = seconds - int(now) % seconds
        everyone = None
        if mine is None and account is None:
            everyone = fair_share_wait(address_network(address), rates["total"], now=now)
    except Exception as error:  # the cache is down: uncounted rather than no login at all
        counters_unavailable("password checks", "let through uncounted", error)
        return
    if mine is not None:
        raise LoginBusy(
            gettext("too many logins from your address just now: try again in a moment"),
            wait=max(1, mine),
        )
    if account is not None:
        raise LoginBusy(
            gettext("this account has signed in several times just now: try again in a moment"),
            wait=max(1, account),
        )
    if everyone is not None:
        raise LoginsBusy(
            gettext("the server is checking as many logins as it may: try again in a moment"),
            wait=max(1, everyone),
        )


def password_check_succeeded(*, username: str) -> None:
    """Count a check that found the right password against the account's own rate."""
    rate = settings.CANFIELD_PASSWORD_CHECKS.get("account")
    if not rate:
        return
    try:
        key, _allowed, seconds = account_window(username, rate)
        cache.add(key, 0, seconds + 1)
        cache.incr(key)
    except Exception as error:
        counters_unavailable("password checks", "let through uncounted", error)
