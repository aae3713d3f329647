"""Fixtures of the API tests that play the daily deals."""

import pytest
from django.conf import LazySettings

from games.daily.choosing import choose_daily


@pytest.fixture
def daily_secret(settings: LazySettings) -> None:
    """The tests' daily secret and a short solve budget: every test of a day gets the same,
    quickly proven deals (``choose_daily`` forgets those of another secret)."""
    settings.DAILY_SECRET = "canfield tests"
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 2
    choose_daily.cache_clear()
