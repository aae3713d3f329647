"""Reasons to return, in a real Chromium: the home page's "you played today", the Finish button
stopping at a refusal, the table's clock, and an archive that never offers today. The record and
calendar, Finish to the win and the archive's "play this deal" run in every language and on
every screen in ``test_languages_return.py``."""

from __future__ import annotations

import re
from collections.abc import Callable
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine import finishing_line, replay
from tests.support.quiet import InFlight
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.game_sockets import Message, RoutedGameSockets
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

VIEWPORTS = {"desktop": (1280, 800), "phone": (390, 844)}
CODE = "CF1-D3-AAAAACL"
WON_LOG = (Path(__file__).parents[1] / "engine" / "data" / f"won_{CODE}.log").read_text().split()


def inside(page: Page, selector: str, viewport: tuple[int, int]) -> None:
    box = page.locator(selector).bounding_box()
    assert box, selector
    assert box["x"] >= 0 and box["x"] + box["width"] <= viewport[0], (selector, box)
    assert box["y"] >= 0 and box["y"] + box["height"] <= viewport[1], (selector, box)


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    """Today's deals, chosen here before the browser starts (ORM calls come first)."""
    return dailies.today()


def test_home_tells_the_player_their_rank_today_with_a_link_back(
    today: dailies.Day, new_player: Callable[..., Player]
) -> None:
    rival, player = new_player(), new_player()
    for who, draws in ((rival, 1), (player, 2)):
        game = who.post("/api/games/", {"daily": "D3"})
        for seq in range(1, draws + 1):
            who.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": seq})
    page = player.page
    page.goto("/")
    played = page.locator('.daily-deal[data-mode="D3"] [data-played]')
    expect(played).to_contain_text("You played today: rank 2 of 2.")
    expect(page.locator('.daily-deal[data-mode="D1"] [data-played]')).to_be_hidden()
    played.get_by_role("link", name="Back to your game").click()
    expect(page).to_have_url(re.compile(rf"/games/{game['id']}/$"))
    # The rival's home tells them their own rank, never the other's.
    rival.page.goto("/")
    expect(rival.page.locator('.daily-deal[data-mode="D3"] [data-played]')).to_contain_text(
        "rank 1 of 2."
    )
    assert player.errors == [] and rival.errors == []


def test_the_finish_button_stops_at_the_first_refusal(new_player: Callable[..., Player]) -> None:
    """Another tab plays a move just as Finish sends its first action: the server refuses it
    (a stale seq), and the button sends nothing after it."""
    offer = next(n for n in range(len(WON_LOG)) if finishing_line(replay(CODE, WON_LOG[:n])))
    player = new_player()
    page = player.page
    game_id = player.submit(CODE, WON_LOG[:offer])
    sockets = RoutedGameSockets(page)
    page.goto(f"/games/{game_id}/")
    expect(page.locator("#finish-button")).to_be_visible()
    sockets.wait_until_open()
    seq = Table(page).server_game()["seq"]

    def elsewhere_first(move: Message) -> None:
        player.post(f"/api/games/{game_id}/actions/", {"action": "undo", "seq": seq + 1})

    sockets.before_move = elsewhere_first
    page.locator("#finish-button").click()
    expect(page.locator("#status")).to_contain_text("reloaded")
    InFlight(page).quiet()
    assert sockets.seqs() == [seq + 1], sockets.moves
    log = page.request.get(f"/api/games/{game_id}/actions/").json()["actions"]
    assert len(log) == seq + 1 and log[-1]["token"] == "undo"
    assert player.errors == []


@pytest.mark.parametrize("name", VIEWPORTS)
def test_the_clock_ticks_from_the_servers_figure_and_freezes_when_the_game_ends(
    new_player: Callable[..., Player], name: str
) -> None:
    viewport = VIEWPORTS[name]
    player = new_player(viewport=viewport, touch=name == "phone")
    page = player.page
    page.clock.install()
    table = Table.open_deal(page, CODE)
    clock = page.locator("#stat-time")
    expect(clock).to_have_attribute("data-running", "true")
    inside(page, "#stat-time", viewport)
    inside(page, "#undo-button", viewport)
    inside(page, "#resign-button", viewport)
    start = _seconds(clock.inner_text())
    page.clock.run_for(65_000)
    expect(clock).to_have_text(_text(start + 65))
    page.locator("#stock-card").click()  # a game with an action: there is something to resign
    expect(table.stat("actions")).to_have_text("1")
    page.locator("#resign-button").click()
    page.locator("#resign-button").click()
    expect(clock).to_have_attribute("data-running", "false")
    frozen = table.server_game()["clock"]
    expect(clock).to_have_text(_text(frozen))
    page.clock.run_for(120_000)
    expect(clock).to_have_text(_text(frozen))
    assert player.errors == []


def _seconds(text: str) -> int:
    minutes, seconds = text.split(":")
    return int(minutes) * 60 + int(seconds)


def _text(seconds: int) -> str:
    return f"{seconds // 60}:{seconds % 60:02d}"


def test_the_archive_never_offers_today(
    today: dailies.Day, new_player: Callable[..., Player]
) -> None:
    player = new_player()
    page = player.page
    page.goto("/daily/")
    expect(page.locator("#archive-days")).to_be_visible()
    expect(page.locator(f'.archive-day[data-date="{today.day.isoformat()}"]')).to_have_count(0)
    expect(page.get_by_role("button", name="Play this deal")).to_have_count(0)
    assert player.errors == []
