"""Issue 11, item 7: API tokens can be revoked, rotate at login, expire; pages get none.

Before: ``POST /api/token/`` handed back the same permanent token forever, nothing could
revoke it, and a browser sign-up put it in the page's hands.
"""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import LazySettings
from django.utils import timezone
from rest_framework.authtoken.models import Token
from rest_framework.test import APIClient

from tests.conftest import Player

pytestmark = pytest.mark.django_db


def me_status(token: str) -> int:
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {token}")
    return client.get("/api/me/").status_code


def log_in(player: Player) -> str:
    response = APIClient().post(
        "/api/token/", {"username": player.username, "password": player.password}, format="json"
    )
    assert response.status_code == 200, response.content
    return response.json()["token"]


def test_delete_revokes_the_token(player_client: APIClient, player: Player) -> None:
    assert me_status(player.token) == 200
    assert player_client.delete("/api/token/").status_code == 204
    assert me_status(player.token) == 401
    assert not Token.objects.filter(user=player.user).exists()


def test_delete_needs_a_signed_in_player(api_client: APIClient) -> None:
    response = api_client.delete("/api/token/")
    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"


def test_logging_in_rotates_the_token(player: Player) -> None:
    first = log_in(player)
    second = log_in(player)
    assert len({player.token, first, second}) == 3
    assert [me_status(token) for token in (player.token, first, second)] == [401, 401, 200]


def test_an_old_token_expires(player: Player, settings: LazySettings) -> None:
    settings.CANFIELD_TOKEN_MAX_AGE_DAYS = 30
    Token.objects.filter(key=player.token).update(created=timezone.now() - timedelta(days=31))
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {player.token}")
    response = client.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["error"] == "authentication_failed"
    assert "expired" in response.json()["detail"]
    assert me_status(log_in(player)) == 200


def test_no_limit_keeps_old_tokens(player: Player, settings: LazySettings) -> None:
    settings.CANFIELD_TOKEN_MAX_AGE_DAYS = 0
    Token.objects.filter(key=player.token).update(created=timezone.now() - timedelta(days=999))
    assert me_status(player.token) == 200


def test_a_browser_sign_up_gets_no_token() -> None:
    browser = APIClient(enforce_csrf_checks=True)
    response = browser.post(
        "/api/players/",
        {"username": "dora", "password": "a browser password 7", "session": True},
        format="json",
    )
    assert response.status_code == 201
    assert response.json() == {"username": "dora"}
    assert not Token.objects.filter(user__username="dora").exists()
    assert browser.get("/api/me/").json()["username"] == "dora"  # the session works


def test_an_api_sign_up_still_gets_its_token(api_client: APIClient) -> None:
    response = api_client.post(
        "/api/players/", {"username": "eve", "password": "an api password 7"}, format="json"
    )
    assert response.status_code == 201
    assert me_status(response.json()["token"]) == 200
