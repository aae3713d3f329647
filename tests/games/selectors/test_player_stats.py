"""A player's record (``GET /api/players/<name>/stats/``): streaks, win rates, actions against
par, the calendar of dailies; today sealed from everyone but its owner; a few queries."""

from collections.abc import Callable
from datetime import date, timedelta

import pytest
import time_machine
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework.test import APIClient

from games.models import DailyDeal
from tests.conftest import Player
from tests.support.games import play, start_game, won_logs

pytestmark = pytest.mark.django_db

TODAY = date(2026, 5, 20)
NOW = "2026-05-20 12:00Z"
D3_WIN = next(log for log in won_logs() if log["code"].startswith("CF1-D3"))
D1_WIN = next(log for log in won_logs() if log["code"].startswith("CF1-D1"))
PARS = {"D3": 150, "D1": 200}


def store_day(day: date) -> None:
    """A day whose deals are the won logs' deals (so a test can win them), with set pars."""
    DailyDeal.objects.get_or_create(
        date=day,
        defaults={
            "code": D3_WIN["code"],
            "code_d1": D1_WIN["code"],
            "par": PARS["D3"],
            "par_d1": PARS["D1"],
        },
    )


def play_daily(client: APIClient, day: date, mode: str = "D3", *, win: bool = False) -> int:
    """On ``day`` (the clock sent there), the player's ranked game of ``mode``: one draw, or
    the whole winning log. Its id."""
    store_day(day)
    with time_machine.travel(f"{day.isoformat()} 12:00Z", tick=False):
        game = client.post("/api/games/", {"daily": mode}).json()
        tokens = (D3_WIN if mode == "D3" else D1_WIN)["tokens"] if win else ["draw"]
        for token in tokens:
            assert play(client, game["id"], token).status_code == 201
    return int(game["id"])


def stats(client: APIClient, name: str, query: str = "") -> dict:
    with time_machine.travel(NOW, tick=False):
        response = client.get(f"/api/players/{name}/stats/{query}")
    assert response.status_code == 200, response.json()
    return response.json()


def days_ago(n: int) -> date:
    return TODAY - timedelta(days=n)


def test_streaks_count_consecutive_days_and_today_does_not_break_the_current_one(
    player: Player, player_client: APIClient
) -> None:
    for n in (9, 8, 7, 6, 4, 3, 2, 1):  # a run of 4, a gap on day 5, a run of 4 to yesterday
        play_daily(player_client, days_ago(n), "D3" if n % 2 else "D1")
    play_daily(player_client, days_ago(1), "D3")  # two games one day: one day
    record = stats(player_client, player.username)
    assert record["streak"] == {"current": 4, "best": 4, "last_day": days_ago(1).isoformat()}
    play_daily(player_client, TODAY)
    assert stats(player_client, player.username)["streak"]["current"] == 5
    with time_machine.travel("2026-05-22 01:00Z", tick=False):  # the 21st went by unplayed
        later = player_client.get(f"/api/players/{player.username}/stats/").json()
    assert later["streak"] == {"current": 0, "best": 5, "last_day": TODAY.isoformat()}


def test_a_game_without_an_action_is_no_day_played(
    player: Player, player_client: APIClient
) -> None:
    store_day(days_ago(1))
    with time_machine.travel(f"{days_ago(1).isoformat()} 12:00Z", tick=False):
        player_client.post("/api/games/", {"daily": "D3"})
    record = stats(player_client, player.username)
    assert record["streak"]["best"] == 0 and record["dailies"]["played"] == 0


@pytest.mark.slow  # whole games played: 3 s of CPU
def test_win_rates_and_actions_against_par(player: Player, player_client: APIClient) -> None:
    play_daily(player_client, days_ago(3), "D3", win=True)
    play_daily(player_client, days_ago(2), "D3", win=True)
    play_daily(player_client, days_ago(2), "D1", win=True)
    play_daily(player_client, days_ago(1), "D3")  # played, not won
    with time_machine.travel(NOW, tick=False):
        start_game(player_client, D3_WIN["code"])  # no action: not counted
        open_game = start_game(player_client, D3_WIN["code"])
        play(player_client, open_game["id"], "draw")
        player_client.post(
            "/api/submissions/", {"code": D1_WIN["code"], "actions": D1_WIN["tokens"]}
        )
    record = stats(player_client, player.username)
    assert record["dailies"] == {"played": 4, "won": 3, "rate": 0.75}
    assert record["open"] == {"played": 2, "won": 1, "rate": 0.5}
    assert record["against_par"] == {
        "D3": {"games": 2, "average": float(len(D3_WIN["tokens"]) - PARS["D3"])},
        "D1": {"games": 1, "average": float(len(D1_WIN["tokens"]) - PARS["D1"])},
    }


@pytest.mark.slow  # a month of days played: 2 s of CPU
def test_the_calendar_shows_each_day_played_won_and_its_rank(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    me, rival, third = (make_player() for _ in range(3))
    mine, theirs, thirds = client_for(me), client_for(rival), client_for(third)
    won_game = play_daily(mine, days_ago(3), "D3", win=True)
    play_daily(theirs, days_ago(3), "D3")
    play_daily(thirds, days_ago(2), "D1", win=True)
    play_daily(mine, days_ago(2), "D1")
    play_daily(theirs, days_ago(2), "D1")  # tied with me: both one draw, same elapsed
    record = stats(theirs, me.username, "?month=2026-05")
    days = {day["date"]: day["boards"] for day in record["calendar"]["days"]}
    assert record["calendar"]["month"] == "2026-05" and len(days) == 31
    assert days[days_ago(3).isoformat()]["D3"] == {
        "board": f"daily-{days_ago(3).isoformat()}-D3",
        "won": True,
        "cards": 52,
        "actions": len(D3_WIN["tokens"]),
        "rank": 1,
        "total": 2,
        "game": won_game,
    }
    assert days[days_ago(3).isoformat()]["D1"] is None
    second = days[days_ago(2).isoformat()]["D1"]
    assert (second["won"], second["rank"], second["total"]) == (False, 2, 3)
    with time_machine.travel(NOW, tick=False):
        board = theirs.get(f"/api/leaderboards/{second['board']}/").json()
    assert {e["player"]: e["rank"] for e in board["entries"]}[me.username] == second["rank"]
    assert not any(days[d.isoformat()]["D3"] for d in (days_ago(1), TODAY))
    april = stats(theirs, me.username, "?month=2026-04")["calendar"]["days"]
    assert len(april) == 30 and not any(day["boards"]["D3"] for day in april)


def test_today_counts_for_its_owner_alone(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    """A stranger reading the record learns nothing of today's ranked games: with or without
    them, the same answer; the owner sees today's win, rank and streak (and no replay link
    while sealed)."""
    me = make_player()
    mine, stranger = client_for(me), client_for(make_player())
    play_daily(mine, days_ago(1), "D3")
    before = stats(stranger, me.username)
    play_daily(mine, TODAY, "D3", win=True)
    play_daily(mine, TODAY, "D1")
    assert stats(stranger, me.username) == before
    assert stats(APIClient(), me.username) == before
    own = stats(mine, me.username)
    assert own["streak"]["current"] == 2 and own["dailies"]["won"] == 1
    today = next(d for d in own["calendar"]["days"] if d["date"] == TODAY.isoformat())
    assert today["boards"]["D3"]["won"] and today["boards"]["D3"]["rank"] == 1
    assert today["boards"]["D3"]["game"] is None
    with time_machine.travel("2026-05-21 00:00:01Z", tick=False):  # the day closed
        after = stranger.get(f"/api/players/{me.username}/stats/").json()
    closed = next(d for d in after["calendar"]["days"] if d["date"] == TODAY.isoformat())
    assert closed["boards"]["D3"]["won"] and closed["boards"]["D3"]["game"] is not None


@pytest.mark.slow  # a long record built: 1.6 s of CPU
def test_a_long_record_costs_a_few_queries(player: Player, player_client: APIClient) -> None:
    for n in range(1, 41):
        play_daily(player_client, days_ago(n), "D3")
        play_daily(player_client, days_ago(n), "D1")
    with time_machine.travel(NOW, tick=False):
        for _ in range(30):
            play(player_client, start_game(player_client, D3_WIN["code"])["id"], "draw")
        with CaptureQueriesContext(connection) as queries:
            record = player_client.get(f"/api/players/{player.username}/stats/").json()
    assert record["streak"]["best"] == 40 and record["dailies"]["played"] == 80
    assert sum(1 for day in record["calendar"]["days"] if day["boards"]["D3"]) == 19
    # The token's user, the player, then the record: days played, the dailies' totals (their
    # entries at the close), the open deals' totals, the calendar, and (the owner's own
    # record) their games held for a fair-play review.
    sql = [query["sql"] for query in queries.captured_queries]
    assert len(sql) == 7, sql


@pytest.mark.parametrize("month", ["2026-13", "May", "2026-5", "2026-05-01"])
def test_a_bad_month_is_a_400_saying_so(
    player: Player, player_client: APIClient, month: str
) -> None:
    response = player_client.get(f"/api/players/{player.username}/stats/?month={month}")
    assert response.status_code == 400
    assert "YYYY-MM" in response.content.decode()


def test_an_unknown_player_is_a_404(api_client: APIClient) -> None:
    response = api_client.get("/api/players/nobody_here/stats/")
    assert response.status_code == 404 and response.json()["error"] == "player_not_found"
