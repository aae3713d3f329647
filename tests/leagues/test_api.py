"""The leagues' API: create, invite and join, members only, the owner's operations, leaving,
the limits, and every refusal a 4xx JSON with a code (docs/contracts.md, "Leagues")."""

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from leagues import limits
from leagues.models import League, Membership
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE

pytestmark = pytest.mark.django_db

Clients = Callable[[Player], APIClient]


def create(client: APIClient, name: str = "Friday Club") -> dict:
    response = client.post("/api/leagues/", {"name": name})
    assert response.status_code == 201, response.json()
    return response.json()


def join(client: APIClient, invite: str, status: int = 201) -> dict:
    response = client.post("/api/leagues/join/", {"invite": invite})
    assert response.status_code == status, response.json()
    return response.json()


def refused(response: object, status: int, code: str) -> dict:
    assert response.status_code == status, response.json()  # type: ignore[attr-defined]
    body = response.json()  # type: ignore[attr-defined]
    assert body["error"] == code and body["detail"], body
    return body


def test_a_league_is_made_joined_by_invite_and_read_by_its_members(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    alice, bob = make_player("alice"), make_player("bob")
    owner, member = client_for(alice), client_for(bob)
    league = create(owner)
    assert (league["name"], league["owner"], league["owned"]) == ("Friday Club", "alice", True)
    assert league["invite_url"] == f"/leagues/join/{league['invite']}/"
    assert league["url"] == f"/leagues/{league['id']}/"
    assert set(league["boards"]) == {"D3", "D1"}
    assert [m["player"] for m in league["members"]] == ["alice"]
    assert league["limits"] == {"leagues_per_player": 20, "members_per_league": 1000}

    joined = join(member, league["invite"])
    assert joined["joined"] is True and joined["owned"] is False
    again = join(member, league["invite"], status=200)  # already a member: nothing written
    assert again["joined"] is False
    assert Membership.objects.filter(league_id=league["id"]).count() == 2

    read = member.get(f"/api/leagues/{league['id']}/").json()
    assert [m["player"] for m in read["members"]] == ["alice", "bob"]  # the owner first
    assert read["members"][0]["owner"] is True
    assert read["members"][1]["streak"] == {"current": 0, "best": 0, "last_day": None}
    mine = member.get("/api/leagues/").json()
    assert mine["leagues"] == [
        {"id": league["id"], "name": "Friday Club", "owner": "alice", "members": 2, "owned": False}
    ]


def test_a_league_is_a_404_to_anyone_but_its_members(
    make_player: Callable[..., Player], client_for: Clients, api_client: APIClient
) -> None:
    owner = client_for(make_player("alice"))
    stranger = client_for(make_player("eve"))
    league = create(owner)
    lid = league["id"]
    for path in (f"/api/leagues/{lid}/", f"/api/leagues/{lid}/seasons/"):
        refused(stranger.get(path), 404, "league_not_found")
    refused(stranger.get(f"/api/leagues/{lid + 1000}/"), 404, "league_not_found")
    refused(
        stranger.get(f"/api/leaderboards/{SIMPLE_CODE}/", {"league": lid}), 404, "league_not_found"
    )
    refused(
        api_client.get(f"/api/leaderboards/{SIMPLE_CODE}/", {"league": lid}),
        404,
        "league_not_found",
    )
    assert api_client.get(f"/api/leagues/{lid}/").status_code == 401
    refused(stranger.post(f"/api/leagues/{lid}/leave/"), 404, "league_not_found")
    refused(stranger.post(f"/api/leagues/{lid}/invite/"), 404, "league_not_found")
    refused(stranger.patch(f"/api/leagues/{lid}/", {"name": "Mine now"}), 404, "league_not_found")
    refused(stranger.delete(f"/api/leagues/{lid}/members/alice/"), 404, "league_not_found")
    assert League.objects.get(pk=lid).name == "Friday Club"


def test_a_renewed_invite_stops_the_old_one_and_a_forged_one_joins_nothing(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    owner = client_for(make_player("alice"))
    bob = client_for(make_player("bob"))
    league = create(owner)
    renewed = owner.post(f"/api/leagues/{league['id']}/invite/").json()
    assert renewed["invite"] != league["invite"]
    for invite in (league["invite"], "forged-token", "x" * 65, ""):
        response = bob.post("/api/leagues/join/", {"invite": invite})
        assert response.status_code in (400, 404), response.json()
        assert response.json()["error"] in ("invite_not_found", "invalid_input")
    refused(bob.post("/api/leagues/join/", {"invite": 12}), 400, "invalid_input")
    assert Membership.objects.filter(league_id=league["id"]).count() == 1
    join(bob, renewed["invite"])


def test_only_the_owner_renames_removes_renews_and_hands_on(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    owner, member, third = client_for(alice), client_for(bob), client_for(carol)
    league = create(owner)
    lid = league["id"]
    join(member, league["invite"])
    join(third, league["invite"])
    refused(member.patch(f"/api/leagues/{lid}/", {"name": "Bob's"}), 403, "not_league_owner")
    refused(member.post(f"/api/leagues/{lid}/invite/"), 403, "not_league_owner")
    refused(member.delete(f"/api/leagues/{lid}/members/carol/"), 403, "not_league_owner")
    refused(member.post(f"/api/leagues/{lid}/owner/", {"player": "bob"}), 403, "not_league_owner")

    assert owner.patch(f"/api/leagues/{lid}/", {"name": "  Saturday   Club "}).json()["name"] == (
        "Saturday Club"
    )
    refused(owner.delete(f"/api/leagues/{lid}/members/nobody/"), 404, "not_league_member")
    refused(owner.delete(f"/api/leagues/{lid}/members/alice/"), 409, "owner_must_hand_on")
    removed = owner.delete(f"/api/leagues/{lid}/members/carol/")
    assert removed.status_code == 200 and removed.json() == {"league": lid, "removed": "carol"}
    refused(third.get(f"/api/leagues/{lid}/"), 404, "league_not_found")

    refused(owner.post(f"/api/leagues/{lid}/leave/"), 409, "owner_must_hand_on")
    handed = owner.post(f"/api/leagues/{lid}/owner/", {"player": "bob"}).json()
    assert (handed["owner"], handed["owned"]) == ("bob", False)
    left = owner.post(f"/api/leagues/{lid}/leave/").json()
    assert left == {"league": lid, "left": True, "deleted": False}
    last = member.post(f"/api/leagues/{lid}/leave/").json()
    assert last["deleted"] is True and not League.objects.filter(pk=lid).exists()


@pytest.mark.parametrize(
    ("name", "why"),
    [
        ("ab", "3 to 40"),
        ("x" * 41, "3 to 40"),
        ("Friday\u202eClub", "control or invisible"),
        ("Zero\u200bWidth", "control or invisible"),
        ("Two\nLines", "control or invisible"),
        ("Tab\there", "control or invisible"),
        ("...", "letter or digit"),
        ("\u0441arol club", "look-alike"),  # a Cyrillic es among Latin letters
    ],
)
def test_a_league_name_is_checked_like_a_username(
    player_client: APIClient, name: str, why: str
) -> None:
    body = refused(player_client.post("/api/leagues/", {"name": name}), 400, "invalid_input")
    assert why in body["fields"]["name"][0], body
    assert body["codes"] == {"name": ["league_name"]}
    assert not League.objects.exists()


def test_names_are_kept_normalised_in_any_language(player_client: APIClient) -> None:
    assert create(player_client, "\uff26riday  Club")["name"] == "Friday Club"  # full-width F
    assert create(player_client, "東京の友だち")["name"] == "東京の友だち"
    assert create(player_client, "東京 Friends")["name"] == "東京 Friends"  # a word each
    body = player_client.post("/api/leagues/", {"name": "ab"}, HTTP_ACCEPT_LANGUAGE="ja").json()
    assert body["error"] == "invalid_input" and "3" in body["detail"]
    # (its words in Japanese: tests/leagues/test_languages.py)


def test_the_limits_are_enforced_with_clear_errors(
    make_player: Callable[..., Player], client_for: Clients, monkeypatch: pytest.MonkeyPatch
) -> None:
    from leagues import services

    monkeypatch.setattr(services, "MAX_LEAGUES_PER_PLAYER", 2)
    monkeypatch.setattr(services, "MAX_MEMBERS", 2)
    alice = client_for(make_player("alice"))
    first = create(alice, "One")
    create(alice, "Two")
    body = refused(alice.post("/api/leagues/", {"name": "Three"}), 409, "too_many_leagues")
    assert body["limit"] == 2
    join(client_for(make_player("bob")), first["invite"])
    body = refused(
        client_for(make_player("carol")).post("/api/leagues/join/", {"invite": first["invite"]}),
        409,
        "league_full",
    )
    assert body["limit"] == 2 and "One" in body["detail"]
    assert Membership.objects.filter(league_id=first["id"]).count() == 2
    assert limits.MAX_LEAGUES_PER_PLAYER == 20 and limits.MAX_MEMBERS == 1000


def test_a_guest_is_asked_to_sign_up(api_client: APIClient, player_client: APIClient) -> None:
    league = create(player_client)
    api_client.get("/")  # the csrftoken cookie every page sets
    response = api_client.post(
        "/api/games/",
        {"draw": 3},
        HTTP_X_CSRFTOKEN=api_client.cookies["csrftoken"].value,
    )
    assert response.status_code == 201, response.json()  # a guest now
    token = api_client.cookies["csrftoken"].value
    for path, body in (
        ("/api/leagues/", {"name": "Guests"}),
        ("/api/leagues/join/", {"invite": league["invite"]}),
    ):
        refused(api_client.post(path, body, HTTP_X_CSRFTOKEN=token), 403, "account_required")
    assert Membership.objects.count() == 1


def test_a_deleted_account_leaves_its_leagues_and_hands_on_what_it_owned(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    alice, bob, carol = make_player("alice"), make_player("bob"), make_player("carol")
    owner, member, third = client_for(alice), client_for(bob), client_for(carol)
    shared = create(owner, "Shared")
    alone = create(owner, "Alone")
    join(member, shared["invite"])
    join(third, shared["invite"])
    deleted = owner.delete("/api/me/", {"password": alice.password}, format="json")
    assert deleted.status_code == 200, deleted.json()
    read = member.get(f"/api/leagues/{shared['id']}/").json()
    assert read["owner"] == "bob"  # the longest-standing member
    assert [m["player"] for m in read["members"]] == ["bob", "carol"]
    assert not League.objects.filter(pk=alone["id"]).exists()
    assert not Membership.objects.filter(player=alice.user).exists()
