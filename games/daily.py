"""Which deal a UTC day gets.

The number is HMAC-SHA256(DAILY_SECRET, ISO date) mod 26**7: anyone can check today's deal
came from today's date, nobody without the secret can compute tomorrow's. Picking is one
function so the solver can replace the rule by "the first candidate proven winnable"
(``daily_candidates`` already yields an endless, reproducible list of candidates).
"""

import hashlib
import hmac
from collections.abc import Iterator
from datetime import date
from itertools import count

from django.conf import settings

#: Deal numbers are 7 base-26 letters.
DEAL_NUMBERS = 26**7


def daily_candidate(day: date, attempt: int = 0) -> int:
    """Candidate ``attempt`` for ``day``: attempt 0 hashes the bare ISO date, attempt k the
    date with ``#k`` appended."""
    message = day.isoformat() if attempt == 0 else f"{day.isoformat()}#{attempt}"
    digest = hmac.new(
        settings.DAILY_SECRET.encode(), message.encode(), hashlib.sha256
    ).digest()
    return int.from_bytes(digest, "big") % DEAL_NUMBERS


def daily_candidates(day: date) -> Iterator[int]:
    """Every candidate deal number of a day, in the order they are tried."""
    return (daily_candidate(day, attempt) for attempt in count())


def pick_daily_number(day: date) -> int:
    """The deal number of ``day`` (called once per day; the result is stored)."""
    return next(daily_candidates(day))
