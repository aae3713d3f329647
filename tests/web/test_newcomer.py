"""Issue 37, part 2: the newcomer's defects, in Chromium on a desktop and a phone (a guest's
practice game resumed on home, ...)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Player
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 768)},
    "phone": {"viewport": (390, 844), "touch": True},
}
GUEST_NAME = re.compile(r"^guest-[a-z0-9]{6}$")


def tap(page: Page, selector: str) -> None:
    """A tap on a touch screen, a click on a desktop (as a hand would)."""
    if page.evaluate("navigator.maxTouchPoints") > 0:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_guest_finds_their_practice_game_again_on_reloading_home(
    new_player: Callable[..., Player], screen: str
) -> None:
    visitor = new_player(sign_up=False, **SCREENS[screen])
    page = visitor.page
    page.goto("/")
    code = page.evaluate("JSON.parse(document.getElementById('page-data').textContent)")[
        "practice"
    ]["code"]
    expect(page.locator("#game-code")).to_have_text(code)
    tap(page, "#stock-card")  # the first tap makes the guest's game and draws
    table = Table(page)
    expect(table.stat("moves")).to_have_text("1")
    expect(page.locator("#account-name")).to_have_text(GUEST_NAME)
    tap(page, "#stock-card")
    expect(table.stat("moves")).to_have_text("2")
    waste = table.waste_cards()

    page.reload()
    expect(page.locator("#game-code")).to_have_text(code)  # the same deal, not a new one
    expect(table.stat("moves")).to_have_text("2")  # where they left it
    assert table.waste_cards() == waste
    expect(page.locator("#undo-button")).to_be_enabled()
    tap(page, "#stock-card")  # and it plays on
    expect(table.stat("moves")).to_have_text("3")
    name = page.locator("#account-name").inner_text()
    [game] = page.request.get(f"/api/players/{name}/").json()["games"]
    assert (game["board"], game["moves"]) == (code, 3)
    assert visitor.errors == []
