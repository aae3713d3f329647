"""Deal-code and board-id checking for page URLs, delegated to where each format lives: the
engine for deal codes, ``games.boards`` for board ids (a deal code or ``daily-<date>-D3|D1``)."""

from __future__ import annotations

from django.utils.translation import gettext

from engine import Deal, DealCodeError, Game, State


def normalise_code(code: str) -> tuple[str | None, str]:
    """`("CF1-D3-ABCDEFG", "")` for a valid code (any case), `(None, reason)` otherwise,
    the engine's reason in the reader's language."""
    try:
        return Deal.from_code(code).code, ""
    except DealCodeError as error:
        return None, error.problem.sentence(gettext)


def sealed_reason(code: str) -> str | None:
    """Why a valid code's layout may not be shown yet (it is a sealed daily's, whichever code
    names it: ``games.daily.store.sealed_layout_check``), in the reader's language; None when
    it may."""
    from games.daily.store import sealed_layout_check
    from games.errors import DealSealed

    try:
        sealed_layout_check(deal=Deal.from_code(code))
    except DealSealed as error:
        return error.detail
    return None


def normalise_board(board: str) -> tuple[str | None, str]:
    """`("CF1-D3-ABCDEFG", "")` or `("daily-2026-12-01-D3", "")` for a valid board id (a code
    in any case), `(None, reason)` otherwise: the one rule is ``games.boards.parse_board``."""
    from games.boards import parse_board
    from games.errors import BadBoard

    try:
        return parse_board(board).id, ""
    except BadBoard as error:
        return None, str(error)


def deal_preview(code: str) -> State:
    """The deal's starting layout (engine state), shown behind the sign-up dialog.

    Every code's layout is public (anyone can start it), so showing it before
    signing in gives nothing away and tells a visitor what they are about to play.
    """
    return Game(Deal.from_code(code)).state()
