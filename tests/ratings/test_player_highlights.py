"""Where a player stands (``ratings.player_highlights``), on real PostgreSQL: the percentile among
settled players (ties counted neither way), the best day (highest outcome, the hardest deal
breaking ties), and the deals beaten that most players lost, from days rated by
``ratings_refresh``; and the API says what the page shows."""

from collections.abc import Callable
from datetime import date, timedelta

import pytest
from rest_framework.test import APIClient

from ratings.days import ratings_refresh
from ratings.models import DealRating, LadderPlace
from ratings.player_highlights import percentile
from tests.conftest import Player
from tests.ratings.conftest import lost, won


def place_of(name: str) -> LadderPlace:
    return LadderPlace.objects.get(rating__player__username=name)


@pytest.mark.parametrize(
    ("name", "expected"),
    # 8 settled people: 1800, 1700, 1700 (tied second), 1650, 1600, 1550, 1500, 1400.
    [("p0", 87), ("p1", 62), ("p2", 62), ("p3", 50), ("p7", 0)],
)
def test_the_percentile_counts_the_settled_players_ranked_strictly_below(
    ladder: None, name: str, expected: int
) -> None:
    assert percentile(place_of(name), total=8) == expected


def test_the_percentile_of_no_place_is_none(ladder: None) -> None:
    assert percentile(None, total=8) is None


def test_the_api_gives_rank_ladder_size_and_percentile(ladder: None, api_client: APIClient) -> None:
    d3 = api_client.get("/api/players/p1/ratings/").json()["ratings"]["D3"]
    assert (d3["rank"], d3["ladder_total"], d3["percentile"]) == (2, 8, 62)
    bot = api_client.get("/api/players/machine/ratings/").json()["ratings"]["D3"]
    assert (bot["rank"], bot["ladder_total"], bot["percentile"]) == (1, 1, 0)  # alone on its own
    newcomer = api_client.get("/api/players/newcomer/ratings/").json()["ratings"]["D3"]
    assert newcomer["provisional"] is True
    assert (newcomer["rank"], newcomer["ladder_total"], newcomer["percentile"]) == (None,) * 3


@pytest.fixture
def three_days(
    days: Callable[[int], list[date]], make_player: Callable[..., Player]
) -> tuple[list[date], dict[str, Player]]:
    """Three rated days of the same D3 deal:

    1. ``ace`` wins, ``bea`` and ``cal`` lose: most of its players lost;
    2. all three win at par: the same outcome for ``ace`` as day 1, on an easier deal;
    3. ``ace`` wins 20 actions over par, ``bea`` loses: exactly half won, which is not most.
    """
    stored = days(3)
    people = {name: make_player(name) for name in ("ace", "bea", "cal")}
    won(people["ace"].user, stored[0])
    lost(people["bea"].user, stored[0], 30)
    lost(people["cal"].user, stored[0], 10)
    for person in people.values():
        won(person.user, stored[1])
    won(people["ace"].user, stored[2], extra_draws=20)
    lost(people["bea"].user, stored[2], 20)
    assert ratings_refresh(today=stored[2] + timedelta(days=1)) == stored
    return stored, people


@pytest.mark.slow
def test_best_day_and_deals_beaten_from_rated_days(
    three_days: tuple[list[date], dict[str, Player]], api_client: APIClient
) -> None:
    stored, _ = three_days
    boards = [f"daily-{day}-D3" for day in stored]
    deals = {deal.board: deal.rating for deal in DealRating.objects.all()}
    assert deals[boards[0]] > deals[boards[1]]  # the day most lost rated harder

    ace = api_client.get("/api/players/ace/ratings/").json()["ratings"]["D3"]
    # Days 1 and 2 both scored 1 (won at par): the harder deal's day is the best.
    assert ace["best_day"]["day"] == stored[0].isoformat()
    assert ace["best_day"]["board"] == boards[0] and ace["best_day"]["outcome"] == 1.0
    assert ace["best_day"]["deal"]["rating"] == round(deals[boards[0]])
    assert ace["best_day"]["deal"]["tier_words"]
    # Only day 1: day 2 everyone won, day 3 exactly half did.
    assert [deal["board"] for deal in ace["beaten"]] == [boards[0]]
    assert (ace["beaten"][0]["players"], ace["beaten"][0]["winners"]) == (3, 1)

    bea = api_client.get("/api/players/bea/ratings/").json()["ratings"]["D3"]
    assert bea["best_day"]["day"] == stored[1].isoformat()  # her one win
    assert bea["beaten"] == []  # everyone won it
    cal = api_client.get("/api/players/cal/ratings/").json()["ratings"]["D3"]
    assert cal["best_day"]["outcome"] == 1.0 and cal["beaten"] == []
