"""What each limit does while Redis cannot be reached, as docs/operations.md ("When Redis is
gone") writes it down, and that the log says so once per limit, not once per request
(issue 38: sign-ups and guests stopped by a mechanism nobody could name from the logs).

Redis is "gone" here as in the other outage tests: the cache points at a port where nothing
listens.
"""

from __future__ import annotations

import logging
from collections.abc import Iterator

import pytest
from django.conf import LazySettings
from rest_framework.test import APIClient

from games import outage
from tests.support.games import Browser, guest_with_game
from tests.support.servers import free_port

pytestmark = pytest.mark.django_db

PASSWORD = "a decent passphrase 9"


@pytest.fixture(autouse=True)
def redis_gone(settings: LazySettings) -> Iterator[None]:
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    outage._down.clear()
    yield
    outage._down.clear()


def outage_lines(caplog: pytest.LogCaptureFixture) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.name == "canfield.limits"]


def test_throttles_let_requests_through_and_say_so_once(
    api_client: APIClient, settings: LazySettings, caplog: pytest.LogCaptureFixture
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": "1/minute", "user": "1/minute"}
    with caplog.at_level(logging.WARNING):
        assert [api_client.get("/api/daily/").status_code for _ in range(4)] == [200] * 4
    lines = outage_lines(caplog)
    assert len(lines) == 1, lines
    assert lines[0].startswith("request throttles (per address, per player): counters unavailable")
    assert lines[0].endswith("requests let through uncounted until they answer again")


def test_sign_ups_are_refused_and_say_so_once(
    settings: LazySettings, caplog: pytest.LogCaptureFixture
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None, "signup": "60/hour"}
    client = APIClient(REMOTE_ADDR="198.51.100.40")
    with caplog.at_level(logging.WARNING):
        for n in range(3):
            body = {"username": f"during_outage{n}", "password": PASSWORD}
            refused = client.post("/api/players/", body, format="json")
            assert refused.status_code == 503 and refused["Retry-After"] == "60"
    lines = outage_lines(caplog)
    assert len(lines) == 1 and lines[0].startswith("sign-ups per network:"), lines
    assert "sign-ups refused (503 signup_unavailable, Retry-After 60)" in lines[0]


def test_guests_are_counted_in_the_process_and_say_so_once(
    settings: LazySettings, caplog: pytest.LogCaptureFixture
) -> None:
    """Refused, no newcomer could play; let through, a script could make users without end:
    counted in the process's own memory, the limit still holds (per process)."""
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None, "guest": "2/hour"}
    with caplog.at_level(logging.WARNING):
        made = [guest_with_game(Browser("203.0.113.9")) for _ in range(2)]
        third = Browser("203.0.113.9").post("/api/games/", {"code": made[0]["code"]})
        elsewhere = guest_with_game(Browser("192.0.2.77"))
    assert third.status_code == 429 and third.json()["error"] == "throttled"
    assert int(third["Retry-After"]) >= 1
    assert elsewhere["id"]
    lines = outage_lines(caplog)
    assert [line.split(":")[0] for line in lines] == ["guests per network"], lines
    assert "counted in each server process's own memory" in lines[0]


def test_the_log_says_when_the_counters_answer_again(caplog: pytest.LogCaptureFixture) -> None:
    with caplog.at_level(logging.WARNING):
        outage.counters_unavailable("a limit", "let through", ConnectionError("refused"))
        outage.counters_unavailable("a limit", "let through", ConnectionError("refused"))
        outage.counters_available("a limit")
        outage.counters_available("a limit")
    assert outage_lines(caplog) == [
        "a limit: counters unavailable (ConnectionError: refused); let through until they "
        "answer again",
        "a limit: counters available again, the limit is counted again",
    ]
