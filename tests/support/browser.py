"""Launching Debian's Chromium for Playwright tests, the same way everywhere.

Playwright's own browser download needs the network, which these machines
and CI do not give; Debian's package is used instead. A missing browser is a
skip on a developer machine, but CI sets CANFIELD_REQUIRE_BROWSER=1 so that a
missing browser fails loudly instead of silently skipping every browser test.
"""

from __future__ import annotations

import os
from pathlib import Path

import pytest

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
