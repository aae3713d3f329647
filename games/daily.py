"""Which deal a UTC day gets.

The number is HMAC-SHA256(DAILY_SECRET, ISO date) mod 26**7: anyone can check today's deal
came from today's date, nobody without the secret can compute tomorrow's. The day's deal is
the first candidate the solver proves winnable (``games.daily_solving``); candidate 0 hashes
the bare date, so a day whose first candidate wins keeps the deal it always had.
"""

import hashlib
import hmac
from collections.abc import Iterator
from datetime import date
from itertools import count

from django.conf import settings

#: Deal numbers are 7 base-26 letters.
DEAL_NUMBERS = 26**7


def daily_candidate(day: date, attempt: int = 0, *, secret: str | None = None) -> int:
    """Candidate ``attempt`` for ``day``: attempt 0 hashes the bare ISO date, attempt k the
    date with ``#k`` appended (``secret``: ``settings.DAILY_SECRET`` unless given)."""
    key = settings.DAILY_SECRET if secret is None else secret
    message = day.isoformat() if attempt == 0 else f"{day.isoformat()}#{attempt}"
    digest = hmac.new(key.encode(), message.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big") % DEAL_NUMBERS


def daily_candidates(day: date) -> Iterator[int]:
    """Every candidate deal number of a day, in the order they are tried."""
    return (daily_candidate(day, attempt) for attempt in count())
