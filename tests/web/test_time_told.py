"""Time told right (issue 25): clocks with hours, and every countdown to the close by the
server's time, not the device's (a browser whose clock is two days ahead still shows the
server's hours left), with a sentence on the ranked table that time away counts."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
import time_machine
from playwright.sync_api import Locator, Page, expect

from tests.conftest import Player as ApiPlayer
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import solved_deal

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS = {"desktop": (1366, 800), "phone": (390, 844)}
#: How far the countdown shown may be from the server's (the page's load, a tick).
SLACK_S = 20


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    return dailies.today()


def _seconds_left(countdown: Locator) -> int:
    expect(countdown).to_have_text(re.compile(r"^\d\d:\d\d:\d\d$"))
    hours, minutes, seconds = (int(part) for part in countdown.inner_text().split(":"))
    return hours * 3600 + minutes * 60 + seconds


def _servers_seconds_left() -> float:
    from django.utils import timezone

    from games.boards import closes_at, utc_today

    return (closes_at(utc_today()) - timezone.now()).total_seconds()


def _device_two_days_ahead(page: Page) -> None:
    """The device's clock, wrong by two days: the close is already past by its time."""
    page.clock.install(time=datetime.now() + timedelta(days=2))


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone", "ja")])
def test_every_countdown_to_the_close_is_the_servers_time_left(
    today: dailies.Day, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    if _servers_seconds_left() < 120:
        pytest.skip("too near the close: the day would change under the test")
    player = new_player(
        locale=BROWSER_LOCALE[language], viewport=SCREENS[screen], touch=screen == "phone"
    )
    page, watch = player.page, Watch(player.page)
    _device_two_days_ahead(page)
    game = player.post("/api/games/", {"daily": "D3"})

    page.goto("/")
    shown = _seconds_left(page.locator("#daily-countdown"))
    assert abs(shown - _servers_seconds_left()) < SLACK_S, shown
    page.goto(f"/boards/{today.board('D3')}/")
    shown = _seconds_left(page.locator("#countdown"))
    assert abs(shown - _servers_seconds_left()) < SLACK_S, shown

    page.goto(f"/games/{game['id']}/")
    countdown = page.locator("#ranked-note #countdown")
    shown = _seconds_left(countdown)
    assert abs(shown - _servers_seconds_left()) < SLACK_S, shown
    expect(page.locator("#status")).to_have_text("")  # no "the day has closed" by the device
    # The sentence that says the clock runs on while the player is away.
    expect(page.locator("#time-away")).to_be_visible()
    if language == "en":
        expect(page.locator("#time-away")).to_contain_text("Time away counts")
    page.clock.run_for(65_000)
    assert abs(_seconds_left(countdown) - (shown - 65)) <= 2
    watch.check(language, f"ranked table on {screen}")


@pytest.fixture
def old_game(server_url: str, make_player: Callable[..., ApiPlayer]) -> int:
    """An open game started 19 h 5 min 50 s ago, still playing (one action then)."""
    from django.utils import timezone

    from games.services.actions import action_append
    from games.services.games import game_create

    deal = solved_deal()
    user = make_player().user
    with time_machine.travel(timezone.now() - timedelta(hours=19, minutes=5, seconds=50)):
        game = game_create(player=user, code=deal.code).game
        action_append(game_id=game.id, player=user, token=deal.line[0])
    return game.id


def test_a_game_clock_says_hours(old_game: int, new_player: Callable[..., Player]) -> None:
    page = new_player(viewport=SCREENS["phone"], touch=True).page
    page.goto(f"/games/{old_game}/")
    clock = page.locator("#stat-time")
    expect(clock).to_have_text(re.compile(r"^19:0[56]:\d\d$"))  # never "1145:55"
    assert Watch(page).errors == []
