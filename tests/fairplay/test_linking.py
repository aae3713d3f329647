"""One person, one ranked game: a ranked game started from the network or device of another
player's earlier ranked game on the same board is held, out of every public read, and its
owner is told why (DESIGN.md, *Fair play*)."""

import threading
import time
from collections.abc import Callable
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connections, transaction
from rest_framework.test import APIClient

from fairplay.models import Flag, GameOrigin
from fairplay.origins import DEVICE_COOKIE, network_of, origin_of
from games import live
from games.models import Game, LeaderboardEntry
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, act, start_ranked

pytestmark = pytest.mark.usefixtures("day")


def board_players(client: APIClient) -> list[str]:
    response = client.get(f"/api/leaderboards/{BOARD}/")
    assert response.status_code == 200, response.json()
    return [entry["player"] for entry in response.json()["entries"]]


@pytest.fixture
def alice(make_player: Callable[..., Player]) -> Player:
    return make_player("alice")


@pytest.fixture
def bob(make_player: Callable[..., Player]) -> Player:
    return make_player("bob")


@pytest.fixture
def carol(make_player: Callable[..., Player]) -> Player:
    return make_player("carol")


def test_the_second_account_from_one_address_is_held_and_out_of_every_public_read(
    alice: Player, bob: Player, carol: Player, client_at: Callable[..., APIClient]
) -> None:
    first = client_at(alice, "203.0.113.5")
    second = client_at(bob, "203.0.113.77")  # the same /24
    alice_game = start_ranked(first)
    bob_game = start_ranked(second)
    act(first, alice_game["id"])
    act(second, bob_game["id"])
    act(second, bob_game["id"])  # the held player plays on
    assert live.wait_idle()

    assert Game.objects.get(pk=bob_game["id"]).held
    assert not Game.objects.get(pk=alice_game["id"]).held
    flag = Flag.objects.get(game_id=bob_game["id"])
    assert (flag.reason, flag.status) == ("linked", "held")
    assert flag.evidence == [{"kind": "network", "game": alice_game["id"], "player": alice.user.pk}]

    other = client_at(carol, "198.51.100.1")
    assert board_players(other) == ["alice"]
    around = other.get(f"/api/leaderboards/{BOARD}/", {"around": "bob"})
    assert around.status_code == 200 and around.json()["entries"] == [], around.json()
    field = other.get(f"/api/leaderboards/{BOARD}/field/").json()
    assert field["total"] == 1 and field["counts"] == [{"cards": 1, "players": 1}]
    daily = other.get("/api/daily/").json()
    assert daily["boards"]["D3"]["entries"] == 1
    assert list(LeaderboardEntry.objects.filter(board=BOARD).values_list("player__username")) == [
        ("alice",)
    ]
    # Another player's view of bob's page and record tells nothing of the game, nor the hold.
    page = other.get("/api/players/bob/")
    assert bob_game["id"] not in [game["id"] for game in page.json()["games"]]
    stats = other.get("/api/players/bob/stats/", {"month": "2026-01"}).json()
    assert stats["calendar"]["days"][1]["boards"]["D3"] is None
    assert "held" not in page.content.decode() + str(stats)

    # Its owner sees it, held, and why in words.
    mine = second.get("/api/daily/").json()["boards"]["D3"]["game"]
    assert mine["id"] == bob_game["id"]
    assert (mine["held"], mine["confirmed"], mine["rank"]) == (True, False, None)
    assert mine["held_reason"]["code"] == "linked"
    assert "network or device" in mine["held_reason"]["detail"]
    japanese = second.get("/api/daily/", HTTP_ACCEPT_LANGUAGE="ja").json()
    indonesian = second.get("/api/daily/", HTTP_ACCEPT_LANGUAGE="id").json()
    details = {
        answer["boards"]["D3"]["game"]["held_reason"]["detail"] for answer in (japanese, indonesian)
    }
    assert len(details | {mine["held_reason"]["detail"]}) == 3
    calendar = second.get("/api/players/bob/stats/", {"month": "2026-01"}).json()["calendar"]
    today = calendar["days"][1]["boards"]["D3"]
    assert (today["held"], today["rank"], today["actions"]) == (True, None, 2)
    # The first player is not held and is told nothing.
    assert first.get("/api/daily/").json()["boards"]["D3"]["game"]["held"] is False


def test_two_accounts_sharing_a_device_cookie_are_linked_across_networks(
    alice: Player, bob: Player, client_at: Callable[..., APIClient]
) -> None:
    first = client_at(alice, "203.0.113.5")
    assert first.get("/").status_code == 200  # a page gives the browser its device id
    second = client_at(bob, "198.51.100.9", device=first)
    alice_game = start_ranked(first)
    bob_game = start_ranked(second)
    flag = Flag.objects.get(game_id=bob_game["id"])
    assert flag.evidence == [{"kind": "device", "game": alice_game["id"], "player": alice.user.pk}]
    assert Game.objects.get(pk=bob_game["id"]).held


def test_a_forged_device_cookie_counts_as_none(
    alice: Player, bob: Player, client_at: Callable[..., APIClient]
) -> None:
    first = client_at(alice, "203.0.113.5")
    first.cookies[DEVICE_COOKIE] = "not-signed"
    second = client_at(bob, "198.51.100.9", device=first)
    start_ranked(first)
    bob_game = start_ranked(second)
    assert not Flag.objects.filter(game_id=bob_game["id"]).exists()
    assert set(GameOrigin.objects.values_list("device", flat=True)) == {""}


def test_an_api_client_without_cookie_from_another_network_is_not_linked(
    alice: Player, bob: Player, client_at: Callable[..., APIClient]
) -> None:
    first = client_at(alice, "203.0.113.5")
    first.get("/")
    second = client_at(bob, "203.0.114.5")  # the next /24, no cookie
    start_ranked(first)
    bob_game = start_ranked(second)
    act(second, bob_game["id"])
    assert not Game.objects.get(pk=bob_game["id"]).held
    assert not Flag.objects.exists()
    assert "bob" in board_players(second)


def test_ipv6_siblings_of_one_64_are_linked_and_the_next_64_is_not(
    alice: Player, bob: Player, carol: Player, client_at: Callable[..., APIClient]
) -> None:
    start_ranked(client_at(alice, "2001:db8:1:2::a"))
    bob_game = start_ranked(client_at(bob, "2001:db8:1:2:ffff:ffff:ffff:b"))
    carol_game = start_ranked(client_at(carol, "2001:db8:1:3::a"))
    assert Game.objects.get(pk=bob_game["id"]).held
    assert not Game.objects.get(pk=carol_game["id"]).held


def test_the_game_of_another_board_or_of_the_same_player_is_no_link(
    alice: Player, client_at: Callable[..., APIClient]
) -> None:
    client = client_at(alice, "203.0.113.5")
    start_ranked(client, "D3")
    d1 = start_ranked(client, "D1")
    assert not Game.objects.get(pk=d1["id"]).held
    again = client.post("/api/games/", {"daily": "D3"})  # the same game back: no new origin
    assert again.status_code == 200
    assert GameOrigin.objects.count() == 2 and not Flag.objects.exists()


def test_origins_are_keyed_hashes_never_shown_and_of_the_network_not_the_address() -> None:
    one = origin_of(address="203.0.113.5", device_id="abc")
    same_network = origin_of(address="203.0.113.250", device_id=None)
    assert one.network == same_network.network and same_network.device == ""
    assert "203.0.113" not in one.network and len(one.network) == 64
    assert one.device != one.network
    assert network_of("::ffff:203.0.113.5") == "203.0.113.0/24"
    assert network_of("not an address") is None
    assert network_of("127.0.0.1") is None and network_of("::1") is None  # a local proxy
    assert origin_of(address="", device_id=None).network == ""


def test_the_pages_set_a_long_lived_signed_http_only_device_cookie_and_the_api_does_not(
    api_client: APIClient,
) -> None:
    api = api_client.get("/api/daily/")
    assert DEVICE_COOKIE not in api.cookies
    page = api_client.get("/rules/")
    cookie = page.cookies[DEVICE_COOKIE]
    assert cookie["httponly"] and cookie["samesite"] == "Lax"
    assert int(cookie["max-age"]) == 2 * 365 * 24 * 3600
    again = api_client.get("/rules/")
    assert DEVICE_COOKIE not in again.cookies  # kept, not renewed with a new id


def test_a_rebuild_gives_the_same_tables_held_games_staying_out(
    alice: Player, bob: Player, client_at: Callable[..., APIClient]
) -> None:
    first = client_at(alice, "203.0.113.5")
    second = client_at(bob, "203.0.113.6")
    act(first, start_ranked(first)["id"])
    act(second, start_ranked(second)["id"])
    call_command("rebuild_projections", "--check", stdout=StringIO())
    assert LeaderboardEntry.objects.filter(board=BOARD).count() == 1


def test_two_starts_at_once_from_one_network_cannot_both_miss_the_other(
    alice: Player, bob: Player
) -> None:
    """Alice's start is not committed yet when bob's begins: bob's waits for it (the board's
    lock) and then sees it, instead of reading the origins without it."""
    from games.services.games import game_create

    home = origin_of(address="203.0.113.5", device_id=None)
    alice_started, results = threading.Event(), {}

    def start_alice() -> None:
        try:
            with transaction.atomic():
                results["alice"] = game_create(player=alice.user, daily="D3", origin=home).game.id
                alice_started.set()
                time.sleep(0.5)  # bob's start runs meanwhile
        finally:
            connections.close_all()

    def start_bob() -> None:
        try:
            alice_started.wait(5)
            results["bob"] = game_create(player=bob.user, daily="D3", origin=home).game.id
        finally:
            connections.close_all()

    threads = [threading.Thread(target=start_alice), threading.Thread(target=start_bob)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(10)
    assert Game.objects.get(pk=results["bob"]).held
    assert not Game.objects.get(pk=results["alice"]).held


def test_a_board_read_tells_the_held_owner_their_entry_and_no_one_else(
    alice: Player, bob: Player, carol: Player, client_at: Callable[..., APIClient]
) -> None:
    first = client_at(alice, "203.0.113.5")
    second = client_at(bob, "203.0.113.77")  # the same /24: bob's game is held
    act(first, start_ranked(first)["id"])
    bob_game = start_ranked(second)
    act(second, bob_game["id"])
    act(second, bob_game["id"])
    assert live.wait_idle()

    mine = second.get(f"/api/leaderboards/{BOARD}/").json()
    assert [entry["player"] for entry in mine["entries"]] == ["alice"]
    held = mine["own_held"]
    assert (held["player"], held["actions"], held["held"], held["game"]) == ("bob", 2, True, None)
    assert held["held_reason"]["code"] == "linked"
    # Bob is a person: the bots' ranking has no held entry of his; all of them has.
    assert second.get(f"/api/leaderboards/{BOARD}/", {"who": "bots"}).json()["own_held"] is None
    assert second.get(f"/api/leaderboards/{BOARD}/", {"who": "all"}).json()["own_held"]
    # Nobody else learns of it, and the held-free players read null.
    for other in (first, client_at(carol, "198.51.100.1")):
        assert other.get(f"/api/leaderboards/{BOARD}/").json()["own_held"] is None
