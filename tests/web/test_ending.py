"""A finished game reopens with how it ended (issue 25): won, resigned, or ended by its day's
close, said at once above the felt, with the Move box inactive (its field and its button)."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Player as ApiPlayer
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import solved_deal
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

PHONE: dict[str, Any] = {"viewport": (390, 844), "touch": True}
DESKTOP: dict[str, Any] = {"viewport": (1366, 800)}
SCREENS = {"desktop": DESKTOP, "phone": PHONE}


def _move_box_inactive(page: Page) -> None:
    expect(page.locator("#move-input")).to_be_disabled()
    expect(page.locator("#move-form button[type=submit]")).to_be_disabled()
    expect(page.locator("#move-form")).to_have_class(re.compile(r"\binactive\b"))
    expect(page.locator("#felt button[data-card]")).to_have_count(0)


def test_a_won_game_reopens_saying_it_was_won(new_player: Callable[..., Player]) -> None:
    deal = solved_deal()
    player = new_player(**DESKTOP)
    game_id = player.submit(deal.code, list(deal.line))
    page, watch = player.page, Watch(player.page)
    page.goto(f"/games/{game_id}/")
    ended = page.locator("#game-ended")
    expect(ended).to_have_attribute("data-ending", "won")
    expect(ended).to_have_text(
        re.compile(rf"^This game was won: all 52 cards home in {len(deal.line)} actions, ")
    )
    _move_box_inactive(page)
    expect(page.locator("#win")).to_be_hidden()  # news only when it happens, not on reopening
    watch.check("en", "a won game reopened")


@pytest.mark.parametrize("language", ["id", "ja"])
def test_a_resigned_game_reopens_saying_it_was_resigned(
    new_player: Callable[..., Player], language: str
) -> None:
    deal = solved_deal()
    player = new_player(locale=BROWSER_LOCALE[language], **PHONE)
    game_id = player.submit(deal.code, list(deal.line[:4]))
    player.post(f"/api/games/{game_id}/resign/", {})
    page, watch = player.page, Watch(player.page)
    page.goto(f"/games/{game_id}/")
    expect(page.locator("#game-ended")).to_have_attribute("data-ending", "resigned")
    expect(page.locator("#game-ended")).to_be_visible()
    _move_box_inactive(page)
    watch.check(language, "a resigned game reopened")


@pytest.fixture
def closed_game(server_url: str, make_player: Callable[..., ApiPlayer]) -> tuple[int, str]:
    """A ranked game a past day's close left unfinished, and its owner's API token."""
    closed = dailies.closed_game(make_player)
    return closed.game_id, closed.owner.token


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone", "ja")])
def test_a_ranked_game_its_days_close_ended_reopens_final_for_its_owner(
    closed_game: tuple[int, str], new_player: Callable[..., Player], screen: str, language: str
) -> None:
    game_id, token = closed_game
    owner = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = owner.page
    page.context.set_extra_http_headers({"Authorization": f"Token {token}"})
    watch = Watch(page)
    page.goto(f"/games/{game_id}/")
    table = Table(page)
    ended = page.locator("#game-ended")
    expect(ended).to_have_attribute("data-ending", "closed")
    if language == "en":
        cards = page.request.get(f"/api/games/{game_id}/").json()["cards"]
        home = "1 card home" if cards == 1 else f"{cards} cards home"  # the day's deal decides
        expect(ended).to_have_text(re.compile(rf"^The day's close ended this game: {home} in "))
    _move_box_inactive(page)
    expect(page.locator("#undo-button")).to_be_disabled()
    expect(page.locator("#resign-button")).to_be_disabled()
    expect(table.status).to_have_text("")  # no refusal: nothing was tried
    watch.check(language, f"a closed day's game on {screen}")
