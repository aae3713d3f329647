"""The seasons page in Chromium (issue 26): this week's and this month's standings, final or
in progress, people and bots, draw modes, "where am I?", linked from home (the phone's
header is full) and the ladder; the player's page saying where they stand this week and this
month; and the page following a day rated while it is open (a controlled page clock), on a
desktop and a phone, in English, Indonesian and Japanese, every page checked for English
left, overflow and script errors.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass
from datetime import date, timedelta

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Player as ApiPlayer
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, DEVICES, Watch

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS_LANGUAGES = [(screen, language) for screen in DEVICES for language in ("en", "id", "ja")]
PLAYERS = 12
READER = 7  # their index: the eighth best
RATED_DAYS = 7  # rated before the test: the seven days before yesterday
WORDS = {
    "en": {"week": "this week", "empty": "Nobody has a rated day", "final": "final"},
    "id": {"week": "minggu ini", "empty": "Belum ada yang punya", "final": "final"},
    "ja": {"week": "今週", "empty": "レーティングされた日を持つ人はまだいません", "final": "確定"},
}


@dataclass(frozen=True)
class Seasoned:
    names: list[str]  # best first
    reader: ApiPlayer
    late: ApiPlayer  # plays only yesterday, rated during a test
    days: list[date]  # rated
    yesterday: date  # closed, rated when a test says


def day_rated(players: list[ApiPlayer], day: date, outcome: Callable[[int], float]) -> None:
    """``players`` rated on ``day`` with these outcomes (by index), as the worker leaves it:
    their rating days and current ratings, the day rated, its seasons placed."""
    from ratings.days import current_of, currents_saved
    from ratings.models import RatedDay, RatingDay
    from ratings.seasons import seasons_placed

    rows = [
        RatingDay(
            player=player.user,
            draw=3,
            day=day,
            outcome=outcome(index),
            rating=1500.0,
            deviation=200.0,
            volatility=0.06,
            games=1 + RatingDay.objects.filter(player=player.user).count(),
        )
        for index, player in enumerate(players)
    ]
    RatingDay.objects.bulk_create(rows)
    currents_saved([current_of(row) for row in rows])
    RatedDay.objects.create(day=day, games=len(rows))
    seasons_placed([day], last_rated=day)


@pytest.fixture
def seasoned(server_url: str, make_player: Callable[..., ApiPlayer]) -> Seasoned:
    """Twelve people rated on the seven days before yesterday, each a little worse than the
    one before; yesterday (closed) waits to be rated."""
    from games.boards import utc_today

    yesterday = utc_today() - timedelta(days=1)
    days = [yesterday - timedelta(days=back) for back in range(RATED_DAYS, 0, -1)]
    players = [make_player() for _ in range(PLAYERS)]
    for day in days:
        day_rated(players, day, lambda index: 0.95 - 0.06 * index)
    names = [player.user.username for player in players]
    return Seasoned(names, players[READER], make_player(), days, yesterday)


@pytest.fixture
def reading(
    seasoned: Seasoned, new_player: Callable[..., Player], screen: str, language: str
) -> tuple[Page, Watch]:
    """A browser of ``screen`` in ``language`` signed in as the reader, and its watch."""
    browser = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[screen])
    browser.page.goto("/rules/")  # the CSRF cookie the sign-in is signed with
    reader = seasoned.reader
    browser.post("/api/session/", {"username": reader.user.username, "password": reader.password})
    return browser.page, Watch(browser.page)


def rows(page: Page) -> list[str]:
    return page.locator("#standings-rows tr[data-player]").evaluate_all(
        "rows => rows.map((row) => row.dataset.player)"
    )


def expected_state(page: Page, period: str, day: date) -> tuple[str, bool, int]:
    """(key, final, days rated) of the season of ``period`` holding ``day``, from the API."""
    from ratings.seasons import period_of

    key = period_of(day, period).key
    season = page.request.get(f"/api/seasons/?period={period}&season={key}").json()["season"]
    return season["key"], season["final"], season["days_rated"]


def in_thread(work: Callable[[], None]) -> None:
    """Run database ``work`` off the browser's event loop (Django refuses it there), on a
    connection of its own, closed after."""
    from django.db import connections

    def run() -> None:
        try:
            work()
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(run).result()


@pytest.mark.parametrize(("screen", "language"), SCREENS_LANGUAGES)
def test_the_seasons_page_its_switches_and_the_players_place(
    seasoned: Seasoned, reading: tuple[Page, Watch], screen: str, language: str
) -> None:
    page, watch = reading
    page.goto("/")
    page.locator("#home-seasons-link").click()
    page.wait_for_url("**/seasons/")
    key, final, counted = expected_state(page, "week", seasoned.days[-1])
    expect(page.locator("#season-key")).to_have_text(key)
    if final:
        expect(page.locator("#season-final")).to_have_text(WORDS[language]["final"])
    else:
        expect(page.locator("#season-progress")).to_contain_text(f"{counted}")
        expect(page.locator("#season-progress")).to_contain_text("7")
    assert rows(page) == seasoned.names  # every one of them played every rated day
    expect(page.locator(f'tr.me[data-player="{seasoned.reader.user.username}"]')).to_be_visible()
    watch.check(language, f"this week, {screen}")

    page.locator('#period-switch a[data-period="month"]').click()
    page.wait_for_url("**period=month**")
    expect(page.locator("#season-key")).to_have_text(seasoned.days[-1].strftime("%Y-%m"))
    assert rows(page) == seasoned.names
    page.locator("#around-me").click()
    page.wait_for_url("**around=**")
    expect(page.locator("#season-me")).to_have_attribute(
        "data-player", seasoned.reader.user.username
    )
    watch.check(language, f"this month around me, {screen}")

    page.locator('#draw-switch a[data-draw="1"]').click()
    page.wait_for_url("**draw=1**")
    expect(page.locator("#standings-empty")).to_contain_text(WORDS[language]["empty"])
    page.locator('#who-switch a[data-who="bots"]').click()
    page.wait_for_url("**who=bots**")
    assert rows(page) == []
    watch.check(language, f"an empty season, {screen}")

    # The player's page: where they stand this week and this month, linked to the standings.
    page.goto(f"/players/{seasoned.reader.user.username}/")
    places = page.locator('.rating-mode[data-mode="D3"] [data-rating="seasons"]')
    expect(places).to_contain_text(WORDS[language]["week"])
    expect(places.locator('a[data-period="week"]')).to_contain_text(str(READER + 1))
    expect(places.locator('a[data-period="month"]')).to_contain_text(str(PLAYERS))
    watch.check(language, f"a player's seasons, {screen}")
    places.locator('a[data-period="week"]').click()
    page.wait_for_url("**/seasons/**")
    expect(page.locator("#season-me")).to_have_attribute(
        "data-player", seasoned.reader.user.username
    )


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone", "ja")])
def test_the_page_follows_a_day_rated_while_it_is_open(
    seasoned: Seasoned, reading: tuple[Page, Watch], screen: str, language: str
) -> None:
    page, watch = reading
    page.clock.install()
    page.goto("/ratings/")
    page.locator("#seasons-link").click()
    page.wait_for_url("**/seasons/**")
    before = expected_state(page, "week", seasoned.days[-1])
    expect(page.locator("#season-key")).to_have_text(before[0])
    assert seasoned.late.user.username not in rows(page)
    page.evaluate("() => { window.stayed = true; }")  # gone if the page were loaded again

    in_thread(lambda: day_rated([seasoned.late], seasoned.yesterday, lambda _: 1.0))
    page.clock.run_for(61_000)  # the page's minute: it asks, sees the change, swaps
    key, final, counted = expected_state(page, "week", seasoned.yesterday)
    expect(page.locator(f'tr[data-player="{seasoned.late.user.username}"]')).to_be_visible()
    expect(page.locator("#season-key")).to_have_text(key)
    if not final:
        expect(page.locator("#season-progress")).to_contain_text(str(counted))
    assert page.evaluate("() => window.stayed") is True
    watch.check(language, f"a season after a day rated, {screen}")
