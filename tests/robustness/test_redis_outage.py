"""Redis down during play: moves go on, live updates pause, and resume once Redis is back.

Redis carries the channel layer (live updates) and the shared throttle counters, nothing a
move needs to be stored; so a Redis outage may cost live updates but never a move. The
test runs its own ``redis-server`` on a free port and kills it (the machine's shared Redis
is never touched), then starts it again, empty, on the same port, as after a restart.
"""

from __future__ import annotations

import asyncio
import json
from typing import Any

import httpx
import pytest
import websockets
from django.core.management import call_command
from websockets.asyncio.client import ClientConnection
from websockets.typing import Origin

from games.models import Game as GameRow
from tests.robustness.faults import PrivateRedis, private_redis
from tests.support.servers import run_asgi_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

CODE = "CF1-D3-AAAAACL"
PASSWORD = "redis outage password 42"
RESUME_WITHIN_MOVES = 3


async def sign_up_and_start(client: httpx.AsyncClient) -> dict[str, Any]:
    response = await client.post(
        "/api/players/", json={"username": "redisless", "password": PASSWORD}
    )
    assert response.status_code == 201, response.text
    client.headers["Authorization"] = f"Token {response.json()['token']}"
    game = await client.post("/api/games/", json={"code": CODE})
    assert game.status_code == 201, game.text
    return game.json()


async def move(client: httpx.AsyncClient, game: dict[str, Any]) -> dict[str, Any]:
    """Play the first legal move that is not an undo; it must be acknowledged."""
    token = next(m for m in game["legal_moves"] if m != "undo")
    response = await client.post(
        f"/api/games/{game['id']}/actions/", json={"action": token, "seq": game["seq"] + 1}
    )
    assert response.status_code == 201, response.text
    return response.json()


async def next_message(
    socket: ClientConnection, of_type: str, timeout: float = 10.0
) -> dict[str, Any]:
    """The next message of a type on a WebSocket (others, e.g. a board's, are skipped)."""
    async with asyncio.timeout(timeout):
        while True:
            message = json.loads(await socket.recv())
            if message.get("type") == of_type:
                return message


def watch(base_url: str, game_id: int) -> websockets.connect:
    ws_url = base_url.replace("http://", "ws://") + f"/ws/games/{game_id}/"
    return websockets.connect(ws_url, origin=Origin(base_url), open_timeout=10)


async def play_through_a_redis_outage(base_url: str, redis_server: PrivateRedis) -> int:
    """Play before, during and after an outage; the seq of the last move."""
    async with httpx.AsyncClient(base_url=base_url, timeout=15) as client:
        game = await sign_up_and_start(client)
        async with watch(base_url, game["id"]) as watcher:
            assert (await next_message(watcher, "state"))["seq"] == 0
            game = await move(client, game)
            assert (await next_message(watcher, "action"))["seq"] == game["seq"] == 1

            redis_server.stop()
            for _ in range(3):  # Redis is gone: moves are still acknowledged and stored
                game = await move(client, game)
            assert game["seq"] == 4
            health = await client.get("/api/health/")
            assert health.status_code == 200, health.text

        redis_server.start()  # same port, empty: as after a Redis restart
        watcher, state = await reconnect(base_url, game["id"])
        async with watcher:
            assert state["seq"] == 4
            # The first publish after the restart may still hit a dead pooled connection
            # (that update is lost: clients see the seq jump and re-read); the next ones
            # must arrive.
            for _ in range(RESUME_WITHIN_MOVES):
                game = await move(client, game)
                try:
                    heard = await next_message(watcher, "action", timeout=5)
                except TimeoutError:
                    continue
                assert heard["seq"] == game["seq"]
                return game["seq"]
    raise AssertionError(f"no live update within {RESUME_WITHIN_MOVES} moves after Redis came back")


async def reconnect(
    base_url: str, game_id: int, timeout: float = 20.0
) -> tuple[ClientConnection, dict[str, Any]]:
    """What a live client does after losing its socket: connect again, with a pause between
    attempts, until the server sends the game's state. Returns the socket and that state."""
    async with asyncio.timeout(timeout):
        while True:
            socket = await watch(base_url, game_id)
            try:
                return socket, await next_message(socket, "state")
            except websockets.ConnectionClosed:
                await asyncio.sleep(0.5)


def test_moves_go_on_while_redis_is_down_and_updates_resume(
    server_env: dict[str, str], redis_server_binary: str
) -> None:
    with private_redis() as redis_server:
        env = {**server_env, "REDIS_URL": redis_server.url}
        with run_asgi_server(env=env) as base_url:
            last = asyncio.run(play_through_a_redis_outage(base_url, redis_server))
    game = GameRow.objects.get(player__username="redisless")
    assert list(game.actions.values_list("seq", flat=True)) == list(range(1, last + 1))
    call_command("verify_games", progress=0)
