"""A phone's table names its piles, at no card height (issue 25, *Why* 6).

The first attempt gave the names a line of their own and took it from the felt's height
budget: a ranked table's Undo fell off a 390x844 screen, or a long column's cards shrank
under 60 px. Here the top row's names sit in the line under it that the reserve's count took
(the count is a badge now), and the foundations' and the columns' over the bottom-left of
their first pile; the budget and the layout's height are unchanged (``test_table``'s 60 px
floor and ``test_pages``' sealed fit stay as they were). What is checked where a finger and an
eye meet them: each name there in the reader's language, whole, readable, on the screen, off
every card's index corner, and not in the way of a tap."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import block_move, long_column
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": (390, 844), "touch": True},
    "small phone": {"viewport": (360, 740), "touch": True},
}

#: The piles' names as the felt says them, in the page's order (web/locale).
PILE_NAMES = {
    "en": ["Stock", "Waste", "Foundations", "Reserve", "Columns"],
    "id": ["Tumpukan ambil", "Tumpukan buangan", "Fondasi", "Cadangan", "Kolom"],
    "ja": ["山札", "捨て札", "組札", "リザーブ", "列"],
}

#: Each name's box (on the felt) and what it must keep clear of: the cards' index corners, the count
#: badges, the other names; and whether a point in its middle belongs to the name.
LABEL_FACTS = """() => {
  const box = (n) => { const r = n.getBoundingClientRect();
    return { x: r.left, y: r.top, right: r.right, bottom: r.bottom }; };
  const meets = (a, b) => a.x < b.right - 0.5 && b.x < a.right - 0.5 &&
    a.y < b.bottom - 0.5 && b.y < a.bottom - 0.5;
  const labels = [...document.querySelectorAll("#felt .slot-label")];
  const corners = [...document.querySelectorAll("#felt .card .corner")];
  const badges = [...document.querySelectorAll("#felt .count-badge, #felt .reserve-count")]
    .filter((n) => n.checkVisibility());
  // What a name paints: its pill if it has one, else its text alone.
  const painted = (label, style) => {
    if (style.backgroundColor !== "rgba(0, 0, 0, 0)") return box(label);
    const range = document.createRange();
    range.selectNodeContents(label);
    return box(range);
  };
  return labels.map((label) => {
    const style = getComputedStyle(label);
    const b = painted(label, style);
    const hit = document.elementFromPoint((b.x + b.right) / 2, (b.y + b.bottom) / 2);
    const felt = box(document.getElementById("felt"));
    return {
      onFelt: felt.x <= b.x && b.right <= felt.right && felt.y <= b.y && b.bottom <= felt.bottom,
      text: label.textContent.trim(), box: b, fontSize: parseFloat(style.fontSize),
      pointerEvents: style.pointerEvents,
      whole: label.scrollWidth <= label.clientWidth + 1 &&
        label.scrollHeight <= label.clientHeight + 1,
      corners: corners.filter((c) => meets(b, box(c)))
        .map((c) => c.closest("[data-card]")?.dataset.card),
      badges: badges.filter((c) => meets(b, box(c))).map((c) => c.textContent.trim()),
      labels: labels.filter((o) => o !== label && meets(b, painted(o, getComputedStyle(o))))
        .map((o) => o.textContent.trim()),
      tappedThrough: !label.contains(hit),
    };
  });
}"""


def check_labels(page: Page, language: str, viewport: tuple[int, int], what: str) -> None:
    labels = page.locator("#felt .slot-label")
    expect(labels).to_have_text(PILE_NAMES[language])
    for label in page.evaluate(LABEL_FACTS):
        name, box = label["text"], label["box"]
        assert label["fontSize"] >= 10, (what, name, label["fontSize"])
        assert box["bottom"] - box["y"] >= 10, (what, name, box)
        assert box["x"] >= 0 and box["right"] <= viewport[0], (what, name, box)
        assert box["y"] >= 0 and box["bottom"] <= viewport[1], (what, name, box)
        assert label["whole"] and label["onFelt"], (what, name, box)
        assert label["corners"] == [], f"{what}: {name} covers the index of {label['corners']}"
        assert label["badges"] == [], f"{what}: {name} covers the count {label['badges']}"
        assert label["labels"] == [], f"{what}: {name} runs into {label['labels']}"
        assert label["pointerEvents"] == "none" and label["tappedThrough"], (what, name)


@pytest.mark.parametrize("language", ["en", "id", "ja"])
@pytest.mark.parametrize("screen", SCREENS)
def test_a_phone_table_names_each_pile_at_no_card_height(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    """A new deal (empty foundations and waste) and a game with a 12-card column (the
    smallest cards a phone shows): the names are there, and the reserve's count still is."""
    viewport = SCREENS[screen]["viewport"]
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = player.page
    watch = Watch(page)
    table = Table.open_deal(page, block_move().code)
    table.settle()
    check_labels(page, language, viewport, f"a new deal on a {screen}")
    expect(page.locator("#reserve-count")).to_have_text("13")
    watch.check(language, f"a new deal's pile names on a {screen}")

    position = long_column(12)
    page.goto(f"/games/{player.submit(position.code, list(position.log))}/")
    table = Table(page)
    expect(table.stat("actions")).to_have_text(str(len(position.log)))
    table.settle()
    check_labels(page, language, viewport, f"a 12-card column on a {screen}")
    reserve = table.server_game()["state"]["reserve"]
    expect(page.locator("#reserve-count")).to_have_text(str(len(reserve)))
    watch.check(language, f"a long column's pile names on a {screen}")

    # The settings' smallest cards (four fifths), on a left-handed (mirrored) table.
    page.evaluate(
        "() => Object.assign(document.documentElement.dataset, { cardSize: 'small', hand: 'left' })"
    )
    check_labels(page, language, viewport, f"small cards, left-handed, on a {screen}")
    watch.check(language, f"small cards' pile names on a {screen}")


def test_a_desktop_table_keeps_its_names_above_the_piles(new_player: Callable[..., Player]) -> None:
    """The phone's names are the phone's: a desktop's stand above their piles, as before."""
    player = new_player(viewport=(1280, 800))
    page = player.page
    Table.open_deal(page, block_move().code)
    for slot in ("stock", "waste", "foundations", "reserve", "tableau"):
        label = page.locator(f"#felt .{slot}-slot .slot-label").bounding_box()
        pile = page.locator(f"#felt .{slot}-slot > :not(.slot-label)").first.bounding_box()
        assert label and pile and label["y"] + label["height"] <= pile["y"], slot
