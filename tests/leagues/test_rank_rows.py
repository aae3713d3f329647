"""A league's rank rows (``leagues.models.LeagueRank``) are the join of the memberships and
the entries at every commit: kept by the database's triggers through every entry change
(made, changed, moved to an account, deleted), every membership change (joining, leaving,
removal, a deleted account or league), whatever the order of the events; filled by the
migration for the leagues that existed before it."""

import importlib
from collections import defaultdict
from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import LeaderboardEntry
from games.projections import entry_set
from leagues.models import LeagueRank, Membership
from tests.conftest import Player
from tests.leagues.test_board import league_with
from tests.support.games import SIMPLE_CODE, Browser, guest_with_game, play, start_game

Clients = Callable[[Player], APIClient]
#: An entry's values as a rank row copies them, after its league's id.
ENTRY = ("id", "player_id", "board", "assisted", "cards", "action_count", "elapsed", "reached_at")
RANK = ("league_id", "entry_id", *ENTRY[1:])


def joined() -> set[tuple[Any, ...]]:
    """What the rank rows must be: each membership with each entry of its player."""
    entries: dict[int, list[tuple[Any, ...]]] = defaultdict(list)
    for entry in LeaderboardEntry.objects.values_list(*ENTRY):
        entries[entry[1]].append(entry)
    return {
        (league_id, *entry)
        for league_id, player_id in Membership.objects.values_list("league_id", "player_id")
        for entry in entries[player_id]
    }


def rank_rows() -> set[tuple[Any, ...]]:
    """The rank rows (each exactly once: the unique (league, entry) pair)."""
    rows = list(LeagueRank.objects.values_list(*RANK))
    assert len(rows) == len(set(rows))
    return set(rows)


def rows_of(league_id: int) -> dict[int, int]:
    """The league's rank rows as {player's id: actions}, after checking every row is the
    join's."""
    rows = rank_rows()
    assert rows == joined()
    return {row[2]: row[6] for row in rows if row[0] == league_id}


def act(client: APIClient, game_id: int, token: str = "draw") -> None:
    assert play(client, game_id, token).status_code == 201


@pytest.mark.django_db
def test_rank_rows_follow_every_entry_and_membership_change(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    players = {name: make_player(name) for name in ("ann", "ben", "cat", "dan")}
    ids = {name: player.user.pk for name, player in players.items()}
    clients = {name: client_for(player) for name, player in players.items()}
    games = {name: start_game(client)["id"] for name, client in clients.items()}
    act(clients["ann"], games["ann"])  # an entry before the league: joining files it
    lid = league_with(clients["ann"], clients["ben"], clients["cat"])
    assert rows_of(lid) == {ids["ann"]: 1}

    act(clients["ben"], games["ben"])  # entries made by members: filed as they are made
    act(clients["cat"], games["cat"])
    act(clients["cat"], games["cat"], "42")
    act(clients["dan"], games["dan"])  # not a member: in no league's rows
    assert rows_of(lid) == {ids["ann"]: 1, ids["ben"]: 1, ids["cat"]: 2}
    act(clients["ann"], games["ann"], "42")  # an entry's change moves its row
    act(clients["ann"], games["ann"], "draw")
    assert rows_of(lid)[ids["ann"]] == 3
    board = clients["ben"].get(f"/api/leaderboards/{SIMPLE_CODE}/", {"league": lid}).json()
    assert [(e["player"], e["actions"]) for e in board["entries"]] == [
        ("ben", 1),
        ("cat", 2),
        ("ann", 3),
    ]

    # A second league files the same entries again, under it; leaving and removal take the
    # player's rows out of that league only.
    other = league_with(clients["dan"], clients["ann"], clients["ben"])
    assert rows_of(other) == {ids["dan"]: 1, ids["ann"]: 3, ids["ben"]: 1}
    assert clients["ben"].post(f"/api/leagues/{lid}/leave/").status_code == 200
    assert clients["ann"].delete(f"/api/leagues/{lid}/members/cat/").status_code == 200
    assert rows_of(lid) == {ids["ann"]: 3}
    assert rows_of(other) == {ids["dan"]: 1, ids["ann"]: 3, ids["ben"]: 1}
    # Rejoining files the entry as it stands now.
    act(clients["cat"], games["cat"], "draw")
    invite = clients["ann"].get(f"/api/leagues/{lid}/").json()["invite"]
    assert clients["cat"].post("/api/leagues/join/", {"invite": invite}).status_code == 201
    assert rows_of(lid) == {ids["ann"]: 3, ids["cat"]: 3}

    # A deleted account leaves its leagues and its rows; a league deleted (its owner left
    # alone) takes its rows with it.
    password = {"password": players["dan"].password}
    deleted = clients["dan"].delete("/api/me/", password, format="json")
    assert deleted.status_code == 200, deleted.json()
    assert ids["dan"] not in rows_of(other)
    assert clients["cat"].post(f"/api/leagues/{lid}/leave/").status_code == 200
    assert clients["ann"].post(f"/api/leagues/{lid}/leave/").status_code == 200
    assert rows_of(lid) == {}
    assert rank_rows() == joined() != set()


@pytest.mark.django_db
def test_an_entry_removed_by_the_projection_leaves_its_leagues(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    """What a hold does to an entry that exists (``entry_set`` with no wanted values): no
    entry, no rank row; a held game makes none afterwards either (the projection's rule)."""
    ann, ben = make_player("ann"), make_player("ben")
    clients = {"ann": client_for(ann), "ben": client_for(ben)}
    for client in clients.values():
        act(client, start_game(client)["id"])
    lid = league_with(clients["ann"], clients["ben"])
    entry = LeaderboardEntry.objects.get(player=ben.user, board=SIMPLE_CODE)
    entry_set(board=SIMPLE_CODE, player_id=ben.user.pk, entry=entry, wanted=None)
    assert rows_of(lid) == {ann.user.pk: 1}
    board = clients["ann"].get(f"/api/leaderboards/{SIMPLE_CODE}/", {"league": lid}).json()
    assert [e["player"] for e in board["entries"]] == ["ann"] and board["total"] == 1


@pytest.mark.django_db
def test_the_same_events_in_another_order_give_the_same_board(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    """One league joined before its members play, another after: the same rows (but the
    league's id) and the same board, as the global board's order says."""
    ann, ben, cat = (make_player(name) for name in ("ann", "ben", "cat"))
    clients = [client_for(player) for player in (ann, ben, cat)]
    before = league_with(*clients)
    for client, tokens in zip(
        clients, (["draw", "42"], ["draw"], ["draw", "42", "draw"]), strict=True
    ):
        game = start_game(client)["id"]
        for token in tokens:
            act(client, game, token)
    after = league_with(clients[2], clients[1], clients[0])  # another owner, another order
    rows = rank_rows()
    assert rows == joined()
    assert {row[1:] for row in rows if row[0] == before} == {
        row[1:] for row in rows if row[0] == after
    }
    boards = [
        clients[0].get(f"/api/leaderboards/{SIMPLE_CODE}/", {"league": lid}).json()
        for lid in (before, after)
    ]
    assert boards[0]["entries"] == boards[1]["entries"]
    assert [(e["rank"], e["player"]) for e in boards[0]["entries"]] == [
        (1, "ben"),
        (2, "ann"),
        (3, "cat"),
    ]


@pytest.mark.django_db
def test_a_guests_game_moved_to_a_members_account_moves_their_rank_row(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    """Signing in from a guest session moves the guest's games to the account (a second
    account's entries becoming this one's): the account's entry, and its league rows, are
    the better game's."""
    alice, bob = make_player("alice"), make_player("bob")
    alices, bobs = client_for(alice), client_for(bob)
    own = start_game(alices)["id"]
    for token in ("draw", "42", "draw"):
        act(alices, own, token)
    lid = league_with(bobs, alices)
    assert rows_of(lid) == {alice.user.pk: 3}

    browser = Browser()
    game = guest_with_game(browser)
    assert browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"}).status_code == 201
    assert rows_of(lid) == {alice.user.pk: 3}  # a guest is in no league
    body = {"username": "alice", "password": alice.password}
    assert browser.post("/api/session/", body).status_code == 200
    assert rows_of(lid) == {alice.user.pk: 1}
    row = LeagueRank.objects.get(league_id=lid)
    assert LeaderboardEntry.objects.get(pk=row.entry_id).game_id == game["id"]


@pytest.mark.django_db
def test_the_migration_fills_the_rows_of_existing_leagues(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    clients = [client_for(make_player(name)) for name in ("ann", "ben", "cat")]
    for client in clients:
        act(client, start_game(client)["id"])
    league_with(*clients[:2])
    league_with(clients[2], clients[0])
    filled = rank_rows()
    assert len(filled) == 4
    LeagueRank.objects.all().delete()  # as before the migration
    assert rank_rows() == set()
    migration = importlib.import_module("leagues.migrations.0002_leaguerank")
    with connection.cursor() as cursor:
        cursor.execute(migration.FILL)
    assert rank_rows() == joined() == filled


@pytest.mark.django_db
def test_the_boards_answer_checks_the_membership_in_its_own_read(
    make_player: Callable[..., Player], client_for: Clients
) -> None:
    """The membership is read with the page: a member's empty page is a 200 with the board's
    size, a removed member's or a stranger's read a 404, an unplaced member a not_on_board."""
    ann, ben, cat = (make_player(name) for name in ("ann", "ben", "cat"))
    clients = {player.user.username: client_for(player) for player in (ann, ben, cat)}
    act(clients["ann"], start_game(clients["ann"])["id"])
    lid = league_with(clients["ann"], clients["ben"])
    path = f"/api/leaderboards/{SIMPLE_CODE}/"
    past = clients["ben"].get(path, {"league": lid, "offset": 5}).json()
    assert (past["total"], past["entries"], past["league"]) == (
        1,
        [],
        {"id": lid, "name": "Office"},
    )
    unplaced = clients["ben"].get(path, {"league": str(lid), "around": "ben"})
    assert (unplaced.status_code, unplaced.json()["error"]) == (404, "not_on_board")
    for stranger in ("cat", "nobody"):
        refused = clients["cat"].get(path, {"league": str(lid), "around": stranger})
        assert (refused.status_code, refused.json()["error"]) == (404, "league_not_found")
    assert clients["ann"].delete(f"/api/leagues/{lid}/members/ben/").status_code == 200
    gone = clients["ben"].get(path, {"league": lid})
    assert (gone.status_code, gone.json()["error"]) == (404, "league_not_found")
    assert "ann" not in gone.content.decode()
