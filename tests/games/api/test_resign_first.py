"""Resigning needs something to resign: a game with no action cannot be given up (409
``nothing_to_resign``), so it never makes a one-action entry above players who tried, nor a
day played in a record."""

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from games.models import Game, LeaderboardEntry
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE

pytestmark = pytest.mark.django_db


def test_resign_as_the_first_action_is_refused_and_leaves_no_trace(
    player: Player, player_client: APIClient
) -> None:
    game = player_client.post("/api/games/", {"code": SIMPLE_CODE}).json()
    refused = player_client.post(f"/api/games/{game['id']}/resign/", {"seq": 1}, format="json")
    assert refused.status_code == 409, refused.content
    assert refused.json()["error"] == "nothing_to_resign"
    row = Game.objects.get(pk=game["id"])
    assert (row.seq, row.status) == (0, "playing")
    assert not LeaderboardEntry.objects.filter(player=player.user).exists()
    moved = player_client.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    assert moved.status_code == 201
    resigned = player_client.post(f"/api/games/{game['id']}/resign/", {"seq": 2}, format="json")
    assert resigned.status_code == 201 and resigned.json()["status"] == "resigned"


def test_a_ranked_daily_resigned_unplayed_is_no_day_played(
    player: Player, player_client: APIClient, start_daily: Callable[[Player], Game]
) -> None:
    game = start_daily(player)
    refused = player_client.post(f"/api/games/{game.id}/resign/", {}, format="json")
    assert refused.status_code == 409 and refused.json()["error"] == "nothing_to_resign"
    record = player_client.get(f"/api/players/{player.username}/stats/").json()
    assert record["dailies"]["played"] == 0 and record["streak"]["current"] == 0


def test_a_submitted_log_of_resign_alone_is_refused(player_client: APIClient) -> None:
    response = player_client.post(
        "/api/submissions/", {"code": SIMPLE_CODE, "actions": ["resign"]}, format="json"
    )
    assert response.status_code == 409, response.content
    assert (response.json()["error"], response.json()["index"]) == ("nothing_to_resign", 0)
    assert not Game.objects.exists()
