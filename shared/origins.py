"""Where a ranked game is played from, as keyed hashes: a network and a device.

* **Network**: the client's address by the project's one rule (``shared.client_address``,
  trusted proxies included), widened to what one household or one phone usually holds: an
  IPv4 /24, an IPv6 /56 (an IPv4-mapped IPv6 address counts as its IPv4). Throttles count
  IPv6 clients by /64 (what one device is handed); linking takes the /56 a household's
  router is delegated, since a /64 apiece let one household's accounts never meet (a /48
  holds 65,536 /64s but only 256 /56s). Private ranges are networks like any other (a proxy
  that ``TRUSTED_PROXIES`` does not name shows as its own address: every game behind it is
  one network, which an operator sees at once). Loopback is one network in production (the
  same host, or a proxy on it left untrusted) and none in development, where every account
  of the developer's own browser is on it (``network_of``).
* **Device**: a random id in a long-lived signed cookie the pages set
  (``DeviceCookieMiddleware``). An API client that never loaded a page has none: its network
  alone stands for it.

Only HMACs of these (keyed with ``SECRET_KEY`` and a purpose string of their own, so they
are worth nothing outside this server nor for any other use) are ever stored, never the
address or the id. The view builds an ``Origin`` from the request and hands that value, not
the request, to the games service.
"""

from __future__ import annotations

import ipaddress
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse
from django.utils.crypto import salted_hmac

from shared.client_address import address_network, request_client_address

#: The device cookie: a random id signed by the server (a forged or edited one is ignored).
DEVICE_COOKIE = "canfield_device"
DEVICE_SALT = "canfield.fairplay.device"
DEVICE_MAX_AGE = 2 * 365 * 24 * 3600
#: The IPv6 prefix two ranked games must share to be linked (throttles count by /64).
LINK_IPV6_PREFIX = 56


@dataclass(frozen=True)
class Origin:
    """Keyed hashes of where a request came from; ``""``: not known (no address that parses,
    or no device cookie)."""

    network: str
    device: str


def network_of(address: str, *, loopback_links: bool | None = None) -> str | None:
    """The network ``address`` belongs to for linking (``"203.0.113.0/24"``,
    ``"2001:db8:1::/56"``), None if it is not an address, or a loopback one where loopback
    does not link (``loopback_links``; default: in production only, see the module).

    >>> network_of("203.0.113.9"), network_of("2001:db8:1:2:aa::1"), network_of("::ffff:10.0.0.7")
    ('203.0.113.0/24', '2001:db8:1::/56', '10.0.0.0/24')
    >>> network_of("127.0.0.1", loopback_links=True), network_of("::1", loopback_links=False)
    ('loopback', None)
    """
    try:
        parsed = ipaddress.ip_address(address.strip())
    except ValueError:
        return None
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        parsed = parsed.ipv4_mapped
    if parsed.is_loopback:
        if loopback_links is None:
            loopback_links = settings.CANFIELD_ENV == "production"
        return "loopback" if loopback_links else None
    return address_network(str(parsed), ipv6_prefix=LINK_IPV6_PREFIX)


def keyed_hash(kind: str, value: str) -> str:
    """The HMAC-SHA256 (hex) of ``value`` under a key of its own for ``kind``."""
    return salted_hmac(
        f"canfield.fairplay.origin.{kind}", value, secret=settings.SECRET_KEY, algorithm="sha256"
    ).hexdigest()


def origin_of(*, address: str, device_id: str | None) -> Origin:
    """The ``Origin`` of a client at ``address`` holding the device id ``device_id``."""
    network = network_of(address)
    return Origin(
        network="" if network is None else keyed_hash("network", network),
        device="" if not device_id else keyed_hash("device", device_id),
    )


def device_id_of(request: HttpRequest) -> str | None:
    """The device id of the request's cookie, None without a valid one."""
    value: Any = request.get_signed_cookie(
        DEVICE_COOKIE, default=None, salt=DEVICE_SALT, max_age=DEVICE_MAX_AGE
    )
    return value if isinstance(value, str) and value else None


def request_origin(request: HttpRequest) -> Origin:
    """Where ``request`` comes from (a DRF request works too: it reads the Django one's)."""
    return origin_of(address=request_client_address(request), device_id=device_id_of(request))


class DeviceCookieMiddleware:
    """Gives every browser that loads a page a device id cookie, once: HttpOnly, SameSite=Lax,
    Secure when the site's cookies are, for two years. API answers are left alone (a bot
    has no device here; its network speaks for it)."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        page = response.get("Content-Type", "").startswith("text/html")
        if page and not request.path.startswith("/api/") and device_id_of(request) is None:
            response.set_signed_cookie(
                DEVICE_COOKIE,
                secrets.token_urlsafe(18),
                salt=DEVICE_SALT,
                max_age=DEVICE_MAX_AGE,
                httponly=True,
                samesite="Lax",
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response
