"""The ratings pages in Chromium (issue 26): the ladder (draw modes, people and bots, pages,
"around me", linked from the header), a player's ratings with their chart, rank, percentile,
best day and deals beaten, and a closed day's difficulty tier on its board, the archive and
its line page (never on a sealed day's); on a desktop and a phone, in English, Indonesian and
Japanese, every page checked for English left, overflow and script errors.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import TYPE_CHECKING, Any

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Player as ApiPlayer
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, DEVICES, Watch

if TYPE_CHECKING:
    from django.contrib.auth.models import User

    from ratings.models import RatingDay

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

#: Desktop and phone, each language on each.
SCREENS_LANGUAGES = [(screen, language) for screen in DEVICES for language in ("en", "id", "ja")]
#: Settled people on the D3 ladder, best first; the reader is one of them.
SETTLED = 60
READER = 57  # their index: on the second page of 50
HISTORY_DAYS = 6
WORDS = {
    "en": {"ratings": "Ratings", "better": "better than", "empty": "No settled ratings"},
    "id": {"ratings": "Rating", "better": "lebih baik dari", "empty": "Belum ada rating mantap"},
    "ja": {"ratings": "レーティング", "better": "より上", "empty": "まだ確定したレーティング"},
}


@dataclass(frozen=True)
class Rated:
    names: list[str]  # the settled people, best first
    reader: ApiPlayer
    newcomer: str
    last_day: date
    beaten_board: str


def history_row(user: User, day: date, rating: float, deviation: float, games: int) -> RatingDay:
    from ratings.models import RatingDay

    return RatingDay(
        player=user,
        draw=3,
        day=day,
        outcome=1.0 if games % 2 else 0.3,
        rating=rating,
        deviation=deviation,
        volatility=0.06,
        games=games,
    )


@pytest.fixture
def rated(server_url: str, make_player: Callable[..., ApiPlayer]) -> Rated:
    """Sixty settled people with six days of history up to yesterday, one provisional
    newcomer, the days' deals rated, the best day's board won by 2 of its 12 players; placed
    on the ladders as the worker places them."""
    from games.boards import utc_today
    from games.models import CardsCount
    from ratings.days import ladders_placed
    from ratings.glicko import Rating
    from ratings.models import DealRating, PlayerRating, RatedDay, RatingDay
    from ratings.provisional import settled_until

    last = utc_today() - timedelta(days=1)
    days = [last - timedelta(days=back) for back in range(HISTORY_DAYS - 1, -1, -1)]
    players = [make_player() for _ in range(SETTLED)]
    rows, ratings = [], []
    for index, player in enumerate(players):
        final = 2100.0 - 10 * index
        points = [final - 40 * (HISTORY_DAYS - 1 - step) + 15 * (step % 2) for step in range(6)]
        rows += [
            history_row(player.user, day, points[step], 300 - 48 * step, step + 1)
            for step, day in enumerate(days)
        ]
        ratings.append((player.user, points[-1], 60.0, len(days)))
    newcomer = make_player()
    rows.append(history_row(newcomer.user, last, 1650.0, 230.0, 1))
    ratings.append((newcomer.user, 1650.0, 230.0, 1))
    RatingDay.objects.bulk_create(rows)
    PlayerRating.objects.bulk_create(
        PlayerRating(
            player=user,
            draw=3,
            rating=rating,
            deviation=deviation,
            volatility=0.06,
            games=games,
            last_day=last,
            settled_until=settled_until(Rating(rating, deviation, 0.06), last_day=last),
        )
        for user, rating, deviation, games in ratings
    )
    for step, day in enumerate(days):
        DealRating.objects.create(
            board=f"daily-{day}-D3",
            day=day,
            draw=3,
            rating=1450.0 + 60 * step,
            deviation=90.0,
            players=12,
        )
    beaten = f"daily-{days[-2]}-D3"  # a won day (odd games count), the hardest won deal
    CardsCount.objects.create(board=beaten, cards=52, entries=2)
    CardsCount.objects.create(board=beaten, cards=20, entries=10)
    RatedDay.objects.create(day=last, games=SETTLED + 1)
    ladders_placed()
    names = [player.user.username for player in players]
    return Rated(names, players[READER], newcomer.user.username, last, beaten)


@pytest.fixture
def reading(
    rated: Rated, new_player: Callable[..., Player], screen: str, language: str
) -> tuple[Page, Watch]:
    """A browser of the test's ``screen`` in its ``language`` signed in as the reader (a
    session: the ladder page is rendered for its reader on the server), and its watch."""
    browser = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[screen])
    browser.page.goto("/rules/")  # the CSRF cookie the sign-in is signed with
    reader = rated.reader.user.username
    browser.post("/api/session/", {"username": reader, "password": rated.reader.password})
    return browser.page, Watch(browser.page)


def api_get(page: Page, path: str, language: str) -> Any:
    """An API answer in ``language``, as the page's scripts get it."""
    return page.request.get(path, headers={"Accept-Language": language}).json()


def rows(page: Page) -> list[str]:
    return page.locator("#ladder-rows tr[data-player]").evaluate_all(
        "rows => rows.map((row) => row.dataset.player)"
    )


@pytest.mark.parametrize(("screen", "language"), SCREENS_LANGUAGES)
def test_the_ladder_pages_around_me_and_switches(
    rated: Rated, reading: tuple[Page, Watch], screen: str, language: str
) -> None:
    page, watch = reading
    page.goto("/")
    # Every header links the ladder: a phone's by its icon, named by the word (issue 26).
    link = page.locator(".site-header").get_by_role("link", name=WORDS[language]["ratings"])
    expect(link).to_be_visible()
    expect(page.locator("#home-ratings-link")).to_be_visible()  # and home, by the archive
    link.click()
    page.wait_for_url("**/ratings/")
    assert rows(page) == rated.names[:50]
    assert rated.newcomer not in rows(page)  # provisional: on no ladder
    expect(page.locator("#page-info")).to_contain_text("60")
    watch.check(language, f"the ladder, {screen}")

    page.locator("#next-page").click()
    page.wait_for_url("**offset=50**")
    assert rows(page) == rated.names[50:]
    page.locator("#around-me").click()
    page.wait_for_url("**around=**")
    expect(page.locator("tr.me")).to_have_attribute("data-player", rated.reader.user.username)
    watch.check(language, f"around me, {screen}")

    page.locator('#draw-switch a[data-draw="1"]').click()
    page.wait_for_url("**draw=1**")
    expect(page.locator("#ladder-rows")).to_contain_text(WORDS[language]["empty"])
    page.locator('#who-switch a[data-who="bots"]').click()
    page.wait_for_url("**who=bots**")
    assert rows(page) == []
    watch.check(language, f"an empty ladder, {screen}")


@pytest.mark.parametrize(("screen", "language"), SCREENS_LANGUAGES)
def test_a_players_ratings_with_their_chart(
    rated: Rated, reading: tuple[Page, Watch], screen: str, language: str
) -> None:
    page, watch = reading
    page.goto(f"/players/{rated.reader.user.username}/")
    mode = page.locator('.rating-mode[data-mode="D3"]')
    expect(mode).to_be_visible()
    api = api_get(page, f"/api/players/{rated.reader.user.username}/ratings/", language)["ratings"]
    d3 = api["D3"]
    assert api["D1"] is None and page.locator('.rating-mode[data-mode="D1"]').count() == 0
    expect(mode.locator(".rating-number")).to_have_text(str(d3["rating"]))  # settled: no "?"
    expect(mode.locator('[data-rating="standing"]')).to_contain_text(WORDS[language]["better"])
    expect(mode.locator('[data-rating="standing"]')).to_contain_text(str(d3["rank"]))
    assert (
        d3["rank"] == READER + 1 and d3["percentile"] == (100 * (SETTLED - READER - 1)) // SETTLED
    )
    # The chart: one point per day played, drawn as a line with the last day marked.
    chart = mode.locator(".chart svg")
    expect(chart.locator("polyline")).to_have_count(1)
    points = chart.locator("polyline").get_attribute("points") or ""
    assert len(points.split()) == HISTORY_DAYS == len(d3["history"])
    expect(chart.locator("circle.dot")).to_have_count(1)
    # Best day: the highest outcome, the hardest deal breaking ties; the deal beaten is listed.
    best = mode.locator('[data-rating="best-day"] a')
    expect(best).to_have_attribute("href", f"/boards/{d3['best_day']['board']}/")
    assert d3["best_day"]["board"] == rated.beaten_board
    expect(mode.locator('[data-rating="best-day"] .difficulty')).to_contain_text(
        d3["best_day"]["deal"]["tier_words"]
    )
    expect(mode.locator(f'.beaten li[data-board="{rated.beaten_board}"]')).to_be_visible()
    watch.check(language, f"a player's ratings, {screen}")

    page.goto(f"/players/{rated.newcomer}/")
    number = page.locator('.rating-mode[data-mode="D3"] .rating-number')
    expect(number).to_have_text("1650?")
    watch.check(language, f"a provisional rating, {screen}")


@dataclass(frozen=True)
class RatedDay:
    closed: dailies.Day  # rated
    today: dailies.Day  # open: sealed


@pytest.fixture
def rated_day(server_url: str, make_player: Callable[..., ApiPlayer]) -> RatedDay:
    """A closed day with two ranked D3 games, rated as the worker rates it; today stays open."""
    from ratings.days import ratings_refresh

    closed = dailies.closed_day(make_player)
    today = dailies.today()
    ratings_refresh()
    return RatedDay(closed, today)


@pytest.mark.parametrize(("screen", "language"), [("desktop", "id"), ("phone", "ja")])
def test_a_closed_days_difficulty_and_none_for_a_sealed_one(
    rated_day: RatedDay, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    page = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[screen]).page
    watch = Watch(page)
    board, day = rated_day.closed.board("D3"), rated_day.closed.day
    tier = api_get(page, f"/api/leaderboards/{board}/", language)["difficulty"]
    assert tier is not None and tier["players"] == 2
    for path, where in [
        (f"/boards/{board}/", "#board-par"),
        (f"/daily/{day}/D3/line/", "#line-summary"),
        ("/daily/", f'.archive-day[data-date="{day}"] [data-mode="D3"]'),
    ]:
        page.goto(path)
        shown = page.locator(f"{where} .difficulty")
        expect(shown).to_contain_text(tier["tier_words"])
        expect(shown).to_contain_text(str(tier["rating"]))
        expect(shown).to_have_attribute("data-tier", tier["tier"])
        watch.check(language, f"{path}, {screen}")
    sealed = rated_day.today.board("D3")
    assert api_get(page, f"/api/leaderboards/{sealed}/", language)["difficulty"] is None
    page.goto(f"/boards/{sealed}/")
    expect(page.locator("#daily-state .sealed-note")).to_be_visible()
    # No rated difficulty while sealed: at most the table par's "being worked out" note.
    expect(page.locator(".difficulty:not([data-source=pending])")).to_have_count(0)
