"""Deal-code checking for page URLs, delegated to the engine (the one place the format lives)."""

from __future__ import annotations

from engine import Deal, DealCodeError


def normalise_code(code: str) -> tuple[str | None, str]:
    """`("CF1-D3-ABCDEFG", "")` for a valid code (any case), `(None, reason)` otherwise."""
    try:
        return Deal.from_code(code).code, ""
    except DealCodeError as error:
        return None, str(error)
