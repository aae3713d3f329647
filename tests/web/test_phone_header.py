"""A phone's header links all three pages, Rules, Live and Ratings (issue 26).

At 360 px "Aturan Langsung Rating" did not fit beside the language, the settings and the
account, so the ratings link was hidden on phones. Now a phone's header shows each link as an
icon, a 32 px target, whose accessible name is the word: checked in each language, signed in
and not, at 360 and 390 px, with the page checks (nothing cut off, nothing off the screen)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "phone": {"viewport": (390, 844), "touch": True},
    "small phone": {"viewport": (360, 740), "touch": True},
}
#: The links' names, in the header's order (web/locale).
LINKS = {
    "en": [("Rules", "/rules/"), ("Live", "/live/"), ("Ratings", "/ratings/")],
    "id": [("Aturan", "/rules/"), ("Langsung", "/live/"), ("Rating", "/ratings/")],
    "ja": [("ルール", "/rules/"), ("ライブ", "/live/"), ("レーティング", "/ratings/")],
}
#: The header's parts that show, and any two of them that overlap.
OVERLAPS = """() => {
  const parts = [...document.querySelectorAll(".site-header > *, .site-links a")]
    .filter((n) => n.checkVisibility());
  const found = [];
  for (const a of parts) for (const b of parts) {
    if (a === b || a.contains(b) || b.contains(a)) continue;
    const p = a.getBoundingClientRect(), q = b.getBoundingClientRect();
    if (p.left < q.right - 0.5 && q.left < p.right - 0.5 && p.top < q.bottom - 0.5 &&
        q.top < p.bottom - 0.5) found.push(`${a.className || a.id} / ${b.className || b.id}`);
  }
  return found;
}"""


@pytest.mark.parametrize("signed_in", [False, True], ids=["visitor", "player"])
@pytest.mark.parametrize("language", ["en", "id", "ja"])
@pytest.mark.parametrize("screen", SCREENS)
def test_a_phone_header_links_rules_live_and_ratings(
    new_player: Callable[..., Player], screen: str, language: str, signed_in: bool
) -> None:
    width, height = SCREENS[screen]["viewport"]
    player = new_player(sign_up=signed_in, locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = player.page
    watch = Watch(page)
    page.goto("/rules/")
    expect(page.locator("#account")).to_have_attribute(
        "data-state", "signed-in" if signed_in else "anonymous"
    )
    nav = page.locator(".site-links")
    for name, path in LINKS[language]:
        link = nav.get_by_role("link", name=name, exact=True)
        expect(link).to_be_visible()
        expect(link).to_have_attribute("href", path)
        box = link.bounding_box()
        assert box and box["width"] >= 32 and box["height"] >= 32, (name, box)
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, (name, box)
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, (name, box)
    assert page.evaluate(OVERLAPS) == []
    watch.check(language, f"the header on a {screen}")
    ratings, path = LINKS[language][2]
    nav.get_by_role("link", name=ratings, exact=True).tap()
    page.wait_for_url(f"**{path}")
    expect(page.locator(".site-links a").nth(2)).to_have_attribute("href", path)
    watch.check(language, f"the ladder's header on a {screen}")
