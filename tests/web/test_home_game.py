"""Home is the game (issue 25, part 1), in Chromium on a desktop and a phone: today's deal on
the felt above the fold (a visitor's practice deal, a player's ranked daily face down until
their first tap deals it), sign-up from the daily's prompt back to that daily, and a deal
code's page playable on the first tap or drag."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web import dailies
from tests.web.conftest import PASSWORD, Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import tap_to_foundation
from tests.web.table_page import GAME_URL, Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
}
GUEST_NAME = re.compile(r"^guest-[a-z0-9]{6}$")


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    """Today's deals, chosen before the browser starts (``tests.web.dailies``)."""
    return dailies.today()


def expect_above_the_fold(page: Page, selector: str) -> None:
    """``selector`` is on the first screen, whole: no scrolling needed to reach it."""
    box = page.locator(selector).bounding_box()
    assert box is not None, selector
    height = page.viewport_size["height"] if page.viewport_size else 0
    assert box["y"] >= 0 and box["y"] + box["height"] <= height, (selector, box, height)


def tap(page: Page, selector: str) -> None:
    """A tap on a touch screen, a click on a desktop (as a hand would)."""
    if page.evaluate("navigator.maxTouchPoints") > 0:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


@pytest.mark.parametrize(
    ("screen", "language"), [("desktop", "en"), ("phone", "en"), ("phone", "id"), ("phone", "ja")]
)
def test_a_visitor_finds_a_practice_deal_on_the_felt_and_plays_it_at_the_first_tap(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    visitor = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = visitor.page
    watch = Watch(page)
    page.goto("/")
    practice = page.evaluate("JSON.parse(document.getElementById('page-data').textContent)")
    code = practice["practice"]["code"]
    expect(page.locator("#game-code")).to_have_text(code)
    expect(page.locator("#felt")).not_to_have_attribute("data-loading", "true")
    expect_above_the_fold(page, "#stock-card")
    expect_above_the_fold(page, "#tableau")
    expect(page.locator("#undo-button")).to_be_disabled()  # no game yet: nothing to undo
    watch.check(language, f"home's practice deal on {screen}")

    tap(page, "#stock-card")  # the first tap makes the game (a guest's) and draws
    expect(Table(page).stat("actions")).to_have_text("1")
    expect(page.locator("#account-name")).to_have_text(GUEST_NAME)
    expect(page).to_have_url(re.compile(r"/$"))  # still home, the boards below
    expect(page.locator("#daily")).to_be_attached()
    games = page.request.get(f"/api/players/{page.locator('#account-name').inner_text()}/")
    [game] = games.json()["games"]
    assert (game["board"], game["moves"], game["daily"]) == (code, 1, None)
    watch.check(language, f"home's practice game on {screen}")


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_players_ranked_daily_is_on_the_felt_face_down_until_their_first_tap(
    today: dailies.Day, new_player: Callable[..., Player], screen: str
) -> None:
    player = new_player(**SCREENS[screen])
    page = player.page
    page.goto("/")
    expect(page.locator("#stock-card")).to_be_visible()
    expect_above_the_fold(page, "#stock-card")
    expect(page.locator("#game-code")).to_have_attribute("href", f"/boards/{today.board('D3')}/")
    # The sealed table: no card of the deal is named anywhere before the game exists.
    expect(page.locator("#felt [data-card]")).to_have_count(0)
    expect(page.locator("#hint-button")).to_be_hidden()  # a ranked daily takes no hints
    html = page.content()
    assert today.codes["D3"] not in html and today.codes["D1"] not in html
    assert page.request.get(f"/api/players/{player.username}/").json()["games"] == []

    tap(page, "#stock-card")  # deals the ranked game, starts its clock, draws
    expect(page.locator("#ranked-note")).to_be_visible()
    expect(Table(page).stat("actions")).to_have_text("1")
    [game] = page.request.get(f"/api/players/{player.username}/").json()["games"]
    assert (game["daily"], game["board"], game["moves"]) == (
        today.day.isoformat(),
        today.board("D3"),
        1,
    )
    page.reload()  # home resumes the game begun
    expect(page.locator("#ranked-note")).to_be_visible()
    expect(Table(page).stat("actions")).to_have_text("1")
    assert player.errors == []


def test_sign_up_from_the_dailys_prompt_returns_to_that_daily_one_tap_from_play(
    today: dailies.Day, new_player: Callable[..., Player]
) -> None:
    newcomer = new_player(sign_up=False, **SCREENS["phone"])
    page = newcomer.page
    page.goto("/")
    page.get_by_role("button", name="Play draw 1").click()
    dialog = page.locator("#account-dialog")
    expect(dialog.locator(".form-error")).to_contain_text("ranked deals need an account")
    dialog.get_by_label("Username").fill(newcomer.username)
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_role("button", name="Create account").click()
    expect(page).to_have_url(re.compile(r"/\?play=D1$"))
    expect(page.locator("#account-name")).to_have_text(newcomer.username)
    expect(page.locator("#felt")).to_have_attribute("data-draw", "1")
    expect(page.locator("#felt [data-card]")).to_have_count(0)
    page.locator("#stock-card").tap()
    expect(page.locator("#ranked-note")).to_be_visible()
    [game] = page.request.get(f"/api/players/{newcomer.username}/").json()["games"]
    assert game["board"] == today.board("D1")
    assert newcomer.errors == []


def test_sign_up_goes_to_no_other_site_whatever_the_dialog_was_handed(
    server_url: str, new_player: Callable[..., Player]
) -> None:
    newcomer = new_player(sign_up=False)
    page = newcomer.page
    page.goto("/daily/")
    expect(page.locator("#signup-button")).to_be_visible()
    page.locator("#signup-button").click()
    # A `next` naming another origin, as a crafted page script might set it.
    page.evaluate("document.getElementById('account-form').dataset.next = '//example.com/x'")
    dialog = page.locator("#account-dialog")
    dialog.get_by_label("Username").fill(newcomer.username)
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_role("button", name="Create account").click()
    expect(page.locator("#account-name")).to_have_text(newcomer.username)
    expect(page).to_have_url(f"{server_url}/daily/")


@pytest.mark.parametrize("gesture", ["tap", "drag"])
@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_deal_codes_page_is_playable_on_the_first_tap_or_drag(
    new_player: Callable[..., Player], screen: str, gesture: str
) -> None:
    situation = tap_to_foundation()
    visitor = new_player(sign_up=False, **SCREENS[screen])
    page = visitor.page
    page.goto(f"/play/{situation.code}/")
    table = Table(page)
    expect(page.get_by_role("button", name="Play this deal")).to_have_count(0)
    # No game yet: this tap, or this drag to the card's foundation (a finger's on a phone),
    # makes it, then plays.
    if gesture == "tap":
        tap(page, f'#felt [data-card="{situation.card}"]')
    elif screen == "phone":
        table.finger_drag(table.card(situation.card), table.foundation(situation.card[1]))
    else:
        table.drag(table.card(situation.card), table.foundation(situation.card[1]))
    expect(page).to_have_url(GAME_URL)
    expect(table.stat("score")).to_have_text("5")
    expect(page.locator("#account-name")).to_have_text(GUEST_NAME)
    table.expect_matches_server()
    assert visitor.errors == []
