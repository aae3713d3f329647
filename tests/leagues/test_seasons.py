"""A league's week and month (``GET /api/leagues/<id>/seasons/``): the members' places in the
current seasons, ranked within the league by their global places (ties share a rank), a
stranger's place left out, a mode nobody played empty; and each member's streak on the
league's page as on their own (a held game's day no gap)."""

from collections.abc import Callable
from dataclasses import asdict
from datetime import date, timedelta

import pytest
from rest_framework.test import APIClient

from games.boards import first_sealed_day
from games.selectors.player_stats import streak_of
from games.services.holds import game_hold_set
from tests.conftest import Player
from tests.leagues.test_api import create, join
from tests.ratings.conftest import lost, won
from tests.ratings.test_seasons import MONDAY, placed


@pytest.mark.django_db
def test_the_league_ranks_its_members_week_and_month_and_leaves_strangers_out(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    players = {name: make_player(name) for name in ("ann", "ben", "cat", "eve")}
    week = [MONDAY + timedelta(days=index) for index in range(3)]
    outcomes = {  # eve (no member) first globally; ben and cat tied
        "eve": [1.0, 1.0, 1.0],
        "ann": [0.2, 0.2, 0.2],
        "ben": [0.9, 0.9, 0.0],
        "cat": [0.0, 0.9, 0.9],
    }
    places = placed(
        {players[n].user: dict(zip(week, got, strict=True)) for n, got in outcomes.items()}
    )
    assert places["ben"].rank == places["cat"].rank == 2 and places["ann"].rank == 4
    owner = client_for(players["ann"])
    league = create(owner, "Seasons club")
    for name in ("ben", "cat"):
        join(client_for(players[name]), league["invite"])

    answer = owner.get(f"/api/leagues/{league['id']}/seasons/").json()
    assert answer["league"] == league["id"]
    for period, key in (("week", "2026-W02"), ("month", "2026-01")):
        d3 = answer[period]["D3"]
        assert d3["season"]["key"] == key
        ranked = sorted((e["rank"], e["player"]) for e in d3["entries"])
        assert ranked == [(1, "ben"), (1, "cat"), (3, "ann")], period
        assert {e["days"] for e in d3["entries"]} == {3}
        assert answer[period]["D1"]["entries"] == []
    ann = next(e for e in answer["week"]["D3"]["entries"] if e["player"] == "ann")
    assert ann["score"] == pytest.approx(0.6)


def test_each_members_streak_is_the_one_of_their_own_page(
    days: Callable[[int], list[date]],
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    ann, ben = make_player("ann"), make_player("ben")
    played = days(5)
    for day in (played[0], played[1], played[3]):
        won(ann.user, day)
    game_hold_set(game_id=lost(ann.user, played[2], 3).id, held=True)  # played, off the board
    lost(ben.user, played[4], 2)
    owner = client_for(ann)
    league = create(owner, "Streakers")
    join(client_for(ben), league["invite"])

    members = owner.get(f"/api/leagues/{league['id']}/").json()["members"]
    streaks = {member["player"]: member["streak"] for member in members}
    for player in (ann, ben):
        own = asdict(streak_of(user=player.user, until=first_sealed_day()))
        assert streaks[player.username] == {**own, "last_day": own["last_day"].isoformat()}
    assert streaks["ann"]["best"] == 4 and streaks["ben"]["best"] == 1
