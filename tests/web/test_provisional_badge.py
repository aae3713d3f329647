"""A provisional entry (its account's first ranked days, issue 36) wears a small badge on the
board's page: said in the reader's language, whole on a phone's screen, clear of the name it
follows and of the other cells."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.web import dailies
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.test_standings import SCREENS, _cells_inside

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

BADGE = {"en": "provisional", "id": "sementara", "ja": "暫定"}

#: The badge's box and the name link's box in the same cell.
BOXES = """(row) => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return { x: r.left, y: r.top, right: r.right, bottom: r.bottom }; };
  return { badge: box(row.querySelector(".provisional-badge")),
           name: box(row.querySelector("td a")),
           cell: box(row.querySelector(".provisional-badge").closest("td")),
           width: document.documentElement.clientWidth };
}"""


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    return dailies.today()


@pytest.mark.parametrize(
    ("screen", "language"), [("phone-360", "ja"), ("phone", "id"), ("phone-360", "en")]
)
def test_a_new_accounts_entry_wears_a_provisional_badge_that_fits_a_phone(
    today: dailies.Day, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    newcomer = new_player()
    game = newcomer.post("/api/games/", {"daily": "D3"})
    newcomer.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    board = today.board("D3")
    viewer = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page, watch = viewer.page, Watch(viewer.page)

    page.goto(f"/boards/{board}/")

    row = page.locator("#board-rows tr", has_text=newcomer.username)
    badge = row.locator(".provisional-badge")
    expect(badge).to_be_visible()
    expect(badge).to_have_text(BADGE[language])
    boxes = row.evaluate(BOXES)
    b, name, cell = boxes["badge"], boxes["name"], boxes["cell"]
    assert b["x"] >= 0 and b["right"] <= boxes["width"], boxes  # whole on the screen
    assert cell["x"] - 1 <= b["x"] and b["right"] <= cell["right"] + 1, boxes  # inside its cell
    apart = b["x"] >= name["right"] - 0.5 or b["y"] >= name["bottom"] - 0.5
    assert apart, boxes  # never over the name
    _cells_inside(page, "#board-rows td")
    watch.check(language, "board, provisional")
