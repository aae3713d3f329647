"""Sign-up, tokens, browser sessions and /api/me/."""

import pytest
from rest_framework.test import APIClient

from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, play, start_game, won_logs

pytestmark = pytest.mark.django_db


def test_sign_up_gives_a_token_that_authenticates(api_client: APIClient) -> None:
    response = api_client.post("/api/players/", {"username": "bob", "password": "long enough 1"})
    assert response.status_code == 201
    body = response.json()
    assert body["username"] == "bob"
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    me = api_client.get("/api/me/")
    assert me.status_code == 200
    assert me.json()["username"] == "bob"


def test_sign_up_refuses_a_taken_name_in_any_case(api_client: APIClient, player: Player) -> None:
    response = api_client.post(
        "/api/players/", {"username": player.username.upper(), "password": "long enough 1"}
    )
    assert response.status_code == 409
    assert response.json()["error"] == "username_taken"


@pytest.mark.parametrize(
    ("body", "field"),
    [
        ({"username": "carol", "password": "short"}, "at least 8 characters"),
        ({"username": "bad name!", "password": "long enough 1"}, "username"),
        ({"username": 5, "password": "long enough 1"}, "username"),
        ({"username": "carol"}, "password"),
        ({"username": "carol", "password": "long enough 1", "session": "yes"}, "session"),
        (["carol"], "dictionary"),
    ],
)
def test_sign_up_rejects_bad_input_with_a_reason(
    api_client: APIClient, body: object, field: str
) -> None:
    response = api_client.post("/api/players/", body, format="json")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_input"
    assert field in response.json()["detail"].lower()


def test_token_login(api_client: APIClient, player: Player) -> None:
    response = api_client.post(
        "/api/token/", {"username": player.username, "password": player.password}
    )
    assert response.status_code == 200
    assert response.json()["token"] != player.token  # a new token at each login
    wrong = api_client.post("/api/token/", {"username": player.username, "password": "nope"})
    assert wrong.status_code == 401
    assert wrong.json()["error"] == "bad_credentials"


def test_me_is_a_json_401_when_anonymous(api_client: APIClient) -> None:
    response = api_client.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"


def test_bad_token_is_a_json_401(api_client: APIClient) -> None:
    api_client.credentials(HTTP_AUTHORIZATION="Token not-a-real-token")
    response = api_client.get("/api/me/")
    assert response.status_code == 401
    assert response.json()["error"] == "authentication_failed"


def test_browser_session_sign_up_login_logout_with_csrf(player: Player) -> None:
    browser = APIClient(enforce_csrf_checks=True)
    signed_up = browser.post(
        "/api/players/",
        {"username": "dora", "password": "long enough 1", "session": True},
        format="json",
    )
    assert signed_up.status_code == 201
    me = browser.get("/api/me/")
    assert me.status_code == 200 and me.json()["username"] == "dora"
    csrf = me.cookies["csrftoken"].value
    refused = browser.delete("/api/session/")  # signed in by session: CSRF is enforced
    assert refused.status_code == 403
    assert browser.delete("/api/session/", HTTP_X_CSRFTOKEN=csrf).status_code == 204
    assert browser.get("/api/me/").status_code == 401

    logged_in = browser.post(
        "/api/session/",
        {"username": player.username, "password": player.password},
        format="json",
    )
    assert logged_in.status_code == 200
    assert browser.get("/api/me/").json()["username"] == player.username


def test_a_players_page_has_their_games_and_totals(
    player: Player, player_client: APIClient, api_client: APIClient
) -> None:
    first = start_game(player_client)
    play(player_client, first["id"], "draw")
    player_client.post(f"/api/games/{first['id']}/resign/")
    won = won_logs()[0]
    player_client.post("/api/submissions/", {"code": won["code"], "actions": won["tokens"]})
    start_game(player_client, SIMPLE_CODE)
    page = api_client.get(f"/api/players/{player.username}/").json()  # public
    assert page["username"] == player.username
    totals = page["totals"]
    assert (totals["games"], totals["won"], totals["resigned"], totals["playing"]) == (3, 1, 1, 1)
    assert totals["best_cards"] == 52
    assert [g["status"] for g in page["games"]] == ["playing", "won", "resigned"]  # newest first
    assert "state" not in page["games"][0]


def test_an_unknown_player_is_a_json_404(api_client: APIClient) -> None:
    response = api_client.get("/api/players/nobody/")
    assert response.status_code == 404
    assert response.json()["error"] == "player_not_found"


def test_a_view_reaches_a_real_player_or_answers_not_authenticated(player: Player) -> None:
    """``request_player`` is how a view hands a service its player: an anonymous request
    (a view that forgot ``IsAuthenticated``) is DRF's 401/403, never an anonymous user
    passed on to a service."""
    from rest_framework.exceptions import NotAuthenticated
    from rest_framework.request import Request
    from rest_framework.test import APIRequestFactory, force_authenticate

    from games.api.current_player import request_player

    anonymous = Request(APIRequestFactory().get("/api/me/"))
    with pytest.raises(NotAuthenticated):
        request_player(anonymous)
    signed_in = APIRequestFactory().get("/api/me/")
    force_authenticate(signed_in, user=player.user)
    assert request_player(Request(signed_in, authenticators=[])) == player.user


@pytest.mark.parametrize(
    "password", ["\u200b" * 8, "\u200b" * 20 + "abc", "\u00a0" * 9, "\ufeff\t" * 6]
)
def test_a_password_with_too_few_visible_characters_is_refused(
    api_client: APIClient, password: str
) -> None:
    response = api_client.post(
        "/api/players/", {"username": "zed", "password": password}, format="json"
    )
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid_input" and "password_blank" in body["codes"]["password"]
