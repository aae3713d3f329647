"""What a test does on the table page, in the page's own terms (a tiny page object).

Keeps the tests readable ("drag column 2's block onto column 3") and puts the
CSS selectors in one place.
"""

from __future__ import annotations

import re
from collections.abc import Callable

from playwright.sync_api import Locator, Page, expect

GAME_URL = re.compile(r"/games/(\d+)/$")


class Table:
    def __init__(self, page: Page) -> None:
        self.page = page

    @classmethod
    def open_deal(cls, page: Page, code: str) -> Table:
        """Open /play/<code>/ and wait until the game exists and is drawn."""
        page.goto(f"/play/{code}/")
        expect(page).to_have_url(GAME_URL)
        table = cls(page)
        expect(page.locator("#game-code")).to_have_text(code)
        expect(table.column(1).locator("[data-card]").first).to_be_visible()
        return table

    @property
    def game_id(self) -> int:
        match = GAME_URL.search(self.page.url)
        assert match, self.page.url
        return int(match.group(1))

    def server_game(self) -> dict:
        response = self.page.request.get(f"/api/games/{self.game_id}/")
        assert response.ok, response.text()
        return response.json()

    # --- places on the felt ---
    def card(self, card: str) -> Locator:
        return self.page.locator(f'#felt [data-card="{card}"]')

    def column(self, number: int) -> Locator:
        return self.page.locator(f'#tableau [data-column="{number}"]')

    def column_cards(self, number: int) -> list[str]:
        return (
            self.column(number)
            .locator("[data-card]")
            .evaluate_all("nodes => nodes.map(n => n.dataset.card)")
        )

    def foundation(self, suit: str) -> Locator:
        return self.page.locator(f'#foundations [data-suit="{suit}"]')

    def waste_cards(self) -> list[str]:
        return self.page.locator("#waste [data-card]").evaluate_all(
            "nodes => nodes.map(n => n.dataset.card)"
        )

    def stat(self, name: str) -> Locator:
        return self.page.locator(f"#stat-{name}")

    @property
    def status(self) -> Locator:
        return self.page.locator("#status")

    # --- gestures ---
    def drag(
        self, source: Locator, target: Locator, while_over: Callable[[], None] | None = None
    ) -> None:
        """Press on `source`, move in steps (like a hand), release over `target`'s middle.

        `while_over()` runs while the cards hover over the target, before the release.
        """
        self.settle()
        start = source.bounding_box()
        end = target.bounding_box()
        assert start and end
        mouse = self.page.mouse
        mouse.move(start["x"] + start["width"] / 2, start["y"] + 12)
        mouse.down()
        mouse.move(end["x"] + end["width"] / 2, end["y"] + end["height"] / 2, steps=8)
        if while_over is not None:
            while_over()
        mouse.up()

    def finger_drag(self, source: Locator, target: Locator) -> None:
        """The same gesture with a finger: raw touch events through the DevTools protocol
        (Playwright has no touch-move API), which Chromium turns into pointer events."""
        self.settle()
        start = source.bounding_box()
        end = target.bounding_box()
        assert start and end
        session = self.page.context.new_cdp_session(self.page)
        x0, y0 = start["x"] + start["width"] / 2, start["y"] + 8
        x1, y1 = end["x"] + end["width"] / 2, end["y"] + end["height"] / 2
        session.send(
            "Input.dispatchTouchEvent", {"type": "touchStart", "touchPoints": [{"x": x0, "y": y0}]}
        )
        for step in range(1, 9):
            x, y = x0 + (x1 - x0) * step / 8, y0 + (y1 - y0) * step / 8
            session.send(
                "Input.dispatchTouchEvent", {"type": "touchMove", "touchPoints": [{"x": x, "y": y}]}
            )
        # A hand comes to rest on the target before it lifts: a lift at full speed is a flick,
        # and Chromium does not turn the tap that stops a flick's fling into a click.
        for _ in range(3):
            self.page.wait_for_timeout(40)
            session.send(
                "Input.dispatchTouchEvent",
                {"type": "touchMove", "touchPoints": [{"x": x1, "y": y1}]},
            )
        session.send("Input.dispatchTouchEvent", {"type": "touchEnd", "touchPoints": []})
        session.detach()

    def settle(self) -> None:
        """Wait for the cards' slide animations to end (a moving card is a moving target).

        A function, not an expression: Playwright evals a bare expression inside the page,
        which the pages' Content-Security-Policy (no 'unsafe-eval') refuses."""
        self.page.wait_for_function(
            "() => document.getAnimations().every(a => a.playState !== 'running')"
        )

    def expect_matches_server(self) -> None:
        """Every column on screen shows exactly the server's cards, bottom to top."""
        state = self.server_game()["state"]
        for number, cards in enumerate(state["tableau"], start=1):
            expect(self.column(number).locator("[data-card]")).to_have_count(len(cards))
            assert self.column_cards(number) == cards
