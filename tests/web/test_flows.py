"""Account and navigation flows around the table, in a real Chromium."""

from __future__ import annotations

import re
import time
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, Route, expect

from tests.web.conftest import PASSWORD, Player
from tests.web.situations import tap_to_foundation
from tests.web.table_page import GAME_URL, Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def _fill_account_dialog(page: Page, username: str, password: str, button: str) -> None:
    dialog = page.locator("#account-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Username").fill(username)
    dialog.get_by_label("Password").fill(password)
    dialog.get_by_role("button", name=button).click()


def test_sign_out_then_sign_in_again_after_a_wrong_password(
    new_player: Callable[..., Player],
) -> None:
    player = new_player()
    page = player.page
    page.goto("/")
    page.get_by_role("button", name="Sign out").click()
    expect(page.locator("#signin-button")).to_be_visible()

    page.locator("#signin-button").click()
    _fill_account_dialog(page, player.username, "not the password", "Sign in")
    expect(page.locator("#account-dialog .form-error")).to_be_visible()
    expect(page.locator("#account-dialog .form-error")).not_to_be_empty()
    _fill_account_dialog(page, player.username, PASSWORD, "Sign in")
    expect(page.locator("#account-name")).to_have_text(player.username)
    assert player.errors == []


def test_new_game_dialog_starts_a_random_draw_1_deal(new_player: Callable[..., Player]) -> None:
    situation = tap_to_foundation()
    player = new_player()
    page = player.page
    first = Table.open_deal(page, situation.code)
    page.get_by_role("button", name="New game").click()
    dialog = page.locator("#new-game-dialog")
    dialog.get_by_label("1 card (easy)").check()
    dialog.get_by_label("A random deal").check()
    dialog.get_by_role("button", name="Start").click()
    expect(page).not_to_have_url(re.compile(rf"/games/{first.game_id}/$"))
    expect(page).to_have_url(GAME_URL)
    expect(page.locator("#game-code")).to_have_text(re.compile(r"^CF1-D1-[A-Z]{7}$"))
    expect(page.locator("#felt")).to_have_attribute("data-draw", "1")
    assert player.errors == []


def test_home_shows_who_plays_todays_deals(new_player: Callable[..., Player]) -> None:
    player, visitor = new_player(), new_player(sign_up=False)
    game = player.post("/api/games/", {"daily": "D1"})
    player.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})  # joins the board
    page = visitor.page
    page.goto("/")
    panel = page.locator('.daily-deal[data-mode="D1"]')
    expect(panel.locator("[data-board]")).to_have_text(game["board"])
    expect(panel.locator("[data-entries] li", has_text=player.username)).to_be_visible()
    expect(page.locator('.daily-deal[data-mode="D3"] [data-entries]')).to_contain_text("No one")
    assert visitor.errors == []


def test_a_second_tab_of_the_same_game_keeps_up(new_player: Callable[..., Player]) -> None:
    situation = tap_to_foundation()
    player = new_player()
    first = Table.open_deal(player.page, situation.code)
    second_page = player.page.context.new_page()
    second_page.goto(f"/games/{first.game_id}/")
    second = Table(second_page)
    expect(second.stat("actions")).to_have_text("0")

    first.card(situation.card).click()
    expect(first.stat("actions")).to_have_text("1")
    expect(second.stat("score")).to_have_text("5", timeout=3_000)
    # The second tab plays on from the new position without a stale-seq refusal.
    second_page.locator("#stock-card").click()
    expect(second.stat("actions")).to_have_text("2")
    expect(first.stat("actions")).to_have_text("2", timeout=3_000)
    assert player.errors == []


def test_the_code_box_opens_any_deal_and_explains_a_bad_code(
    new_player: Callable[..., Player],
) -> None:
    situation = tap_to_foundation()
    player = new_player()
    page = player.page
    page.goto("/")
    page.locator("#code-form").get_by_label("Deal code").fill(situation.code.lower())
    page.locator("#code-form").get_by_role("button", name="Play", exact=True).click()
    expect(page).to_have_url(GAME_URL)
    expect(page.locator("#game-code")).to_have_text(situation.code)

    page.goto("/")
    page.locator("#code-form").get_by_label("Deal code").fill("CF1-D2-ABCDEFG")
    page.get_by_role("button", name="Leaderboard", exact=True).click()
    expect(page.get_by_role("heading", name="Unknown board")).to_be_visible()
    expect(page.locator("main")).to_contain_text("D2")
    assert player.errors == []


def test_the_code_box_works_while_the_account_is_still_being_asked_for(
    new_player: Callable[..., Player],
) -> None:
    """On a slow line the box is pressed before the page knows who is signed in: the press
    must still open the deal's board, not submit the form natively (which reloads home)."""
    situation = tap_to_foundation()
    player = new_player()
    page = player.page
    held: list[Route] = []

    def hold_the_first(route: Route) -> None:  # the home page's question stays unanswered
        if held:
            route.continue_()
        else:
            held.append(route)

    page.route("**/api/me/", hold_the_first)
    page.goto("/")
    # The module asks after the load event, which is all ``goto`` waits for.
    deadline = time.monotonic() + 10
    while not held and time.monotonic() < deadline:
        page.wait_for_timeout(50)
    assert len(held) == 1, "the home page never asked who is signed in"
    page.locator("#code-form").get_by_label("Deal code").fill(situation.code)
    page.get_by_role("button", name="Leaderboard", exact=True).click()
    expect(page).to_have_url(re.compile(rf"/boards/{situation.code}/$"))
    expect(page.locator("main")).to_contain_text(situation.code)
    assert player.errors == []
