"""The table plays over its game's socket in a real Chromium against the real server: taps
and moves go as socket messages (no HTTP request), over REST while the socket is cut, and a
move whose ack was lost is sent again and stored once."""

from __future__ import annotations

import pytest
from playwright.sync_api import Page, expect

from tests.support.quiet import InFlight
from tests.web.game_sockets import CLOSE_RESTART, RoutedGameSockets
from tests.web.situations import tap_to_foundation
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS = {"desktop": ((1280, 800), False), "phone": ((390, 844), True)}


def _action_posts(page: Page) -> list[str]:
    """The page's REST writes of actions, as they are sent."""
    posts: list[str] = []
    page.on(
        "request",
        lambda r: posts.append(r.url) if r.method == "POST" and "/actions/" in r.url else None,
    )
    return posts


def _log(table: Table) -> list[str]:
    actions = table.page.request.get(f"/api/games/{table.game_id}/actions/").json()["actions"]
    return [action["token"] for action in actions]


def _press(page: Page, phone: bool):
    return (lambda node: node.tap()) if phone else (lambda node: node.click())


@pytest.mark.parametrize("screen", SCREENS)
def test_taps_are_played_over_the_socket(new_player, screen):
    situation = tap_to_foundation()
    viewport, phone = SCREENS[screen]
    player = new_player(viewport=viewport, touch=phone)
    page = player.page
    sockets = RoutedGameSockets(page)
    table = Table.open_deal(page, situation.code)
    sockets.wait_until_open()
    posts = _action_posts(page)
    requests = InFlight(page)
    press = _press(page, phone)
    press(table.card(situation.card))
    home = table.foundation(situation.card[1]).locator(f'[data-card="{situation.card}"]')
    expect(home).to_be_visible()
    press(page.locator("#stock-card"))
    expect(table.stat("moves")).to_have_text("2")
    requests.quiet()
    assert posts == []
    assert sockets.seqs() == [1, 2]
    assert [move.get("tap") for move in sockets.moves] == [situation.card, "stock"]
    assert _log(table) == [situation.token, "draw"]
    table.expect_matches_server()
    expect(table.status).not_to_have_attribute("data-kind", "error")
    assert player.errors == []


@pytest.mark.parametrize("screen", SCREENS)
def test_play_goes_on_over_rest_when_the_socket_is_cut(new_player, screen):
    situation = tap_to_foundation()
    viewport, phone = SCREENS[screen]
    player = new_player(viewport=viewport, touch=phone)
    page = player.page
    sockets = RoutedGameSockets(page)
    table = Table.open_deal(page, situation.code)
    sockets.wait_until_open()
    posts = _action_posts(page)
    press = _press(page, phone)
    press(page.locator("#stock-card"))
    expect(table.stat("moves")).to_have_text("1")
    sockets.cut_off()
    press(table.card(situation.card))
    home = table.foundation(situation.card[1]).locator(f'[data-card="{situation.card}"]')
    expect(home).to_be_visible()
    press(page.locator("#stock-card"))
    expect(table.stat("moves")).to_have_text("3")
    InFlight(page).quiet()
    assert sockets.seqs() == [1]
    assert len(posts) == 2
    assert _log(table) == ["draw", situation.token, "draw"]
    table.expect_matches_server()
    expect(table.status).not_to_have_attribute("data-kind", "error")
    assert player.errors == []


@pytest.mark.parametrize("reconnect", [False, True], ids=["resent", "reconnected"])
@pytest.mark.parametrize("screen", SCREENS)
def test_a_move_whose_ack_was_lost_is_sent_again_and_stored_once(new_player, screen, reconnect):
    """Lost on an open socket, the move is sent again after 2.5 s; lost with the socket, it is
    sent again on the next one (3 s later)."""
    situation = tap_to_foundation()
    viewport, phone = SCREENS[screen]
    player = new_player(viewport=viewport, touch=phone)
    page = player.page
    sockets = RoutedGameSockets(page)
    table = Table.open_deal(page, situation.code)
    sockets.wait_until_open()
    posts = _action_posts(page)
    lost = []

    def lose_the_first_ack(message):
        if message["type"] == "ack" and not lost:
            lost.append(message)
            if reconnect:
                sockets.routes[-1].close(code=CLOSE_RESTART)
            return None
        return message

    sockets.from_server = lose_the_first_ack
    _press(page, phone)(table.card(situation.card))
    sockets.wait_for_move()
    expect(page.locator("#pending")).to_be_visible()
    # The move is stored, its ack lost: the page sends it again (2.5 s), the server acks it.
    expect(table.stat("moves")).to_have_text("1", timeout=10_000)
    expect(page.locator("#pending")).to_be_hidden()
    assert len(lost) == 1 and len(sockets.moves) == 2
    assert sockets.attempts == (2 if reconnect else 1)
    assert sockets.seqs() == [1] and posts == []
    assert _log(table) == [situation.token]
    table.expect_matches_server()
    expect(table.status).not_to_have_attribute("data-kind", "error")
    assert player.errors == []
