"""The one rule that decides which address a request comes from.

Throttles, socket caps and the access log all key on a client address, so all of them must
agree on it, and a client must not be able to pick it. The rule: the peer of the TCP
connection is the client, unless that peer is one of ``settings.TRUSTED_PROXIES`` (addresses
or CIDR networks, empty by default). Only then is ``X-Forwarded-For`` read, right to left
(each proxy appends the address it saw), and the first address that is not itself a trusted
proxy is the client. This is the rule uvicorn's ``forwarded_allow_ips`` applies, and
``canfield_site.serve`` (how ``make run`` and the container serve) hands uvicorn the same list,
so uvicorn's access log names the same client as the application.

``ClientAddressMiddleware`` applies the rule to every HTTP and WebSocket scope (in place, so
the server's access log sees it too); ``request_client_address`` applies it to a Django
request (the test client and WSGI never pass the ASGI layer). The rule is idempotent: applied
to its own result it gives the same address, so both may run.

``address_network`` says which network an address belongs to (IPv4 /24, IPv6 /64): one person
holds one IPv4 address but a whole IPv6 /64, so code that counts people by where they come from
(the sign-up limit, fair-play linking) counts networks, not addresses.
"""

from __future__ import annotations

import ipaddress
from collections.abc import Iterable
from functools import lru_cache
from typing import Any

from django.conf import settings

IPAddress = ipaddress.IPv4Address | ipaddress.IPv6Address
IPNetwork = ipaddress.IPv4Network | ipaddress.IPv6Network


@lru_cache(maxsize=8)
def trusted_networks(entries: tuple[str, ...]) -> tuple[IPNetwork, ...]:
    """The parsed ``TRUSTED_PROXIES``; a malformed entry is a configuration error, said at once
    rather than silently trusting nothing (or, worse, something else)."""
    return tuple(ipaddress.ip_network(entry.strip(), strict=False) for entry in entries)


def _parse_ip(value: str) -> IPAddress | None:
    """An address out of a forwarded entry (``1.2.3.4``, ``1.2.3.4:56``, ``[::1]:80``)."""
    value = value.strip()
    if value.startswith("["):
        value = value[1 : value.find("]")] if "]" in value else value
    elif value.count(":") == 1:
        value = value.split(":", 1)[0]
    try:
        return ipaddress.ip_address(value)
    except ValueError:
        return None


def _is_trusted(address: IPAddress | None, networks: Iterable[IPNetwork]) -> bool:
    return address is not None and any(address in network for network in networks)


def client_address(
    peer: str | None, forwarded_for: str | None, trusted: Iterable[str] | None = None
) -> str:
    """The client's address: ``peer`` unless it is a trusted proxy (see the module docstring).

    A forwarded entry that is not an address stops the walk: the client is then the last
    address a trusted proxy vouched for (never attacker-chosen text as a throttle key).
    """
    peer = peer or ""
    networks = trusted_networks(tuple(settings.TRUSTED_PROXIES if trusted is None else trusted))
    if not networks or not forwarded_for or not _is_trusted(_parse_ip(peer), networks):
        return peer
    client = peer
    for entry in reversed(forwarded_for.split(",")):
        address = _parse_ip(entry)
        if address is None:
            return client
        client = str(address)
        if not _is_trusted(address, networks):
            return client
    return client  # every hop is a trusted proxy: the leftmost one is the client


def address_network(address: str, *, ipv4_prefix: int = 24, ipv6_prefix: int = 64) -> str:
    """The network ``address`` belongs to, as CIDR text: IPv4 /24 and IPv6 /64 by default.

    An IPv6 address is one of the 2**64 of its /64, which one home, phone or server is handed
    whole (RFC 7934), so an IPv6 client may switch addresses at will, but not networks. An
    IPv4-mapped IPv6 address (``::ffff:203.0.113.7``, how a dual-stack socket sees an IPv4
    client) is its IPv4 address. ``ipv4_prefix=32`` keeps IPv4 addresses whole. Text that is
    no address (a request without a peer) is its own network.

    >>> address_network("2001:db8:1:2:aaaa::7"), address_network("::ffff:203.0.113.7")
    ('2001:db8:1:2::/64', '203.0.113.0/24')
    >>> address_network("203.0.113.7", ipv4_prefix=32)
    '203.0.113.7/32'
    """
    parsed = _parse_ip(address)
    if parsed is None:
        return address
    if isinstance(parsed, ipaddress.IPv6Address) and parsed.ipv4_mapped is not None:
        parsed = parsed.ipv4_mapped
    prefix = ipv4_prefix if parsed.version == 4 else ipv6_prefix
    return str(ipaddress.ip_network((parsed, prefix), strict=False))


def request_client_address(request: Any) -> str:
    """The client address of a Django (or DRF) request."""
    meta = request.META
    return client_address(meta.get("REMOTE_ADDR"), meta.get("HTTP_X_FORWARDED_FOR"))


def scope_client_address(scope: dict[str, Any]) -> str:
    """The client address of an ASGI HTTP or WebSocket scope."""
    peer = scope.get("client")
    values = [value for name, value in scope.get("headers", ()) if name == b"x-forwarded-for"]
    forwarded = b", ".join(values).decode("latin-1") if values else None
    return client_address(peer[0] if peer else None, forwarded)


class ClientAddressMiddleware:
    """ASGI layer that sets ``scope["client"]`` to the decided address (port kept only when
    the peer itself is the client), so Django's ``REMOTE_ADDR`` and the access log agree."""

    def __init__(self, app: Any) -> None:
        self.app = app
        trusted_networks(tuple(settings.TRUSTED_PROXIES))  # a malformed list fails at startup

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] in ("http", "websocket"):
            peer = scope.get("client")
            address = scope_client_address(scope)
            if peer is None or address != peer[0]:
                scope["client"] = (address, 0) if address else None
        await self.app(scope, receive, send)
