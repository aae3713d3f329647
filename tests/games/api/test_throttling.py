"""Anonymous and per-player request rates (DRF throttling), answered with a 429 JSON."""

import os
import uuid
from typing import Any

import pytest
import redis
from django.conf import LazySettings
from django.core.cache import caches
from django.core.cache.backends.locmem import LocMemCache
from django.core.cache.backends.redis import RedisCache
from django.test import RequestFactory
from rest_framework.request import Request
from rest_framework.test import APIClient

from games.api.throttling import AnonThrottle

pytestmark = pytest.mark.django_db


def test_anonymous_requests_are_throttled_per_client(
    api_client: APIClient, settings: LazySettings
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": "3/minute", "user": None}
    statuses = [api_client.get("/api/daily/").status_code for _ in range(4)]
    assert statuses == [200, 200, 200, 429]
    response = api_client.get("/api/daily/")
    body = response.json()
    assert body["error"] == "throttled" and body["wait"] > 0
    assert int(response["Retry-After"]) >= 1
    other_client = APIClient(REMOTE_ADDR="10.0.0.9")
    assert other_client.get("/api/daily/").status_code == 200


def test_players_have_their_own_rate(
    player_client: APIClient, api_client: APIClient, settings: LazySettings
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": "2/minute", "user": "4/minute"}
    statuses = [player_client.get("/api/me/").status_code for _ in range(5)]
    assert statuses == [200, 200, 200, 200, 429]
    assert api_client.get("/api/daily/").status_code == 200  # anonymous bucket is separate


def test_health_is_never_throttled(api_client: APIClient, settings: LazySettings) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": "1/minute", "user": "1/minute"}
    assert {api_client.get("/api/health/").status_code for _ in range(3)} == {200}


def test_throttling_fails_open_when_redis_is_down(
    api_client: APIClient, settings: LazySettings
) -> None:
    """Redis holds only counters: without it requests go on, unthrottled, never a 500."""
    from tests.support.servers import free_port

    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.5, "socket_timeout": 0.5},
        }
    }
    settings.CANFIELD_THROTTLE_RATES = {"anon": "1/minute", "user": "1/minute"}
    assert [api_client.get("/api/daily/").status_code for _ in range(3)] == [200, 200, 200]


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="the Redis log needs REDIS_URL")
def test_the_redis_log_decides_exactly_as_drfs_own_window(
    settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The same requests at the same times, through our throttle on Redis (one script call)
    and through DRF's stock one on an in-process cache: the same answers, the same waits."""
    settings.CANFIELD_THROTTLE_RATES = {"anon": "3/minute", "user": None}
    times = [0.0, 1.0, 2.0, 2.5, 30.0, 59.9, 60.0, 60.5, 61.0, 62.1, 62.2, 130.0, 130.1]
    local = LocMemCache("throttle-equivalence", {})
    assert isinstance(caches["default"], RedisCache)

    def decisions(throttle_cache: Any) -> list[tuple[bool, float | None]]:
        clock = iter(times)
        monkeypatch.setattr(AnonThrottle, "cache", throttle_cache)
        monkeypatch.setattr(AnonThrottle, "timer", lambda self: next(clock) + 1_000_000.0)
        request = Request(RequestFactory().get("/", REMOTE_ADDR=f"10.9.{uuid.uuid4().int % 250}.1"))
        answers = []
        for _ in times:
            throttle = AnonThrottle()
            allowed = throttle.allow_request(request, None)
            answers.append((allowed, None if allowed else round(throttle.wait() or 0, 6)))
        return answers

    ours, drfs = decisions(caches["default"]), decisions(local)
    assert ours == drfs
    assert [allowed for allowed, _ in ours].count(False) >= 3  # the case refuses some


@pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="the Redis log needs REDIS_URL")
def test_the_redis_log_is_one_round_trip(
    settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": "5/minute", "user": None}
    sent = []
    connection_class = redis.connection.Connection
    original = connection_class.send_packed_command

    def counted(self: Any, *args: Any, **kwargs: Any) -> Any:
        sent.append(args)
        return original(self, *args, **kwargs)

    monkeypatch.setattr(connection_class, "send_packed_command", counted)
    request = Request(RequestFactory().get("/", REMOTE_ADDR="10.8.0.1"))
    AnonThrottle().allow_request(request, None)  # registers the script if need be
    sent.clear()
    assert AnonThrottle().allow_request(request, None)
    assert len(sent) == 1
