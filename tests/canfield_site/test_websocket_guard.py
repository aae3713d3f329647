"""Issue 11, item 6: WebSocket Origin rule and sockets per client address, on a real uvicorn.

Before: channels' ``AllowedHostsOriginValidator`` refused every client without ``Origin``
(bots, scripts) and accepted any port of an allowed host; one client could hold hundreds of
sockets (each with its pub/sub subscriptions).
"""

from __future__ import annotations

import asyncio
from collections.abc import Iterator

import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.exceptions import InvalidStatus

from tests.support.servers import run_asgi_server, server_env_for_test_db

pytestmark = pytest.mark.e2e

CAP = 4
FEED = "/ws/leaderboards/CF1-D3-AAAAACL/"


@pytest.fixture
def base_url(transactional_db: None) -> Iterator[str]:
    env = {**server_env_for_test_db(), "CANFIELD_MAX_SOCKETS_PER_ADDRESS": str(CAP)}
    with run_asgi_server(env=env) as url:
        yield url


async def opens(url: str, origin: str | None) -> bool:
    """Whether the handshake is accepted (the socket is closed again at once)."""
    try:
        async with connect(url, origin=origin, open_timeout=5):  # type: ignore[arg-type]
            return True
    except InvalidStatus as refused:
        assert refused.response.status_code == 403
        return False


async def opens_within(url: str, seconds: float) -> bool:
    """Whether a handshake is accepted before ``seconds`` pass, trying again while refused."""
    async with asyncio.timeout(seconds):
        while not await opens(url, None):
            await asyncio.sleep(0.05)  # a poll: the next try, not a guess at how long it takes
    return True


def test_the_origin_rule(base_url: str) -> None:
    port = base_url.rsplit(":", 1)[1]
    ws = base_url.replace("http://", "ws://") + FEED
    cases = {
        None: True,  # no Origin: a bot or script, served (public data)
        f"http://127.0.0.1:{port}": True,
        f"http://localhost:{port}": False,  # another host than the one asked
        "http://127.0.0.1:1": False,  # same host, another port
        f"https://127.0.0.1:{port}": False,  # same host and port, another scheme
        "http://evil.example": False,
        "null": False,
    }

    async def run() -> dict[str | None, bool]:
        return {origin: await opens(ws, origin) for origin in cases}

    assert asyncio.run(run()) == cases


def test_sockets_per_address_are_capped(base_url: str) -> None:
    ws = base_url.replace("http://", "ws://") + FEED

    async def run() -> tuple[int, bool, bool]:
        held: list[ClientConnection] = []
        try:
            for _ in range(CAP):
                held.append(await connect(ws, open_timeout=5))
            over = await opens(ws, None)
            await held.pop().close()
            again = await opens_within(ws, seconds=10)  # once the server has seen the close
            return len(held) + 1, over, again
        finally:
            for socket in held:
                await socket.close()

    opened, over_the_cap, after_one_closed = asyncio.run(run())
    assert opened == CAP
    assert not over_the_cap
    assert after_one_closed


def test_the_server_declines_per_message_deflate(base_url: str) -> None:
    """Served as ``make run`` and the container serve (``canfield_site.serve``): a browser
    offers deflate, the server answers without it (compressing each message once per socket
    cost a fifth of a fan-out's CPU), and the feed still works."""

    async def negotiated() -> tuple[str | None, str]:
        url = base_url.replace("http://", "ws://") + FEED
        async with connect(url, compression="deflate", open_timeout=5) as socket:
            assert socket.response is not None
            return socket.response.headers.get("Sec-WebSocket-Extensions"), str(
                await asyncio.wait_for(socket.recv(), 5)
            )

    extensions, first = asyncio.run(negotiated())
    assert extensions is None
    assert '"type":"snapshot"' in first.replace(" ", "")
