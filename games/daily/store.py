"""A day's deals: chosen by the solver on first use (or ahead, ``prepare_daily``), stored.

A stored day never changes. Choosing takes up to the solve budget per candidate, so it runs
once: a process-wide lock keeps threads of one worker from solving twice, and on PostgreSQL
a transaction-level advisory lock on the day keeps other workers waiting for the first one's
row instead of solving too. On SQLite (the embedded default: one server process and its
referee, which may both choose a new day at once) the solve runs outside the transaction, so
the database is not write-locked meanwhile; unique(date) still keeps exactly one row.

What may be told of a day, and when, is decided here too (``daily_codes``, ``par_of_code``,
``commitments``): a day's commitments from the day before on, its pars from the day itself
on, its codes, salts and lines only once it has closed. And no layout of a day not yet closed
may be opened any other way (``sealed_layout_check``), whichever code names it.
"""

import hashlib
import secrets
import threading
from datetime import date
from functools import cache

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.db.models import Q
from django.utils.translation import gettext

from engine import Deal
from engine.deal import CodedDeal
from games.boards import DAILY_MODES, day_sealed, first_sealed_day, utc_today
from games.daily.choosing import choose_daily
from games.errors import DailyNotFound, DealSealed
from games.models import DailyDeal
from games.replaying import deal_from_code
from games.solver_budgets import daily_solve_nodes, daily_solve_seconds
from shared.compiled_sql import CompiledSql, compiled, date_param

#: Threads of this process choose one day at a time (the choice is then stored or cached).
CHOOSING = threading.Lock()

#: Namespace of the advisory lock keys (the low 32 bits are the day's ordinal).
DAILY_LOCK_NAMESPACE = 0x0DA1 << 32


def daily_deal_get(*, day: date) -> DailyDeal:
    """The stored deals of ``day``, chosen and stored (once, even under concurrent
    requests) if needed."""
    existing = DailyDeal.objects.filter(date=day).first()
    if existing is not None:
        return existing
    with CHOOSING:
        if connection.vendor == "postgresql":
            with transaction.atomic():
                with connection.cursor() as cursor:
                    cursor.execute(
                        "SELECT pg_advisory_xact_lock(%s)", [DAILY_LOCK_NAMESPACE + day.toordinal()]
                    )
                return stored_or_chosen(day)
        return stored_or_chosen(day)


def daily_deal_shown(*, day: date) -> DailyDeal:
    """The deals of a day a client may ask about: today (chosen if needed) or a past day
    that was played (``DailyNotFound`` otherwise: the future is never told, not even
    whether it is chosen)."""
    today = utc_today()
    if day == today:
        return daily_deal_get(day=day)
    found = DailyDeal.objects.filter(date=day).first() if day < today else None
    if found is None:
        if day > today:
            raise not_come_yet(day)
        raise DailyNotFound(
            gettext("%(day)s had no daily deals") % {"day": day.isoformat()},
            date=day.isoformat(),
        )
    return found


def not_come_yet(day: date) -> DailyNotFound:
    """What anyone asking of a day to come is told: only that it has not come."""
    return DailyNotFound(
        gettext("%(day)s has not come yet") % {"day": day.isoformat()}, date=day.isoformat()
    )


def stored_or_chosen(day: date) -> DailyDeal:
    """The day's row if another worker stored it meanwhile, else the solver's choice, stored."""
    existing = DailyDeal.objects.filter(date=day).first()
    if existing is not None:
        return existing
    choice = choose_daily(settings.DAILY_SECRET, day, daily_solve_seconds(), daily_solve_nodes())
    d3, d1 = choice.modes["D3"], choice.modes["D1"]
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(
                date=day,
                code=d3.code,
                code_d1=d1.code,
                salt=secrets.token_hex(16),
                salt_d1=secrets.token_hex(16),
                par=len(d3.line),
                par_d1=len(d1.line),
                par_source=DailyDeal.ParSource.PENDING,  # the optimiser's par comes next
                solver_par=len(d3.line),
                solver_par_d1=len(d1.line),
                line=list(d3.line),
                line_d1=list(d1.line),
                candidates=d3.candidates + d1.candidates,
                solver_calls=choice.solver_calls,
                solve_seconds=round(choice.seconds, 3),
            )
    except IntegrityError:  # another process stored it first (SQLite): theirs is the deal
        return DailyDeal.objects.get(date=day)


def daily_code(deal: DailyDeal, mode: str) -> str:
    """The code of one of a day's deals. Server side only while the day is sealed."""
    return deal.code if mode == "D3" else deal.code_d1


def daily_salt(deal: DailyDeal, mode: str) -> str:
    return deal.salt if mode == "D3" else deal.salt_d1


def commitment(code: str, salt: str) -> str:
    """SHA-256 (hex) of ``"<code>\n<salt>"``: ``printf '%s\n%s' CODE SALT | sha256sum``."""
    return hashlib.sha256(f"{code}\n{salt}".encode()).hexdigest()


def commitments(deal: DailyDeal) -> dict[str, str]:
    """Each board's commitment: told from before the day, so the deal is fixed before anyone
    plays it; the salt makes it uncheckable against guessed codes until the close."""
    return {
        mode: commitment(daily_code(deal, mode), daily_salt(deal, mode)) for mode in DAILY_MODES
    }


def daily_salts(deal: DailyDeal) -> dict[str, str] | None:
    """``{"D3": salt, "D1": salt}`` once the day has closed, None while it is sealed."""
    if day_sealed(deal.date):
        return None
    return {mode: daily_salt(deal, mode) for mode in DAILY_MODES}


def daily_codes(deal: DailyDeal) -> dict[str, str] | None:
    """``{"D3": code, "D1": code}`` once the day has closed, None while it is sealed."""
    if day_sealed(deal.date):
        return None
    return {mode: daily_code(deal, mode) for mode in DAILY_MODES}


def daily_lines(deal: DailyDeal) -> dict[str, list[str]] | None:
    """The solver's winning lines once the day has closed (they are the deals, move by
    move), None while it is sealed."""
    if day_sealed(deal.date):
        return None
    return {"D3": list(deal.line), "D1": list(deal.line_d1)}


def daily_pars(deal: DailyDeal) -> dict[str, int | None]:
    """``{"D3": par, "D1": par}`` of a stored day (None for a day stored before pars, and
    while the optimiser has not found them: ``games.daily.pars``, unless the day has closed:
    then its line is public and its length is told until a shorter one is found)."""
    if deal.par_source == DailyDeal.ParSource.PENDING and day_sealed(deal.date):
        return {"D3": None, "D1": None}
    return {"D3": deal.par, "D1": deal.par_d1}


def par_statuses(deal: DailyDeal) -> dict[str, dict[str, object]]:
    """Each board's ``{"par_status", "par_proven"}``: ``pending`` while the optimiser has
    not found the par (``games.daily.pars``), ``ready`` once it is told."""
    pending = deal.par_source == DailyDeal.ParSource.PENDING
    proven = {"D3": deal.par_proven, "D1": deal.par_proven_d1}
    return {
        mode: {
            "par_status": "pending" if pending else "ready",
            "par_proven": not pending and proven[mode],
        }
        for mode in DAILY_MODES
    }


def layout_codes(deal: Deal) -> list[str]:
    """Every code a day could have stored for ``deal``'s layout: its own, and the layout's CF2
    code in each draw mode (both modes of one layout are the same cards)."""
    letters = deal.layout_code.split("-")[2]
    return [deal.code or deal.layout_code, *(f"CF2-{mode}-{letters}" for mode in DAILY_MODES)]


def sealed_layout_check(*, deal: Deal) -> None:
    """Refuse (``DealSealed``) a layout that is the deal of a day not yet closed, whichever
    code names it: before the close the ranked game is the only way to play it, and nothing
    else may show it (an open game, a hint, a submission, a page)."""
    codes = layout_codes(deal)
    if sealed_sql(len(codes)).rows(date_param(first_sealed_day()), *codes):
        raise DealSealed(
            gettext(
                "this layout is a ranked daily deal still sealed: it can be played as an open"
                " deal once its day has closed (00:00 UTC)"
            )
        )


#: The values the layout reads below compile in, replaced by each call's (a day no deal
#: has, codes no deal has): every board answer, game start and hint of a deal code reads them.
DAY_PLACEHOLDER = date(1, 1, 1)
CODE_PLACEHOLDERS = tuple(f"layout-placeholder-{index}" for index in range(8))


@cache
def sealed_sql(codes: int) -> CompiledSql:
    """Whether a day from the first sealed one on has one of ``codes`` layout codes
    (parameters: that day, the codes): a row if so."""
    day, named = date_param(DAY_PLACEHOLDER), CODE_PLACEHOLDERS[:codes]
    sealed = DailyDeal.objects.filter(date__gte=day).filter(
        Q(code__in=named) | Q(code_d1__in=named)
    )
    return compiled(sealed.values_list("pk")[:1], day, *named)


def open_deal(code: str) -> CodedDeal:
    """The deal of a code a client names to play, submit or look at (400 for a bad code),
    refused while its layout is a sealed daily's (``sealed_layout_check``)."""
    deal = deal_from_code(code)
    sealed_layout_check(deal=deal)
    return deal


def par_of_code(*, deal: Deal) -> int | None:
    """The par of an open deal if it was the deal of a closed day in its draw mode (the latest
    such day), else None. A sealed day's code gets None like any code: answering would tell
    that it is today's deal."""
    codes = layout_codes(deal)
    found = par_sql(deal.draw, len(codes)).rows(date_param(first_sealed_day()), *codes)
    return found[0][0] if found else None


@cache
def par_sql(draw: int, codes: int) -> CompiledSql:
    """The par of the latest day before a given one whose deal in ``draw`` has one of
    ``codes`` layout codes (parameters: that day, the codes)."""
    field, par = ("code", "par") if draw == 3 else ("code_d1", "par_d1")
    day, named = date_param(DAY_PLACEHOLDER), CODE_PLACEHOLDERS[:codes]
    latest = (
        DailyDeal.objects.filter(**{f"{field}__in": named}, date__lt=day)
        .order_by("-date")
        .values_list(par)[:1]
    )
    return compiled(latest, day, *named)
