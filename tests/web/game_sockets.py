"""A page's game sockets routed through the test (Playwright's ``route_web_socket``): every
frame goes on to the real server unless the test holds it, drops it or rewrites it, and the
test may cut the socket (close it and refuse the page's reconnections).

Set up before the page opens the game (before ``goto``): a socket opened earlier is not routed.
"""

from __future__ import annotations

import json
import re
from collections.abc import Callable
from typing import Any

from playwright.sync_api import Page, WebSocketRoute

GAME_SOCKET = re.compile(r"/ws/games/\d+/$")
#: What the server says when it restarts: the page reconnects.
CLOSE_RESTART = 1012

Message = dict[str, Any]


class RoutedGameSockets:
    def __init__(self, page: Page) -> None:
        self.page = page
        self.moves: list[Message] = []  # every move the page sent, resends included
        self.held: list[tuple[WebSocketRoute, str]] = []  # moves not sent on (``hold``)
        self.hold = False
        self.cut = False
        self.before_move: Callable[[Message], None] | None = None  # once, on the next move
        self.on_move: Callable[[Message], None] = lambda message: None  # on every move
        self.from_server: Callable[[Message], Message | None] = lambda message: message
        self.routes: list[WebSocketRoute] = []
        self.attempts = 0  # the page's connections, refused ones included
        self.snapshots = 0  # ``state`` messages the server sent: one per connection
        page.route_web_socket(GAME_SOCKET, self.connect)

    def connect(self, route: WebSocketRoute) -> None:
        self.attempts += 1
        if self.cut:
            route.close(code=CLOSE_RESTART)
            return
        server = route.connect_to_server()
        self.routes.append(route)
        route.on_message(lambda text: self.page_sent(server, str(text)))
        server.on_message(lambda text: self.server_sent(route, str(text)))

    def page_sent(self, server: WebSocketRoute, text: str) -> None:
        message = json.loads(text)
        if message.get("type") == "move":
            self.moves.append(message)
            self.on_move(message)
            hook, self.before_move = self.before_move, None
            if hook is not None:
                hook(message)
            if self.hold:
                self.held.append((server, text))
                return
        server.send(text)

    def server_sent(self, route: WebSocketRoute, text: str) -> None:
        if json.loads(text).get("type") == "state":
            self.snapshots += 1
        message = self.from_server(json.loads(text))
        if message is not None:
            route.send(json.dumps(message))

    def release(self) -> None:
        """Send the first held move on to the server."""
        server, text = self.held.pop(0)
        server.send(text)

    def cut_off(self) -> None:
        """Close the page's socket and refuse every reconnection: the server is unreachable."""
        self.cut = True
        attempts = self.attempts
        for route in self.routes:
            route.close(code=CLOSE_RESTART)
        for _ in range(200):  # it tries again about 1 s later (reconnect.js)
            if self.attempts > attempts:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError("the page did not reconnect to its game's socket")

    def seqs(self) -> list[int]:
        """The seqs of the moves sent, each once (a resend is the same move)."""
        return sorted({move["seq"] for move in self.moves})

    def wait_until_open(self, connections: int = 1) -> None:
        """Until the page's socket is open (its first message came) ``connections`` times: a
        move made before goes over REST."""
        for _ in range(200):
            if self.snapshots >= connections:
                self.page.evaluate("() => new Promise(done => setTimeout(done, 0))")
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"the game's socket opened {self.snapshots} time(s)")

    def wait_for_move(self, count: int = 1) -> None:
        """Until the page has sent ``count`` moves (resends included)."""
        for _ in range(200):
            if len(self.moves) >= count:
                return
            self.page.wait_for_timeout(50)
        raise AssertionError(f"{len(self.moves)} move(s) sent, not {count}")
