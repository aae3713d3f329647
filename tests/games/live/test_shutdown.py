"""A stopping server sends the live updates still queued before it exits.

uvicorn runs the ASGI lifespan's shutdown after its last request on SIGTERM, then re-raises
the signal (no ``atexit``): the lifespan is where the publisher is drained.
"""

import asyncio
import gc
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from channels.db import database_sync_to_async

from canfield_site.asgi import application
from games import live
from tests.conftest import Player
from tests.games.live.conftest import receive, start, websocket
from tests.games.live.test_publishing import stock_moves

pytestmark = pytest.mark.django_db(transaction=True)

CODE = "CF1-D3-ABCDEFG"
MOVES = 8


@pytest.fixture(autouse=True)
def _unfrozen_after() -> Iterator[None]:
    """The lifespan's startup freezes the heap of the process it runs in: here the tests'."""
    yield
    gc.unfreeze()


class Lifespan:
    """The server's side of the ASGI lifespan protocol, driven by hand."""

    def __init__(self) -> None:
        self.inbox: asyncio.Queue[dict[str, Any]] = asyncio.Queue()
        self.sent: list[str] = []
        self.task: asyncio.Task[None] | None = None

    async def send(self, message: dict[str, Any]) -> None:
        self.sent.append(message["type"])

    async def startup(self) -> None:
        scope = {"type": "lifespan", "asgi": {"version": "3.0"}}
        self.task = asyncio.create_task(application(scope, self.inbox.get, self.send))
        await self.inbox.put({"type": "lifespan.startup"})
        while "lifespan.startup.complete" not in self.sent:
            await asyncio.sleep(0.01)

    async def shutdown(self) -> None:
        assert self.task is not None
        await self.inbox.put({"type": "lifespan.shutdown"})
        await asyncio.wait_for(self.task, timeout=10)


async def test_shutdown_waits_until_every_queued_update_is_sent(alice: Player) -> None:
    game_id = await start(alice, CODE)
    server = Lifespan()
    await server.startup()
    async with websocket(f"/ws/games/{game_id}/") as spectator:
        seq = (await receive(spectator))["seq"]
        await database_sync_to_async(stock_moves)(alice, game_id, MOVES)
        await server.shutdown()
        # Right after the shutdown answer nothing may be left for the publisher to send.
        assert live.publisher.pending == 0
        assert server.sent == ["lifespan.startup.complete", "lifespan.shutdown.complete"]
        seqs = [(await receive(spectator))["seq"] for _ in range(MOVES)]
        assert seqs == list(range(seq + 1, seq + 1 + MOVES))


@pytest.fixture
def alice(make_player: Callable[..., Player]) -> Player:
    return make_player("alice")


async def test_startup_keeps_the_loaded_heap_out_of_later_collections() -> None:
    gc.unfreeze()
    server = Lifespan()
    await server.startup()
    frozen = gc.get_freeze_count()
    assert frozen > 10_000  # the modules, settings and URL patterns of a started app
    await server.shutdown()
