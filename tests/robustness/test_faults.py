"""Faults against real processes: a worker killed mid-load, the database cut.

What must hold whatever breaks: no acknowledged action is ever lost, every game still
replays (``verify_games``), clients that got errors converge by re-reading and sending the
next ``seq``; a database that does not answer gives clear 503 JSON errors, and the service
recovers by itself once it is back. (Redis outages: ``test_redis_outage.py``.)
"""

from __future__ import annotations

import asyncio
import threading
import time
from collections.abc import Callable
from typing import get_args
from urllib.parse import urlsplit, urlunsplit

import httpx
import pytest
from django.core.management import call_command
from django.db import connection

from games.models import Action
from games.models import Game as GameRow
from tests.robustness.faults import (
    TcpProxy,
    busiest_worker,
    kill_hard,
    uvicorn_workers,
    wait_for_workers,
)
from tests.robustness.load_client import Ledger, MovePath, lost_actions, run_load
from tests.support.servers import run_asgi_server

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

CODE = "CF1-D3-AAAAACL"
PASSWORD = "fault test password 42"


def assert_every_game_sound() -> None:
    """The real ``verify_games`` over the test database (raises on any bad game)."""
    call_command("verify_games", progress=0)


def wait_until(condition: Callable[[], bool], *, timeout: float, what: str) -> None:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if condition():
            return
        time.sleep(0.1)
    raise TimeoutError(f"timed out after {timeout:.0f} s waiting for {what}")


# --- kill -9 a worker -------------------------------------------------------------------------
@pytest.mark.parametrize("path", get_args(MovePath))
def test_a_killed_worker_loses_no_acknowledged_action(
    server_env: dict[str, str], path: MovePath
) -> None:
    """Over REST or the game's socket (a socket of the killed worker drops: its player
    re-reads the game over HTTP and opens another), nothing acknowledged is lost."""
    ledger = Ledger()
    failures: list[BaseException] = []

    with run_asgi_server(env=server_env, workers=2) as base_url:
        port = int(urlsplit(base_url).port or 0)
        wait_for_workers(port, 2, excluding=-1)

        def load() -> None:
            try:
                asyncio.run(
                    run_load(base_url, players=6, moves=40, seconds=120, ledger=ledger, path=path)
                )
            except BaseException as error:  # re-raised below, in the test's thread
                failures.append(error)

        players = threading.Thread(target=load)
        players.start()
        wait_until(lambda: ledger.acknowledged_count >= 30, timeout=90, what="30 moves")
        victims: list[int] = []
        quiet = sum(ledger.outcomes.values())  # errors seen before any kill (expected: none)
        acknowledged_at_kill = ledger.acknowledged_count
        # The worker serving the most connections dies; if by bad luck none of its requests
        # was in flight (no client noticed), the next busiest one does, at most three times.
        while len(victims) < 3 and sum(ledger.outcomes.values()) == quiet and players.is_alive():
            victims.append(busiest_worker(port))
            acknowledged_at_kill = ledger.acknowledged_count
            kill_hard(victims[-1])
            wait_for_workers(port, 2, excluding=victims[-1])
        players.join(timeout=180)
        assert not players.is_alive(), "the players did not finish"
        assert not failures, failures
        assert victims and not set(victims) & set(uvicorn_workers(port))
        assert len(uvicorn_workers(port)) == 2

    assert ledger.acknowledged_count > acknowledged_at_kill, "play did not go on after the kill"
    # The victim had requests in flight, whose clients got no answer and had to re-read
    # their game (this is what proves they converge).
    saw_kill = sum(ledger.outcomes.values()) > quiet
    assert saw_kill, "no client saw the kill: the retry path is untested"
    assert lost_actions(ledger) == []
    for game_id, seq in ledger.final_seq.items():  # every client converged on the server
        stored = GameRow.objects.get(pk=game_id)
        assert (stored.seq, stored.actions.count()) == (seq, seq), game_id
    assert_every_game_sound()


# --- PostgreSQL down ----------------------------------------------------------------------------
def through_proxy(database_url: str, port: int) -> str:
    parts = urlsplit(database_url)
    credentials = parts.netloc.rsplit("@", 1)[0] + "@" if "@" in parts.netloc else ""
    return urlunsplit(parts._replace(netloc=f"{credentials}127.0.0.1:{port}"))


def assert_database_unavailable(response: httpx.Response) -> None:
    assert response.status_code == 503, (response.request.url, response.status_code, response.text)
    assert response.headers["content-type"].startswith("application/json")
    assert response.json()["error"] == "database_unavailable"


def test_a_database_outage_gives_503_json_and_recovers(server_env: dict[str, str]) -> None:
    settings = connection.settings_dict
    target = (settings["HOST"] or "127.0.0.1", int(settings["PORT"] or 5432))
    with TcpProxy(*target) as proxy:
        env = {**server_env, "DATABASE_URL": through_proxy(server_env["DATABASE_URL"], proxy.port)}
        with (
            run_asgi_server(env=env) as base_url,
            httpx.Client(base_url=base_url, timeout=15) as client,
        ):
            signup = client.post("/api/players/", json={"username": "cut", "password": PASSWORD})
            client.headers["Authorization"] = f"Token {signup.json()['token']}"
            game = client.post("/api/games/", json={"code": CODE}).json()
            first = client.post(
                f"/api/games/{game['id']}/actions/", json={"action": "draw", "seq": 1}
            )
            assert first.status_code == 201, first.text

            proxy.cut()
            for method, path, body in (
                ("GET", "/api/health/", None),
                ("GET", f"/api/games/{game['id']}/", None),
                ("POST", f"/api/games/{game['id']}/actions/", {"action": "42", "seq": 2}),
                ("POST", "/api/games/", {"code": CODE}),
                ("GET", f"/api/leaderboards/{CODE}/", None),
            ):
                assert_database_unavailable(client.request(method, path, json=body))

            proxy.restore()
            wait_until(
                lambda: client.get("/api/health/").status_code == 200,
                timeout=20,
                what="health to answer 200 again",
            )
            again = client.post(
                f"/api/games/{game['id']}/actions/", json={"action": "42", "seq": 2}
            )
            assert again.status_code == 201, again.text

    assert list(Action.objects.filter(game_id=game["id"]).values_list("seq", "token")) == [
        (1, "draw"),
        (2, "42"),
    ]
    assert_every_game_sound()
