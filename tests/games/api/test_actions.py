"""Playing: POST /api/games/<id>/actions/, resign, the log and past positions."""

from collections.abc import Callable

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from engine import Game
from games.models import Action
from games.models import Game as GameRow
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, play, start_game, tamper_action, won_logs

pytestmark = pytest.mark.django_db


@pytest.fixture
def game(player_client: APIClient) -> dict:
    return start_game(player_client)


def test_a_move_is_stored_and_returned_with_the_new_board(
    player_client: APIClient, game: dict
) -> None:
    response = play(player_client, game["id"], "draw", seq=1)
    assert response.status_code == 201
    body = response.json()
    expected = Game.from_code(SIMPLE_CODE)
    expected.play("draw")
    assert body["action"]["seq"] == 1 and body["action"]["token"] == "draw"
    assert body["seq"] == 1
    assert body["state"] == expected.state()
    assert body["legal_moves"] == [str(move) for move in expected.legal_moves()]
    log = player_client.get(f"/api/games/{game['id']}/actions/").json()
    assert [(a["seq"], a["token"], a["score_after"]) for a in log["actions"]] == [(1, "draw", 0)]


def test_a_tap_is_stored_as_the_move_the_engine_chose(player_client: APIClient, game: dict) -> None:
    engine_game = Game.from_code(SIMPLE_CODE)
    card = engine_game.state()["tableau"][3][-1]
    expected = engine_game.tap(card)
    assert expected is not None  # the fixture deal has a tap to make
    response = player_client.post(f"/api/games/{game['id']}/actions/", {"tap": card})
    assert response.status_code == 201
    assert response.json()["action"]["token"] == str(expected)
    stock = player_client.post(f"/api/games/{game['id']}/actions/", {"tap": "stock"})
    assert stock.json()["action"]["token"] == "draw"
    assert list(Action.objects.values_list("token", flat=True)) == [str(expected), "draw"]


def test_a_tap_without_double_click_only_goes_to_a_foundation(
    player_client: APIClient, game: dict
) -> None:
    engine_game = Game.from_code(SIMPLE_CODE)
    card = engine_game.state()["tableau"][3][-1]
    assert engine_game.tap(card, double_click=False) is None
    response = player_client.post(
        f"/api/games/{game['id']}/actions/", {"tap": card, "double_click": False}
    )
    assert response.status_code == 422
    assert response.json()["error"] == "illegal_action"
    assert not Action.objects.exists()


def test_a_stale_seq_is_a_409_and_writes_nothing(player_client: APIClient, game: dict) -> None:
    assert play(player_client, game["id"], "draw", seq=1).status_code == 201
    response = play(player_client, game["id"], "draw", seq=1)
    assert response.status_code == 409
    assert response.json() | {"detail": ""} == {
        "error": "stale_seq",
        "detail": "",
        "seq": 1,
        "expected": 2,
    }
    assert Action.objects.count() == 1
    assert GameRow.objects.get(id=game["id"]).seq == 1


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"action": "RF"}, 422, "illegal_action"),
        ({"action": "55"}, 422, "bad_notation"),
        ({"action": "undo"}, 422, "illegal_action"),
        ({"tap": "ZZ"}, 400, "invalid_input"),
        ({"tap": "7h"}, 400, "invalid_input"),
        ({"tap": "KC"}, 422, "illegal_action"),
        ({}, 400, "invalid_input"),
        ({"action": "draw", "tap": "stock"}, 400, "invalid_input"),
        ({"action": 5}, 400, "invalid_input"),
        ({"action": "draw", "seq": "1"}, 400, "invalid_input"),
        ({"action": "draw", "seq": 0}, 400, "invalid_input"),
    ],
)
def test_bad_actions_are_refused_with_a_reason_and_write_nothing(
    player_client: APIClient, game: dict, body: dict, status: int, error: str
) -> None:
    response = player_client.post(f"/api/games/{game['id']}/actions/", body)
    assert response.status_code == status
    assert response.json()["error"] == error
    assert response.json()["detail"]
    assert not Action.objects.exists()
    assert GameRow.objects.get(id=game["id"]).seq == 0


def test_the_reason_of_an_illegal_move_is_the_engines(player_client: APIClient, game: dict) -> None:
    response = play(player_client, game["id"], "RF")
    engine_game = Game.from_code(SIMPLE_CODE)
    with pytest.raises(ValueError) as refused:
        engine_game.play("RF")
    assert response.json()["detail"] == str(refused.value)


def test_only_the_owner_may_act(
    game: dict, make_player: Callable[..., Player], client_for: Callable, api_client: APIClient
) -> None:
    other = client_for(make_player("mallory"))
    for path, body in (("actions", {"action": "draw"}), ("resign", {})):
        response = other.post(f"/api/games/{game['id']}/{path}/", body)
        assert response.status_code == 403
        assert response.json()["error"] == "not_your_game"
        anonymous = api_client.post(f"/api/games/{game['id']}/{path}/", body)
        assert anonymous.status_code == 401
    assert not Action.objects.exists()


def test_acting_on_an_unknown_game_is_a_404(player_client: APIClient) -> None:
    response = play(player_client, 424242, "draw")
    assert response.status_code == 404
    assert response.json()["error"] == "game_not_found"


def test_undo_is_an_action_that_restores_the_position(player_client: APIClient, game: dict) -> None:
    play(player_client, game["id"], "draw")
    body = play(player_client, game["id"], "undo").json()
    assert body["seq"] == 2 and body["moves"] == 0
    assert body["state"] == game["state"]
    tokens = [a.token for a in Action.objects.order_by("seq")]
    assert tokens == ["draw", "undo"]


def test_resign_ends_the_game_and_is_logged(player_client: APIClient, game: dict) -> None:
    play(player_client, game["id"], "draw")
    response = player_client.post(f"/api/games/{game['id']}/resign/", {"seq": 2})
    assert response.status_code == 201
    body = response.json()
    assert body["status"] == "resigned" and body["finished_at"] is not None
    assert body["legal_moves"] == []
    assert body["action"]["token"] == "resign"
    assert (body["moves"], body["cards"]) == (1, 1)  # the board stays as it was
    again = player_client.post(f"/api/games/{game['id']}/resign/")
    assert again.status_code == 409 and again.json()["error"] == "game_finished"
    after = play(player_client, game["id"], "draw")
    assert after.status_code == 409 and after.json()["error"] == "game_finished"
    assert Action.objects.count() == 2


def test_the_log_and_positions_of_the_past(player_client: APIClient, game: dict) -> None:
    for token in ("draw", "draw", "undo"):
        play(player_client, game["id"], token)
    log = player_client.get(f"/api/games/{game['id']}/actions/?after=1").json()
    assert [a["token"] for a in log["actions"]] == ["draw", "undo"]
    assert log["seq"] == 3
    at_zero = player_client.get(f"/api/games/{game['id']}/state/?at=0").json()
    assert at_zero["state"] == game["state"]
    at_two = player_client.get(f"/api/games/{game['id']}/state/?at=2").json()
    expected = Game.from_code(SIMPLE_CODE)
    expected.play("draw")
    expected.play("draw")
    assert at_two["state"] == expected.state()
    latest = player_client.get(f"/api/games/{game['id']}/state/").json()
    assert latest["at"] == 3
    too_far = player_client.get(f"/api/games/{game['id']}/state/?at=4")
    assert too_far.status_code == 400 and too_far.json()["error"] == "invalid_input"
    not_a_number = player_client.get(f"/api/games/{game['id']}/state/?at=x")
    assert not_a_number.status_code == 400


def test_a_move_costs_the_same_queries_whatever_the_log_length(
    player_client: APIClient, game: dict
) -> None:
    """The snapshot on the game row means no replay (no read of the log) per move. (The
    first action differs: it creates the player's entry.)"""

    def queries_for_one_draw() -> int:
        with CaptureQueriesContext(connection) as queries:
            assert play(player_client, game["id"], "draw").status_code == 201
        return len(queries)

    play(player_client, game["id"], "draw")
    short_log = queries_for_one_draw()
    for _ in range(40):
        play(player_client, game["id"], "draw" if _ % 2 else "undo")
    assert queries_for_one_draw() == short_log


def test_a_winning_game_played_live(player_client: APIClient, player: Player) -> None:
    won = won_logs()[1]
    game = start_game(player_client, won["code"])
    for seq, token in enumerate(won["tokens"], start=1):
        response = play(player_client, game["id"], token, seq=seq)
        assert response.status_code == 201, (seq, token, response.json())
    body = response.json()
    assert body["won"] is True and body["status"] == "won" and body["cards"] == 52
    assert body["finished_at"] is not None and body["legal_moves"] == []
    assert play(player_client, game["id"], "undo").json()["error"] == "game_finished"
    entry = player_client.get(f"/api/leaderboards/{won['code']}/").json()["entries"][0]
    assert (entry["player"], entry["cards"], entry["won"]) == (player.username, 52, True)


def test_a_win_on_a_tampered_log_is_refused(player_client: APIClient) -> None:
    """The full replay at the finish catches a row changed behind the service's back."""
    won = won_logs()[1]
    game = start_game(player_client, won["code"])
    for token in won["tokens"][:-1]:
        play(player_client, game["id"], token)
    first = Action.objects.get(game_id=game["id"], seq=1)
    tamper_action(first.id, score_after=first.score_after + 5)
    response = play(player_client, game["id"], won["tokens"][-1])
    assert response.status_code == 500
    assert response.json()["error"] == "log_corrupt"
    row = GameRow.objects.get(id=game["id"])
    assert (row.seq, row.status) == (len(won["tokens"]) - 1, "playing")


def test_the_unique_seq_constraint_is_the_last_guard(player_client: APIClient, game: dict) -> None:
    """A row written behind the lock's back (as a racing writer would) makes the append a 409,
    and the transaction leaves nothing of its own."""
    Action.objects.create(game_id=game["id"], seq=1, token="draw", score_after=0)
    response = play(player_client, game["id"], "42", seq=1)
    assert response.status_code == 409
    assert response.json()["error"] == "stale_seq"
    assert list(Action.objects.values_list("seq", "token")) == [(1, "draw")]
    assert GameRow.objects.get(id=game["id"]).seq == 0


def test_the_log_is_read_in_pages_that_follow_each_other(
    player_client: APIClient, game: dict
) -> None:
    for _ in range(5):
        play(player_client, game["id"], "draw")
    first = player_client.get(f"/api/games/{game['id']}/actions/?limit=2").json()
    assert [a["seq"] for a in first["actions"]] == [1, 2]
    assert first["next"] == f"/api/games/{game['id']}/actions/?after=2&limit=2"
    seqs, page = [1, 2], first
    while page["next"]:
        page = player_client.get(page["next"]).json()
        seqs += [a["seq"] for a in page["actions"]]
    assert seqs == [1, 2, 3, 4, 5] and page["next"] is None
    whole = player_client.get(f"/api/games/{game['id']}/actions/").json()
    assert len(whole["actions"]) == 5 and whole["next"] is None
    too_many = player_client.get(f"/api/games/{game['id']}/actions/?limit=1001")
    assert too_many.status_code == 400 and too_many.json()["error"] == "invalid_input"
