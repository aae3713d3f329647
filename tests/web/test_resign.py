"""The table's Resign button in a real Chromium against the real server.

Resigning cannot be undone, so the button asks in the page (a second press within a few
seconds), never with a browser dialog; then the game is over on screen and on the server:
no control plays a move any more, and the leaderboard panel marks the entry resigned.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Dialog, Locator, Page, expect

from tests.support.browser import artifact_path
from tests.support.quiet import InFlight
from tests.web.conftest import Player
from tests.web.game_sockets import RoutedGameSockets
from tests.web.situations import TapToFoundation, tap_to_foundation
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

LIVE_WITHIN_MS = 3_000


def _resign_button(page: Page, name: str = "Resign") -> Locator:
    return page.get_by_role("button", name=name, exact=True)


@dataclass
class Watched:
    """A player's table on a deal with a card to tap home, and what its page does."""

    situation: TapToFoundation
    player: Player
    table: Table
    dialogs: list[str] = field(default_factory=list)  # browser dialogs opened: expect none
    writes: list[str] = field(default_factory=list)  # API writes and socket moves the page sent

    @property
    def page(self) -> Page:
        return self.player.page


@pytest.fixture
def watched(new_player: Callable[..., Player]) -> Watched:
    situation = tap_to_foundation()
    player = new_player()
    sockets = RoutedGameSockets(player.page)
    watched = Watched(situation, player, Table.open_deal(player.page, situation.code))
    sockets.on_move = lambda move: watched.writes.append(f"move {move}")

    def on_dialog(dialog: Dialog) -> None:
        watched.dialogs.append(f"{dialog.type}: {dialog.message}")
        dialog.dismiss()

    watched.page.on("dialog", on_dialog)
    watched.page.on(
        "request",
        lambda r: watched.writes.append(f"{r.method} {r.url}") if r.method != "GET" else None,
    )
    return watched


def _tokens(table: Table) -> list[str]:
    actions = table.page.request.get(f"/api/games/{table.game_id}/actions/").json()["actions"]
    return [action["token"] for action in actions]


def test_resign_asks_in_the_page_then_ends_the_game(watched: Watched) -> None:
    situation, player, table, page = watched.situation, watched.player, watched.table, watched.page
    writes = watched.writes
    mine = page.locator(f'#live-entries li[data-player="{player.username}"]')

    table.card(situation.card).click()
    expect(table.stat("actions")).to_have_text("1")
    expect(mine.locator(".cards")).to_contain_text("2", timeout=LIVE_WITHIN_MS)
    expect(mine.locator(".resigned-badge")).to_have_count(0)

    # First press: nothing is sent, the button now asks for the confirmation.
    resign = _resign_button(page)
    expect(resign).to_be_enabled()
    resign.click()
    confirm = _resign_button(page, "Confirm resign")
    expect(confirm).to_be_visible()
    expect(table.status).to_contain_text('Press "Confirm resign" within 4 seconds')
    assert table.server_game()["status"] == "playing"
    assert not [w for w in writes if w.endswith("/resign/")]

    confirm.click()
    expect(table.status).to_have_text(
        "You resigned this game with 2 cards home and 5 points: no more moves can be made."
    )
    game = table.server_game()
    assert game["status"] == "resigned"
    assert game["seq"] == 2 and game["won"] is False
    assert _tokens(table) == [situation.token, "resign"]
    expect(mine.locator(".resigned-badge")).to_have_text("resigned", timeout=LIVE_WITHIN_MS)
    expect(mine.locator(".actions-count")).to_have_text("1 action")  # what made the position

    # Every way to move is closed: the controls are disabled, the cards are no buttons.
    expect(_resign_button(page)).to_be_disabled()
    for control in ("#undo-button", "#hint-button", "#move-input"):
        expect(page.locator(control)).to_be_disabled()
    expect(page.locator("#legal-moves button")).to_have_count(0)
    expect(page.locator("#felt")).to_have_class(re.compile(r"\bread-only\b"))
    expect(page.locator("#felt button[data-card]")).to_have_count(0)
    sent = len(writes)
    requests = InFlight(page)
    table.column(1).locator("[data-card]").last.click()
    page.locator("#stock-card").click()
    page.keyboard.press("Control+Z")
    requests.quiet()  # a (wrong) request, had one been sent, has been seen
    assert writes[sent:] == []
    # The server refuses moves too, whatever a client sends.
    token = next(c["value"] for c in page.context.cookies() if c["name"] == "csrftoken")
    refused = page.request.post(
        f"/api/games/{table.game_id}/actions/",
        data={"action": "undo"},
        headers={"X-CSRFToken": token},
    )
    assert refused.status == 409 and refused.json()["error"] == "game_finished"

    # Opened again, the game is still over.
    page.reload()
    expect(table.status).to_have_text("This game was resigned.")
    expect(_resign_button(page)).to_be_disabled()
    assert watched.dialogs == []
    assert watched.player.errors == []


def test_the_keyboard_box_points_at_the_button_which_enter_confirms(watched: Watched) -> None:
    table, page = watched.table, watched.page
    expect(_resign_button(page)).to_be_disabled()  # nothing played yet: nothing to resign
    table.card(watched.situation.card).click()
    expect(table.stat("actions")).to_have_text("1")
    sent = len(watched.writes)

    box = page.get_by_label("Move", exact=True)
    box.fill("resign")
    box.press("Enter")
    expect(table.status).to_have_text(
        '"resign" is not a move: press the Resign button twice to end the game.'
    )
    expect(_resign_button(page)).to_be_focused()
    assert watched.writes[sent:] == []  # "resign" is no move token: nothing went to the server

    page.keyboard.press("Enter")
    expect(_resign_button(page, "Confirm resign")).to_be_focused()
    page.keyboard.press("Escape")  # changed their mind
    expect(_resign_button(page)).to_be_focused()
    expect(table.status).to_have_text("Not resigned: the game goes on.")
    assert table.server_game()["status"] == "playing"

    page.keyboard.press("Enter")
    page.keyboard.press("Enter")
    expect(table.status).to_contain_text("You resigned this game")
    assert table.server_game()["status"] == "resigned"
    assert _tokens(table) == [watched.situation.token, "resign"]
    assert watched.dialogs == []
    assert watched.player.errors == []


def test_nobody_resigns_a_game_they_only_watch(new_player: Callable[..., Player]) -> None:
    situation = tap_to_foundation()
    owner, watcher = new_player(), new_player()
    table = Table.open_deal(owner.page, situation.code)
    table.card(situation.card).click()  # a game with an action: the owner may resign it
    expect(table.stat("actions")).to_have_text("1")

    watcher.page.goto(f"/games/{table.game_id}/")
    expect(watcher.page.locator("#status")).to_contain_text("You are watching.")
    expect(_resign_button(watcher.page)).to_be_disabled()
    expect(_resign_button(owner.page)).to_be_enabled()
    assert watcher.errors == []


def test_on_a_phone_every_control_fits_without_overlap(new_player: Callable[..., Player]) -> None:
    """A screenshot for humans (tests/artifacts/), taken armed: the longest label."""
    situation = tap_to_foundation()
    viewport = (390, 844)
    player = new_player(viewport=viewport, touch=True)
    page = player.page
    table = Table.open_deal(page, situation.code)
    table.card(situation.card).tap()
    expect(table.stat("actions")).to_have_text("1")
    _resign_button(page).tap()
    expect(_resign_button(page, "Confirm resign")).to_be_visible()
    Table(page).settle()
    page.screenshot(path=artifact_path("table-resign-phone.png"), full_page=True)

    boxes = page.locator(
        ".controls > button:not([hidden]), .controls > .toggle, .move-form > label,"
        " .move-form > input, .move-form > button"
    ).evaluate_all(
        """nodes => nodes.map(n => {
            const r = n.getBoundingClientRect();
            return { name: n.id || n.textContent.trim(), tag: n.tagName,
                     left: r.left, top: r.top, right: r.right, bottom: r.bottom };
        })"""
    )
    names = [box["name"] for box in boxes]
    assert {"undo-button", "hint-button", "resign-button", "new-game-button"} <= set(names)
    for box in boxes:
        assert box["left"] >= 0 and box["right"] <= viewport[0], box
        if box["tag"] != "LABEL":  # something a finger presses: not a sliver
            assert box["right"] - box["left"] >= 24 and box["bottom"] - box["top"] >= 24, box
    overlaps = [
        (a["name"], b["name"])
        for i, a in enumerate(boxes)
        for b in boxes[i + 1 :]
        if a["left"] < b["right"]
        and b["left"] < a["right"]
        and a["top"] < b["bottom"]
        and b["top"] < a["bottom"]
    ]
    assert overlaps == []
    assert page.evaluate("document.documentElement.scrollWidth") <= viewport[0]
    assert player.errors == []
