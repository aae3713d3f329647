"""The Glicko-2 library as ``ratings.glicko`` uses it: the paper's worked example, a deal met
by many players, and inactivity."""

from datetime import date, timedelta

from hypothesis import given, settings
from hypothesis import strategies as st

from ratings.glicko import NEWCOMER, START_DEVIATION, Rating, expected_score, rated, widened
from ratings.provisional import PROVISIONAL_DEVIATION, rating_on, settled_until


def test_the_papers_worked_example() -> None:
    """Glickman, "Example of the Glicko-2 system" (2013): 1500/200/0.06 after three games."""
    after = rated(
        Rating(1500, 200, 0.06),
        opponents=[Rating(1400, 30, 0.06), Rating(1550, 100, 0.06), Rating(1700, 300, 0.06)],
        scores=[1, 0, 0],
    )
    assert round(after.rating, 2) == 1464.05
    assert round(after.deviation, 2) == 151.52
    assert abs(after.volatility - 0.05999) < 1e-5


def test_a_deal_met_by_thousands_is_rated() -> None:
    """The package's own volatility step overflows here (``ratings.glicko.PaperPlayer``)."""
    players = [Rating(1200 + index % 600, 60 + index % 50, 0.06) for index in range(5000)]
    scores = [0.2 if index % 3 else 0.9 for index in range(5000)]
    deal = rated(NEWCOMER, opponents=players, scores=scores)
    assert 1000 < deal.rating < 2000 and deal.deviation < 20
    assert expected_score(Rating(1500, 50, 0.06), against=deal) > 0


@settings(max_examples=100, deadline=None)
@given(
    deviation=st.floats(30, 349),
    volatility=st.floats(0.03, 0.1),
    idle=st.integers(0, 400),
)
def test_inactivity_only_widens_up_to_a_newcomers(
    deviation: float, volatility: float, idle: int
) -> None:
    rating = Rating(1600, deviation, volatility)
    wider, widest = widened(rating, idle_days=idle), widened(rating, idle_days=idle + 1)
    assert deviation <= wider.deviation <= widest.deviation <= START_DEVIATION
    assert wider.rating == rating.rating


@settings(max_examples=100, deadline=None)
@given(deviation=st.floats(30, 349), volatility=st.floats(0.03, 0.1))
def test_settled_until_is_the_last_day_at_most_the_provisional_line(
    deviation: float, volatility: float
) -> None:
    rating, played = Rating(1600, deviation, volatility), date(2026, 3, 1)
    until = settled_until(rating, last_day=played)
    if until is None:
        assert deviation > PROVISIONAL_DEVIATION
        return
    on_it = rating_on(rating, last_day=played, day=until)
    after = rating_on(rating, last_day=played, day=until + timedelta(days=1))
    assert on_it.deviation <= PROVISIONAL_DEVIATION < after.deviation
