"""Issue 25, account care: change my password (``POST /api/me/password/``) and export my games
(``GET /api/me/games/export/``), against PostgreSQL, with the lockout and the password-check
budgets of a login, and a sealed day's games kept out of the file until the close."""

from __future__ import annotations

import json
from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.conf import LazySettings
from rest_framework.test import APIClient

from engine import replay
from games.models import Action, Game
from tests.conftest import Player
from tests.games.conftest import CLOSE
from tests.support.games import Browser, guest_with_game, play, won_logs

pytestmark = pytest.mark.django_db

NEW = "a brand new secret 7"
#: An open deal (the games' conftest makes SIMPLE_CODE the sealed daily of its day).
OPEN_CODE = "CF1-D3-AAAAAAB"


def change(client: APIClient | Browser, current: str, new: str = NEW) -> Any:
    body = {"current_password": current, "new_password": new}
    return client.post("/api/me/password/", body)


def logs_in(username: str, password: str) -> bool:
    answer = APIClient().post(
        "/api/token/", {"username": username, "password": password}, format="json"
    )
    return answer.status_code == 200


def signed_in_browser(who: Player, address: str = "127.0.0.1") -> Browser:
    browser = Browser(address)
    signed = browser.post("/api/session/", {"username": who.username, "password": who.password})
    assert signed.status_code == 200, signed.json()
    return browser


# -- change password ---------------------------------------------------------------------------
def test_a_token_client_changes_its_password_and_gets_the_only_live_token(
    player: Player, player_client: APIClient
) -> None:
    answer = change(player_client, player.password)
    assert answer.status_code == 200, answer.json()
    body = answer.json()
    assert body["username"] == player.username
    assert body["token"] != player.token
    assert player_client.get("/api/me/").status_code == 401  # the old token is dead
    fresh = APIClient()
    fresh.credentials(HTTP_AUTHORIZATION=f"Token {body['token']}")
    assert fresh.get("/api/me/").json()["username"] == player.username
    assert logs_in(player.username, NEW)
    assert not logs_in(player.username, player.password)


def test_a_browser_keeps_its_session_others_are_signed_out_and_the_token_dies(
    player: Player,
) -> None:
    here, elsewhere = signed_in_browser(player), signed_in_browser(player, "198.51.100.9")
    answer = change(here, player.password)
    assert answer.status_code == 200, answer.json()
    assert answer.json() == {"username": player.username}  # a page gets no token
    assert here.me()["username"] == player.username
    assert elsewhere.get("/api/me/").status_code == 401
    token_client = APIClient()
    token_client.credentials(HTTP_AUTHORIZATION=f"Token {player.token}")
    assert token_client.get("/api/me/").status_code == 401
    assert logs_in(player.username, NEW)


def test_a_browser_change_needs_its_csrf_token(player: Player) -> None:
    browser = signed_in_browser(player)
    body = {"current_password": player.password, "new_password": NEW}
    refused = browser.post("/api/me/password/", body, csrf=False)
    assert refused.status_code == 403
    assert logs_in(player.username, player.password)


def test_a_wrong_current_password_is_a_400_naming_it_and_changes_nothing(
    player: Player, player_client: APIClient
) -> None:
    answer = change(player_client, "not my password 1")
    assert answer.status_code == 400
    body = answer.json()
    assert body["error"] == "invalid_input"
    assert list(body["fields"]) == ["current_password"]
    assert body["codes"] == {"current_password": ["password_wrong"]}
    assert player_client.get("/api/me/").status_code == 200  # the token still works
    assert logs_in(player.username, player.password)


def test_wrong_current_passwords_count_as_failed_logins(
    player: Player, player_client: APIClient, settings: LazySettings
) -> None:
    """A stolen session or token cannot guess the password at leisure: the lockout of a login
    counts these too, and then refuses even the right one, before any hash."""
    settings.AXES_FAILURE_LIMIT = 3
    statuses = [change(player_client, f"guess number {i}").status_code for i in range(3)]
    assert statuses == [400, 400, 429]
    locked = change(player_client, player.password)
    assert locked.status_code == 429
    assert locked.json()["error"] == "login_locked"
    assert not logs_in(player.username, player.password)  # locked from this address


def test_a_change_is_charged_as_a_password_check(
    player: Player, player_client: APIClient, settings: LazySettings
) -> None:
    settings.CANFIELD_PASSWORD_CHECKS = {"address": "1/minute", "account": None, "total": None}
    with time_machine.travel("2026-01-02 12:00:01Z", tick=False):
        assert change(player_client, "not my password 1").status_code == 400
        busy = change(player_client, player.password)
    assert busy.status_code == 429
    assert busy.json()["error"] == "login_busy"
    assert int(busy["Retry-After"]) >= 1


@pytest.mark.parametrize(
    ("new", "code"),
    [
        ("password", "password_too_common"),
        ("12345678901", "password_entirely_numeric"),
        ("short1", "password_too_short"),
        (" " * 10, "password_blank"),
        ("correct horse 42", "password_unchanged"),
    ],
)
def test_a_new_password_follows_the_sign_ups_rules(
    player: Player, player_client: APIClient, new: str, code: str
) -> None:
    answer = change(player_client, player.password, new)
    assert answer.status_code == 400, answer.json()
    body = answer.json()
    assert list(body["fields"]) == ["new_password"]
    assert code in body["codes"]["new_password"]
    assert logs_in(player.username, player.password)


@pytest.mark.parametrize(
    "body",
    [
        {},
        {"current_password": "correct horse 42"},
        {"current_password": 42, "new_password": NEW},
        {"current_password": "correct horse 42", "new_password": ["x"]},
        {"current_password": "correct horse 42", "new_password": "x" * 129},
    ],
)
def test_malformed_bodies_are_a_400_naming_the_field(
    player_client: APIClient, body: dict[str, object]
) -> None:
    answer = player_client.post("/api/me/password/", body)
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_input"
    named = set(answer.json()["fields"])
    assert named and named <= {"current_password", "new_password"}


def test_anonymous_is_a_401_and_a_guest_has_no_password_to_change() -> None:
    assert APIClient().post("/api/me/password/", {}, format="json").status_code == 401
    guest = Browser()
    guest_with_game(guest, OPEN_CODE)
    refused = change(guest, "anything at all 1")
    assert refused.status_code == 403
    assert refused.json()["error"] == "account_required"


# -- export ------------------------------------------------------------------------------------
def stored_log(game_id: int) -> list[str]:
    return list(
        Action.objects.filter(game_id=game_id).order_by("seq").values_list("token", flat=True)
    )


def export(client: APIClient, fmt: str = "json") -> Any:
    return client.get(f"/api/me/games/export/?format={fmt}")


def test_the_json_export_has_every_game_as_its_log(
    player: Player,
    player_client: APIClient,
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    won = won_logs()[0]
    submitted = player_client.post(
        "/api/submissions/", {"code": won["code"], "actions": won["tokens"]}
    )
    assert submitted.status_code == 201, submitted.json()
    live = player_client.post("/api/games/", {"code": OPEN_CODE}).json()
    for token in ("draw", "draw"):
        assert play(player_client, live["id"], token).status_code == 201
    assert player_client.post(f"/api/games/{live['id']}/resign/").status_code == 201
    other = client_for(make_player("bob"))
    other.post("/api/games/", {"code": OPEN_CODE})

    answer = export(player_client)
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/json"
    assert (
        answer["Content-Disposition"]
        == f'attachment; filename="canfield-{player.username}-games.json"'
    )
    body = answer.json()
    assert body["username"] == player.username and body["withheld"] == []
    assert [game["id"] for game in body["games"]] == [submitted.json()["id"], live["id"]]
    first, second = body["games"]
    assert first["code"] == won["code"] and first["status"] == "won"
    assert first["log"] == won["tokens"] == stored_log(first["id"])
    assert replay(first["code"], first["log"]).won
    assert first["offline"] is True and first["ended_at"] is not None
    assert second["log"] == ["draw", "draw", "resign"] == stored_log(second["id"])
    assert (second["status"], second["actions"], second["code"]) == ("resigned", 2, OPEN_CODE)


def test_the_text_export_is_one_block_a_game_with_the_engines_notation(
    player: Player, player_client: APIClient
) -> None:
    game = player_client.post("/api/games/", {"code": OPEN_CODE}).json()
    for token in ("draw", "draw"):
        assert play(player_client, game["id"], token).status_code == 201
    empty = player_client.post("/api/games/", {"code": "CF1-D1-AAAAAAC"}).json()

    answer = export(player_client, "text")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "text/plain; charset=utf-8"
    assert answer["Content-Disposition"].endswith(
        f'filename="canfield-{player.username}-games.txt"'
    )
    head, *blocks = answer.content.decode().rstrip("\n").split("\n\n")
    assert head.startswith(f"# Canfield Arena: the games of {player.username}")
    assert len(blocks) == 2
    fields = [
        {key: value for key, _, value in (line.partition(" ") for line in block.split("\n"))}
        for block in blocks
    ]
    assert fields[0]["game"] == str(game["id"]) and fields[0]["code"] == OPEN_CODE
    assert fields[0]["status"] == "playing" and fields[0]["ended"] == "-"
    assert fields[0]["log"].split() == stored_log(game["id"]) == ["draw", "draw"]
    assert fields[1]["game"] == str(empty["id"]) and fields[1]["log"] == ""


def test_unicode_names_get_an_encoded_filename(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    answer = export(client_for(make_player("élise")))
    assert answer.status_code == 200
    assert "filename*=utf-8''canfield-%C3%A9lise-games.json" in answer["Content-Disposition"]


@pytest.mark.parametrize("query", ["?format=xml", "?format=", "?format=TEXT"])
def test_an_unknown_format_is_a_400_naming_it(player_client: APIClient, query: str) -> None:
    answer = player_client.get(f"/api/me/games/export/{query}")
    assert answer.status_code == 400
    assert answer["Content-Type"] == "application/json"
    assert answer.json()["error"] == "invalid_input"
    assert list(answer.json()["fields"]) == ["format"]


def test_anonymous_gets_a_401_and_a_guest_exports_their_games() -> None:
    assert APIClient().get("/api/me/games/export/").status_code == 401
    guest = Browser()
    game = guest_with_game(guest, OPEN_CODE)
    body = guest.get("/api/me/games/export/").json()
    assert [each["id"] for each in body["games"]] == [game["id"]]


def test_a_sealed_days_game_stays_out_of_the_file_until_the_close(
    player: Player,
    player_client: APIClient,
    start_daily: Callable[[Player], Game],
    clock: time_machine.Traveller,
) -> None:
    """Its log is a line through the day's deal: a file passed on would hand it to the day's
    other players. It is named (board, close) but neither its code nor its log leaves."""
    ranked = start_daily(player)
    for token in ("draw", "draw"):
        assert play(player_client, ranked.id, token).status_code == 201
    open_game = player_client.post("/api/games/", {"code": OPEN_CODE}).json()

    sealed_json, sealed_text = export(player_client), export(player_client, "text")
    body = sealed_json.json()
    assert [game["id"] for game in body["games"]] == [open_game["id"]]
    assert body["withheld"] == [
        {"board": "daily-2026-01-02-D3", "closes_at": "2026-01-03T00:00:00Z"}
    ]
    text = sealed_text.content.decode()
    assert "# left out until its day closes: daily-2026-01-02-D3" in text
    assert ranked.code not in json.dumps(body) and ranked.code not in text
    assert f"game {ranked.id}\n" not in text

    clock.move_to(CLOSE + timedelta(seconds=1))
    closed = export(player_client).json()
    assert closed["withheld"] == []
    shown = {game["id"]: game for game in closed["games"]}
    assert shown[ranked.id]["code"] == ranked.code
    assert shown[ranked.id]["daily"] == "2026-01-02"
    assert shown[ranked.id]["log"] == ["draw", "draw"]
