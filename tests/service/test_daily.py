"""GET /api/daily/: one deal per UTC day, HMAC of the date, stored on first use.

The day's deal is the first HMAC candidate the solver proves winnable (``test_daily_par``):
candidate k hashes the date with ``#k`` appended, candidate 0 the bare date.
"""

import hashlib
import hmac
from datetime import date

import pytest
from django.conf import LazySettings
from django.utils import timezone
from rest_framework.test import APIClient

from engine import Deal
from games.models import DailyDeal
from games.services.daily import daily_codes

pytestmark = pytest.mark.django_db


def hmac_number(secret: str, day: date, attempt: int = 0) -> int:
    message = day.isoformat() if attempt == 0 else f"{day.isoformat()}#{attempt}"
    digest = hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big") % 26**7


def chosen_attempt(day: date) -> int:
    """Which candidate the stored day is (0 unless earlier ones were not proven winnable)."""
    return DailyDeal.objects.get(date=day).candidates - 1


def test_today_has_two_codes_of_one_hmac_picked_number(
    api_client: APIClient, settings: LazySettings
) -> None:
    body = api_client.get("/api/daily/").json()
    today = timezone.now().date()
    assert body["date"] == today.isoformat()
    number = hmac_number(settings.DAILY_SECRET, today, chosen_attempt(today))
    assert body["codes"] == {
        "D3": Deal.from_number(number, draw=3).code,
        "D1": Deal.from_number(number, draw=1).code,
    }


def test_the_day_is_stored_once_and_does_not_change(
    api_client: APIClient, settings: LazySettings
) -> None:
    first = api_client.get("/api/daily/").json()
    settings.DAILY_SECRET = "rotated secret"
    assert api_client.get("/api/daily/").json() == first
    assert DailyDeal.objects.count() == 1


def test_days_differ_and_depend_on_the_secret(settings: LazySettings) -> None:
    monday, tuesday = date(2026, 11, 30), date(2026, 12, 1)
    assert daily_codes(day=monday) != daily_codes(day=tuesday)
    settings.DAILY_SECRET = "another secret"
    wednesday = date(2026, 12, 2)
    chosen = daily_codes(day=wednesday)["D3"]
    number = hmac_number("another secret", wednesday, chosen_attempt(wednesday))
    assert chosen == Deal.from_number(number, draw=3).code
