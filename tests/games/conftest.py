"""What the tests of ``games`` share: a day with a stored daily deal, and a clock to play it on.

The day's deal is stored as a row (the SIMPLE_CODE deal in both modes) instead of being
chosen by the solver: which deal a day gets is ``games.daily``'s business, tested there;
here it only has to exist, and cheaply.
"""

from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime

import pytest
import time_machine

from games.models import Game
from tests.conftest import Player
from tests.support.games import store_simple_day

#: The day of the ranked games below, and its close (the next 00:00 UTC).
DAY = date(2026, 1, 2)
CLOSE = datetime(2026, 1, 3, tzinfo=UTC)
#: Noon of DAY: the board is open.
NOON = datetime(2026, 1, 2, 12, tzinfo=UTC)


@pytest.fixture
def clock() -> Iterator[time_machine.Traveller]:
    """The server clock, stopped at NOON of DAY; ``clock.shift(seconds)`` / ``move_to``."""
    with time_machine.travel(NOON, tick=False) as traveller:
        yield traveller


@pytest.fixture
def start_daily(clock: time_machine.Traveller) -> Callable[[Player], Game]:
    """Factory: the player's ranked D3 game of DAY (deal SIMPLE_CODE), started now."""
    from games.services.games import game_create

    store_simple_day(DAY)

    def start(who: Player) -> Game:
        return game_create(player=who.user, daily="D3").game

    return start
