"""A league's board: the global board's entries of its members, ranked by the one rule with
ranks within the league; held entries left out; nothing of a sealed game the global board
would not show (``GET /api/leaderboards/<board>/?league=<id>``)."""

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from games.models import Game
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, act, start_ranked
from tests.support.games import won_logs

Clients = Callable[[Player], APIClient]


def league_with(owner: APIClient, *members: APIClient) -> int:
    league = owner.post("/api/leagues/", {"name": "Office"}).json()
    for member in members:
        joined = member.post("/api/leagues/join/", {"invite": league["invite"]})
        assert joined.status_code == 201, joined.json()
    return int(league["id"])


@pytest.mark.django_db
def test_the_league_board_ranks_its_members_by_the_global_rule(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    won = won_logs()[0]
    code, tokens = won["code"], won["tokens"]
    plays = {"ann": tokens[:60], "ben": tokens, "cat": tokens[:150], "dan": tokens[:100]}
    clients = {name: client_for(make_player(name)) for name in plays}
    for name, log in plays.items():
        response = clients[name].post("/api/submissions/", {"code": code, "actions": log})
        assert response.status_code == 201, response.json()
    lid = league_with(clients["ann"], clients["cat"], clients["dan"])  # ben is not a member

    board = clients["dan"].get(f"/api/leaderboards/{code}/", {"league": lid}).json()
    everyone = clients["dan"].get(f"/api/leaderboards/{code}/").json()
    assert [e["player"] for e in everyone["entries"]] == ["ben", "cat", "dan", "ann"]
    assert board["league"] == {"id": lid, "name": "Office"}
    assert (board["board"], board["who"], board["total"]) == (code, "humans", 3)
    assert [(e["rank"], e["player"]) for e in board["entries"]] == [
        (1, "cat"),
        (2, "dan"),
        (3, "ann"),
    ]
    # The same entries as the global board's, only the ranks are the league's.
    global_of = {e["player"]: e for e in everyone["entries"]}
    for entry in board["entries"]:
        assert {**entry, "rank": None} == {**global_of[entry["player"]], "rank": None}
    page = clients["ann"].get(
        f"/api/leaderboards/{code}/", {"league": str(lid), "limit": "1", "offset": "1"}
    )
    assert [(e["rank"], e["player"]) for e in page.json()["entries"]] == [(2, "dan")]
    around = clients["ann"].get(f"/api/leaderboards/{code}/", {"league": str(lid), "around": "ann"})
    assert around.json()["around"] == "ann"
    missing = clients["ann"].get(
        f"/api/leaderboards/{code}/", {"league": str(lid), "around": "ben"}
    )
    assert (missing.status_code, missing.json()["error"]) == (404, "not_on_board")
    bad = clients["ann"].get(f"/api/leaderboards/{code}/", {"league": "x"})
    assert (bad.status_code, bad.json()["error"]) == (400, "invalid_input")


@pytest.mark.usefixtures("day")
def test_a_sealed_league_board_hides_games_and_leaves_held_entries_out(
    make_player: Callable[..., Player], client_at: Callable[..., APIClient]
) -> None:
    alice = client_at(make_player("alice"), "203.0.113.5")
    bob = client_at(make_player("bob"), "203.0.113.77")  # alice's /24: their games are held
    carol = client_at(make_player("carol"), "198.51.100.1")
    dan = client_at(make_player("dan"), "192.0.2.9")
    lid = league_with(alice, bob, carol, dan)
    games = {}
    for name, client in (("alice", alice), ("bob", bob), ("carol", carol), ("dan", dan)):
        games[name] = start_ranked(client)["id"]
        act(client, games[name])
    act(carol, games["carol"])
    held = {name for name, game in games.items() if Game.objects.get(pk=game).held}
    assert "bob" in held and not held & {"carol", "dan"}

    everyone = dan.get(f"/api/leaderboards/{BOARD}/").json()
    shown = [e["player"] for e in everyone["entries"]]
    assert not held & set(shown)
    for viewer in (carol, dan):
        board = viewer.get(f"/api/leaderboards/{BOARD}/", {"league": lid}).json()
        assert board["sealed"] is True and board["code"] is None
        assert [e["player"] for e in board["entries"]] == shown  # the global board's, unheld
        assert [e["rank"] for e in board["entries"]] == [1, 2][: len(shown)]
        assert {e["game"] for e in board["entries"]} == {None}
        assert board["own_held"] is None
    # Its owner alone is told of the held entry, unranked, as on the global board.
    mine = bob.get(f"/api/leaderboards/{BOARD}/", {"league": lid}).json()
    assert mine["own_held"]["player"] == "bob" and mine["own_held"]["held"] is True
    assert [e["player"] for e in mine["entries"]] == shown
    text = carol.get(f"/api/leaderboards/{BOARD}/", {"league": lid}).content.decode()
    for game_id in games.values():
        assert f'"game":{game_id}' not in text.replace(" ", "")


@pytest.mark.django_db
def test_every_page_of_a_league_with_ties_is_the_global_order_with_league_ranks() -> None:
    from dataclasses import replace

    from django.contrib.auth.models import User

    from games.boards import Who
    from games.selectors.leaderboards import leaderboard_page
    from leagues.models import League, Membership
    from leagues.selectors import league_board_read, league_entries_ranked
    from tests.games.api.test_leaderboards import make_entries
    from tests.support.games import SIMPLE_CODE

    names = make_entries(14, tie_from=5)  # p05..p13 share one standing
    chosen = [name for index, name in enumerate(names) if index % 2 == 0 or index in (5, 7, 9)]
    users = {user.username: user for user in User.objects.filter(username__in=chosen)}
    league = League.objects.create(name="Ties", owner=users[chosen[0]], invite="ties")
    Membership.objects.bulk_create(Membership(league=league, player=users[n]) for n in chosen)

    everyone = leaderboard_page(board=SIMPLE_CODE, limit=100).entries
    members = [entry for entry in everyone if entry.player in users]
    expected = [
        replace(entry, rank=1 + sum(other.rank < entry.rank for other in members))
        for entry in members
    ]
    assert [entry.rank for entry in expected] == [1, 2, 3, *[4] * 7]
    for offset in range(len(expected) + 1):
        for limit in (1, 2, 3, 20):
            page = league_board_read(
                league=league, board=SIMPLE_CODE, who=Who.HUMANS, limit=limit, offset=offset
            )
            assert page.total == len(expected)
            assert page.entries == expected[offset : offset + limit], (offset, limit)
    for index, name in enumerate(chosen):
        around = league_board_read(
            league=league, board=SIMPLE_CODE, who=Who.HUMANS, limit=3, around=name
        )
        position = [entry.player for entry in expected].index(name)
        assert around.entries == expected[max(0, position - 1) : max(0, position - 1) + 3], index
    ids = [users[name].pk for name in chosen] + [10**9]
    live = league_entries_ranked(league_id=league.pk, board=SIMPLE_CODE, player_ids=ids)
    assert live == [next(e for e in expected if e.player == n) for n in chosen] + [None]
