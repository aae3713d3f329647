"""Fixtures of the live-update tests: a fresh channel layer per test, sockets, players' moves.

The channel layer is whatever the settings configure (channels-redis when ``REDIS_URL`` is
set, else the in-memory layer): the tests exercise the real one. A fresh instance per test
matters because a Redis layer binds its connections to the event loop that first used it,
and every async test runs on its own loop.
"""

import uuid
from collections.abc import AsyncIterator, Callable, Iterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
import time_machine
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import LazySettings

from engine import Game as EngineGame
from games import live
from games.consumers import CLOSE_NOT_FOUND
from games.models import Game
from games.routing import websocket_urlpatterns
from games.services.actions import action_append
from games.services.games import game_create
from tests.conftest import Player

#: Long enough for a message through Redis on a busy 2-core machine, short for a silence.
RECEIVE_TIMEOUT_S = 3


@pytest.fixture(autouse=True)
def _publisher_idle_after_each_test() -> Iterator[None]:
    # Publishing runs on a background thread: a test's last changes must be out before its
    # database is emptied and the next test's watchers connect.
    yield
    assert live.wait_idle(timeout=10), "the live publisher did not catch up within 10 s"


@pytest.fixture(autouse=True)
def _fresh_channel_layer_and_snapshots(settings: LazySettings) -> None:
    # Assigning the setting (same value) makes channels drop its cached layer instances.
    # Board snapshots cached by an earlier test describe a database that has been emptied.
    live.snapshot_cache.clear()
    layers: dict[str, dict[str, Any]] = {
        name: dict(config) for name, config in settings.CHANNEL_LAYERS.items()
    }
    default = layers["default"]
    if default["BACKEND"].startswith("channels_redis."):
        # Redis pub/sub channels ignore the database number: a prefix of this test's own
        # keeps other test runs and servers on the same Redis (game.1, a popular code) out.
        default["CONFIG"] = {**default.get("CONFIG", {}), "prefix": f"test{uuid.uuid4().hex}"}
    settings.CHANNEL_LAYERS = layers


@pytest.fixture
def alice(make_player: Callable[..., Player]) -> Player:
    return make_player("alice")


@pytest.fixture
def bob(make_player: Callable[..., Player]) -> Player:
    return make_player("bob")


def communicator_for(path: str, user: Any = None) -> WebsocketCommunicator:
    """A test socket on the project's routes, signed in as ``user`` (as the session
    middleware would set it) when given."""
    communicator = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    if user is not None:
        communicator.scope["user"] = user
    return communicator


@asynccontextmanager
async def websocket(path: str, user: Any = None) -> AsyncIterator[WebsocketCommunicator]:
    """A connected test socket on the project's WebSocket routes; disconnected on exit."""
    communicator = communicator_for(path, user)
    connected, _ = await communicator.connect(timeout=RECEIVE_TIMEOUT_S)
    assert connected, f"{path} refused the connection"
    try:
        yield communicator
    finally:
        await communicator.disconnect()


async def close_code_of(path: str, user: Any = None) -> int:
    """Connect to ``path``; the close code the server answers with (it must close)."""
    communicator = communicator_for(path, user)
    connected, _ = await communicator.connect(timeout=RECEIVE_TIMEOUT_S)
    assert connected, f"{path} refused the connection (a close code needs an accept)"
    output = await communicator.receive_output(timeout=RECEIVE_TIMEOUT_S)
    # The client's side of the close: a consumer waits for it (ASGI), and ``wait`` would
    # otherwise spend its whole timeout.
    await communicator.disconnect(code=output.get("code", 1000))
    assert output["type"] == "websocket.close", output
    return int(output["code"])


async def receive(communicator: WebsocketCommunicator) -> dict[str, Any]:
    return await communicator.receive_json_from(timeout=RECEIVE_TIMEOUT_S)


def announced(write_result: Any) -> Any:
    """``write_result`` once the write's live update is published.

    Publishing runs on a background thread after the commit; tests that connect a watcher
    after a write want the snapshot to count that write's version already.
    """
    assert live.wait_idle(), "the live publisher did not catch up"
    return write_result


@database_sync_to_async
def start(player: Player, code: str) -> int:
    """A new game of ``player`` on ``code``, on its board: with one action played (a game
    joins its board with its first action). Committed: the tests use ``transactional_db``."""
    game_id = int(game_create(player=player.user, code=code).game.id)
    position = EngineGame.from_snapshot(Game.objects.get(pk=game_id).snapshot)
    token = next(str(m) for m in position.legal_moves() if str(m) != "undo")
    announced(action_append(game_id=game_id, player=player.user, token=token))
    return game_id


@database_sync_to_async
def play_first_legal(player: Player, game_id: int) -> str:
    """Play the engine's first legal move that is not an undo; return its token."""
    position = EngineGame.from_snapshot(Game.objects.get(pk=game_id).snapshot)
    token = next(str(m) for m in position.legal_moves() if str(m) != "undo")
    return announced(action_append(game_id=game_id, player=player.user, token=token)).action.token


@pytest.fixture
def sealed_day(settings: LazySettings) -> Iterator[str]:
    """A day whose ranked games are sealed, its date: 2026-01-02 at noon (UTC), the clock
    frozen, and the tests' daily secret (its deal is proven winnable fast)."""
    settings.DAILY_SECRET = "canfield tests"
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 2
    with time_machine.travel("2026-01-02 12:00Z", tick=False):
        yield "2026-01-02"


@database_sync_to_async
def ranked_game(player: Player) -> int:
    """``player``'s ranked game of the sealed day's D3 deal (``sealed_day``)."""
    return int(game_create(player=player.user, daily="D3").game.id)


async def assert_strangers_refused(game_id: int, stranger: Player) -> None:
    """Neither an anonymous watcher nor ``stranger`` may open the game's socket: 4404."""
    path = f"/ws/games/{game_id}/"
    assert await close_code_of(path) == CLOSE_NOT_FOUND
    assert await close_code_of(path, user=stranger.user) == CLOSE_NOT_FOUND
