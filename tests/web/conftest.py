"""Fixtures of the browser tests: the real ASGI server on the test database, Chromium.

Each test gets its own server process (it must see the rows of its own
`transactional_db`) and its own Chromium; browser contexts are separate cookie
jars, so two contexts are two players.
"""

from __future__ import annotations

import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest

from tests.support.browser import launch_options
from tests.support.servers import run_asgi_server, server_env_for_test_db

PASSWORD = "correct horse 42"
# Quick enough to keep the suite fast, slow enough for a loaded 2-core CI machine.
TIMEOUT_MS = 10_000


@pytest.fixture
def server_url(transactional_db: None) -> Iterator[str]:
    """Base URL of uvicorn serving the app on this test's database, throttling off."""
    env = {
        **server_env_for_test_db(),
        "CANFIELD_THROTTLE_ANON": "off",
        "CANFIELD_THROTTLE_USER": "off",
    }
    with run_asgi_server(env=env) as url:
        yield url


@pytest.fixture
def browser(server_url: str):
    """A headless Chromium for one test (Playwright's sync API: keep tests sync).

    Function-scoped on purpose: while Playwright's sync API is alive, its event
    loop counts as running in this thread, and Django then refuses ORM calls
    (SynchronousOnlyOperation), including pytest-django's own database setup
    and flush. Depending on `server_url` starts it after the database is ready
    and stops it before the database is flushed.
    """
    options = launch_options()  # skips (or fails under CANFIELD_REQUIRE_BROWSER=1) first
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        chromium = playwright.chromium.launch(**options)
        yield chromium
        chromium.close()


@dataclass
class Player:
    username: str
    page: object  # playwright Page
    errors: list[str]


@pytest.fixture
def new_player(browser, server_url: str) -> Iterator[Callable[..., Player]]:
    """Factory: a browser context signed up as a fresh player (through the API, like the page)."""
    contexts = []

    def make(*, viewport: tuple[int, int] = (1280, 800), sign_up: bool = True) -> Player:
        context = browser.new_context(
            base_url=server_url, viewport={"width": viewport[0], "height": viewport[1]}
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        username = f"p{uuid.uuid4().hex[:10]}"
        if sign_up:
            response = context.request.post(
                "/api/players/",
                data={"username": username, "password": PASSWORD, "session": True},
            )
            assert response.status == 201, response.text()
        return Player(username=username, page=page, errors=errors)

    yield make
    for context in contexts:
        context.close()
