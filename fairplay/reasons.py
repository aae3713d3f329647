"""Why an entry is held, in words, in the reader's language: one home for the sentences the
owner's reads (daily, stats, the table page) and the staff review show."""

from typing import Any

from django.utils.translation import gettext

from fairplay.models import Flag


def hold_reason(reason: str, *, confirmed: bool) -> dict[str, Any]:
    """``{"code", "detail"}``: what the owner of a held entry is told."""
    if confirmed:
        detail = gettext(
            "After a fair-play review this entry is out of the ranking for good: it was played"
            " from the same network or device as another player's ranked game on this board."
        )
    else:
        detail = gettext(
            "Your entry is held for a fair-play review: this game was started from the same"
            " network or device as another player's ranked game on this board. Until staff"
            " have looked at it, it is not on the board; you may play on."
        )
    return {"code": reason, "detail": detail}


def link_words(kind: str) -> str:
    """A link of the evidence, for staff: which kind of origin two games shared."""
    if kind == "device":
        return gettext("same device")
    return gettext("same network")


def status_words(status: str) -> str:
    """A flag's status, for staff."""
    return {
        Flag.Status.HELD: gettext("held, waiting for a verdict"),
        Flag.Status.CLEARED: gettext("cleared: back on the board"),
        Flag.Status.CONFIRMED: gettext("confirmed: out for good"),
    }[Flag.Status(status)]
