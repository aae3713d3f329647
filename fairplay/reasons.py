"""Why an entry is held, in words, in the reader's language: one home for the sentences the
owner's reads (daily, stats, the table page) and the staff review show."""

from collections.abc import Callable
from typing import Any

from django.utils.translation import gettext

from engine.table_player.engine_like import STATISTIC as ENGINE_STATISTIC
from engine.table_player.par import TablePar
from fairplay.models import Flag


def hold_reason(reason: str, measured: object = None, *, confirmed: bool) -> dict[str, Any]:
    """``{"code", "detail"}``: what the owner of a held entry is told. ``measured`` is the
    flag's evidence's ``statistic``: an ``engine_like`` hold says which of its two measures
    held it (the line's strength beside the table-view player's runs, or its choices and
    think times), never a figure or a threshold."""
    if reason == Flag.Reason.ENGINE_LIKE and not confirmed and measured != ENGINE_STATISTIC:
        return {"code": reason, "detail": strength_held()}
    return {"code": reason, "detail": (CONFIRMED_WORDS if confirmed else HELD_WORDS)[reason]()}


def linked_held() -> str:
    return gettext(
        "Your entry is held for a fair-play review: this game was started from the same"
        " network or device as another player's ranked game on this board. Until staff"
        " have looked at it, it is not on the board; you may play on."
    )


def strength_held() -> str:
    return gettext(
        "Your entry is held for a fair-play review: this line did better than a strong player"
        " who sees only the table does on this deal in all but the rarest runs. Until staff"
        " have looked at it, it is not on the board; you may play on."
    )


def clairvoyant_held() -> str:
    return gettext(
        "Your entry is held for a fair-play review: again and again this line went against"
        " what the table showed, and the face-down cards proved it right. Until staff have"
        " looked at it, it is not on the board; you may play on."
    )


def bot_like_held() -> str:
    return gettext(
        "Your entry is held for a fair-play review: the times between your actions were as"
        " even, or as fast, as a program's. An account that plays by program must be declared"
        " a bot. Until staff have looked at it, it is not on the board."
    )


def engine_like_held() -> str:
    return gettext(
        "Your entry is held for a fair-play review: where the choice mattered, this line took"
        " the moves an engine takes, and the time taken before each action did not follow how"
        " hard the decision was. Until staff have looked at it, it is not on the board; you"
        " may play on."
    )


def linked_confirmed() -> str:
    return gettext(
        "After a fair-play review this entry is out of the ranking for good: it was played"
        " from the same network or device as another player's ranked game on this board."
    )


def clairvoyant_confirmed() -> str:
    return gettext(
        "After a fair-play review this entry is out of the ranking for good: its line played"
        " as if it knew the face-down cards."
    )


def bot_like_confirmed() -> str:
    return gettext(
        "After a fair-play review this entry is out of the ranking for good: it was played by"
        " a program on an account not declared a bot."
    )


def engine_like_confirmed() -> str:
    return gettext(
        "After a fair-play review this entry is out of the ranking for good: it was played"
        " with an engine's moves, not by a hand unaided."
    )


def provisional_confirmed() -> str:
    return gettext(
        "After a fair-play review this entry is out of the ranking for good: staff found it"
        " was not a hand's own play."
    )


#: The owner's words for each reason (functions: the words are in the reader's language).
HELD_WORDS: dict[str, Callable[[], str]] = {
    Flag.Reason.LINKED: linked_held,
    Flag.Reason.CLAIRVOYANT: clairvoyant_held,
    Flag.Reason.BOT_LIKE: bot_like_held,
    Flag.Reason.ENGINE_LIKE: engine_like_held,
}
CONFIRMED_WORDS: dict[str, Callable[[], str]] = {
    Flag.Reason.LINKED: linked_confirmed,
    Flag.Reason.CLAIRVOYANT: clairvoyant_confirmed,
    Flag.Reason.BOT_LIKE: bot_like_confirmed,
    Flag.Reason.ENGINE_LIKE: engine_like_confirmed,
    Flag.Reason.PROVISIONAL: provisional_confirmed,
}


def link_words(kind: str) -> str:
    """A link of the evidence, for staff: which kind of origin two games shared."""
    if kind == "device":
        return gettext("same device")
    return gettext("same network")


def status_words(status: str) -> str:
    """A flag's status, for staff."""
    return {
        Flag.Status.HELD: gettext("held, waiting for a verdict"),
        Flag.Status.LISTED: gettext("listed: borderline, still on the board"),
        Flag.Status.CLEARED: gettext("cleared: back on the board"),
        Flag.Status.CONFIRMED: gettext("confirmed: out for good"),
    }[Flag.Status(status)]


def reason_words(reason: str) -> str:
    """A flag's reason, for staff."""
    return {
        Flag.Reason.LINKED: gettext("linked to another player's ranked game"),
        Flag.Reason.CLAIRVOYANT: gettext("played as if it knew the face-down cards"),
        Flag.Reason.BOT_LIKE: gettext("timed like a program"),
        Flag.Reason.ENGINE_LIKE: gettext("played like an engine, not a hand"),
        Flag.Reason.PROVISIONAL: gettext("a new account's entry in the board's top"),
    }[Flag.Reason(reason)]


def table_par_words(par: TablePar, *, won: int) -> str:
    """What seeing only the table costs on a deal, beside the solver's par: "knowing every
    card: 147 actions; seeing only the table: about 190 (won 31 of 40 runs)"."""
    knowing = (
        gettext("knowing every card: %(count)s actions") % {"count": par.solver_actions}
        if par.solver_actions is not None
        else gettext("knowing every card: not known")
    )
    if par.median_actions is None:
        seeing = gettext("seeing only the table: won none of %(runs)s runs") % {
            "runs": len(par.runs)
        }
    else:
        seeing = gettext(
            "seeing only the table: about %(count)s actions (won %(won)s of %(runs)s runs)"
        ) % {"count": par.median_actions, "won": won, "runs": len(par.runs)}
    return f"{knowing}; {seeing}"
