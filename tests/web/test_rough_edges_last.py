"""The last rough edges of issue 25 (*Why*, 6 and 7), each where a browser sees it: the rules
page's header says who is signed in, as every page's does, and its language picker shows its
choice whole ("Bahasa I" on a phone: ``page_checks`` now checks every select); a covered 10 in
the draw-3 waste reads "10", not "1("; at 1366x800 the ranked note leaves Undo and Resign on
the screen. The first drag on a deal's table: ``test_home_game.py``."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.test_return import inside

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
    "small phone": {"viewport": (360, 740), "touch": True},
}


@pytest.mark.parametrize(
    ("screen", "language"),
    [("desktop", "ja"), ("phone", "en"), ("phone", "id"), ("small phone", "id")],
)
def test_the_rules_page_header_offers_sign_in_and_names_the_player(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    visitor = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = visitor.page
    watch = Watch(page)
    page.goto("/rules/")
    expect(page.locator("#account")).to_have_attribute("data-state", "anonymous")
    expect(page.locator("#signin-button")).to_be_visible()
    expect(page.locator("#signup-button")).to_be_visible()
    watch.check(language, f"the rules page on {screen}")
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    player.page.goto("/rules/")
    expect(player.page.locator("#account-name")).to_have_text(player.username)
    assert visitor.errors == [] and player.errors == []


#: A deal whose third draw leaves the 10 of hearts covered in the waste: 10H, 2S, then 8D on top.
COVERED_TEN = ("CF1-D3-AAAAAAF", ["draw", "draw", "draw"], "TH")


@pytest.mark.parametrize("screen", ["desktop", "phone", "small phone"])
def test_a_covered_ten_in_the_waste_shows_both_digits(
    new_player: Callable[..., Player], screen: str
) -> None:
    player = new_player(**SCREENS[screen])
    page = player.page
    code, log, ten = COVERED_TEN
    page.goto(f"/games/{player.submit(code, log)}/")
    waste = page.locator("#waste [data-card]")
    expect(waste).to_have_count(3)
    assert waste.evaluate_all("nodes => nodes.map(n => n.dataset.card)")[0] == ten
    rank = page.locator(f'#waste [data-card="{ten}"] .rank').bounding_box()
    next_card = waste.nth(1).bounding_box()
    assert rank and next_card
    assert rank["x"] + rank["width"] <= next_card["x"] + 0.5, (rank, next_card)
    assert player.errors == []


@pytest.mark.parametrize("language", ["en", "id"])
def test_a_ranked_tables_undo_and_resign_are_on_a_1366_by_800_screen(
    new_player: Callable[..., Player], language: str
) -> None:
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS["desktop"])
    page = player.page
    game = player.post("/api/games/", {"daily": "D3"})
    player.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    page.goto(f"/games/{game['id']}/")
    expect(page.locator("#ranked-note")).to_be_visible()
    expect(page.locator("#undo-button")).to_be_enabled()
    for selector in ("#undo-button", "#resign-button"):
        inside(page, selector, SCREENS["desktop"]["viewport"])
    assert player.errors == []
