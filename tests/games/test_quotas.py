"""Quotas (games.quotas): what one account may store; a refusal stores nothing."""

from typing import Any
from unittest.mock import patch

import pytest
import redis.connection
import time_machine
from django.conf import LazySettings
from django.core.cache import caches
from django.core.cache.backends.redis import RedisCache
from django.utils import timezone
from rest_framework.test import APIClient

from games.errors import QuotaExceeded
from games.models import Action, Game
from games.quotas import actions_quota_charge
from tests.conftest import Player
from tests.robustness.faults import missing_service
from tests.support.games import SIMPLE_CODE, play, start_game

pytestmark = pytest.mark.django_db


def test_games_per_day_are_counted_and_the_day_resets_them(
    player_client: APIClient, settings: LazySettings
) -> None:
    settings.CANFIELD_MAX_GAMES_PER_DAY = 2
    with time_machine.travel("2026-01-02 22:00Z", tick=False):
        start_game(player_client)
        start_game(player_client)
        refused = player_client.post("/api/games/", {"code": SIMPLE_CODE})
    assert refused.status_code == 429
    body = refused.json()
    assert (body["error"], body["quota"], body["limit"]) == ("quota_exceeded", "games_per_day", 2)
    assert body["wait"] == 2 * 3600 + 1
    assert Game.objects.count() == 2
    with time_machine.travel("2026-01-03 00:00:01Z", tick=False):
        assert player_client.post("/api/games/", {"code": SIMPLE_CODE}).status_code == 201


def test_actions_per_hour_count_moves_and_submissions_and_refuse_without_storing(
    player_client: APIClient, settings: LazySettings
) -> None:
    settings.CANFIELD_MAX_ACTIONS_PER_HOUR = 4
    with time_machine.travel("2026-01-02 10:30Z", tick=False):
        game = start_game(player_client)
        for _ in range(3):
            assert play(player_client, game["id"], "draw").status_code == 201
        too_long = player_client.post(
            "/api/submissions/", {"code": SIMPLE_CODE, "log": "draw draw"}
        )
        assert too_long.status_code == 429 and too_long.json()["quota"] == "actions_per_hour"
        assert play(player_client, game["id"], "draw").status_code == 201  # the refused 2 freed
        refused = play(player_client, game["id"], "draw")
        assert refused.status_code == 429 and refused.json()["wait"] == 1800
    assert Action.objects.count() == 4 and Game.objects.count() == 1
    with time_machine.travel("2026-01-02 11:00Z", tick=False):
        assert play(player_client, game["id"], "draw").status_code == 201


def test_an_action_costs_the_quota_one_redis_round_trip(
    player: Player, settings: LazySettings
) -> None:
    """Charging a move is one pipeline (create the hour's counter, add to it), not an
    ``add`` then an ``incr`` (Django's asks ``EXISTS`` first: three round trips); the
    counter lives for the hour, and a refusal gives its actions back."""
    backend = caches["default"]
    if not isinstance(backend, RedisCache):
        missing_service("the action quota's Redis path needs REDIS_URL")
    assert isinstance(backend, RedisCache)
    settings.CANFIELD_MAX_ACTIONS_PER_HOUR = 2
    sent: list[object] = []
    original = redis.connection.Connection.send_packed_command

    def counted(connection: Any, *args: Any, **kwargs: Any) -> None:
        sent.append(args)
        original(connection, *args, **kwargs)

    backend.get("connected")  # the connection's own set-up is not the quota's
    with patch.object(redis.connection.Connection, "send_packed_command", counted):
        actions_quota_charge(player_id=player.user.id, actions=1)
    assert len(sent) == 1
    key = backend.make_and_validate_key(f"quota:actions:{player.user.id}:{timezone.now():%Y%m%d%H}")
    client = backend._cache.get_client(key)
    assert 3590 < client.ttl(key) <= 3600
    actions_quota_charge(player_id=player.user.id, actions=1)
    with pytest.raises(QuotaExceeded):
        actions_quota_charge(player_id=player.user.id, actions=1)
    assert client.get(key) == b"2"
