"""A limited guest's practice (``POST /api/practice/``): the position after the log and one
new action, checked as a stored game's, with nothing stored (no user, game or action made);
a sealed daily's layout refused; a bad action named by its index; every refusal a 4xx."""

from datetime import date

import pytest
import time_machine
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from engine import Deal
from engine import Game as EngineGame
from games.daily.store import daily_code, daily_deal_get
from games.models import Action, Game

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("daily_secret")]

CODE = "CF1-D3-AAAAACL"


def step(client: APIClient, body: dict, status: int = 200) -> dict:
    response = client.post("/api/practice/", body)
    assert response.status_code == status, response.json()
    return dict(response.json())


def test_a_deal_is_played_from_the_browsers_log_and_nothing_is_stored(
    api_client: APIClient,
) -> None:
    users = User.objects.count()
    first = step(api_client, {"code": CODE, "actions": [], "tap": "stock"})
    assert (first["actions"], first["action_count"], first["status"]) == (["draw"], 1, "playing")
    engine = EngineGame(Deal.from_code(CODE))
    engine.play("draw")
    assert first["state"] == engine.state() and first["score"] == engine.score
    assert first["legal_moves"] == [str(move) for move in engine.legal_moves()]
    move = next(token for token in first["legal_moves"] if token != "undo")
    second = step(api_client, {"code": CODE, "actions": first["actions"], "action": move})
    assert second["actions"] == ["draw", move]
    undone = step(api_client, {"code": CODE, "actions": second["actions"], "action": "undo"})
    assert undone["actions"] == ["draw", move, "undo"]
    assert undone["state"] == first["state"]
    shown = step(api_client, {"code": CODE, "actions": ["draw"]})  # no new action: the position
    assert shown["state"] == first["state"]
    assert (User.objects.count(), Game.objects.count(), Action.objects.count()) == (users, 0, 0)


@pytest.mark.parametrize(
    ("body", "status", "error"),
    [
        ({"code": CODE, "actions": ["undo"]}, 422, "illegal_action"),
        ({"code": CODE, "actions": ["draw"], "action": "1x9"}, 422, None),
        ({"code": CODE, "actions": [], "tap": "QX"}, 400, "invalid_input"),
        ({"code": CODE, "actions": [], "tap": "stock", "action": "draw"}, 400, "invalid_input"),
        ({"code": "CF1-D3-NOPE", "actions": []}, 400, None),
        ({"code": CODE}, 400, "invalid_input"),
        ({"code": CODE, "actions": [], "score": 500}, 400, "unknown_fields"),
    ],
)
def test_bad_input_is_a_4xx_naming_what_was_wrong(
    api_client: APIClient, body: dict, status: int, error: str | None
) -> None:
    answer = step(api_client, body, status)
    assert answer["error"] and answer["detail"], answer
    if error is not None:
        assert answer["error"] == error, answer
    assert not Game.objects.exists()


def test_a_long_log_and_a_sealed_dailys_layout_are_refused(
    api_client: APIClient, settings: object
) -> None:
    settings.CANFIELD_MAX_LOG_ACTIONS = 3  # type: ignore[attr-defined]
    long = step(api_client, {"code": CODE, "actions": ["draw"] * 3, "action": "draw"}, 422)
    assert (long["error"], long["limit"]) == ("log_too_long", 3)
    with time_machine.travel("2026-01-02 12:00Z", tick=False):
        deal = daily_deal_get(day=date(2026, 1, 2))
        for mode in ("D3", "D1"):
            sealed = step(api_client, {"code": daily_code(deal, mode), "actions": []}, 403)
            assert sealed["error"] == "deal_sealed"
