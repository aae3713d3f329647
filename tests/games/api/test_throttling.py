"""Anonymous and per-player request rates (DRF throttling), answered with a 429 JSON."""

import pytest
from django.conf import LazySettings
from rest_framework.test import APIClient

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
