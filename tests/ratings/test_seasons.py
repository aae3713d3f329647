"""Weekly and monthly seasons (``ratings.seasons``): the score is the best days' outcomes
summed, and more play never lowers it (hypothesis, on the SQL that is its one home); ties by
days then by all outcomes; a season closes when its last day is rated (a controlled clock),
never counts an open day or a held game, rebuilds identically; its API and its refusals."""

import json
import re
from collections.abc import Callable
from datetime import date, timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import CommandError, call_command
from django.test import Client
from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st
from rest_framework.test import APIClient

from games.services.holds import game_hold_set
from ratings.days import ratings_refresh
from ratings.models import RatedDay, RatingDay, Season, SeasonPlace
from ratings.seasons import BEST_OF, MONTH, WEEK, period_named, period_of, seasons_placed
from tests.conftest import Player
from tests.ratings.conftest import FIRST_DAY, lost, won

MONDAY = date(2026, 1, 5)  # FIRST_DAY: the first day of ISO week 2026-W02
OUTCOMES = st.floats(min_value=0, max_value=1, allow_nan=False)


def test_a_day_belongs_to_one_iso_week_and_one_month() -> None:
    sunday = date(2026, 1, 4)
    assert period_of(sunday, WEEK).key == "2026-W01"
    assert period_of(sunday, WEEK).first_day == date(2025, 12, 29)
    assert period_of(MONDAY, WEEK).key == "2026-W02" and period_of(MONDAY, WEEK).days == 7
    assert period_of(date(2028, 2, 29), MONTH).days == 29
    assert period_of(date(2026, 12, 31), MONTH).key == "2026-12"
    assert period_named("2027-W53", WEEK) is None  # 2027 has 52 ISO weeks (2026: 53)
    assert period_named("2026-13", MONTH) is None and period_named("2026-W02", MONTH) is None
    assert period_named("2026-W02", WEEK) == period_of(MONDAY, WEEK)


def placed(outcomes: dict[User, dict[date, float]], period: str = WEEK) -> dict[str, SeasonPlace]:
    """The places in ``period``'s season of players with these outcomes, rated from scratch
    (one season: the outcomes' days are in one week or one month)."""
    RatingDay.objects.all().delete()
    RatedDay.objects.all().delete()
    Season.objects.all().delete()
    played = {day for days in outcomes.values() for day in days}
    for day in played:
        RatedDay.objects.create(day=day, games=1)
    RatingDay.objects.bulk_create(
        RatingDay(
            player=user,
            draw=3,
            day=day,
            outcome=outcome,
            rating=1500,
            deviation=100,
            volatility=0.06,
            games=1,
        )
        for user, days in outcomes.items()
        for day, outcome in days.items()
    )
    seasons_placed(sorted(played), last_rated=max(played))
    places = SeasonPlace.objects.filter(season__period=period).select_related("player", "season")
    return {place.player.username: place for place in places}


def best_sum(outcomes: list[float], best: int) -> float:
    return round(sum(sorted(outcomes, reverse=True)[:best]), 6)


@pytest.fixture
def three(db: None) -> list[User]:
    return [User.objects.create_user(username=name) for name in ("base", "better", "more")]


@settings(
    max_examples=40,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(
    week=st.lists(st.one_of(st.none(), OUTCOMES), min_size=7, max_size=7),
    day=st.integers(min_value=0, max_value=6),
    better=OUTCOMES,
)
def test_a_better_day_or_one_more_day_never_lowers_a_week(
    three: list[User], week: list[float | None], day: int, better: float
) -> None:
    base, improved, more = three
    days = {
        MONDAY + timedelta(days=index): out for index, out in enumerate(week) if out is not None
    }
    raised = dict(days)
    chosen = MONDAY + timedelta(days=day)
    if chosen in raised:
        raised[chosen] = max(raised[chosen], better)
    added = dict(days)
    added.setdefault(chosen, better)
    if not days:
        return
    places = placed({base: days, improved: raised, more: added})
    assert places["base"].score == best_sum(list(days.values()), BEST_OF[WEEK])
    assert places["base"].days == len(days)
    assert places["better"].score >= places["base"].score
    assert places["more"].score >= places["base"].score
    assert places["better"].rank <= places["base"].rank
    assert places["more"].rank <= places["base"].rank
    assert all(place.season.key == "2026-W02" for place in places.values())


@settings(
    max_examples=15,
    deadline=None,
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(month=st.lists(OUTCOMES, min_size=15, max_size=31))
@example(month=[0.5] * 31)
def test_a_month_sums_its_best_twenty_days(three: list[User], month: list[float]) -> None:
    start = date(2026, 1, 1)
    days = {start + timedelta(days=index): out for index, out in enumerate(month)}
    place = placed({three[0]: days}, MONTH)["base"]
    assert place.score == best_sum(month, BEST_OF[MONTH])
    assert place.total == round(sum(month), 6) and place.season.key == "2026-01"


def test_ties_go_to_more_days_then_to_all_outcomes_then_share_a_rank(db: None) -> None:
    names = ("five", "six", "six_more", "twin")
    users = {name: User.objects.create_user(username=name) for name in names}
    week = [MONDAY + timedelta(days=index) for index in range(7)]
    five_wins = {day: 1.0 for day in week[:5]}
    weekly = placed(
        {
            users["five"]: five_wins,
            users["six"]: {**five_wins, week[5]: 0.1},
            users["six_more"]: {**five_wins, week[5]: 0.3},
            users["twin"]: {**five_wins, week[5]: 0.3},
        }
    )
    assert {place.score for place in weekly.values()} == {5.0}
    assert weekly["six_more"].rank == weekly["twin"].rank == 1
    assert weekly["six"].rank == 3 and weekly["five"].rank == 4
    assert sorted(place.position for place in weekly.values()) == [1, 2, 3, 4]


@pytest.mark.slow
def test_a_week_closes_when_its_last_day_is_rated_and_never_counts_an_open_day(
    days: Callable[[int], list[date]],
    make_player: Callable[..., Player],
    api_client: APIClient,
) -> None:
    week = days(8)  # Monday to Sunday, and the next Monday
    steady, held, late = make_player("steady"), make_player("suspect"), make_player("late")
    for day in week:
        won(steady.user, day)
    lost(late.user, week[6], 12)
    hold = won(held.user, week[2])
    game_hold_set(game_id=hold.id, held=True)

    # Saturday rated, Sunday open: in progress, 6 of 7 days counted.
    ratings_refresh(today=week[6])
    season = Season.objects.get(period=WEEK, key="2026-W02")
    assert (season.final, season.days_rated) == (False, 6)
    answer = api_client.get("/api/seasons/?period=week").json()
    assert answer["season"]["key"] == "2026-W02" and answer["season"]["final"] is False
    assert (answer["season"]["days_rated"], answer["season"]["days"]) == (6, 7)
    assert [entry["player"] for entry in answer["entries"]] == ["steady"]  # no held, no open
    assert answer["entries"][0]["score"] == 5.0 and answer["entries"][0]["days"] == 6

    # Sunday closes and is rated: the week is final and archived; the month goes on.
    ratings_refresh(today=week[7])
    season.refresh_from_db()
    assert (season.final, season.days_rated) == (True, 7)
    answer = api_client.get("/api/seasons/?period=week&around=late&limit=1").json()
    assert answer["season"]["final"] is True and answer["entries"][0]["player"] == "late"
    assert answer["entries"][0]["rank"] == 2 and answer["total"] == 2
    archive = api_client.get("/api/seasons/archive/?period=week").json()
    assert [one["key"] for one in archive["seasons"]] == ["2026-W02"]
    assert api_client.get("/api/seasons/archive/?period=month").json()["seasons"] == []
    month = api_client.get("/api/seasons/?period=month").json()
    assert month["season"]["key"] == "2026-01" and month["season"]["final"] is False
    standing = api_client.get("/api/players/steady/ratings/").json()["seasons"]["D3"]
    assert standing["week"]["rank"] == 1 and standing["week"]["of"] == 2
    assert standing["month"]["days_played"] == 7
    assert api_client.get("/api/players/suspect/ratings/").json()["seasons"]["D3"] == {}
    outside = api_client.get("/api/seasons/?around=suspect")
    assert outside.status_code == 404 and outside.json()["error"] == "not_in_season"

    # Rebuilt from the logs: the same seasons; a tampered score is caught.
    call_command("rebuild_projections", "--check")
    SeasonPlace.objects.filter(player=steady.user).update(score=4.5)
    with pytest.raises(CommandError, match="projections differ"):
        call_command("rebuild_projections", "--check")
    call_command("rebuild_projections")  # rates the next Monday too: it has closed by now
    rebuilt = SeasonPlace.objects.get(player=steady.user, season__key="2026-W02")
    assert (rebuilt.score, rebuilt.days) == (5.0, 7)
    assert week[0] == FIRST_DAY == MONDAY


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("period=year", "period"),
        ("period=month&season=2026-W02", "season"),
        ("period=week&season=2026-W60", "season"),
        ("period=month&season=2026-13", "season"),
        ("season=" + "9" * 20, "season"),
        ("draw=2", "draw"),
        ("who=all", "who"),
        ("limit=0", "limit"),
        ("offset=x", "offset"),
    ],
)
def test_a_bad_season_query_is_a_400_naming_the_field(
    db: None, api_client: APIClient, query: str, field: str
) -> None:
    answer = api_client.get(f"/api/seasons/?{query}")
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_input" and field in answer.json()["fields"]


def test_an_unknown_season_or_player_is_a_404_and_no_season_yet_is_empty(
    db: None, api_client: APIClient
) -> None:
    empty = api_client.get("/api/seasons/").json()
    assert empty["season"] is None and empty["entries"] == [] and empty["total"] == 0
    missing = api_client.get("/api/seasons/?season=2026-W02")
    assert missing.status_code == 404 and missing.json()["error"] == "season_not_found"
    bad = api_client.get("/api/seasons/archive/?period=day")
    assert bad.status_code == 400 and "period" in bad.json()["fields"]


@pytest.mark.parametrize(
    "query",
    ["period=year", "draw=2", "who=all", "offset=-1", "season=2026-W60", "season=2025-W02"],
)
def test_the_seasons_page_shows_the_current_season_for_a_bad_query_never_a_400(
    db: None, client: Client, query: str
) -> None:
    users = [User.objects.create_user(username=name) for name in ("first", "second")]
    placed({users[0]: {MONDAY: 1.0}, users[1]: {MONDAY: 0.4}})
    page = client.get(f"/seasons/?{query}")
    assert page.status_code == 200
    text = page.content.decode()
    assert re.findall(r'<tr data-player="([^"]+)"', text) == ["first", "second"]
    assert 'id="season-key">2026-W02<' in text
    assert ('id="season-missing"' in text) == (query == "season=2025-W02")  # valid, not rated


def test_a_named_season_stays_on_the_page_when_the_player_asked_around_is_not_in_it(
    db: None, client: Client
) -> None:
    """Not the current season (the page would then follow the days rated, and its next
    minute's poll would swap last week's standings for this week's)."""
    early, late = (User.objects.create_user(username=name) for name in ("early", "late"))
    next_monday = MONDAY + timedelta(days=7)
    placed({early: {MONDAY: 1.0}, late: {next_monday: 0.5}})
    text = client.get("/seasons/?season=2026-W02&around=late").content.decode()
    assert 'id="season-key">2026-W02<' in text and 'id="season-missing"' in text
    assert re.findall(r'<tr data-player="([^"]+)"', text) == ["early"]
    data = json.loads(
        re.findall(r'<script id="page-data" type="application/json">(.*?)</script>', text)[0]
    )
    assert (data["season"]["key"], data["chosen"]) == ("2026-W02", True)
