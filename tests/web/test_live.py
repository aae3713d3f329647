"""Live leaderboard: a second browser sees a player's move over the WebSocket."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.web.conftest import Player
from tests.web.situations import tap_to_foundation
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

LIVE_WITHIN_MS = 3_000


def test_a_watcher_sees_another_players_standing_change_live(
    new_player: Callable[..., Player],
) -> None:
    situation = tap_to_foundation()
    player, watcher = new_player(), new_player()
    table = Table.open_deal(player.page, situation.code)  # not on the board: no action yet

    board = watcher.page
    board.goto(f"/boards/{situation.code}/")
    expect(board.locator("#live-state")).to_have_attribute("data-state", "live")
    expect(board.locator("#board-rows")).to_contain_text("No one has played")
    rest_reads: list[str] = []
    board.on(
        "request", lambda r: rest_reads.append(r.url) if "/api/leaderboards/" in r.url else None
    )

    table.card(situation.card).click()  # the first action: the game joins the board
    expect(table.stat("score")).to_have_text("5")
    row = board.locator("#board-rows tr", has_text=player.username)
    expect(row.locator("td").nth(3)).to_have_text("1", timeout=LIVE_WITHIN_MS)  # actions
    expect(row.locator("td").nth(2)).to_have_text("2")  # cards: the base card and this one
    expect(row.locator("td").nth(0)).to_have_text("1")
    assert rest_reads == [], "the update must come over the WebSocket, not a re-read"
    # The player's own side panel follows too.
    mine = player.page.locator("#live-entries li", has_text=player.username)
    expect(mine.locator(".cards")).to_contain_text("2", timeout=LIVE_WITHIN_MS)
    expect(mine.locator(".actions-count")).to_have_text("1 action")
    assert watcher.errors == [] and player.errors == []


def test_a_player_below_the_top_ten_still_sees_where_they_stand(
    new_player: Callable[..., Player],
) -> None:
    from tests.web.situations import solved_deal

    deal = solved_deal()
    for _ in range(10):
        new_player().submit(deal.code, list(deal.line[:60]))
    player = new_player()
    table = Table.open_deal(player.page, deal.code)
    player.page.locator("#stock-card").click()  # the first action puts the game on the board
    expect(table.stat("actions")).to_have_text("1")
    entries = player.page.locator("#live-entries li")
    expect(entries).to_have_count(10)
    expect(entries.filter(has_text=player.username)).to_have_count(0)
    expect(player.page.locator("#live-me")).to_have_text(
        re.compile(r"^You: #11 of 11, 1 card, 1 action, 0:\d\d$"), timeout=LIVE_WITHIN_MS
    )
    assert player.errors == []
