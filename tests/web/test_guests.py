"""Guests in a real Chromium: a newcomer plays at once with no dialog, signs up and keeps the
game, or signs in and brings it along; the ranked daily asks for an account."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web import dailies
from tests.web.conftest import PASSWORD, Player
from tests.web.table_page import GAME_URL, Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

GUEST_NAME = re.compile(r"^guest-[a-z0-9]{6}$")
DESKTOP, PHONE = {"viewport": (1280, 800)}, {"viewport": (390, 844), "touch": True}


def fill_account_dialog(page: Page, username: str, password: str, button: str) -> None:
    dialog = page.locator("#account-dialog")
    expect(dialog).to_be_visible()
    dialog.get_by_label("Username").fill(username)
    dialog.get_by_label("Password").fill(password)
    dialog.get_by_role("button", name=button).click()


def play_a_random_deal_as_a_guest(page: Page) -> Table:
    page.goto("/")
    page.get_by_role("button", name="Play a random deal").click()
    expect(page).to_have_url(GAME_URL)
    table = Table(page)
    expect(page.locator("#account-name")).to_have_text(GUEST_NAME)
    expect(page.locator("#account-dialog")).not_to_be_visible()
    expect(table.status).to_contain_text("a guest")
    page.locator("#stock-card").click()  # a first action: the game is on its board
    expect(table.stat("actions")).to_have_text("1")
    table.expect_matches_server()
    return table


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_a_newcomer_plays_at_once_signs_up_and_finds_the_game_on_their_page(
    new_player: Callable[..., Player], device: dict[str, Any]
) -> None:
    newcomer = new_player(sign_up=False, **device)
    page = newcomer.page
    game_id = play_a_random_deal_as_a_guest(page).game_id
    width = device["viewport"][0]
    assert page.evaluate("document.documentElement.scrollWidth") <= width

    page.locator("#signup-button").click()
    expect(page.locator("#account-dialog .form-error")).to_contain_text("stay yours")
    fill_account_dialog(page, newcomer.username, PASSWORD, "Create account")
    expect(page.locator("#account-name")).to_have_text(newcomer.username)
    expect(page).to_have_url(re.compile(rf"/games/{game_id}/$"))
    expect(page.locator("#undo-button")).to_be_enabled()  # still their game, still playable

    page.locator("#account-name").click()
    expect(page).to_have_url(f"/players/{newcomer.username}/")
    expect(page.get_by_role("link", name=f"#{game_id}")).to_be_visible()
    assert newcomer.errors == []


def test_signing_in_from_a_guest_session_brings_the_game_along(
    new_player: Callable[..., Player],
) -> None:
    account = new_player()  # signed up (and in) in a context of its own
    guest = new_player(sign_up=False)
    page = guest.page
    table = play_a_random_deal_as_a_guest(page)
    page.locator("#signin-button").click()
    fill_account_dialog(page, account.username, PASSWORD, "Sign in")
    expect(page.locator("#account-name")).to_have_text(account.username)
    assert table.server_game()["player"] == account.username
    expect(page.locator("#undo-button")).to_be_enabled()
    assert guest.errors == []


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    """Today's deals, chosen before the browser starts (``tests.web.dailies``)."""
    return dailies.today()


@pytest.mark.parametrize("device", [DESKTOP, PHONE], ids=["desktop", "phone"])
def test_the_ranked_daily_asks_a_guest_for_an_account(
    today: dailies.Day, new_player: Callable[..., Player], device: dict[str, Any]
) -> None:
    newcomer = new_player(sign_up=False, **device)
    page = newcomer.page
    play_a_random_deal_as_a_guest(page)
    name = page.locator("#account-name").inner_text()
    page.goto("/")
    expect(page.get_by_text("Sign in to play your ranked game of draw 3.")).to_be_visible()
    page.get_by_role("button", name="Play draw 3").click()
    expect(page.locator("#account-dialog")).to_be_visible()
    expect(page.locator("#account-dialog .form-error")).to_contain_text(
        "ranked deals need an account"
    )
    expect(page.locator("#account-dialog")).to_have_attribute("open", "")
    games = page.request.get(f"/api/players/{name}/").json()["games"]
    assert [game["daily"] for game in games] == [None]  # no ranked game was started
    assert newcomer.errors == []
