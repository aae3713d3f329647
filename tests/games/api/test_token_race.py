"""Two logins of one player for a token at the same moment, on a real server with two
workers over PostgreSQL: both get a token that works, never a 500 (each used to delete the
old token and insert a new one: the second insert broke the one-token-per-player rule)."""

import threading
from collections.abc import Callable

import httpx
import pytest

from tests.support.servers import run_asgi_server, server_env_for_test_db

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

ROUNDS = 4


def test_two_concurrent_token_logins_get_one_working_token() -> None:
    credentials = {"username": "racer", "password": "correct horse 42"}
    # Not the budget of password checks under test: one network's fair share of it is 2 a
    # second (games.password_checks.network_share), and on a quiet machine the rounds come
    # faster than that (under a loaded suite they did not, so it passed there).
    env = {
        **server_env_for_test_db(),
        "CANFIELD_THROTTLE_ANON": "off",
        "CANFIELD_PASSWORD_CHECKS_TOTAL": "off",
    }
    with run_asgi_server(env=env, workers=2) as base:
        assert httpx.post(f"{base}/api/players/", json=credentials).status_code == 201
        for _ in range(ROUNDS):
            answers = concurrently(
                2, lambda http, _: http.post("/api/token/", json=credentials), base
            )
            assert [answer.status_code for answer in answers] == [200, 200], [
                answer.text for answer in answers
            ]
            tokens = {answer.json()["token"] for answer in answers}
            assert len(tokens) == 1, "each login killed the other's token"
            with httpx.Client(base_url=base) as http:
                me = http.get("/api/me/", headers={"Authorization": f"Token {tokens.pop()}"})
            assert me.status_code == 200 and me.json()["username"] == "racer"


def concurrently(
    count: int, request: Callable[[httpx.Client, int], httpx.Response], base: str
) -> list[httpx.Response]:
    """``count`` requests (``request(client, index)``) sent at the same moment from threads,
    each on its own connection."""
    start = threading.Barrier(count)
    answers: list[httpx.Response] = []

    def send(index: int) -> None:
        with httpx.Client(base_url=base, timeout=30) as http:
            start.wait()
            answers.append(request(http, index))

    threads = [threading.Thread(target=send, args=(index,)) for index in range(count)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return answers
