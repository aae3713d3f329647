"""Starting games and reading them: POST /api/games/, GET /api/games/<id>/."""

import pytest
from rest_framework.test import APIClient

from engine import Deal, Game
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, start_game

pytestmark = pytest.mark.django_db


def test_start_by_code_normalises_it_and_shows_the_deal(player_client: APIClient) -> None:
    game = start_game(player_client, SIMPLE_CODE.lower())
    expected = Game.from_code(SIMPLE_CODE)
    assert game["code"] == SIMPLE_CODE
    assert (game["draw"], game["number"]) == (3, Deal.from_code(SIMPLE_CODE).number)
    assert (game["seq"], game["moves"], game["score"], game["cards"]) == (0, 0, 0, 1)
    assert game["status"] == "playing" and game["won"] is False
    assert game["player"] == "alice"
    assert game["state"] == expected.state()
    assert game["legal_moves"] == [str(move) for move in expected.legal_moves()]


def test_a_layout_code_starts_a_game_and_takes_a_submission(player_client: APIClient) -> None:
    code = Deal.from_code(SIMPLE_CODE).layout_code
    started = player_client.post("/api/games/", {"code": code.lower()}, format="json")
    assert started.status_code == 201
    game = started.json()
    assert (game["code"], game["board"], game["number"]) == (code, code, None)
    assert game["state"] == Game.from_code(code).state()
    body = {"code": code, "log": "draw 42"}
    submitted = player_client.post("/api/submissions/", body, format="json")
    assert submitted.status_code == 201 and submitted.json()["code"] == code


def test_start_a_random_deal(player_client: APIClient) -> None:
    first = player_client.post("/api/games/", {"draw": 1}).json()
    second = player_client.post("/api/games/", {"draw": 1}).json()
    assert first["code"].startswith("CF1-D1-") and second["code"].startswith("CF1-D1-")
    assert first["code"] != second["code"]


@pytest.mark.parametrize(
    ("body", "error"),
    [
        ({"code": "CF2-D3-AAAAAAA"}, "bad_deal_code"),
        ({"code": "CF1-D2-AAAAAAA"}, "bad_deal_code"),
        ({}, "invalid_input"),
        ({"code": SIMPLE_CODE, "draw": 3}, "invalid_input"),
        ({"draw": 2}, "invalid_input"),
        ({"draw": "3"}, "invalid_input"),
        ({"daily": "D2"}, "invalid_input"),
        ({"code": 63}, "invalid_input"),
    ],
)
def test_start_rejects_bad_requests(player_client: APIClient, body: dict, error: str) -> None:
    response = player_client.post("/api/games/", body)
    assert response.status_code == 400
    assert response.json()["error"] == error
    assert response.json()["detail"]


def test_starting_needs_a_player(api_client: APIClient) -> None:
    response = api_client.post("/api/games/", {"code": SIMPLE_CODE})
    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"


def test_games_are_public(player_client: APIClient, api_client: APIClient) -> None:
    game = start_game(player_client)
    response = api_client.get(f"/api/games/{game['id']}/")
    assert response.status_code == 200
    assert response.json()["state"] == game["state"]


@pytest.mark.parametrize("game_id", ["999999", str(2**70)])
def test_unknown_game_is_a_json_404(api_client: APIClient, game_id: str) -> None:
    response = api_client.get(f"/api/games/{game_id}/")
    assert response.status_code == 404
    assert response.json()["error"] == "game_not_found"


def test_a_game_joins_its_board_with_its_first_action(
    player_client: APIClient, player: Player
) -> None:
    game = start_game(player_client)
    assert player_client.get(f"/api/leaderboards/{SIMPLE_CODE}/").json()["entries"] == []
    player_client.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})
    board = player_client.get(f"/api/leaderboards/{SIMPLE_CODE}/").json()
    assert [(e["player"], e["cards"], e["actions"], e["game"]) for e in board["entries"]] == [
        (player.username, 1, 1, game["id"])
    ]
    assert (board["board"], board["code"], game["board"]) == (SIMPLE_CODE, SIMPLE_CODE, SIMPLE_CODE)
