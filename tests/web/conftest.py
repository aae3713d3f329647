"""Fixtures of the browser tests: the real ASGI server on the test database, Chromium.

One server process serves the session on the test database (tests use
`transactional_db`, so what they write is committed and visible to it); one Chromium
serves the test process, lent to one test at a time; browser contexts are separate cookie
jars, so two contexts are two players, and a test's contexts close when it ends.
"""

from __future__ import annotations

import os
import time
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from urllib.parse import urlsplit

import pytest
import redis
from django.conf import LazySettings
from playwright.sync_api import APIResponse, Browser, BrowserContext, Page, expect

from tests.support.quiet import follow_game_sockets
from tests.support.servers import (
    CHEAP_HASHING,
    RUN_PREFIX,
    run_asgi_server,
    server_env_for_test_db,
)

PASSWORD = "correct horse 42"
#: The daily deals' secret and solve budget of the test server and of this process alike, so
#: both choose the same (quickly proven) deals and a test can know today's sealed codes.
DAILY_ENV = {"DAILY_SECRET": "canfield tests", "CANFIELD_DAILY_SOLVE_SECONDS": "2"}
# Quick enough to keep the suite fast, slow enough for a loaded 2-core CI machine.
TIMEOUT_MS = 10_000
expect.set_options(timeout=TIMEOUT_MS)


@pytest.fixture(scope="session")
def _asgi_server(django_db_setup: None) -> Iterator[str]:
    """One uvicorn for the session, on the test database, throttling off.

    Started once (a start costs seconds on a loaded machine): the test database
    keeps its name for the whole session, and `transactional_db` empties its
    tables between tests, so every test still starts from an empty database.
    """
    env = {
        **server_env_for_test_db(),
        **CHEAP_HASHING,
        "CANFIELD_THROTTLE_ANON": "off",
        "CANFIELD_THROTTLE_USER": "off",
        **DAILY_ENV,
        # Every test empties the tables: a table par this process kept from the last test (or
        # its absence) would be another database's.
        "CANFIELD_TABLE_PAR_CACHE_SECONDS": "0",
        # Its Redis prefix is the run's own (``server_env_for_test_db``): every session plays
        # today's deal, and another one's entries must not reach these pages.
    }
    with run_asgi_server(env=env) as url:
        yield url


@pytest.fixture
def server_url(transactional_db: None, _asgi_server: str, settings: LazySettings) -> str:
    """Base URL of the server; the test's rows are committed, so the server sees them.

    This process gets the server's daily settings: whatever either side stores first, the
    other agrees with it (``games.daily.store``)."""
    settings.DAILY_SECRET = DAILY_ENV["DAILY_SECRET"]
    settings.CANFIELD_DAILY_SOLVE_SECONDS = float(DAILY_ENV["CANFIELD_DAILY_SOLVE_SECONDS"])
    forget_server_rank_index()
    return _asgi_server


#: How long a test waits for the server's rank-index builds of the last test to end.
BUILDS_WAIT_S = 10.0


def forget_server_rank_index() -> None:
    """Empty the server's rank index and outdate its boards' snapshots: the tables are
    emptied between tests, and an index still holding the last test's entries of the same
    board (every test plays today's deal) would answer for players the tables no longer have.
    The index rebuilds itself from the tables.

    A build the server started in the last test (a read that finds a board not ready builds
    it in the background, ``games.rank_index.building``) may still be loading that test's
    entries, and would put them back after the keys are gone and mark the board ready (CI
    met it: a player of an earlier test first on a board this test had just played). So a
    live build is waited for (its lock is fresh: set for ``LOCK_TTL_S`` and renewed at each
    batch; a lock left by a server a test killed only ages), and the boards' epochs are
    moved, not deleted, so that a build still running cannot mark its board ready, as
    ``index_clear`` does.

    The server's boards' versions are bumped too: it keeps each board's last snapshot for its
    watchers while the version stands (``games.live.snapshots``, up to 2 s), and this test's
    rows, written by this process under its own prefix, bump no version of the server's: a
    page opened right after the last test of the same board got that test's players from it
    (CI met it, twice in one run)."""
    from games.rank_index.building import LOCK_TTL_S

    url = os.environ.get("REDIS_URL")
    if not url:
        return
    client = redis.Redis.from_url(url)
    deadline = time.monotonic() + BUILDS_WAIT_S
    while time.monotonic() < deadline and any(
        client.ttl(key) > LOCK_TTL_S - BUILDS_WAIT_S
        for key in client.scan_iter(match=f"{RUN_PREFIX}:rank*:building", count=1000)
    ):
        time.sleep(0.02)
    pipe = client.pipeline(transaction=False)
    for key in client.scan_iter(match=f"{RUN_PREFIX}:rank*", count=1000):
        if key.endswith(b":epoch"):
            pipe.incr(key)
        else:
            pipe.delete(key)
    for key in client.scan_iter(match=f"{RUN_PREFIX}:live:board-version:*", count=1000):
        pipe.incr(key)
    pipe.execute()


@pytest.fixture
def browser(server_url: str, chromium: Browser) -> Browser:
    """The test process's Chromium, lent to this test (``tests.support.browser``).

    Depending on ``server_url`` first gets the database ready before Playwright's loop is
    marked running, and gives the browser back (its contexts closed) before the database is
    flushed: Django refuses ORM calls while that loop runs.
    """
    return chromium


def cookies_settled(context: BrowserContext, response: APIResponse, timeout_s: float = 5) -> None:
    """Wait until ``context``'s cookie jar holds what ``response`` set (a sign-in's new session
    and rotated CSRF token, a sign-out's cleared session).

    Playwright stores an API response's cookies in the browser's jar on its own time
    (microsoft/playwright#29212): a request sent right after a sign-in could go with the old
    session, or with the new CSRF cookie beside the old token read for its header (a 403 that
    CI met once). Waiting here keeps the next step a player's: after the answer arrived."""
    wanted: dict[str, str | None] = {}
    for header in response.headers_array:
        if header["name"].lower() != "set-cookie":
            continue
        first, _, attributes = header["value"].partition(";")
        name, _, value = first.strip().partition("=")
        gone = "max-age=0" in attributes.lower().replace(" ", "")
        wanted[name] = None if gone or not value.strip('"') else value
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        # A name may stand more than once in the jar (another path or domain form): the answer
        # is stored once its value is there, and a cleared cookie once no value of it is left.
        jar: dict[str, set[str]] = {}
        for cookie in context.cookies():
            jar.setdefault(cookie["name"], set()).add(cookie["value"])
        if all(
            (value in jar.get(name, ())) if value is not None else not jar.get(name)
            for name, value in wanted.items()
        ):
            return
        time.sleep(0.02)
    # Not seen in time (CI met it once, on a second sign-up in one browser): put the jar as
    # the answer left it. A cookie is stored as the server sets it (host-only, path /), so it
    # replaces the one there rather than standing beside it: two ``csrftoken`` cookies would
    # send the server one token and the header another.
    parts = urlsplit(response.url)
    origin = f"{parts.scheme}://{parts.netloc}/"
    for name, set_to in wanted.items():
        if set_to is None:
            context.clear_cookies(name=name)
        else:
            context.add_cookies([{"name": name, "value": set_to, "url": origin}])


@dataclass
class Player:
    username: str
    page: Page
    errors: list[str]  # uncaught JavaScript errors of the page: a test expects none

    def post(self, path: str, data: dict) -> dict:
        """POST JSON with this browser's session, signed with its CSRF cookie like the page does."""
        response = self.page.context.request.post(
            path, data=data, headers={"X-CSRFToken": self.csrf_token()}
        )
        assert response.ok, f"{path}: {response.status} {response.text()}"
        cookies_settled(self.page.context, response)
        return response.json()

    def csrf_token(self) -> str:
        tokens = {c["value"] for c in self.page.context.cookies() if c["name"] == "csrftoken"}
        assert len(tokens) == 1, f"the jar holds {len(tokens)} CSRF tokens"  # which would go?
        return tokens.pop()

    def csrf_header(self) -> dict[str, str]:
        """The header the pages' ``api.js`` sends on every write, once the jar has a token
        (a browser that has opened no page has none yet)."""
        has_token = any(c["name"] == "csrftoken" for c in self.page.context.cookies())
        return {"X-CSRFToken": self.csrf_token()} if has_token else {}

    def sign_up_as(self, name: str) -> None:
        """Sign this browser in as a new account ``name`` (the same device cookie: a second
        account of one person), as the page's sign-up does."""
        response = self.page.context.request.post(
            "/api/players/",
            data={"username": name, "password": PASSWORD, "session": True},
            headers=self.csrf_header(),
        )
        assert response.status == 201, response.text()
        cookies_settled(self.page.context, response)

    def sign_out(self) -> None:
        response = self.page.context.request.delete(
            "/api/session/", headers={"X-CSRFToken": self.csrf_token()}
        )
        assert response.ok, response.text()
        cookies_settled(self.page.context, response)

    def submit(self, code: str, actions: list[str]) -> int:
        """Store a whole log as one of this player's games (it stays playable); its id."""
        return int(self.post("/api/submissions/", {"code": code, "actions": actions})["id"])


@pytest.fixture
def new_player(browser: Browser, server_url: str) -> Iterator[Callable[..., Player]]:
    """Factory: a browser context signed up as a fresh player (through the API, like the page)."""
    contexts = []

    def make(
        *,
        viewport: tuple[int, int] = (1280, 800),
        sign_up: bool = True,
        touch: bool = False,
        locale: str = "en-US",
    ) -> Player:
        """``locale`` is the browser's language: its Accept-Language and navigator.language."""
        context = browser.new_context(
            base_url=server_url,
            locale=locale,
            viewport={"width": viewport[0], "height": viewport[1]},
            has_touch=touch,
            is_mobile=touch,
        )
        context.set_default_timeout(TIMEOUT_MS)
        contexts.append(context)
        page = context.new_page()
        follow_game_sockets(page)
        errors: list[str] = []
        page.on("pageerror", lambda error: errors.append(str(error)))
        username = f"p{uuid.uuid4().hex[:10]}"
        if sign_up:
            response = context.request.post(
                "/api/players/",
                data={"username": username, "password": PASSWORD, "session": True},
            )
            assert response.status == 201, response.text()
            cookies_settled(context, response)
        return Player(username=username, page=page, errors=errors)

    yield make
    for context in contexts:
        context.close()
