"""Drawing a day's sealed layouts from the whole space of 52! layouts.

Candidate ``attempt`` of a day's mode is the ordered deck shuffled by the engine's unbiased
Fisher-Yates (``engine.deal.fisher_yates``) driven by a keyed cryptographic stream:
HMAC-SHA256 with ``DAILY_SECRET`` as the key, in counter mode over the message
``daily-layout/<date>/<mode>/<attempt>/<block>``, each 32-byte block read as four big-endian
64-bit outputs. Without the key the stream cannot be told from random bits, so every one of
the 52! layouts is as likely as another to any player: what the table shows narrows the deal to
exactly the orders of the cards not yet seen, and no search over a small space of seeds exists
(a CF1 deal number has 33 bits; the cards of one pass of the stock pin it down in a minute).
The two modes hash different messages, so D3 and D1 are different layouts.
"""

import hashlib
import hmac
from collections.abc import Iterator
from datetime import date
from itertools import count

from engine.cards import Card
from engine.deal import fisher_yates

#: Domain of the stream's messages: no other use of the secret hashes these.
DOMAIN = "daily-layout"


def keyed_stream(secret: str, message: str) -> Iterator[int]:
    """64-bit outputs of HMAC-SHA256(secret, ``"<message>/<block>"``) for block 0, 1, 2...."""
    key = secret.encode()
    for block in count():
        digest = hmac.new(key, f"{message}/{block}".encode(), hashlib.sha256).digest()
        for offset in range(0, 32, 8):
            yield int.from_bytes(digest[offset : offset + 8], "big")


def daily_layout(day: date, mode: str, attempt: int = 0, *, secret: str) -> tuple[Card, ...]:
    """Candidate ``attempt`` of ``day`` in ``mode`` (``"D3"`` or ``"D1"``): the dealing order
    d[0..51] (``engine.Deal.from_cards``)."""
    message = f"{DOMAIN}/{day.isoformat()}/{mode}/{attempt}"
    return fisher_yates(keyed_stream(secret, message))


#: What a board's keyed seed is for: each purpose hashes its own messages (no two uses share
#: a seed): the table par's runs, the telling-move judge, the par optimiser.
SEED_PURPOSES = ("table-par", "telling-judge", "par-optimiser", "engine-like-judge")


def board_seed(secret: str, board: str, purpose: str) -> int:
    """The 63-bit seed of ``purpose`` (one of ``SEED_PURPOSES``) on ``board``: the first
    output of the keyed stream over ``"seed/<purpose>/<board>"``.

    Every random choice the referee makes on a sealed board comes from one of these. A seed
    taken from the date or a constant let anyone holding a sealed layout (a second account,
    a leak) replay the server's own runs offline and place a line just inside the threshold
    before playing it; without ``DAILY_SECRET`` these cannot be told from random bits, so a
    verdict is only ever computed on the server. After the close they may as well be public:
    the runs are shown then and nothing a seed could move is judged any more."""
    if purpose not in SEED_PURPOSES:
        raise ValueError(f"unknown seed purpose {purpose!r}: one of {', '.join(SEED_PURPOSES)}")
    return next(keyed_stream(secret, f"seed/{purpose}/{board}")) >> 1
