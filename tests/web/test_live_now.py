"""Live now (issue 25, part 7) in Chromium, on a desktop and a phone in the three languages:
open games being played, each a link to watch it live; the best game of each closed daily
board, each a replay; never a ranked game of today, not to a second account; linked from the
header of every page and from home; the Refresh button reads the list again."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from games.boards import utc_today
from tests.conftest import Player as ApiPlayer
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
    "small phone": {"viewport": (360, 740), "touch": True},
}
OPEN_CODE = "CF1-D3-AAAAAAB"


@pytest.fixture
def closed(server_url: str, make_player: Callable[..., ApiPlayer]) -> dailies.Day:
    """Yesterday, closed, with two ranked games on its D3 board."""
    return dailies.closed_day(make_player, days_ago=1)


def played(player: Player, body: dict[str, str]) -> int:
    """A new game of ``player`` (``body`` as POST /api/games/ takes it) with one action."""
    game = player.post("/api/games/", body)
    player.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    return int(game["id"])


@pytest.mark.parametrize(
    ("screen", "language"),
    [("desktop", "en"), ("phone", "en"), ("phone", "ja"), ("small phone", "id")],
)
def test_live_now_lists_open_games_to_watch_and_closed_days_best_never_a_ranked_one(
    closed: dailies.Day, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    ranked_player, open_player = new_player(), new_player()
    ranked = played(ranked_player, {"daily": "D3"})
    watched = played(open_player, {"code": OPEN_CODE})
    viewer = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page, watch = viewer.page, Watch(viewer.page)
    page.goto("/")
    expect(page.locator("#home-live-link")).to_be_visible()
    page.locator(".site-header .live-link").click()  # the header's link, on every screen
    expect(page).to_have_url(f"{page.url.split('/live/')[0]}/live/")

    rows = page.locator("#playing-list li[data-game]")
    expect(rows).to_have_count(1)
    row = page.locator(f'#playing-list li[data-game="{watched}"]')
    expect(row).to_contain_text(open_player.username)
    expect(row).to_contain_text(OPEN_CODE)
    expect(page.locator(f'[data-game="{ranked}"]')).to_have_count(0)
    expect(page.locator("#playing-list")).not_to_contain_text(ranked_player.username)

    best = page.request.get(f"/api/leaderboards/{closed.board('D3')}/?limit=1").json()
    top = best["entries"][0]
    item = page.locator(f'#best-list li[data-board="{closed.board("D3")}"]')
    expect(item).to_contain_text(top["player"])
    expect(item.locator(f'a[href="/replay/{top["game"]}/"]')).to_be_visible()
    expect(page.locator(f'#best-list li[data-board="{closed.board("D1")}"]')).to_be_visible()
    today_board = f"daily-{utc_today().isoformat()}-D3"
    expect(page.locator(f'#best-list li[data-board="{today_board}"]')).to_have_count(0)
    watch.check(language, f"live now on {screen}")

    row.locator(f'a[href="/games/{watched}/"]').click()  # watch it: the table, live
    expect(page.locator("#felt [data-card]").first).to_be_visible()
    expect(page.locator("#stat-actions")).not_to_have_text("\u2013")  # a dash: not read yet
    watch.check(language, f"a game watched from live now on {screen}")
    assert viewer.errors == []


def test_refresh_reads_the_list_again(new_player: Callable[..., Player]) -> None:
    viewer = new_player(sign_up=False)
    page = viewer.page
    page.goto("/live/")
    expect(page.locator("#playing-list")).to_have_attribute("aria-busy", "false")
    expect(page.locator("#playing-list li[data-game]")).to_have_count(0)
    expect(page.locator("#playing-list")).to_contain_text("No one is playing")
    newcomer = new_player()
    game = played(newcomer, {"code": OPEN_CODE})
    page.locator("#live-refresh").click()
    expect(page.locator(f'#playing-list li[data-game="{game}"]')).to_contain_text(newcomer.username)
    assert viewer.errors == []
