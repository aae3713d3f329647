"""The reasons to return and the guest's start, in English, Bahasa Indonesia and Japanese, on a
desktop and on a phone's touch screen: the player's record (streaks, win rate, calendar), the
Finish button, the daily archive's past deals played as open ones, a guest who plays and
then signs up, and the page of a bad deal code. Each page is checked the same way in each
language and screen (``tests.web.page_checks``): its visible words in that language, nothing
clipped or sticking out, no script error, no 5xx."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from engine import Deal, DealCodeError, finishing_line, replay
from tests.conftest import Player as ApiPlayer
from tests.support.browser import artifact_path
from tests.web import dailies
from tests.web.conftest import PASSWORD, Player
from tests.web.page_checks import BROWSER_LOCALE, DEVICES, LANGUAGES, Watch
from tests.web.table_page import GAME_URL, Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

CODE = "CF1-D3-AAAAACL"
WON_LOG = (Path(__file__).parents[1] / "engine" / "data" / f"won_{CODE}.log").read_text().split()
GUEST_NAME = re.compile(r"^guest-[a-z0-9]{6}$")


def languages_and_screens(test: Callable[..., None]) -> Callable[..., None]:
    """Run ``test`` once per language and screen (its ``language`` and ``device``)."""
    on_screens = pytest.mark.parametrize("device", list(DEVICES))(test)
    return pytest.mark.parametrize("language", LANGUAGES)(on_screens)


def in_language(page: Page, language: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)


def fits(page: Page, selector: str, device: str) -> None:
    """``selector`` is wholly on the screen (a button the player needs is not below it)."""
    width, height = DEVICES[device]["viewport"]
    box = page.locator(selector).bounding_box()
    assert box, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= width, (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box)


@pytest.fixture
def closed(server_url: str, make_player: Callable[..., ApiPlayer]) -> dailies.Day:
    """A closed day whose D3 board got two ranked games (12 and 5 moves of its line), none won."""
    return dailies.closed_day_none_wins(make_player, moves=(12, 5))


@languages_and_screens
def test_the_player_record_and_calendar(
    closed: dailies.Day, new_player: Callable[..., Player], language: str, device: str
) -> None:
    visitor = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[device])
    page, watch = visitor.page, Watch(visitor.page)
    name = closed.players["D3"][1]  # 5 moves of the line: played one daily, won none
    page.goto(f"/players/{name}/")
    in_language(page, language)
    record = page.locator("#record")
    expect(record.locator('[data-record="best-streak"] dd')).to_have_text("1")
    rate = record.locator('[data-record="daily-rate"] dd')
    expect(rate).to_contain_text("0")
    if language == "en":
        expect(rate).to_contain_text("0%")
        expect(rate).to_contain_text("0 of 1 game")
    month = closed.day.strftime("%Y-%m")
    if page.evaluate("() => new Date().toISOString().slice(0, 7)") != month:
        page.locator("#calendar-prev").click()  # the closed day is in last month
    cell = page.locator(f'#calendar td[data-date="{closed.day.isoformat()}"]')
    expect(cell).to_have_attribute("data-played", "true")
    board = page.request.get(f"/api/leaderboards/{closed.board('D3')}/?around={name}").json()
    mine = next(entry for entry in board["entries"] if entry["player"] == name)
    entry = cell.locator('[data-mode="D3"]')
    expect(entry).to_have_attribute("data-rank", str(mine["rank"]))
    expect(entry).to_contain_text(str(mine["rank"]))  # "D3 #2/2", "D3 2人中2位"
    expect(entry).to_have_attribute("href", f"/replay/{mine['game']}/")
    if language == "en":
        expect(entry).to_have_text(f"D3 #{mine['rank']}/2")
    expect(page.locator("#calendar td[data-played=true]")).to_have_count(1)
    page.screenshot(path=artifact_path(f"player-record-{language}-{device}.png"), full_page=True)
    watch.check(language, "the player's record")
    entry.click()
    expect(page).to_have_url(re.compile(rf"/replay/{mine['game']}/$"))


@languages_and_screens
def test_the_finish_button_plays_logged_actions_to_the_win(
    new_player: Callable[..., Player], language: str, device: str
) -> None:
    offer = next(n for n in range(len(WON_LOG)) if finishing_line(replay(CODE, WON_LOG[:n])))
    line = [str(move) for move in finishing_line(replay(CODE, WON_LOG[:offer])) or []]
    player = new_player(locale=BROWSER_LOCALE[language], **DEVICES[device])
    page, watch = player.page, Watch(player.page)
    game_id = player.submit(CODE, WON_LOG[: offer - 1])  # one move short: not offered yet
    page.goto(f"/games/{game_id}/")
    in_language(page, language)
    finish = page.locator("#finish-button")
    expect(page.locator("#stat-actions")).to_have_text(str(Table(page).server_game()["actions"]))
    expect(finish).to_be_hidden()
    page.locator("#move-input").fill(WON_LOG[offer - 1])
    page.locator("#move-input").press("Enter")
    expect(finish).to_be_visible()
    fits(page, "#finish-button", device)
    Table(page).settle()
    page.screenshot(path=artifact_path(f"finish-offered-{language}-{device}.png"))
    watch.check(language, "the table with Finish offered")
    finish.click()
    expect(page.locator("#win")).to_be_visible(timeout=30_000)
    expect(page.locator("#stat-cards")).to_have_text("52")
    log = page.request.get(f"/api/games/{game_id}/actions/").json()["actions"]
    assert [action["token"] for action in log] == WON_LOG[:offer] + line  # ordinary actions
    watch.check(language, "the won table")


@languages_and_screens
def test_the_archive_plays_a_past_daily_as_an_open_deal(
    closed: dailies.Day, new_player: Callable[..., Player], language: str, device: str
) -> None:
    player = new_player(locale=BROWSER_LOCALE[language], **DEVICES[device])
    page, watch = player.page, Watch(player.page)
    page.goto("/daily/")
    in_language(page, language)
    day = page.locator(f'.archive-day[data-date="{closed.day.isoformat()}"]')
    expect(day).to_be_visible()
    watch.check(language, "the archive")
    day.locator('[data-mode="D3"] button[data-play-code]').click()
    expect(page).to_have_url(GAME_URL)
    expect(page.locator("#game-code")).to_have_text(closed.codes["D3"])
    game = Table(page).server_game()
    assert (game["code"], game["daily"], game["sealed"]) == (closed.codes["D3"], None, False)
    watch.check(language, "the archived deal's table")


@languages_and_screens
def test_a_guest_plays_then_signs_up_and_keeps_the_game(
    new_player: Callable[..., Player], language: str, device: str
) -> None:
    newcomer = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[device])
    page, watch = newcomer.page, Watch(newcomer.page)
    page.goto("/")
    in_language(page, language)
    watch.check(language, "the home page of a newcomer")
    page.locator("#random-deal").click()
    expect(page).to_have_url(GAME_URL)
    table = Table(page)
    expect(page.locator("#account-name")).to_have_text(GUEST_NAME)
    page.locator("#stock-card").click()  # a first action: the game is on its board
    expect(table.stat("actions")).to_have_text("1")
    table.settle()
    watch.check(language, "a guest's table")

    page.locator("#signup-button").click()
    dialog = page.locator("#account-dialog")
    expect(dialog).to_be_visible()
    watch.check(language, "the sign-up dialog of a guest")
    dialog.locator("input[name=username]").fill(newcomer.username)
    dialog.locator("input[name=password]").fill(PASSWORD)
    dialog.locator("[data-submit]").click()
    expect(page.locator("#account-name")).to_have_text(newcomer.username)
    expect(page).to_have_url(re.compile(rf"/games/{table.game_id}/$"))
    assert table.server_game()["player"] == newcomer.username  # the same game, theirs now
    expect(page.locator("#undo-button")).to_be_enabled()
    watch.check(language, "the table after signing up")


def explains_bad_code(page: Page, watch: Watch, bad: str, language: str, what: str) -> None:
    """The page of a code the engine refuses: a 404 saying the engine's reason in ``language``."""
    with pytest.raises(DealCodeError) as raised:
        Deal.from_code(bad)
    with translation.override(language):
        reason = raised.value.problem.sentence(gettext)
    answer = page.goto(f"/play/{bad}/")
    assert answer is not None and answer.status == 404
    in_language(page, language)
    expect(page.locator("main")).to_contain_text(reason)
    watch.check(language, what)


@languages_and_screens
def test_a_layout_codes_pages_fit_and_a_mistyped_one_is_explained(
    new_player: Callable[..., Player], language: str, device: str
) -> None:
    """A CF2 code is 54 characters without a space: its board page, the deal behind the
    sign-up and the page of a typo in it fit a phone, in the reader's language."""
    code = Deal.from_code(CODE).layout_code
    visitor = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[device])
    page, watch = visitor.page, Watch(visitor.page)
    page.goto(f"/boards/{code.lower()}/")
    expect(page.locator("main")).to_contain_text(code)
    watch.check(language, "a layout code's board")
    page.goto(f"/play/{code.lower()}/")
    expect(page.locator("#game-code")).to_have_text(code)
    watch.check(language, "a layout code's deal behind the sign-up")
    mistyped = code[:-1] + ("0" if code[-1] != "0" else "1")
    explains_bad_code(page, watch, mistyped, language, "a mistyped layout code's page")


@languages_and_screens
def test_a_bad_deal_code_is_explained_in_the_readers_language(
    new_player: Callable[..., Player], language: str, device: str
) -> None:
    visitor = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[device])
    explains_bad_code(
        visitor.page, Watch(visitor.page), "CF1-D2-AAAAACL", language, "the bad code page"
    )
