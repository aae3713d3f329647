"""An entry as a sorted-set member whose bytes sort in the board's order.

Every member has the score 0, so the set is ordered by the members' bytes alone, and the
member starts with a fixed-width key spelling the ranking rule (``games.ranking``) field by
field::

    a cc nnnnnnnn eeeeeeee tttttttttttttttt iiiiiiiiiiiiiiii ["player",score,moves,...]
    | |  |        |        |                |                 the display fields (JSON)
    | |  |        |        |                entry id, 16 hex (orders entries tied on all)
    | |  |        |        reached_at, µs since 1970, 16 hex
    | |  |        elapsed seconds, 8 hex (ffffffff: none, after any time)
    | |  actions, 8 hex (fewer first)
    | 52 - cards, 2 digits (more cards first)
    assisted, 0 or 1 (unassisted first)

Equal scores make the order exact (a double could not hold all of it) and let a rank be one
ZLEXCOUNT: the entries strictly better than a member are the members sorting before the first
``RANK_KEY_WIDTH`` characters of it (everything that decides a rank, without the id). A page
needs no SQL: the display fields travel in the member.
"""

import json
from datetime import UTC, datetime, timedelta

from games.selectors.leaderboard_rows import Row

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)
MICROSECOND = timedelta(microseconds=1)

#: Bumped whenever the layout changes: it is part of the keys (``store.key_prefix``), so an
#: index written in an older layout is never read, only left to expire.
MEMBER_FORMAT = 2
#: The elapsed field of an entry without a server time (a submitted log): sorts last.
NO_ELAPSED = 0xFFFFFFFF

#: Characters of a member deciding its rank (assisted, cards, actions, elapsed, reached_at).
RANK_KEY_WIDTH = 1 + 2 + 8 + 8 + 16
#: Characters of a member deciding its position (the rank key and the entry id).
ORDER_KEY_WIDTH = RANK_KEY_WIDTH + 16


def member_of(row: Row) -> str:
    """The member holding ``row`` (its ``board`` is the set's, not stored again)."""
    micros = (row.reached_at - EPOCH) // MICROSECOND
    elapsed = NO_ELAPSED if row.elapsed is None else min(row.elapsed, NO_ELAPSED - 1)
    shown = json.dumps(
        [row.player, row.score, row.moves, row.status, row.game, row.won], separators=(",", ":")
    )
    return (
        f"{int(row.assisted)}{52 - row.cards:02d}{row.actions:08x}{elapsed:08x}"
        f"{micros:016x}{row.id:016x}{shown}"
    )


def row_of(member: str | bytes, *, board: str) -> Row:
    """The ``Row`` a member holds (the inverse of ``member_of``)."""
    text = member.decode() if isinstance(member, bytes) else member
    player, score, moves, status, game, won = json.loads(text[ORDER_KEY_WIDTH:])
    elapsed = int(text[11:19], 16)
    return Row(
        id=int(text[35:51], 16),
        board=board,
        cards=52 - int(text[1:3]),
        actions=int(text[3:11], 16),
        elapsed=None if elapsed == NO_ELAPSED else elapsed,
        moves=moves,
        score=score,
        won=won,
        status=status,
        reached_at=EPOCH + int(text[19:35], 16) * MICROSECOND,
        assisted=text[0] == "1",
        game=game,
        player=player,
    )
