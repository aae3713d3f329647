"""What the ratings tests share: closed days whose deals have known winning lines, and ranked
games played on them through the services, each at its day's noon (a controlled clock).

Each day's deal is a stored row naming deals of ``won_logs``, so a test can win them; the
par is the length of that line, as the solver's is. Rows are committed (transactional): the
rank index and the live publisher see the entries after their commit, as in production.

And a placed ladder (``ladder``): settled ratings written directly, two of them tied, one
provisional and one bot, for the reads of a ladder and of a player's place on it.
"""

from collections.abc import Callable, Iterator, Sequence
from datetime import UTC, date, datetime, time, timedelta

import pytest
import time_machine
from django.contrib.auth.models import User

from accounts.models import Bot
from games.models import DailyDeal, Game
from games.services.actions import action_append
from games.services.games import game_create
from ratings.days import ladders_placed
from ratings.models import PlayerRating, RatedDay
from tests.conftest import Player
from tests.fairplay.conftest import staff  # noqa: F401 (a staff account, for verdicts)
from tests.games.live.conftest import (  # noqa: F401 (fixtures of the live tests, used here too)
    _fresh_channel_layer_and_snapshots,
    _publisher_idle_after_each_test,
)
from tests.support.games import won_logs

FIRST_DAY = date(2026, 1, 5)


def won_line(code: str) -> list[str]:
    return next(log["tokens"] for log in won_logs() if log["code"] == code)


#: The deals of every test day (D3, D1) and their winning lines.
D3_CODE, D1_CODE = "CF1-D3-AAAAAAB", "CF1-D1-AAAAAAD"
D3_LINE, D1_LINE = won_line(D3_CODE), won_line(D1_CODE)


def noon(day: date) -> datetime:
    return datetime.combine(day, time(12), tzinfo=UTC)


def store_day(day: date) -> None:
    DailyDeal.objects.create(
        date=day,
        code=D3_CODE,
        code_d1=D1_CODE,
        salt="5a" * 16,
        salt_d1="d1" * 16,
        par=len(D3_LINE),
        par_d1=len(D1_LINE),
        line=D3_LINE,
        line_d1=D1_LINE,
    )


def ranked(who: User, day: date, tokens: Sequence[str], mode: str = "D3") -> Game:
    """``who``'s ranked game of ``day``'s ``mode``, played with ``tokens`` at its noon."""
    with time_machine.travel(noon(day), tick=False):
        game = game_create(player=who, daily=mode).game
        for token in tokens:
            action_append(game_id=game.id, player=who, token=token)
    return Game.objects.get(pk=game.id)


def won(who: User, day: date, *, extra_draws: int = 0) -> Game:
    """A win of ``day``'s D3 deal, ``extra_draws`` actions over par (drawn and undone)."""
    detour = ["draw", "undo"] * (extra_draws // 2)
    return ranked(who, day, [*detour, *D3_LINE])


def lost(who: User, day: date, actions: int) -> Game:
    """A D3 game that stopped after the first ``actions`` moves of the winning line."""
    return ranked(who, day, D3_LINE[:actions])


@pytest.fixture
def days(transactional_db: None) -> Callable[[int], list[date]]:
    """Factory: ``days(3)`` stores three consecutive days' deals from FIRST_DAY on."""

    def make(count: int) -> list[date]:
        stored = [FIRST_DAY + timedelta(days=index) for index in range(count)]
        for day in stored:
            store_day(day)
        return stored

    return make


@pytest.fixture
def bot(make_player: Callable[..., Player]) -> Iterator[Player]:
    made = make_player("solverbot")
    Bot.objects.create(user=made.user)
    yield made


LAST_RATED = date(2026, 2, 1)


def rated_player(name: str, rating: float, deviation: float = 60.0, *, bot: bool = False) -> None:
    """A player whose last rated day is LAST_RATED, as the day's rating left them."""
    from ratings.glicko import Rating
    from ratings.provisional import settled_until

    user = User.objects.create_user(username=name)
    settled = settled_until(Rating(rating, deviation, 0.06), last_day=LAST_RATED)
    PlayerRating.objects.create(
        player=user,
        draw=3,
        bot=bot,
        rating=rating,
        deviation=deviation,
        volatility=0.06,
        games=30,
        last_day=LAST_RATED,
        settled_until=settled,
    )


@pytest.fixture
def ladder(db: None) -> None:
    """Eight settled people (two tied), one provisional, and one bot, placed."""
    for index, rating in enumerate([1800, 1700, 1700, 1650, 1600, 1550, 1500, 1400]):
        rated_player(f"p{index}", rating)
    rated_player("newcomer", 1900, deviation=200)
    rated_player("machine", 2100, bot=True)
    RatedDay.objects.create(day=LAST_RATED, games=10)
    ladders_placed()
