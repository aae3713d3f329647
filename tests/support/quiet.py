"""Waiting until a page has done all it will do: for tests that prove a request was *not* sent.

A pause ("wait 300 ms, then check nothing left") is a guess about the machine's speed: too short
on a loaded CI box, and always slow. Here the wait is a condition instead:

1. the page has handled every input it was given (two animation frames, then a task: input
   handlers, and what they schedule at once, have run by then);
2. a request the page sends after that has come back (requests leave in order, so any request
   the inputs sent has been seen by then);
3. no request the page sent is still waiting for its answer (so its answer has been handled).
"""

from __future__ import annotations

import time

from playwright.sync_api import Page, Request

BARRIER_PATH = "/api/health/"
ANSWER_WITHIN_S = 30.0  # far beyond any answer: reaching it is a hung request, a failure


class InFlight:
    """The requests of one page that have left and not yet been answered."""

    def __init__(self, page: Page) -> None:
        self.page = page
        self.waiting: set[Request] = set()
        # Python callables of their own: Playwright cannot wrap a builtin method as a listener.
        page.on("request", lambda request: self.waiting.add(request))
        page.on("requestfinished", lambda request: self.waiting.discard(request))
        page.on("requestfailed", lambda request: self.waiting.discard(request))

    def quiet(self, *, held: int = 0) -> None:
        """Until the page's inputs are handled and every request they sent is answered, but
        the ``held`` ones a test's route holds back on purpose."""
        self.page.evaluate(
            "() => new Promise(done => requestAnimationFrame(() =>"
            " requestAnimationFrame(() => setTimeout(done, 0))))"
        )
        self.page.evaluate(f"() => fetch('{BARRIER_PATH}').then(answer => answer.status)")
        deadline = time.monotonic() + ANSWER_WITHIN_S
        while len(self.waiting) > held:
            assert time.monotonic() < deadline, f"still unanswered: {self.waiting}"
            self.page.wait_for_timeout(20)  # lets Playwright deliver the pending events
        # One more turn of the page: what an answer's handler scheduled has run.
        self.page.evaluate("() => new Promise(done => setTimeout(done, 0))")
