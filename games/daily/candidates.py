"""Which deal numbers a UTC day's sealed deals may get.

A candidate is HMAC-SHA256(DAILY_SECRET, ``"<date>/<mode>"``) mod 26**7, then with ``#1``,
``#2``... appended until the solver proves one winnable (``games.daily.choosing``). The two
modes hash different messages, so D3 and D1 are different deals: knowing one tells nothing of
the other. Nobody without the secret can compute a day's deal; once the day has closed,
anyone holding the published codes can check them against nothing but the server's word,
which is why the secret must never be a public default (``canfield_site.settings``).
"""

import hashlib
import hmac
from collections.abc import Iterator
from datetime import date
from itertools import count

#: Deal numbers are 7 base-26 letters.
DEAL_NUMBERS = 26**7


def daily_candidate(day: date, mode: str, attempt: int = 0, *, secret: str) -> int:
    """Candidate ``attempt`` of ``day`` in ``mode`` (``"D3"`` or ``"D1"``)."""
    message = f"{day.isoformat()}/{mode}" + (f"#{attempt}" if attempt else "")
    digest = hmac.new(secret.encode(), message.encode(), hashlib.sha256).digest()
    return int.from_bytes(digest, "big") % DEAL_NUMBERS


def daily_candidates(day: date, mode: str, *, secret: str) -> Iterator[int]:
    """Every candidate deal number of a day's mode, in the order they are tried."""
    return (daily_candidate(day, mode, attempt, secret=secret) for attempt in count())
