"""The outcome of a ranked game against its deal (``ratings.outcome``): in [0, 1], and never
lower for a better rank that day by the board's own rule (``games.ranking.rank_key``)."""

from datetime import UTC, datetime, timedelta
from typing import NamedTuple

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from games.ranking import rank_key
from ratings.outcome import LOSS_CEILING, game_outcome

START = datetime(2026, 12, 1, tzinfo=UTC)


class Result(NamedTuple):
    """A game's standing on a sealed board (never assisted: no hint on a sealed deal)."""

    cards: int
    actions: int
    elapsed: int | None
    reached_at: datetime
    assisted: bool = False


results = st.builds(
    Result,
    cards=st.integers(1, 52),
    actions=st.integers(1, 2000),
    elapsed=st.integers(0, 86_400),
    reached_at=st.integers(0, 86_400).map(lambda seconds: START + timedelta(seconds=seconds)),
    assisted=st.just(False),
)


@settings(max_examples=500, deadline=None)
@given(first=results, second=results, par=st.one_of(st.none(), st.integers(20, 400)))
def test_a_better_rank_never_gives_a_lower_outcome(
    first: Result, second: Result, par: int | None
) -> None:
    better, worse = sorted([first, second], key=rank_key)
    assert game_outcome(cards=better.cards, actions=better.actions, par=par) >= game_outcome(
        cards=worse.cards, actions=worse.actions, par=par
    )


@settings(max_examples=300, deadline=None)
@given(result=results, par=st.one_of(st.none(), st.integers(20, 400)))
def test_outcome_is_a_score_and_a_win_beats_every_loss(result: Result, par: int | None) -> None:
    score = game_outcome(cards=result.cards, actions=result.actions, par=par)
    assert 0.0 <= score <= 1.0
    assert (score >= LOSS_CEILING) == (result.cards == 52)


def test_outcome_figures() -> None:
    """The documented points: nothing moved 0, a win at par or under 1, at twice par 0.75."""
    assert game_outcome(cards=1, actions=40, par=100) == 0.0
    assert game_outcome(cards=52, actions=90, par=100) == 1.0
    assert game_outcome(cards=52, actions=200, par=100) == 0.75
    assert game_outcome(cards=51, actions=200, par=100) < LOSS_CEILING


@pytest.mark.parametrize("cards", [0, 53])
def test_impossible_cards_are_refused(cards: int) -> None:
    with pytest.raises(ValueError, match="cards must be"):
        game_outcome(cards=cards, actions=10, par=100)
