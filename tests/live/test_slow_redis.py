"""A move's HTTP answer does not wait for live publishing, even when Redis hangs.

A private ``redis-server`` carries the server's versions and channel layer; the test freezes
it with ``SIGSTOP`` (it accepts connections but never answers, the worst kind of slow) and
times moves over real HTTP. Publishing a move needs Redis (the board's version ``INCR``,
then ``PUBLISH``); the answer must not, so it comes back at the usual speed. After
``SIGCONT`` a watcher still ends on the latest entry, versions in order.
"""

from __future__ import annotations

import asyncio
import json
import os
import shutil
import signal
import time
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect

from engine import random_code
from tests.robustness.faults import PrivateRedis, missing_service, private_redis
from tests.support.servers import run_asgi_server, server_env_for_test_db

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CODE = random_code(draw=3)
#: Publishing through a frozen Redis blocks for at least the versions client's 1 s timeout;
#: a move that does not wait for it answers in tens of milliseconds, even on a busy machine.
MAX_ANSWER_S = 0.5
FROZEN_MOVES = 3


@contextmanager
def frozen(redis_server: PrivateRedis) -> Iterator[None]:
    """Redis stopped in its tracks: connections stay open, no command is answered."""
    assert redis_server.process is not None
    os.kill(redis_server.process.pid, signal.SIGSTOP)
    try:
        yield
    finally:
        os.kill(redis_server.process.pid, signal.SIGCONT)


async def next_message(socket: ClientConnection, timeout: float = 10.0) -> dict[str, Any]:
    return json.loads(await asyncio.wait_for(socket.recv(), timeout))


async def play(client: httpx.AsyncClient, game: dict[str, Any]) -> tuple[dict[str, Any], float]:
    """Play a stock move (always legal); the new game and the seconds its answer took."""
    token = next(m for m in game["legal_moves"] if m in ("draw", "recycle"))
    started = time.monotonic()
    answer = await client.post(
        f"/api/games/{game['id']}/actions/", json={"action": token, "seq": game["seq"] + 1}
    )
    took = time.monotonic() - started
    assert answer.status_code == 201, answer.text
    return answer.json(), took


async def moves_through_a_frozen_redis(base_url: str, redis_server: PrivateRedis) -> None:
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
        name = f"frozen_{uuid.uuid4().hex[:8]}"
        signed = await client.post(
            "/api/players/", json={"username": name, "password": "correct horse 42"}
        )
        client.headers["Authorization"] = f"Token {signed.json()['token']}"
        game = (await client.post("/api/games/", json={"code": CODE})).json()
        ws_url = base_url.replace("http://", "ws://") + f"/ws/leaderboards/{CODE}/"
        async with connect(ws_url, origin=base_url, open_timeout=10) as board:
            version = (await next_message(board))["version"]
            game, _ = await play(client, game)
            version = (await next_message(board))["version"]

            with frozen(redis_server):
                timings = []
                for _ in range(FROZEN_MOVES):
                    game, took = await play(client, game)
                    timings.append(took)
            assert max(timings) < MAX_ANSWER_S, f"moves waited for Redis: {timings}"

            game, _ = await play(client, game)
            # Whatever the frozen Redis let through late, the watcher ends on the latest
            # entry, in version order.
            heard = [await next_message(board)]
            while heard[-1]["entry"]["moves"] != game["moves"]:
                heard.append(await next_message(board))
    versions = [version] + [update["version"] for update in heard]
    assert versions == sorted(set(versions)), versions


def test_a_frozen_redis_does_not_delay_the_answer_to_a_move(transactional_db: None) -> None:
    if shutil.which("redis-server") is None:
        missing_service("redis-server is not installed: this test freezes a private one")
    env = {
        **server_env_for_test_db(),
        "CANFIELD_THROTTLE_ANON": "off",
        "CANFIELD_THROTTLE_USER": "off",
        # The leaderboards' rank index writes to Redis from the request thread (its own
        # timeouts bound that); this test is about live publishing alone.
        "CANFIELD_RANK_INDEX": "off",
    }
    with private_redis() as redis_server:
        env["REDIS_URL"] = redis_server.url
        with run_asgi_server(env=env) as base_url:
            asyncio.run(moves_through_a_frozen_redis(base_url, redis_server))
