"""Deal-code checking for page URLs, delegated to the engine (the one place the format lives)."""

from __future__ import annotations

from typing import Any

from engine import Deal, DealCodeError, Game


def normalise_code(code: str) -> tuple[str | None, str]:
    """`("CF1-D3-ABCDEFG", "")` for a valid code (any case), `(None, reason)` otherwise."""
    try:
        return Deal.from_code(code).code, ""
    except DealCodeError as error:
        return None, str(error)


def deal_preview(code: str) -> dict[str, Any]:
    """The deal's starting layout (engine state), shown behind the sign-up dialog.

    Every code's layout is public (anyone can start it), so showing it before
    signing in gives nothing away and tells a visitor what they are about to play.
    """
    return Game(Deal.from_code(code)).state()
