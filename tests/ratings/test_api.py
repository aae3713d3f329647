"""The ratings over HTTP: ladders (paged, around a player, people and bots apart, settled
ratings only), bad queries named, a player's ratings and history, and a closed day's deal
difficulty on the daily and board answers."""

from collections.abc import Callable
from datetime import date, timedelta

import pytest
from rest_framework.test import APIClient

from ratings.days import ratings_refresh
from tests.conftest import Player
from tests.ratings.conftest import lost, won


def names(answer: dict) -> list[str]:
    return [entry["player"] for entry in answer["entries"]]


def test_a_ladder_lists_settled_people_best_first_with_shared_ranks(
    ladder: None, api_client: APIClient
) -> None:
    answer = api_client.get("/api/ratings/?draw=3&who=humans&limit=4").json()
    assert names(answer) == ["p0", "p1", "p2", "p3"]
    assert [entry["rank"] for entry in answer["entries"]] == [1, 2, 2, 4]
    assert answer["total"] == 8 and answer["day"] == "2026-02-02"
    assert answer["entries"][0]["rating"] == 1800
    assert all(entry["provisional"] is False for entry in answer["entries"])
    second = api_client.get("/api/ratings/?limit=4&offset=4").json()
    assert names(second) == ["p4", "p5", "p6", "p7"]
    bots = api_client.get("/api/ratings/?who=bots").json()
    assert names(bots) == ["machine"]
    assert api_client.get("/api/ratings/?draw=1").json()["entries"] == []


def test_a_ladder_page_around_a_player(ladder: None, api_client: APIClient) -> None:
    answer = api_client.get("/api/ratings/?around=p5&limit=3").json()
    assert names(answer) == ["p4", "p5", "p6"] and answer["around"] == "p5"
    missing = api_client.get("/api/ratings/?around=newcomer")
    assert missing.status_code == 404
    assert missing.json()["error"] == "not_on_ladder"


@pytest.mark.parametrize(
    ("query", "field"),
    [
        ("draw=2", "draw"),
        ("who=all", "who"),
        ("who=robots", "who"),
        ("limit=0", "limit"),
        ("limit=many", "limit"),
        ("offset=-1", "offset"),
        ("around=" + "x" * 151, "around"),
    ],
)
def test_a_bad_ladder_query_is_a_400_naming_the_field(
    db: None, api_client: APIClient, query: str, field: str
) -> None:
    answer = api_client.get(f"/api/ratings/?{query}")
    assert answer.status_code == 400
    assert answer.json()["error"] == "invalid_input"
    assert list(answer.json()["fields"]) == [field]


@pytest.mark.slow
def test_a_players_ratings_and_a_closed_days_difficulty(
    days: Callable[[int], list[date]],
    make_player: Callable[..., Player],
    api_client: APIClient,
) -> None:
    [day] = days(1)
    winner, loser = make_player("winner"), make_player("loser")
    won(winner.user, day)
    lost(loser.user, day, 30)
    ratings_refresh(today=day + timedelta(days=1))

    mine = api_client.get("/api/players/winner/ratings/").json()
    assert mine["username"] == "winner" and mine["ratings"]["D1"] is None
    d3 = mine["ratings"]["D3"]
    assert d3["rating"] > 1500 and d3["provisional"] is True and d3["rank"] is None
    assert [point["day"] for point in d3["history"]] == [day.isoformat()]
    assert d3["history"][0]["outcome"] == 1.0
    assert api_client.get("/api/players/nobody/ratings/").status_code == 404

    board = f"daily-{day}-D3"
    shown = api_client.get(f"/api/daily/{day}/").json()["boards"]
    assert shown["D3"]["difficulty"]["players"] == 2
    assert shown["D3"]["difficulty"]["tier"] in {"easy", "medium", "hard", "very_hard", "fiendish"}
    assert shown["D1"]["difficulty"] is None  # nobody met it
    on_board = api_client.get(f"/api/leaderboards/{board}/").json()
    assert on_board["difficulty"] == shown["D3"]["difficulty"]


@pytest.mark.parametrize(("language", "words"), [("en", "fiendish"), ("id", "kejam"), ("ja", "鬼")])
def test_a_tier_and_a_refusal_in_three_languages(
    db: None, api_client: APIClient, language: str, words: str
) -> None:
    from django.utils import translation

    from ratings.difficulty import TIER_WORDS

    with translation.override(language):
        assert str(TIER_WORDS["fiendish"]) == words
    refused = api_client.get("/api/ratings/?who=all", HTTP_ACCEPT_LANGUAGE=language).json()
    assert '"all"' in refused["detail"] and (language == "en") == ("must be" in refused["detail"])
