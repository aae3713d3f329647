"""POST /api/submissions/: whole offline games, stored only when every action is legal."""

import pytest
from django.conf import LazySettings
from rest_framework.test import APIClient

from engine import Game, replay
from games.models import Action
from games.models import Game as GameRow
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, play, won_logs
from tests.support.responses import ApiResponse

pytestmark = pytest.mark.django_db


def submit(client: APIClient, **body: object) -> ApiResponse:
    return client.post("/api/submissions/", body, format="json")


def test_a_won_game_round_trips(player_client: APIClient, player: Player) -> None:
    won = won_logs()[2]
    response = submit(player_client, code=won["code"].lower(), actions=won["tokens"])
    assert response.status_code == 201
    game = response.json()
    assert (game["status"], game["won"], game["cards"]) == ("won", True, 52)
    assert game["seq"] == len(won["tokens"])
    assert game["state"] == replay(won["code"], won["tokens"]).state()
    log = player_client.get(f"/api/games/{game['id']}/actions/").json()["actions"]
    assert [a["token"] for a in log] == won["tokens"]
    engine_game = Game.from_code(won["code"])
    expected_scores = [engine_game.play(token) and engine_game.score for token in won["tokens"]]
    assert [a["score_after"] for a in log] == expected_scores
    board = player_client.get(f"/api/leaderboards/{won['code']}/").json()
    assert board["entries"][0]["player"] == player.username
    assert board["entries"][0]["won"] is True


def test_a_log_as_text(player_client: APIClient) -> None:
    response = submit(player_client, code=SIMPLE_CODE, log="draw\n42  draw")
    assert response.status_code == 201
    assert [a.token for a in Action.objects.order_by("seq")] == ["draw", "42", "draw"]


def test_an_unfinished_submission_can_be_played_on(player_client: APIClient) -> None:
    game = submit(player_client, code=SIMPLE_CODE, actions=["draw"]).json()
    assert game["status"] == "playing"
    assert play(player_client, game["id"], "draw", seq=2).status_code == 201


def test_a_resigned_submission(player_client: APIClient) -> None:
    game = submit(player_client, code=SIMPLE_CODE, actions=["draw", "resign"]).json()
    assert game["status"] == "resigned" and game["legal_moves"] == []


@pytest.mark.parametrize(
    ("tokens", "index", "error"),
    [
        (["draw", "RF", "draw"], 1, "illegal_action"),
        (["draw", "draw", "9x"], 2, "bad_notation"),
        (["undo"], 0, "illegal_action"),
        (["draw", "resign", "draw"], 2, "illegal_action"),
    ],
)
def test_a_bad_action_names_its_index_and_nothing_is_stored(
    player_client: APIClient, tokens: list[str], index: int, error: str
) -> None:
    response = submit(player_client, code=SIMPLE_CODE, actions=tokens)
    assert response.status_code == 422
    body = response.json()
    assert (body["error"], body["index"], body["token"]) == (error, index, tokens[index])
    assert body["detail"]
    assert not GameRow.objects.exists() and not Action.objects.exists()


def test_nothing_may_follow_a_win(player_client: APIClient) -> None:
    won = won_logs()[0]
    response = submit(player_client, code=won["code"], actions=[*won["tokens"], "undo"])
    assert response.status_code == 422
    assert response.json()["index"] == len(won["tokens"])
    assert not GameRow.objects.exists()


def test_a_log_over_the_limit_is_refused(player_client: APIClient, settings: LazySettings) -> None:
    settings.CANFIELD_MAX_LOG_ACTIONS = 3
    response = submit(player_client, code=SIMPLE_CODE, actions=["draw"] * 4)
    assert response.status_code == 422
    assert response.json()["error"] == "log_too_long" and response.json()["limit"] == 3
    assert not GameRow.objects.exists()


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"code": SIMPLE_CODE}, 400, "invalid_input"),
        ({"code": SIMPLE_CODE, "actions": ["draw"], "log": "draw"}, 400, "invalid_input"),
        ({"code": SIMPLE_CODE, "actions": "draw"}, 400, "invalid_input"),
        ({"code": SIMPLE_CODE, "actions": [1, 2]}, 400, "invalid_input"),
        ({"code": "CF1-D3-AAAAAA", "actions": ["draw"]}, 400, "bad_deal_code"),
        ({"actions": ["draw"]}, 400, "invalid_input"),
    ],
)
def test_malformed_submissions(
    player_client: APIClient, body: dict, status: int, error: str
) -> None:
    response = submit(player_client, **body)
    assert response.status_code == status
    assert response.json()["error"] == error
    assert not GameRow.objects.exists()


def test_submitting_needs_a_player(api_client: APIClient) -> None:
    response = submit(api_client, code=SIMPLE_CODE, actions=["draw"])
    assert response.status_code == 401
