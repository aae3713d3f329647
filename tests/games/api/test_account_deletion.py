"""Issue 25, account care: delete my account (``DELETE /api/me/`` with the password), against
PostgreSQL. The games stay as an anonymised log: no action row deleted or changed, every board
as it was (the entry under a ``deleted-…`` name), ``verify_games`` clean; the person's name,
password, e-mail, token and sessions go."""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import UsernameKey
from games.models import Action, Game
from tests.conftest import Player
from tests.support.games import Browser, guest_with_game, play

pytestmark = pytest.mark.django_db

#: An open deal (the games' conftest makes SIMPLE_CODE the sealed daily of its day).
OPEN_CODE = "CF1-D3-AAAAAAB"


def delete_account(client: APIClient, password: str) -> Any:
    return client.delete("/api/me/", {"password": password}, format="json")


def played(client: APIClient, tokens: list[str]) -> int:
    """A game of OPEN_CODE with ``tokens`` played; its id."""
    game = client.post("/api/games/", {"code": OPEN_CODE}).json()
    for token in tokens:
        answer = play(client, game["id"], token)
        assert answer.status_code == 201, answer.json()
    return int(game["id"])


def board(client: APIClient) -> list[tuple[int, str, int, int]]:
    entries = client.get(f"/api/leaderboards/{OPEN_CODE}/").json()["entries"]
    return [(e["rank"], e["player"], e["cards"], e["actions"]) for e in entries]


def action_rows() -> list[tuple[Any, ...]]:
    return list(Action.objects.order_by("id").values_list())


def logs_in(username: str, password: str) -> bool:
    answer = APIClient().post(
        "/api/token/", {"username": username, "password": password}, format="json"
    )
    return answer.status_code == 200


def test_the_games_stay_as_an_anonymised_log_and_every_board_as_it_was(
    make_player: Any, client_for: Any, api_client: APIClient
) -> None:
    alice, bob = make_player("alice"), make_player("bob")
    alice.user.email = "alice@example.com"
    alice.user.save()
    alice_client, bob_client = client_for(alice), client_for(bob)
    alice_game = played(alice_client, ["draw", "draw", "draw"])
    played(bob_client, ["draw"])
    before_board, before_actions = board(api_client), action_rows()
    assert [name for _, name, _, _ in before_board] == ["bob", "alice"]

    answer = delete_account(alice_client, alice.password)
    assert answer.status_code == 200, answer.json()
    name = answer.json()["username"]
    assert answer.json() == {"deleted": True, "username": name}
    assert name.startswith("deleted-") and "alice" not in name

    # The log: not one action row deleted or changed; the game is the anonymised player's.
    assert action_rows() == before_actions
    assert Game.objects.get(pk=alice_game).player.username == name
    call_command("verify_games", progress=0)  # raises on any game its rows disagree with
    # Every board as it was, the entry under the new name.
    assert board(api_client) == [
        (rank, name if player == "alice" else player, cards, actions)
        for rank, player, cards, actions in before_board
    ]
    assert api_client.get(f"/api/games/{alice_game}/").json()["player"] == name

    # The person: no name, no password, no e-mail, no token, no login; the name is free.
    user = User.objects.get(pk=alice.user.pk)
    assert (user.email, user.is_active, user.has_usable_password()) == ("", False, False)
    assert alice_client.get("/api/me/").status_code == 401
    assert not logs_in("alice", alice.password) and not logs_in(name, alice.password)
    assert api_client.get("/api/players/alice/").status_code == 404
    assert UsernameKey.objects.filter(key="alice").count() == 0
    again = api_client.post("/api/players/", {"username": "alice", "password": "another horse 43"})
    assert again.status_code == 201, again.json()
    assert board(api_client)[1][1] == name  # a new alice is not the deleted one


@pytest.mark.parametrize(
    ("body", "code"), [({"password": "not my password 1"}, "password_wrong"), ({}, None)]
)
def test_a_wrong_or_missing_password_is_a_400_naming_it_and_deletes_nothing(
    player: Player, player_client: APIClient, body: dict[str, str], code: str | None
) -> None:
    answer = player_client.delete("/api/me/", body, format="json")
    assert answer.status_code == 400
    refused = answer.json()
    assert (refused["error"], list(refused["fields"])) == ("invalid_input", ["password"])
    if code:
        assert refused["codes"] == {"password": [code]}
    assert player_client.get("/api/me/").json()["username"] == player.username
    assert logs_in(player.username, player.password)


def test_a_browser_deletes_with_its_csrf_token_and_is_signed_out(player: Player) -> None:
    browser = Browser()
    signed = browser.post(
        "/api/session/", {"username": player.username, "password": player.password}
    )
    assert signed.status_code == 200, signed.json()
    refused = browser.delete("/api/me/", {"password": player.password}, csrf=False)
    assert refused.status_code == 403
    assert browser.me()["username"] == player.username
    answer = browser.delete("/api/me/", {"password": player.password})
    assert answer.status_code == 200, answer.json()
    assert browser.get("/api/me/").status_code == 401


def test_a_guest_has_no_account_to_delete() -> None:
    browser = Browser()
    guest_with_game(browser, OPEN_CODE)
    answer = browser.delete("/api/me/", {"password": "whatever it is 1"})
    assert answer.status_code == 403
    assert answer.json()["error"] == "account_required"
    assert browser.me()["guest"] is True


@pytest.mark.parametrize("name", ["deleted-3k9x0qa7mz2c", "Deleted-bob", "\u0501eleted-bob"])
def test_no_account_may_take_a_deleted_accounts_name(api_client: APIClient, name: str) -> None:
    answer = api_client.post("/api/players/", {"username": name, "password": "correct horse 42"})
    assert answer.status_code == 400, answer.json()
    assert "username" in answer.json()["fields"]
