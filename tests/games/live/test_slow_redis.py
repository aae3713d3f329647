"""A move's HTTP answer does not wait for live publishing, even when Redis hangs.

A private ``redis-server`` carries the server's versions and channel layer; the test freezes
it with ``SIGSTOP`` (it accepts connections but never answers, the worst kind of slow) and
times moves over real HTTP. Publishing a move needs Redis (the board's version ``INCR``,
then ``PUBLISH``); the answer must not, so it comes back at the usual speed. After
``SIGCONT`` a watcher still ends on the latest entry, versions in order. And a server whose
publisher is stuck on the frozen Redis still stops promptly on Ctrl-C.
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
from pathlib import Path
from typing import Any

import httpx
import pytest
from websockets.asyncio.client import ClientConnection, connect
from websockets.typing import Origin

from engine import random_code
from tests.robustness.faults import (
    PrivateRedis,
    missing_service,
    private_redis,
    uvicorn_supervisor,
)
from tests.support.servers import run_asgi_server, server_env_for_test_db

pytestmark = [pytest.mark.e2e, pytest.mark.slow, pytest.mark.django_db(transaction=True)]

CODE = random_code(draw=3)
#: Publishing through a frozen Redis blocks for at least the versions client's 1 s timeout;
#: a move that does not wait for it answers in tens of milliseconds, even on a busy machine.
MAX_ANSWER_S = 0.5
FROZEN_MOVES = 3
#: A stopping server may spend this long: uvicorn's own shutdown and the publisher's bounded
#: drain at exit.
MAX_EXIT_S = 5.0


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


async def sign_up_and_start(client: httpx.AsyncClient) -> dict[str, Any]:
    name = f"frozen_{uuid.uuid4().hex[:8]}"
    signed = await client.post(
        "/api/players/", json={"username": name, "password": "correct horse 42"}
    )
    assert signed.status_code == 201, signed.text
    client.headers["Authorization"] = f"Token {signed.json()['token']}"
    game = await client.post("/api/games/", json={"code": CODE})
    assert game.status_code == 201, game.text
    return game.json()


async def moves_through_a_frozen_redis(base_url: str, redis_server: PrivateRedis) -> None:
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
        game = await sign_up_and_start(client)
        ws_url = base_url.replace("http://", "ws://") + f"/ws/leaderboards/{CODE}/"
        async with connect(ws_url, origin=Origin(base_url), open_timeout=10) as board:
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


async def moves_left_to_publish(base_url: str, count: int) -> None:
    async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
        game = await sign_up_and_start(client)
        for _ in range(count):
            game, _ = await play(client, game)


@pytest.fixture
def server_env(transactional_db: None) -> dict[str, str]:
    """A server's environment on the test database, without its Redis yet."""
    if shutil.which("redis-server") is None:
        missing_service("redis-server is not installed: this test freezes a private one")
    return {
        **server_env_for_test_db(),
        "CANFIELD_THROTTLE_ANON": "off",
        "CANFIELD_THROTTLE_USER": "off",
        # The leaderboards' rank index and the action quota (like the throttles) reach Redis
        # from the request thread (their own timeouts bound that); these tests are about
        # live publishing alone.
        "CANFIELD_RANK_INDEX": "off",
        "CANFIELD_MAX_ACTIONS_PER_HOUR": "0",
    }


def test_a_frozen_redis_does_not_delay_the_answer_to_a_move(server_env: dict[str, str]) -> None:
    with private_redis() as redis_server:
        env = {**server_env, "REDIS_URL": redis_server.url}
        with run_asgi_server(env=env) as base_url:
            asyncio.run(moves_through_a_frozen_redis(base_url, redis_server))


def exited_within(pid: int, timeout: float) -> bool:
    """Whether process ``pid`` (a child of this one) ends within ``timeout`` seconds."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        try:
            state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
        except FileNotFoundError:
            return True
        if state in ("Z", "X"):  # exited, not yet reaped by its parent
            return True
        time.sleep(0.05)
    return False


def test_a_server_whose_publisher_is_stuck_on_redis_still_stops_on_ctrl_c(
    server_env: dict[str, str],
) -> None:
    # Ctrl-C (what ``make run`` gets, SIGINT) is the exit that runs Python's shutdown: joining
    # non-daemon threads, then atexit. The publisher is a daemon thread and its backlog gets
    # EXIT_DRAIN_S at exit, not more, so a frozen Redis cannot keep the process alive.
    with private_redis() as redis_server:
        env = {**server_env, "REDIS_URL": redis_server.url}
        with run_asgi_server(env=env) as base_url, frozen(redis_server):
            asyncio.run(moves_left_to_publish(base_url, count=5))
            pid = uvicorn_supervisor(int(base_url.rsplit(":", 1)[1]))
            os.kill(pid, signal.SIGINT)
            assert exited_within(pid, MAX_EXIT_S), "the server did not stop after Ctrl-C"
