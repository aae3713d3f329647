"""One person, one ranked game: a ranked game started from the network or device of another
player's earlier ranked game on the same board is held, out of every public read, and its
owner is told why (DESIGN.md, *Fair play*)."""

import threading
import time
from collections.abc import Callable
from io import StringIO

import pytest
from django.conf import LazySettings
from django.core.management import call_command
from django.db import connections, transaction
from rest_framework.test import APIClient

from fairplay.models import Flag, GameOrigin
from games import live
from games.models import Game, LeaderboardEntry
from shared.origins import DEVICE_COOKIE, network_of, origin_of
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


def test_a_link_holds_both_games_whichever_account_started_first(
    alice: Player, bob: Player, carol: Player, client_at: Callable[..., APIClient]
) -> None:
    """The reversed-order sybil: bob's account starts (and plays) first, alice's throwaway
    starts second from the same network. Both games are held, each with the other as its
    evidence, and neither shows anywhere public."""
    second = client_at(bob, "203.0.113.77")
    first = client_at(alice, "203.0.113.5")  # the same /24, started later
    bob_game = start_ranked(second)
    act(second, bob_game["id"])
    assert live.wait_idle()
    assert board_players(second) == ["bob"]  # alone, bob's entry shows
    alice_game = start_ranked(first)
    act(first, alice_game["id"])
    act(second, bob_game["id"])  # the held players play on
    act(second, bob_game["id"])
    assert live.wait_idle()

    assert Game.objects.get(pk=bob_game["id"]).held
    assert Game.objects.get(pk=alice_game["id"]).held
    later = Flag.objects.get(game_id=alice_game["id"])
    assert (later.reason, later.status) == ("linked", "held")
    assert later.evidence == [{"kind": "network", "game": bob_game["id"], "player": bob.user.pk}]
    flag = Flag.objects.get(game_id=bob_game["id"])
    assert (flag.reason, flag.status) == ("linked", "held")
    assert flag.evidence == [{"kind": "network", "game": alice_game["id"], "player": alice.user.pk}]

    other = client_at(carol, "198.51.100.1")
    assert board_players(other) == []
    around = other.get(f"/api/leaderboards/{BOARD}/", {"around": "bob"})
    assert around.status_code == 200 and around.json()["entries"] == [], around.json()
    field = other.get(f"/api/leaderboards/{BOARD}/field/").json()
    assert field["total"] == 0
    daily = other.get("/api/daily/").json()
    assert daily["boards"]["D3"]["entries"] == 0
    assert not LeaderboardEntry.objects.filter(board=BOARD).exists()
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
    assert (today["held"], today["rank"], today["actions"]) == (True, None, 3)
    # The other player of the link is told the same words, nothing of bob's game.
    theirs = first.get("/api/daily/").json()["boards"]["D3"]["game"]
    assert (theirs["held"], theirs["held_reason"]) == (True, mine["held_reason"])
    assert "bob" not in str(first.get("/api/daily/").json())


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


def test_ipv6_addresses_of_one_56_are_linked_and_the_next_56_is_not(
    alice: Player, bob: Player, carol: Player, client_at: Callable[..., APIClient]
) -> None:
    """A household's IPv6 delegation is a /56 or a /48 of 256 /64s; a /64 apiece would let
    one household's accounts never meet (a /48 still holds 256 /56s: docs/fair-play.md)."""
    start_ranked(client_at(alice, "2001:db8:1:2::a"))
    bob_game = start_ranked(client_at(bob, "2001:db8:1:ff:ffff:ffff:ffff:b"))  # another /64
    carol_game = start_ranked(client_at(carol, "2001:db8:1:100::a"))  # the next /56
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
    assert network_of("127.0.0.1") is None and network_of("::1") is None  # development
    assert network_of("2001:db8:1:2::a") == network_of("2001:db8:1:ff::b") == "2001:db8:1::/56"
    assert network_of("10.1.2.3") == "10.1.2.0/24"  # a private range is a network like any
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
    assert LeaderboardEntry.objects.filter(board=BOARD).count() == 0  # both held


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
    assert Game.objects.get(pk=results["alice"]).held  # the link binds both ways


def test_a_board_read_tells_the_held_owner_their_entry_and_no_one_else(
    alice: Player, bob: Player, carol: Player, client_at: Callable[..., APIClient]
) -> None:
    first = client_at(alice, "203.0.113.5")
    second = client_at(bob, "203.0.113.77")  # the same /24: bob's game and alice's are held
    third = client_at(carol, "198.51.100.1")
    act(first, start_ranked(first)["id"])
    act(third, start_ranked(third)["id"])
    bob_game = start_ranked(second)
    act(second, bob_game["id"])
    act(second, bob_game["id"])
    assert live.wait_idle()

    mine = second.get(f"/api/leaderboards/{BOARD}/").json()
    assert [entry["player"] for entry in mine["entries"]] == ["carol"]
    held = mine["own_held"]
    assert (held["player"], held["actions"], held["held"], held["game"]) == ("bob", 2, True, None)
    assert held["held_reason"]["code"] == "linked"
    # Bob is a person: the bots' ranking has no held entry of his; all of them has.
    assert second.get(f"/api/leaderboards/{BOARD}/", {"who": "bots"}).json()["own_held"] is None
    assert second.get(f"/api/leaderboards/{BOARD}/", {"who": "all"}).json()["own_held"]
    # Nobody else learns of it: alice reads her own held entry, carol reads null.
    assert first.get(f"/api/leaderboards/{BOARD}/").json()["own_held"]["player"] == "alice"
    assert third.get(f"/api/leaderboards/{BOARD}/").json()["own_held"] is None


@pytest.mark.parametrize("proxy", ["127.0.0.1", "10.0.0.2"], ids=["loopback", "private"])
def test_behind_a_trusted_proxy_the_forwarded_clients_are_linked_by_their_own_networks(
    alice: Player,
    bob: Player,
    carol: Player,
    client_at: Callable[..., APIClient],
    settings: LazySettings,
    proxy: str,
) -> None:
    """The trusted-proxy rule with a loopback and a private peer: a proxy named in
    ``TRUSTED_PROXIES`` is believed, so its clients are linked by their own networks (two on
    one /24 are linked, a third elsewhere is not), never all by the proxy's address."""
    settings.TRUSTED_PROXIES = [proxy]
    behind = []
    for player, address in ((alice, "203.0.113.5"), (bob, "203.0.113.77"), (carol, "198.51.100.1")):
        client = client_at(player, proxy)
        client.defaults["HTTP_X_FORWARDED_FOR"] = address
        behind.append(start_ranked(client)["id"])
    held = dict(Game.objects.filter(pk__in=behind).values_list("pk", "held"))
    assert [held[game] for game in behind] == [True, True, False]


@pytest.mark.parametrize(
    ("env", "linked"), [("development", False), ("production", True)], ids=["dev", "prod"]
)
def test_loopback_clients_an_untrusted_local_proxy_shows_are_one_network_in_production(
    alice: Player,
    bob: Player,
    client_at: Callable[..., APIClient],
    settings: LazySettings,
    env: str,
    linked: bool,
) -> None:
    """A proxy on the same host that ``TRUSTED_PROXIES`` does not name shows every client as
    loopback: in production they are one network (all linked: the operator sees it at once,
    rather than no one ever linked); in development, where every account of the developer's
    own browser is on loopback, none."""
    settings.CANFIELD_ENV = env
    settings.TRUSTED_PROXIES = []
    first, second = client_at(alice, "127.0.0.1"), client_at(bob, "127.0.0.1")
    for client in (first, second):
        client.defaults["HTTP_X_FORWARDED_FOR"] = "203.0.113.5"  # not believed: untrusted peer
    games = [start_ranked(first)["id"], start_ranked(second)["id"]]
    assert [Game.objects.get(pk=game).held for game in games] == [linked, linked]
