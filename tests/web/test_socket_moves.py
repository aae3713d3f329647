"""The table plays over its game's socket in a real Chromium against the real server: taps
and moves go as socket messages (no HTTP request), over REST while the socket is cut, and a
move whose ack was lost is sent again and stored once."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

import pytest
from playwright.sync_api import Locator, expect

from tests.support.quiet import InFlight
from tests.web.conftest import PASSWORD, Player
from tests.web.game_sockets import CLOSE_RESTART, Message, RoutedGameSockets
from tests.web.situations import TapToFoundation, tap_to_foundation
from tests.web.table_page import Table
from tests.web.test_guests import play_a_random_deal_as_a_guest

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS = {"desktop": ((1280, 800), False), "phone": ((390, 844), True)}


@dataclass
class Played:
    """A player's table on a deal with a card to tap home, its socket open and routed."""

    situation: TapToFoundation
    player: Player
    table: Table
    sockets: RoutedGameSockets
    phone: bool
    posts: list[str] = field(default_factory=list)  # the page's REST writes of actions

    def press(self, node: Locator) -> None:
        node.tap() if self.phone else node.click()

    def tap_home(self) -> None:
        card = self.situation.card
        self.press(self.table.card(card))
        expect(self.table.foundation(card[1]).locator(f'[data-card="{card}"]')).to_be_visible()

    def draw(self) -> None:
        self.press(self.table.page.locator("#stock-card"))

    def log(self) -> list[str]:
        page, game_id = self.table.page, self.table.game_id
        actions = page.request.get(f"/api/games/{game_id}/actions/").json()["actions"]
        return [action["token"] for action in actions]

    def expect_shown_right(self) -> None:
        """The screen shows the server's game, and said nothing went wrong."""
        self.table.expect_matches_server()
        expect(self.table.status).not_to_have_attribute("data-kind", "error")
        assert self.player.errors == []


@pytest.fixture(params=SCREENS)
def played(request: pytest.FixtureRequest, new_player: Callable[..., Player]) -> Played:
    viewport, phone = SCREENS[request.param]
    situation = tap_to_foundation()
    player = new_player(viewport=viewport, touch=phone)
    sockets = RoutedGameSockets(player.page)
    table = Table.open_deal(player.page, situation.code)
    sockets.wait_until_open()
    played = Played(situation, player, table, sockets, phone)
    player.page.on(
        "request",
        lambda r: (
            played.posts.append(r.url) if r.method == "POST" and "/actions/" in r.url else None
        ),
    )
    return played


def test_taps_are_played_over_the_socket(played: Played) -> None:
    requests = InFlight(played.table.page)
    played.tap_home()
    played.draw()
    expect(played.table.stat("actions")).to_have_text("2")
    requests.quiet()
    assert played.posts == []
    assert played.sockets.seqs() == [1, 2]
    assert [move.get("tap") for move in played.sockets.moves] == [played.situation.card, "stock"]
    assert played.log() == [played.situation.token, "draw"]
    played.expect_shown_right()


def test_play_goes_on_over_rest_when_the_socket_is_cut(played: Played) -> None:
    played.draw()
    expect(played.table.stat("actions")).to_have_text("1")
    played.sockets.cut_off()
    played.tap_home()
    played.draw()
    expect(played.table.stat("actions")).to_have_text("3")
    InFlight(played.table.page).quiet()
    assert played.sockets.seqs() == [1]
    assert len(played.posts) == 2
    assert played.log() == ["draw", played.situation.token, "draw"]
    played.expect_shown_right()


@pytest.mark.parametrize("reconnect", [False, True], ids=["resent", "reconnected"])
def test_a_move_whose_ack_was_lost_is_sent_again_and_stored_once(
    played: Played, reconnect: bool
) -> None:
    """Lost on an open socket, the move is sent again after 2.5 s; lost with the socket, it is
    sent again on the next one (reconnect.js: about 1 s later)."""
    sockets, page = played.sockets, played.table.page
    lost: list[Message] = []

    def lose_the_first_ack(message: Message) -> Message | None:
        if message["type"] == "ack" and not lost:
            lost.append(message)
            if reconnect:
                sockets.routes[-1].close(code=CLOSE_RESTART)
            return None
        return message

    sockets.from_server = lose_the_first_ack
    played.press(played.table.card(played.situation.card))
    sockets.wait_for_move()
    expect(page.locator("#pending")).to_be_visible()
    # The move is stored, its ack lost: the page sends it again, the server acks it.
    expect(played.table.stat("actions")).to_have_text("1", timeout=10_000)
    expect(page.locator("#pending")).to_be_hidden()
    assert len(lost) == 1 and len(sockets.moves) == 2
    assert sockets.attempts == (2 if reconnect else 1)
    assert sockets.seqs() == [1] and played.posts == []
    assert played.log() == [played.situation.token]
    played.expect_shown_right()


def test_a_tab_whose_guest_signed_in_in_another_tab_goes_on_playing(
    new_player: Callable[..., Player],
) -> None:
    """The socket knows the guest it opened with; the session holds the account now (the game
    came along): the move goes over REST, and the socket opens again as the account's."""
    account = new_player()
    guest = new_player(sign_up=False)
    page = guest.page
    table = play_a_random_deal_as_a_guest(page)
    guest.post("/api/session/", {"username": account.username, "password": PASSWORD})
    assert table.server_game()["player"] == account.username
    posts = []
    page.on("request", lambda r: posts.append(r.url) if r.method == "POST" else None)
    page.locator("#stock-card").click()
    expect(table.stat("actions")).to_have_text("2")
    InFlight(page).quiet()
    assert [post.endswith("/actions/") for post in posts] == [True]
    expect(table.status).not_to_have_attribute("data-kind", "error")
    assert guest.errors == []
