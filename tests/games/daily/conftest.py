"""What the daily tests share: one secret, so a day's deals are the same in every run."""

import pytest
from django.conf import LazySettings

from games.daily.choosing import choose_daily

SECRET = "canfield tests"


@pytest.fixture
def fixed_secret(settings: LazySettings) -> None:
    """The test secret and a 2 s budget per candidate; each test chooses its days afresh
    unless a row is stored (the choice is remembered per process otherwise)."""
    settings.DAILY_SECRET = SECRET
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 2
    choose_daily.cache_clear()
