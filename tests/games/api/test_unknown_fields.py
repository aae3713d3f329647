"""A body field the endpoint does not take is refused, naming it, on every write endpoint
(issue 38, N14): it was ignored silently (201), so a misspelt ``sqe`` or another endpoint's
field went unsaid. Nothing is stored from such a request, and the schema says so."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from django.contrib.auth.models import User
from drf_spectacular.generators import SchemaGenerator
from rest_framework.test import APIClient

from games.models import Action, Game
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, start_game

pytestmark = pytest.mark.django_db


def assert_refused(response: Any, *names: str) -> None:
    body = response.json()
    assert response.status_code == 400, body
    assert body["error"] == "unknown_fields" and body["unknown"] == sorted(names), body
    assert all(name in body["detail"] for name in names)
    assert set(body["fields"]) == set(names)


def test_a_sign_up_with_an_unknown_field_is_refused_and_makes_nobody(
    api_client: APIClient,
) -> None:
    body = {"username": "newcomer", "password": "a decent passphrase 9", "emial": "x@y.z"}
    assert_refused(api_client.post("/api/players/", body), "emial")
    assert not User.objects.filter(username="newcomer").exists()


def test_a_move_with_a_misspelt_seq_is_refused_and_stores_nothing(
    player_client: APIClient,
) -> None:
    game = start_game(player_client)
    answer = player_client.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "sqe": 1})
    assert_refused(answer, "sqe")
    assert not Action.objects.filter(game_id=game["id"]).exists()


def test_a_new_game_with_unknown_fields_is_refused_and_makes_no_game(
    player_client: APIClient,
) -> None:
    answer = player_client.post("/api/games/", {"code": SIMPLE_CODE, "ranked": True, "x": 1})
    assert_refused(answer, "ranked", "x")
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("method", "path", "body", "unknown"),
    [
        ("post", "/api/token/", {"username": "alice", "password": "correct horse 42"}, "otp"),
        ("post", "/api/session/", {"username": "alice", "password": "correct horse 42"}, "otp"),
        (
            "post",
            "/api/me/password/",
            {"current_password": "correct horse 42", "new_password": "another one 12345"},
            "confirm",
        ),
        ("delete", "/api/me/", {"password": "correct horse 42"}, "reason"),
        ("post", "/api/submissions/", {"code": SIMPLE_CODE, "actions": ["draw"]}, "note"),
    ],
)
def test_every_write_endpoint_refuses_unknown_fields(
    player: Player,
    client_for: Callable[[Player], APIClient],
    method: str,
    path: str,
    body: dict[str, Any],
    unknown: str,
) -> None:
    client = client_for(player)
    assert_refused(getattr(client, method)(path, {**body, unknown: "?"}), unknown)
    user = User.objects.get(pk=player.user.pk)
    assert user.check_password("correct horse 42")  # the password is unchanged
    assert not Game.objects.exists()


@pytest.mark.parametrize(
    ("method", "path"),
    [("post", "/api/me/bot/"), ("delete", "/api/token/"), ("delete", "/api/session/")],
)
def test_write_endpoints_without_a_body_refuse_any_field(
    player: Player, client_for: Callable[[Player], APIClient], method: str, path: str
) -> None:
    client = client_for(player)
    assert_refused(getattr(client, method)(path, {"please": True}), "please")
    assert getattr(client, method)(path).status_code in (200, 204)


def test_a_hint_with_a_field_is_refused_and_marks_nothing(player_client: APIClient) -> None:
    game = start_game(player_client)
    assert_refused(player_client.post(f"/api/games/{game['id']}/hint/", {"depth": 9}), "depth")
    assert Game.objects.get(pk=game["id"]).assisted is False


def test_resign_refuses_unknown_fields_and_the_game_plays_on(player_client: APIClient) -> None:
    game = start_game(player_client)
    assert_refused(player_client.post(f"/api/games/{game['id']}/resign/", {"sure": True}), "sure")
    assert Game.objects.get(pk=game["id"]).status == "playing"


def test_the_schema_says_request_bodies_take_no_other_field() -> None:
    schema = SchemaGenerator().get_schema(request=None, public=True)
    components = schema["components"]["schemas"]
    closed = {
        name: component.get("additionalProperties")
        for name, component in components.items()
        if name.endswith("Request") or name in {"GameCreateIn", "ActionIn", "SubmissionIn"}
    }
    assert closed and all(
        value is False for name, value in closed.items() if components[name].get("type") == "object"
    ), closed
    for variant in ("GameByCodeInRequest", "MoveInRequest", "SubmissionTokensInRequest"):
        assert components[variant]["additionalProperties"] is False, variant
