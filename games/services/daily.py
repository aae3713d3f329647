"""The daily deal: computed on first use and stored, so the day's deal never changes."""

from datetime import date

from django.db import IntegrityError, transaction
from django.utils import timezone

from engine import Deal
from games.daily import pick_daily_number
from games.models import DailyDeal

DRAW_MODES = {"D3": 3, "D1": 1}


def utc_today() -> date:
    return timezone.now().date()


def daily_deal_get(*, day: date) -> DailyDeal:
    """The stored deal of ``day``, created (once, even under concurrent requests) if needed."""
    existing = DailyDeal.objects.filter(date=day).first()
    if existing is not None:
        return existing
    number = pick_daily_number(day)
    try:
        with transaction.atomic():
            return DailyDeal.objects.create(date=day, number=number)
    except IntegrityError:  # another request stored it first: theirs is the day's deal
        return DailyDeal.objects.get(date=day)


def daily_codes(*, day: date) -> dict[str, str]:
    """``{"D3": code, "D1": code}``: both draw modes of the day's one deal number."""
    number = daily_deal_get(day=day).number
    return {mode: Deal.from_number(number, draw=draw).code for mode, draw in DRAW_MODES.items()}
