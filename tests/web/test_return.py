"""Reasons to return, in a real Chromium: the player's record and calendar, the home page's
"you played today", the Finish button, the table's clock, and the archive's "play this deal"."""

from __future__ import annotations

import re
from pathlib import Path

import pytest
from playwright.sync_api import Page, expect

from engine import finishing_line, replay
from tests.support.browser import artifact_path
from tests.web import dailies
from tests.web.table_page import GAME_URL, Table

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


@pytest.fixture
def closed(server_url: str, make_player) -> dailies.Day:
    """A closed day three days ago: two ranked games of its D3, 12 and 5 moves of its line."""
    return dailies.closed_day(make_player, days_ago=3, moves=(12, 5))


@pytest.mark.parametrize("name", VIEWPORTS)
def test_the_player_page_shows_the_record_and_the_calendar_of_dailies(closed, new_player, name):
    viewport = VIEWPORTS[name]
    visitor = new_player(viewport=viewport, sign_up=False)
    page = visitor.page
    second = closed.players["D3"][1]  # 5 moves of the line
    page.goto(f"/players/{second}/")
    record = page.locator("#record")
    expect(record.locator('[data-record="best-streak"] dd')).to_have_text("1")
    expect(record.locator('[data-record="daily-rate"] dd')).to_contain_text("0%")
    expect(record.locator('[data-record="daily-rate"] dd')).to_contain_text("0 of 1 game")
    month = closed.day.strftime("%Y-%m")
    shown = page.evaluate("() => new Date().toISOString().slice(0, 7)")
    if shown != month:  # the closed day is in last month
        page.locator("#calendar-prev").click()
    cell = page.locator(f'#calendar td[data-date="{closed.day.isoformat()}"]')
    expect(cell).to_have_attribute("data-played", "true")
    entry = cell.locator('[data-mode="D3"]')
    board = page.request.get(f"/api/leaderboards/{closed.board('D3')}/?around={second}").json()
    mine = next(e for e in board["entries"] if e["player"] == second)
    expect(entry).to_have_text(f"D3 #{mine['rank']}/2")
    expect(entry).to_have_attribute("href", f"/replay/{mine['game']}/")
    expect(page.locator("#calendar td[data-played=true]")).to_have_count(1)
    table_box = page.locator("#calendar").bounding_box()
    assert table_box and table_box["x"] + table_box["width"] <= viewport[0]
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport[0]
    page.screenshot(path=artifact_path(f"player-record-{name}.png"), full_page=True)
    entry.click()
    expect(page).to_have_url(re.compile(rf"/replay/{mine['game']}/$"))
    assert visitor.errors == []


def test_home_tells_the_player_their_rank_today_with_a_link_back(today, new_player):
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


@pytest.mark.parametrize("name", VIEWPORTS)
def test_the_finish_button_plays_the_line_as_logged_actions_and_wins(new_player, name):
    viewport = VIEWPORTS[name]
    offer = next(n for n in range(len(WON_LOG)) if finishing_line(replay(CODE, WON_LOG[:n])))
    line = [str(move) for move in finishing_line(replay(CODE, WON_LOG[:offer])) or []]
    player = new_player(viewport=viewport, touch=name == "phone")
    page = player.page
    before = player.submit(CODE, WON_LOG[: offer - 1])  # one move short: not offered yet
    page.goto(f"/games/{before}/")
    table = Table(page)
    expect(table.stat("moves")).to_have_text(str(table.server_game()["moves"]))
    finish = page.locator("#finish-button")
    expect(finish).to_be_hidden()
    page.locator("#move-input").fill(WON_LOG[offer - 1])
    page.locator("#move-input").press("Enter")
    expect(finish).to_be_visible()
    inside(page, "#finish-button", viewport)
    table.settle()
    page.screenshot(path=artifact_path(f"finish-offered-{name}.png"))
    finish.click()
    expect(page.locator("#win")).to_be_visible(timeout=30_000)
    expect(table.stat("cards")).to_have_text("52")
    log = page.request.get(f"/api/games/{before}/actions/").json()["actions"]
    assert [action["token"] for action in log] == WON_LOG[:offer] + line
    assert player.errors == []


def test_the_finish_button_stops_at_the_first_refusal(new_player):
    """Another tab plays a move just as Finish sends its first action: the server refuses it
    (a stale seq), and the button sends nothing after it."""
    offer = next(n for n in range(len(WON_LOG)) if finishing_line(replay(CODE, WON_LOG[:n])))
    player = new_player()
    page = player.page
    game_id = player.submit(CODE, WON_LOG[:offer])
    page.goto(f"/games/{game_id}/")
    expect(page.locator("#finish-button")).to_be_visible()
    seq = Table(page).server_game()["seq"]
    sent = []

    def elsewhere_first(route):
        if route.request.method == "POST" and not sent:
            player.post(f"/api/games/{game_id}/actions/", {"action": "undo", "seq": seq + 1})
        sent.append(route.request.post_data_json)
        route.continue_()

    page.route(f"**/api/games/{game_id}/actions/", elsewhere_first)
    page.locator("#finish-button").click()
    expect(page.locator("#status")).to_contain_text("reloaded")
    assert len(sent) == 1, sent
    log = page.request.get(f"/api/games/{game_id}/actions/").json()["actions"]
    assert len(log) == seq + 1 and log[-1]["token"] == "undo"
    assert player.errors == []


@pytest.mark.parametrize("name", VIEWPORTS)
def test_the_clock_ticks_from_the_servers_figure_and_freezes_when_the_game_ends(new_player, name):
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


def test_the_archive_plays_a_closed_days_deal_as_an_open_game(closed, new_player):
    player = new_player()
    page = player.page
    page.goto("/daily/")
    board = page.locator(f'.archive-day[data-date="{closed.day.isoformat()}"] [data-mode="D3"]')
    board.get_by_role("button", name="Play this deal").click()
    expect(page).to_have_url(GAME_URL)
    expect(page.locator("#game-code")).to_have_text(closed.codes["D3"])
    game = Table(page).server_game()
    assert (game["code"], game["daily"], game["sealed"]) == (closed.codes["D3"], None, False)
    assert player.errors == []


def test_the_archive_never_offers_today(today, new_player):
    player = new_player()
    page = player.page
    page.goto("/daily/")
    expect(page.locator("#archive-days")).to_be_visible()
    expect(page.locator(f'.archive-day[data-date="{today.day.isoformat()}"]')).to_have_count(0)
    expect(page.get_by_role("button", name="Play this deal")).to_have_count(0)
    assert player.errors == []
