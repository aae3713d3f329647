"""The daily deal: chosen by the solver on first use (or ahead, ``prepare_daily``), stored.

A stored day never changes. Choosing takes up to the solve budget per candidate, so it runs
once: a process-wide lock keeps threads of one worker from solving twice, and on PostgreSQL
a transaction-level advisory lock on the day keeps other workers waiting for the first one's
row instead of solving too. On SQLite (the single-process embedded default) the solve runs
outside the transaction, so the database is not write-locked meanwhile; unique(date) still
keeps exactly one row.
"""

import threading
from datetime import date

from django.conf import settings
from django.db import IntegrityError, connection, transaction
from django.utils import timezone

from engine import Deal
from games.daily_solving import choose_daily
from games.models import DailyDeal
from games.solver_budgets import daily_solve_seconds

DRAW_MODES = {"D3": 3, "D1": 1}

#: Threads of this process choose one day at a time (the choice is then stored or cached).
CHOOSING = threading.Lock()

#: Namespace of the advisory lock keys (the low 32 bits are the day's ordinal).
DAILY_LOCK_NAMESPACE = 0x0DA1 << 32


def utc_today() -> date:
    return timezone.now().date()


def daily_deal_get(*, day: date) -> DailyDeal:
    """The stored deal of ``day``, chosen and stored (once, even under concurrent requests)
    if needed."""
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


def stored_or_chosen(day: date) -> DailyDeal:
    """The day's row if another worker stored it meanwhile, else the solver's choice, stored."""
    existing = DailyDeal.objects.filter(date=day).first()
    if existing is not None:
        return existing
    choice = choose_daily(settings.DAILY_SECRET, day, daily_solve_seconds())
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(
                date=day,
                number=choice.number,
                par=len(choice.line),
                par_d1=len(choice.line_d1),
                line=list(choice.line),
                line_d1=list(choice.line_d1),
                candidates=choice.candidates,
                solver_calls=choice.solver_calls,
                solve_seconds=round(choice.seconds, 3),
            )
    except IntegrityError:  # another process stored it first (SQLite): theirs is the deal
        return DailyDeal.objects.get(date=day)


def daily_codes(*, day: date) -> dict[str, str]:
    """``{"D3": code, "D1": code}``: both draw modes of the day's one deal number."""
    return codes_of(daily_deal_get(day=day))


def codes_of(deal: DailyDeal) -> dict[str, str]:
    return {
        mode: Deal.from_number(deal.number, draw=draw).code for mode, draw in DRAW_MODES.items()
    }


def daily_pars(deal: DailyDeal) -> dict[str, int | None]:
    """``{"D3": par, "D1": par}`` of a stored day (None for a day stored before pars)."""
    return {"D3": deal.par, "D1": deal.par_d1}


def par_of_code(*, deal: Deal) -> int | None:
    """The par of a deal code if its number is a daily deal (the latest such day), else None.
    One indexed lookup (``DailyDeal.number``)."""
    found = (
        DailyDeal.objects.filter(number=deal.number)
        .order_by("-date")
        .values_list("par", "par_d1")
        .first()
    )
    if found is None:
        return None
    par_d3, par_d1 = found
    return par_d3 if deal.draw == 3 else par_d1
