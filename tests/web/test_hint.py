"""The table's Hint button (web/static/web/js/hints.js) in a real Chromium against the
real server: the status names the solver's move, the card it moves is outlined, and the
game is marked assisted on screen and in the REST API."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from engine import Game
from engine.reasons import card_words
from tests.web.conftest import Player
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

CODE = "CF1-D3-AAAABMM"
MOVE = "1F"  # the first move of the solver's winning line on this deal: column 1 to its foundation


def test_hint_names_the_move_outlines_its_card_and_marks_the_game_assisted(
    new_player: Callable[..., Player],
) -> None:
    # The deal as the engine sees it: column 1 holds one card, which the hint moves home.
    card = Game.from_code(CODE).state()["tableau"][0][-1]
    player = new_player()
    page = player.page
    table = Table.open_deal(page, CODE)
    hinted = page.locator("#felt .hinted")
    badge = page.locator("#assisted-badge")

    # Before: nothing outlined, no assisted note, the server agrees.
    assert table.server_game()["assisted"] is False
    expect(hinted).to_have_count(0)
    expect(badge).to_be_hidden()
    expect(table.status).not_to_contain_text("Hint")

    button = page.get_by_role("button", name="Hint", exact=True)
    expect(button).to_be_enabled()
    button.click()
    # The first press only asks to confirm: a hint marks the game assisted for good.
    confirm = page.get_by_role("button", name="Confirm hint", exact=True)
    expect(confirm).to_be_visible()
    expect(table.status).to_contain_text('press "Confirm hint" within 4 seconds')
    assert table.server_game()["assisted"] is False
    confirm.click()

    expect(table.status).to_have_text(
        re.compile(
            # The move in words: the card it takes, from where, to where (no notation).
            rf"^Hint: play {re.escape(card_words(card))} from column {MOVE[0]} to its foundation"
            r" \(a winning line of \d+ moves from here\)\."
            r" This game is now assisted\.$"
        )
    )
    # Exactly the card the move takes is outlined, and visibly so.
    expect(hinted).to_have_count(1)
    expect(table.card(card)).to_have_class(re.compile(r"\bhinted\b"))
    expect(hinted).to_have_attribute("data-card", card)
    expect(hinted).to_have_attribute("data-source", MOVE[0])
    outline = table.card(card).evaluate(
        "n => { const s = getComputedStyle(n); return [s.outlineStyle, s.outlineWidth]; }"
    )
    assert outline[0] == "solid" and float(outline[1].removesuffix("px")) >= 2, outline
    expect(badge).to_be_visible()
    expect(badge).to_have_text("This game is assisted.")
    expect(button).to_be_enabled()

    # A hint is not a move: the board and the log are unchanged, the game is assisted.
    expect(table.stat("actions")).to_have_text("0")
    game = table.server_game()
    assert game["assisted"] is True
    assert game["status"] == "playing"
    assert game["seq"] == 0
    assert MOVE in game["legal_moves"]
    assert player.errors == []
