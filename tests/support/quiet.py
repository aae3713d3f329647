"""Waiting until a page has done all it will do: for tests that prove a request was *not* sent.

A pause ("wait 300 ms, then check nothing left") is a guess about the machine's speed: too short
on a loaded CI box, and always slow. Here the wait is a condition instead:

1. the page has handled every input it was given (two animation frames, then a task: input
   handlers, and what they schedule at once, have run by then);
2. a request the page sends after that has come back (requests leave in order, so any request
   the inputs sent has been seen by then);
3. no request the page sent is still waiting for its answer (so its answer has been handled),
   and no move it sent on a game's socket is still waiting for its ``ack`` or ``refused``.
"""

from __future__ import annotations

import json
import time
import weakref

from playwright.sync_api import Page, Request, WebSocket

BARRIER_PATH = "/api/health/"
ANSWER_WITHIN_S = 30.0  # far beyond any answer: reaching it is a hung request, a failure


class SocketMoves:
    """The moves a page sent on its game sockets that have had no ``ack`` or ``refused`` yet
    (by seq). Made when the page is (``follow_game_sockets``): a page opens its game's socket
    as it loads, before a test starts counting."""

    def __init__(self, page: Page) -> None:
        self.waiting: set[int] = set()
        page.on("websocket", self.follow)

    def follow(self, socket: WebSocket) -> None:
        socket.on("framesent", lambda payload: self.frame(payload, sent=True))
        socket.on("framereceived", lambda payload: self.frame(payload, sent=False))

    def frame(self, payload: str | bytes, *, sent: bool) -> None:
        message = json.loads(payload)
        if sent and message.get("type") == "move":
            self.waiting.add(message["seq"])
        elif message.get("type") == "ack":
            self.waiting.discard(message["action"]["seq"])
        elif message.get("type") == "refused":
            self.waiting.discard(message["seq"])


_socket_moves: weakref.WeakKeyDictionary[Page, SocketMoves] = weakref.WeakKeyDictionary()


def follow_game_sockets(page: Page) -> None:
    """Count ``page``'s socket moves from now on, for ``InFlight`` (call it on a new page)."""
    _socket_moves[page] = SocketMoves(page)


class InFlight:
    """The requests of one page that have left and not yet been answered (and its socket
    moves, when ``follow_game_sockets`` follows the page)."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.waiting: set[Request] = set()
        # Python callables of their own: Playwright cannot wrap a builtin method as a listener.
        page.on("request", lambda request: self.waiting.add(request))
        page.on("requestfinished", lambda request: self.waiting.discard(request))
        page.on("requestfailed", lambda request: self.waiting.discard(request))
        followed = _socket_moves.get(page)
        self.moves = followed.waiting if followed is not None else set()

    def quiet(self, *, held: int = 0) -> None:
        """Until the page's inputs are handled and every request they sent is answered, but
        the ``held`` ones a test's route holds back on purpose."""
        self.page.evaluate(
            "() => new Promise(done => requestAnimationFrame(() =>"
            " requestAnimationFrame(() => setTimeout(done, 0))))"
        )
        self.page.evaluate(f"() => fetch('{BARRIER_PATH}').then(answer => answer.status)")
        deadline = time.monotonic() + ANSWER_WITHIN_S
        while len(self.waiting) + len(self.moves) > held:
            assert time.monotonic() < deadline, f"unanswered: {self.waiting} {self.moves}"
            self.page.wait_for_timeout(20)  # lets Playwright deliver the pending events
        # One more turn of the page: what an answer's handler scheduled has run.
        self.page.evaluate("() => new Promise(done => setTimeout(done, 0))")
