"""An illegal move's error body: today's fields, and the engine's reason with its code."""

import pytest
from rest_framework.test import APIClient

from engine import Game, IllegalMove
from games.models import Action
from tests.service.helpers import SIMPLE_CODE, start_game

pytestmark = pytest.mark.django_db


def test_an_illegal_action_carries_the_reason_next_to_the_old_fields(
    player_client: APIClient,
) -> None:
    game = start_game(player_client)
    response = player_client.post(f"/api/games/{game['id']}/actions/", {"action": "RF"})
    assert response.status_code == 422
    body = response.json()
    with pytest.raises(IllegalMove) as refused:  # the engine's own reason for this position
        Game.from_code(SIMPLE_CODE).play("RF")
    reason = refused.value.reason
    assert body == {
        "error": "illegal_action",
        "detail": str(reason),
        "token": "RF",
        "reason": reason.as_dict(),
    }
    assert body["reason"]["code"].startswith("foundation_")
    assert all(len(card) == 2 for card in body["reason"]["cards"])
    assert not Action.objects.exists()


def test_a_tap_that_does_nothing_names_the_card(player_client: APIClient) -> None:
    game = start_game(player_client)
    card = Game.from_code(SIMPLE_CODE).state()["tableau"][3][-1]
    response = player_client.post(
        f"/api/games/{game['id']}/actions/", {"tap": card, "double_click": False}
    )
    assert response.status_code == 422
    assert response.json()["reason"] == {"code": "tap_nothing", "cards": [card]}
    assert response.json()["tap"] == card


def test_a_submitted_log_says_why_and_where(player_client: APIClient) -> None:
    response = player_client.post(
        "/api/submissions/", {"code": SIMPLE_CODE, "actions": ["undo"]}, format="json"
    )
    assert response.status_code == 422
    body = response.json()
    assert (body["error"], body["index"], body["token"]) == ("illegal_action", 0, "undo")
    assert body["reason"] == {"code": "undo_nothing", "cards": []}
    assert body["detail"] == "There is nothing to undo: no action has been played."
