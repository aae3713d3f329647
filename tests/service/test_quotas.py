"""Quotas (games.quotas): what one account may store; a refusal stores nothing."""

import pytest
import time_machine
from django.conf import LazySettings
from rest_framework.test import APIClient

from games.models import Action, Game
from tests.service.helpers import SIMPLE_CODE, play, start_game

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
