"""A daily deal's prior (``ratings.prior``, ``ratings.expected``): a deal the table-view
player wins more often is never expected harder; its tier never tells that no run won; a
day's deal is rated from its prior, the same again on a rebuild; and the daily and board
answers carry the expected tier (never a number) on an open day and beside the rated
difficulty on a closed one."""

from collections.abc import Callable
from datetime import date, timedelta

import pytest
from django.core.management import call_command
from hypothesis import given
from hypothesis import strategies as st
from rest_framework.test import APIClient

from engine.table_player.par import TablePar
from fairplay.models import TableParRecord
from fairplay.table_pars import table_par_forget
from games.boards import utc_today
from ratings.days import ratings_refresh
from ratings.difficulty import tier_of
from ratings.expected import board_prior
from ratings.glicko import NEWCOMER
from ratings.models import DealRating, RatingDay
from ratings.prior import DEVIATION, deal_prior, prior_rating
from tests.conftest import Player
from tests.ratings.conftest import lost, store_day, won

Run = tuple[int, int]
ORDER = ["easy", "medium", "hard", "very_hard", "fiendish"]

lost_runs = st.tuples(st.integers(1, 51), st.integers(1, 400))
won_runs = st.tuples(st.just(52), st.integers(50, 400))
any_runs = st.lists(st.one_of(lost_runs, won_runs), min_size=1, max_size=60)


def par_of(runs: list[Run]) -> TablePar:
    return TablePar(3, tuple(runs), 200, None, None, "no_edge")


def share(runs: list[Run]) -> float:
    return sum(1 for cards, _ in runs if cards == 52) / len(runs)


@given(any_runs, st.data())
def test_a_lost_run_won_instead_never_makes_the_prior_harder(
    runs: list[Run], data: st.DataObject
) -> None:
    lost_at = [index for index, (cards, _) in enumerate(runs) if cards < 52]
    if not lost_at:
        return
    index = data.draw(st.sampled_from(lost_at))
    better = [*runs[:index], data.draw(won_runs), *runs[index + 1 :]]
    assert prior_rating(par_of(better)) <= prior_rating(par_of(runs))


@given(any_runs, any_runs)
def test_a_deal_won_more_often_never_gets_a_harder_prior(a: list[Run], b: list[Run]) -> None:
    """Whatever the runs' counts, cards and actions: the win share decides."""
    if share(a) > share(b):
        easier, harder = prior_rating(par_of(a)), prior_rating(par_of(b))
        assert easier <= harder
        assert ORDER.index(tier_of(easier)) <= ORDER.index(tier_of(harder))


def test_the_prior_spans_the_tiers_and_is_wide() -> None:
    tiers = [
        tier_of(prior_rating(par_of([(52, 200)] * w + [(30, 100)] * (20 - w)))) for w in range(21)
    ]
    assert tiers[0] == "fiendish" and tiers[20] == "easy"
    assert [ORDER.index(tier) for tier in tiers] == sorted(
        (ORDER.index(t) for t in tiers), reverse=True
    )
    assert set(tiers) == set(ORDER)
    assert deal_prior(par_of([(52, 200)] * 10)).deviation == DEVIATION
    assert deal_prior(None) == NEWCOMER and deal_prior(par_of([])) == NEWCOMER


@pytest.mark.parametrize("cards", [1, 30, 51])
def test_the_tier_never_tells_that_no_run_won(cards: int) -> None:
    """A deal no run won is ``clairvoyant``-flagged on any win (docs/fair-play.md): its tier
    must not single it out, so deals that some runs won share it."""
    none_won = tier_of(prior_rating(par_of([(cards, 100)] * 60)))
    assert none_won == tier_of(prior_rating(par_of([(52, 250)] + [(cards, 100)] * 19)))
    assert none_won == tier_of(prior_rating(par_of([(52, 250)] * 2 + [(cards, 100)] * 18)))


def store_table_par(board: str, runs: list[Run]) -> TablePar:
    par = par_of(runs)
    TableParRecord.objects.create(board=board, par=par.to_json(), seconds=1.0)
    table_par_forget()
    return par


@pytest.mark.slow
def test_a_day_is_rated_from_its_prior_and_rebuilt_alike(
    days: Callable[[int], list[date]], make_player: Callable[..., Player]
) -> None:
    first, second = days(2)
    hard = store_table_par(f"daily-{first}-D3", [(20, 90)] * 60)
    players = [make_player(f"p{index}") for index in range(3)]
    for day in (first, second):
        won(players[0].user, day)
        lost(players[1].user, day, 20)
        lost(players[2].user, day, 40)
    assert board_prior(f"daily-{first}-D3").rating == prior_rating(hard)
    assert board_prior(f"daily-{second}-D3") == NEWCOMER
    ratings_refresh(today=second + timedelta(days=1))
    from_prior = DealRating.objects.get(board=f"daily-{first}-D3").rating
    from_newcomer = DealRating.objects.get(board=f"daily-{second}-D3").rating
    # The same games: the deal expected fiendish comes out harder than the newcomer's.
    assert from_prior > from_newcomer
    stored = sorted(RatingDay.objects.values_list("player_id", "day", "rating"))
    deals = sorted(DealRating.objects.values_list("board", "rating", "deviation"))
    call_command("rebuild_projections", "--check")
    call_command("rebuild_projections")
    assert sorted(RatingDay.objects.values_list("player_id", "day", "rating")) == stored
    assert sorted(DealRating.objects.values_list("board", "rating", "deviation")) == deals


TIER_KEYS = {"tier", "tier_words"}


@pytest.mark.slow
def test_the_answers_expect_a_tier_while_open_and_rate_it_once_closed(
    days: Callable[[int], list[date]], make_player: Callable[..., Player], api_client: APIClient
) -> None:
    [closed] = days(1)
    today = utc_today()
    store_day(today)
    for day in (closed, today):
        store_table_par(f"daily-{day}-D3", [(52, 200)] * 19 + [(30, 100)])  # expected easy
    won(make_player("winner").user, closed)
    ratings_refresh(today=closed + timedelta(days=1))

    open_day = api_client.get(f"/api/daily/{today}/").json()
    assert open_day["closed"] is False
    d3, d1 = open_day["boards"]["D3"], open_day["boards"]["D1"]
    assert d3["expected"] == {"tier": "easy", "tier_words": "easy"}
    assert set(d3["expected"]) == TIER_KEYS  # a tier only: no rating, no runs
    assert d3["difficulty"] is None and d3["table_par"] is None
    assert d1["expected"] is None  # no table par yet: nothing expected
    sealed_board = api_client.get(f"/api/leaderboards/daily-{today}-D3/").json()
    assert sealed_board["sealed"] is True and sealed_board["expected"] == d3["expected"]
    assert sealed_board["difficulty"] is None
    in_id = api_client.get(f"/api/daily/{today}/", HTTP_ACCEPT_LANGUAGE="id").json()
    assert in_id["boards"]["D3"]["expected"]["tier_words"] == "mudah"

    closed_day = api_client.get(f"/api/daily/{closed}/").json()["boards"]["D3"]
    assert closed_day["difficulty"]["players"] == 1 and closed_day["expected"]["tier"] == "easy"
    on_board = api_client.get(f"/api/leaderboards/daily-{closed}-D3/").json()
    assert on_board["difficulty"] == closed_day["difficulty"]
    assert on_board["expected"] == closed_day["expected"]
    assert api_client.get("/api/leaderboards/CF1-D3-AAAABMM/").json()["expected"] is None


def test_the_modules_example_holds() -> None:
    import doctest

    import ratings.prior

    result = doctest.testmod(ratings.prior)
    assert result.attempted > 0 and result.failed == 0
