"""Every random choice the referee makes, drawn from a stream keyed with ``DAILY_SECRET``.

The table par's runs, the telling-move judge's samples and the par optimiser's choices are
seeded per board from HMAC-SHA256(``DAILY_SECRET``, ``"fairplay/<purpose>/<board>"``). A seed
taken from the date or a constant let anyone holding a sealed layout (a second account, a
leak) replay the server's own runs offline and place a line just inside the threshold before
playing it; without the secret the seeds cannot be told from random bits, so a verdict can
only be computed on the server. Once the day has closed the seeds may as well be public: the
runs and thresholds are shown then, and nothing is judged any more that a seed could move.
"""

import hashlib
import hmac

from django.conf import settings

#: What a seed is for: each purpose hashes its own messages (no two uses share a seed).
PURPOSES = ("table-par", "telling-judge", "par-optimiser")


def board_seed(board: str, purpose: str) -> int:
    """The 63-bit seed of ``purpose`` (one of ``PURPOSES``) on ``board``, keyed with
    ``DAILY_SECRET``."""
    if purpose not in PURPOSES:
        raise ValueError(f"unknown seed purpose {purpose!r}: one of {', '.join(PURPOSES)}")
    message = f"fairplay/{purpose}/{board}".encode()
    digest = hmac.new(settings.DAILY_SECRET.encode(), message, hashlib.sha256).digest()
    return int.from_bytes(digest[:8], "big") >> 1
