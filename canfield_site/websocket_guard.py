"""Who may open a WebSocket, and how many at once.

The live feeds are public data, so a client that sends no ``Origin`` (a bot, a script, every
WebSocket library's default) is served: the Origin check exists to stop *another site's*
page from riding a visitor's session cookie, and such a page always sends its Origin. A
present Origin must therefore be this site exactly: scheme, host and port of the request's
``Host`` (a host in ``ALLOWED_HOSTS``), or one of ``CSRF_TRUSTED_ORIGINS``. Channels' own
validator did the opposite on both counts: it refused a missing Origin and ignored ports.

Each open socket holds tasks and buffers in its server process, so one client address may hold
at most ``CANFIELD_MAX_SOCKETS_PER_ADDRESS`` at once (per server process; 0: no cap). A
refused handshake is closed before it is accepted, which the server answers with HTTP 403.
"""

from __future__ import annotations

from collections import Counter
from typing import Any
from urllib.parse import urlsplit

from django.conf import settings
from django.http.request import split_domain_port, validate_host

from shared.client_address import scope_client_address

DEFAULT_PORTS = {"http": 80, "https": 443}


def _header(scope: dict[str, Any], name: bytes) -> str | None:
    for key, value in scope.get("headers", ()):
        if key == name:
            return value.decode("latin-1")
    return None


def _origin_tuple(scheme: str, netloc: str) -> tuple[str, str, int] | None:
    """``(scheme, host, port)`` with the scheme's default port filled in."""
    try:
        parts = urlsplit(f"{scheme}://{netloc}")
        port = parts.port or DEFAULT_PORTS.get(scheme)
    except ValueError:
        return None
    if not parts.hostname or port is None:
        return None
    return scheme, parts.hostname.lower(), port


def origin_allowed(scope: dict[str, Any]) -> bool:
    """True for no Origin, this site's own origin, or a trusted one (module docstring)."""
    origin = _header(scope, b"origin")
    if origin is None:
        return True
    parts = urlsplit(origin)
    claimed = _origin_tuple(parts.scheme, parts.netloc)
    if claimed is None:
        return False
    trusted = {
        _origin_tuple(urlsplit(o).scheme, urlsplit(o).netloc) for o in settings.CSRF_TRUSTED_ORIGINS
    }
    if claimed in trusted:
        return True
    host = _header(scope, b"host") or ""
    domain, _ = split_domain_port(host)
    if not domain or not validate_host(domain, settings.ALLOWED_HOSTS):
        return False
    page_scheme = "https" if scope.get("scheme") == "wss" else "http"
    return claimed == _origin_tuple(page_scheme, host)


class WebSocketGuard:
    """ASGI middleware for ``websocket`` scopes: the Origin rule and the per-address cap."""

    def __init__(self, app: Any) -> None:
        self.app = app
        self.open_sockets: Counter[str] = Counter()

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        if scope["type"] != "websocket":
            await self.app(scope, receive, send)
            return
        address = scope_client_address(scope)
        cap = settings.CANFIELD_MAX_SOCKETS_PER_ADDRESS
        if not origin_allowed(scope) or (cap and self.open_sockets[address] >= cap):
            await receive()  # websocket.connect
            await send({"type": "websocket.close"})
            return
        self.open_sockets[address] += 1
        try:
            await self.app(scope, receive, send)
        finally:
            self.open_sockets[address] -= 1
            if not self.open_sockets[address]:
                del self.open_sockets[address]
