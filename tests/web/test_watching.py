"""A spectator's table follows the end of the game it watches, in real Chromium.

The watcher opens someone else's game and keeps the page open; the owner plays in another
browser context. The end of the game (a resignation, a win) must reach the watcher over the
game's WebSocket: the status line says so at once, without a reload and without a REST
re-read (the ``action`` message carries what the page needs: its token and the board).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import WebSocket, WebSocketRoute, expect

from tests.web.conftest import Player
from tests.web.situations import solved_deal, tap_to_foundation
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

LIVE_WITHIN_MS = 3_000


class Watcher:
    """A second player's page on the owner's game, recording what it asks the server for."""

    def __init__(self, player: Player, game_id: int) -> None:
        self.player = player
        self.page = player.page
        self.table = Table(self.page)
        self.game_reads: list[str] = []
        self.navigations = 0
        self.frames: list[str] = []  # what the game's socket received
        self.page.on("websocket", self._watch_socket)
        self.page.goto(f"/games/{game_id}/")
        expect(self.table.status).to_contain_text("(playing). You are watching.")
        self._wait_for_first_frame()
        game_api = re.compile(rf"/api/games/{game_id}/(\?.*)?$")
        self.page.on(
            "request", lambda r: self.game_reads.append(r.url) if game_api.search(r.url) else None
        )
        self.page.on(
            "framenavigated",
            lambda frame: (
                setattr(self, "navigations", self.navigations + 1)
                if frame == self.page.main_frame
                else None
            ),
        )

    def _watch_socket(self, socket: WebSocket) -> None:
        if "/ws/games/" in socket.url:
            socket.on("framereceived", lambda payload: self.frames.append(str(payload)))

    def _wait_for_first_frame(self) -> None:
        """Until the game's snapshot arrived: the socket is in the group from then on, so
        the owner's next action cannot be sent before the watcher listens."""
        for _ in range(200):
            if self.frames:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError("the game's socket sent no snapshot within 10 s")

    def expect_followed_live(self) -> None:
        """Nothing reloaded the page or re-read the game: the news came over the socket."""
        assert self.navigations == 0
        assert self.game_reads == [], "the watcher must learn it from the live message"
        assert self.player.errors == []


def test_a_watcher_sees_the_owner_resign_without_reloading(
    new_player: Callable[..., Player],
) -> None:
    situation = tap_to_foundation()
    owner, spectator = new_player(), new_player()
    table = Table.open_deal(owner.page, situation.code)
    watcher = Watcher(spectator, table.game_id)

    table.card(situation.card).click()
    expect(watcher.table.stat("actions")).to_have_text("1", timeout=LIVE_WITHIN_MS)
    expect(watcher.table.stat("score")).to_have_text("5")
    expect(watcher.table.status).to_contain_text("(playing). You are watching.")

    owner.page.get_by_role("button", name="Resign", exact=True).click()
    owner.page.get_by_role("button", name="Confirm resign", exact=True).click()
    expect(table.status).to_contain_text("You resigned this game")

    expect(watcher.table.status).to_have_text(
        f"{owner.username} resigned this game with 2 cards home and 5 points. You are watching.",
        timeout=LIVE_WITHIN_MS,
    )
    expect(watcher.table.stat("actions")).to_have_text("1")  # a resignation is no move
    expect(watcher.page.get_by_role("button", name="Resign", exact=True)).to_be_disabled()
    expect(watcher.page.locator("#felt button[data-card]")).to_have_count(0)
    watcher.expect_followed_live()
    assert owner.errors == []

    # What the watcher shows live is what a fresh load shows.
    watcher.page.reload()
    expect(watcher.table.status).to_have_text(
        f"{owner.username}'s game (resigned). You are watching."
    )


def test_a_watcher_sees_the_owner_win_without_reloading(new_player: Callable[..., Player]) -> None:
    deal = solved_deal()
    owner, spectator = new_player(), new_player()
    game_id = owner.submit(deal.code, list(deal.line[:-1]))
    watcher = Watcher(spectator, game_id)

    seq = len(deal.line) - 1
    owner.post(f"/api/games/{game_id}/actions/", {"action": deal.line[-1], "seq": seq + 1})

    expect(watcher.table.status).to_contain_text(f"{owner.username} won:", timeout=LIVE_WITHIN_MS)
    expect(watcher.table.stat("cards")).to_have_text("52")
    expect(watcher.page.locator("#win")).to_be_hidden()  # the celebration is the owner's
    watcher.expect_followed_live()

    watcher.page.reload()
    expect(watcher.table.status).to_have_text(f"{owner.username}'s game (won). You are watching.")


def test_a_watcher_whose_socket_dropped_learns_of_a_resignation_on_reconnecting(
    new_player: Callable[..., Player],
) -> None:
    """The snapshot a reconnect brings names no action, but it carries the game's status: the
    page learns of the resignation from it, with no REST read."""
    situation = tap_to_foundation()
    owner, spectator = new_player(), new_player()
    table = Table.open_deal(owner.page, situation.code)
    sockets = []

    def through_to_the_server(socket: WebSocketRoute) -> None:
        socket.connect_to_server()
        sockets.append(socket)

    spectator.page.route_web_socket(re.compile(r"/ws/games/\d+/$"), through_to_the_server)
    watcher = Watcher(spectator, table.game_id)
    assert len(sockets) == 1

    sockets[0].close(code=1012)  # a restart: the page reconnects 1 s later or so
    owner.post(f"/api/games/{table.game_id}/actions/", {"action": "draw", "seq": 1})
    owner.post(f"/api/games/{table.game_id}/resign/", {"seq": 2})

    expect(watcher.table.status).to_have_text(
        f"{owner.username} resigned this game with 1 card home and 0 points. You are watching.",
        timeout=3_000 + LIVE_WITHIN_MS,
    )
    assert len(sockets) == 2
    watcher.expect_followed_live()
