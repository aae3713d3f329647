"""A socket move's throttle and quota counted together (``games.quotas.MOVE_LIMITS``): one
Redis command, and the same answers as when they were asked apart (the throttle first, a
throttled move not charged, a move past the quota not counted), on Redis and without it."""

from __future__ import annotations

import logging
from collections.abc import Iterator
from types import SimpleNamespace
from typing import Any
from unittest.mock import patch

import pytest
import redis.connection
import time_machine
from django.conf import LazySettings
from django.core.cache import cache, caches
from django.core.cache.backends.redis import RedisCache
from django.utils import timezone
from rest_framework.exceptions import Throttled

from games import outage
from games.api.throttling import PlayerMoveThrottle, UserThrottle
from games.errors import QuotaExceeded
from games.quotas import actions_key, actions_quota_charge
from tests.conftest import Player
from tests.robustness.faults import missing_service
from tests.support.servers import free_port

pytestmark = pytest.mark.django_db

HOUR = "2026-01-02 10:30Z"


def charge(player: Player) -> None:
    actions_quota_charge(
        player_id=player.user.id, actions=1, throttle=PlayerMoveThrottle(player.user)
    )


def charged(player: Player) -> int:
    return int(cache.get(actions_key(player.user.id, timezone.now()), 0))


@pytest.fixture(autouse=True)
def fresh_outage_memory() -> Iterator[None]:
    outage._down.clear()
    yield
    outage._down.clear()


def test_a_moves_throttle_and_quota_are_one_redis_command(
    player: Player, settings: LazySettings
) -> None:
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        missing_service("the move's limits in one command need REDIS_URL")
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": "5/minute"}
    settings.CANFIELD_MAX_ACTIONS_PER_HOUR = 5
    charge(player)  # the script loaded
    sent: list[object] = []
    original = redis.connection.Connection.send_packed_command

    def counted(connection: Any, *args: Any, **kwargs: Any) -> None:
        sent.append(args)
        original(connection, *args, **kwargs)

    with patch.object(redis.connection.Connection, "send_packed_command", counted):
        charge(player)
    assert len(sent) == 1 and b"EVALSHA" in bytes(sent[0][0][0])  # type: ignore[index]
    assert charged(player) == 2
    # Counted in the player's REST throttle too: 3 more requests fill the 5 a minute.
    rest = UserThrottle()
    asked: Any = SimpleNamespace(user=player.user)
    assert [rest.allow_request(asked, None) for _ in range(4)] == [True] * 3 + [False]


def test_a_throttled_move_is_refused_with_its_wait_and_not_charged(
    player: Player, settings: LazySettings
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": "2/minute"}
    settings.CANFIELD_MAX_ACTIONS_PER_HOUR = 100
    with time_machine.travel(HOUR, tick=False):
        charge(player)
        charge(player)
        with pytest.raises(Throttled) as refused:
            charge(player)
        assert charged(player) == 2
    # The oldest of the two leaves the minute in 60 s (DRF's ``wait``, as apart).
    assert refused.value.wait == 60  # type: ignore[attr-defined]


def test_a_move_past_the_quota_is_refused_and_not_counted(
    player: Player, settings: LazySettings
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": "100/minute"}
    settings.CANFIELD_MAX_ACTIONS_PER_HOUR = 2
    with time_machine.travel(HOUR, tick=False):
        charge(player)
        charge(player)
        with pytest.raises(QuotaExceeded) as refused:
            charge(player)
        assert charged(player) == 2
    assert refused.value.extra == {"quota": "actions_per_hour", "limit": 2, "wait": 1800}


def test_with_redis_gone_both_let_the_move_through_and_say_so_once(
    player: Player, settings: LazySettings, caplog: pytest.LogCaptureFixture
) -> None:
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": "1/minute"}
    settings.CANFIELD_MAX_ACTIONS_PER_HOUR = 1
    with caplog.at_level(logging.WARNING):
        for _ in range(3):
            charge(player)  # neither refuses
    lines = [r.getMessage() for r in caplog.records if r.name == "canfield.limits"]
    assert len(lines) == 2, lines
    assert lines[0].startswith("request throttles (per address, per player): counters unavailable")
    assert lines[1].startswith("actions per hour: counters unavailable")
