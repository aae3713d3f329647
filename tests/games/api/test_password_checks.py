"""Password checks are bounded per client address and over the deployment, on a real server
with the real hasher (about 250 ms of CPU a check): the hostile review's two addresses
logging in as fast as they could used 1.9 cores."""

import time
from collections.abc import Callable

import httpx
import pytest

from tests.games.api.test_token_race import concurrently
from tests.support.servers import run_asgi_server, server_env_for_test_db

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]

CREDENTIALS = {"username": "hasher", "password": "correct horse 42"}


def login_from(address: str) -> Callable[[httpx.Client], httpx.Response]:
    def send(http: httpx.Client) -> httpx.Response:
        return http.post("/api/token/", json=CREDENTIALS, headers={"X-Forwarded-For": address})

    return send


def test_password_checks_are_bounded_per_address_and_overall() -> None:
    env = {
        **server_env_for_test_db(),
        "CANFIELD_THROTTLE_ANON": "off",
        "TRUSTED_PROXIES": "127.0.0.1",  # the test is the proxy: X-Forwarded-For names clients
        # Hourly windows: the test waits for a fresh window only in the last 15 s of an hour
        # (a minute's window made it sleep up to 15 s one run in four).
        "CANFIELD_PASSWORD_CHECKS_ADDRESS": "1/hour",
        "CANFIELD_PASSWORD_CHECKS_TOTAL": "3/hour",
    }
    with run_asgi_server(env=env, workers=2) as base, httpx.Client(base_url=base) as http:
        assert http.post("/api/players/", json=CREDENTIALS).status_code == 201
        if time.time() % 3600 > 3585:  # the counts are per hour: all of this in one hour
            time.sleep(3601 - time.time() % 3600)
        # One address: its first check is made, the next refused before any hash.
        first = login_from("192.0.2.1")(http)
        again = login_from("192.0.2.1")(http)
        assert first.status_code == 200
        assert again.status_code == 429 and again.json()["error"] == "login_busy"
        assert int(again.headers["Retry-After"]) >= 1
        # Six other addresses at once: two more checks fit the deployment's budget.
        answers = concurrently(6, lambda client, i: login_from(f"198.51.100.{i}")(client), base)
        statuses = sorted(answer.status_code for answer in answers)
        assert statuses == [200, 200, 503, 503, 503, 503], [a.text for a in answers]
        busy = next(answer for answer in answers if answer.status_code == 503)
        assert busy.json()["error"] == "logins_busy" and int(busy.headers["Retry-After"]) >= 1
        # Anything else goes on meanwhile.
        assert http.get("/api/health/").status_code == 200
