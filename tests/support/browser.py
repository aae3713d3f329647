"""Launching Debian's Chromium for Playwright tests, the same way everywhere, once per process.

Playwright's own browser download needs the network, which these machines
and CI do not give; Debian's package is used instead. A missing browser is a
skip on a developer machine, but CI sets CANFIELD_REQUIRE_BROWSER=1 so that a
missing browser fails loudly instead of silently skipping every browser test.

Starting Playwright's driver and Chromium costs 2 to 4 seconds on a loaded 2-core machine,
more than most browser tests take: ``SharedChromium`` starts them once per test process and
lends the browser to one test at a time; each test gets fresh browser contexts (cookie jars,
storage, cache), which is all the isolation a test needs.
"""

from __future__ import annotations

import asyncio
import os
from pathlib import Path
from typing import TYPE_CHECKING

import pytest

if TYPE_CHECKING:
    from playwright.sync_api import Browser, Playwright

CHROMIUM = Path("/usr/bin/chromium")
CHROMIUM_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
ARTIFACTS = Path(__file__).resolve().parents[1] / "artifacts"


def require_chromium() -> Path:
    """The Chromium executable, or skip (fail when CANFIELD_REQUIRE_BROWSER=1)."""
    if CHROMIUM.exists():
        return CHROMIUM
    reason = f"{CHROMIUM} is not installed (apt-get install chromium)"
    if os.environ.get("CANFIELD_REQUIRE_BROWSER") == "1":
        pytest.fail(f"CANFIELD_REQUIRE_BROWSER=1 but {reason}")
    pytest.skip(reason)


def launch_options() -> dict:
    """Keyword arguments for `playwright.chromium.launch(**launch_options())`."""
    return {
        "executable_path": str(require_chromium()),
        "headless": True,
        "args": CHROMIUM_ARGS,
    }


def artifact_path(name: str) -> Path:
    """Where a test saves a screenshot for humans to look at (git-ignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS / name


class SharedChromium:
    """One Playwright driver and one Chromium for the test process, lent to one test at a time.

    Playwright's sync API runs an asyncio event loop in a greenlet and, between its calls,
    leaves that loop marked as the thread's running loop. Django then refuses every ORM call
    (``SynchronousOnlyOperation``), pytest-django's database setup and flush included. So the
    loop is marked running only while a test holds the browser (``lend`` to ``give_back``),
    and set aside in between: Playwright runs nothing then (its loop only turns inside its
    own calls), and the rest of the suite sees no running loop, as if no browser existed.
    """

    def __init__(self) -> None:
        self._playwright: Playwright | None = None
        self._browser: Browser | None = None
        self._loop: asyncio.AbstractEventLoop | None = None

    def lend(self) -> Browser:
        """The browser, started on first use; the caller must ``give_back`` it."""
        options = launch_options()  # skips (or fails under CANFIELD_REQUIRE_BROWSER=1) first
        if self._browser is not None and self._browser.is_connected():
            asyncio._set_running_loop(self._loop)
            return self._browser
        self.stop()  # a browser that crashed or disconnected: start again
        from playwright.sync_api import sync_playwright

        self._playwright = sync_playwright().start()
        self._loop = asyncio.get_running_loop()
        self._browser = self._playwright.chromium.launch(**options)
        return self._browser

    def give_back(self) -> None:
        """Close what the test opened (its contexts), then set Playwright's loop aside."""
        try:
            if self._browser is not None and self._browser.is_connected():
                for context in self._browser.contexts:
                    context.close()
        except Exception:
            self.stop()  # the next test starts a fresh browser rather than inherit this one
            raise
        finally:
            asyncio._set_running_loop(None)

    def stop(self) -> None:
        """Close the browser and the driver (at the end of the session, or after a crash)."""
        if self._playwright is None:
            return
        asyncio._set_running_loop(self._loop)
        try:
            if self._browser is not None and self._browser.is_connected():
                self._browser.close()
            self._playwright.stop()
        finally:
            self._playwright = self._browser = self._loop = None
            asyncio._set_running_loop(None)
