"""The ranking rule of every board, in one place.

Best first: unassisted before assisted (a hint on the board marks the player there for
good), then more cards on the foundations (52 = won), then fewer **actions** (the log's
length: every action counts, ``undo`` included, so exploring and taking it back is never
free), then a shorter **elapsed** time (seconds from the game's creation to its position,
server clock; ``None`` for a submitted log, ranked after any time), then the earlier time
the position was reached. Entries equal on all of these share a rank (1, 2, 2, 4); the entry
id orders them on a page, so pages are stable.

The app's ``score`` never ranks: a take-back and a replay of the same card scores twice. The
app's ``moves`` (actions in effect, undone ones refunded) never ranks either: undo refunds it.

Who uses it: the SQL reads and the projection's choice of a player's best game
(``order_by``, ``better_than``), the page builder's ties (``rank_key``), the rank index's
member encoding (``games.rank_index.members``, which spells the same fields as bytes), and
``rebuild_projections``. Clients get ranks, never this rule.
"""

from datetime import datetime
from typing import Protocol

from django.db.models import F, OrderBy, OuterRef, Q, Value
from django.db.models.functions import Coalesce
from django.db.models.lookups import Exact, LessThan

from games.rank_rule import better_than, row_key, standing_of

__all__ = ["better_than", "row_key", "standing_of"]


class Ranked(Protocol):
    """What the rule reads of an entry, a game row or a page row (read-only members: a page
    row is a NamedTuple)."""

    @property
    def assisted(self) -> bool: ...

    @property
    def cards(self) -> int: ...

    @property
    def reached_at(self) -> datetime: ...

    @property
    def actions(self) -> int: ...

    @property
    def elapsed(self) -> int | None: ...


#: A rank key: (assisted, -cards, actions, no elapsed time, elapsed, reached_at).
RankKey = tuple[bool, int, int, bool, int, datetime]


def rank_key(entry: Ranked) -> RankKey:
    """What decides a rank, as a tuple that sorts best first (equal keys: a tie)."""
    elapsed = entry.elapsed
    return (
        entry.assisted,
        -entry.cards,
        entry.actions,
        elapsed is None,
        elapsed or 0,
        entry.reached_at,
    )


def order_by(*, with_assisted: bool = True, tiebreak: str = "id") -> list[OrderBy]:
    """The rule as an ORDER BY of entries or games (model fields ``action_count`` and
    ``elapsed``), the id last so that ties keep one order. ``with_assisted=False`` for a
    player's own games on one board, which share their assistance; ``tiebreak``: the field
    holding the entry's id in a table that copies the keys (a league's rank rows:
    ``entry_id``), so that its ties keep the global board's order."""
    fields: list[OrderBy] = [F("assisted").asc()] if with_assisted else []
    return [
        *fields,
        F("cards").desc(),
        F("action_count").asc(),
        F("elapsed").asc(nulls_last=True),
        F("reached_at").asc(),
        F(tiebreak).asc(),
    ]


def tied_standing_before(
    *, elapsed: int | None, reached_at: datetime, entry_id: int | None = None
) -> Q:
    """Among entries of one (assisted, cards, actions) standing, those ranked before an
    entry with this ``elapsed`` and ``reached_at``: strictly better, or (``entry_id`` given)
    tied and earlier on a page."""
    if elapsed is None:
        faster = Q(elapsed__isnull=False)
        same_time = Q(elapsed__isnull=True)
    else:
        faster = Q(elapsed__lt=elapsed)
        same_time = Q(elapsed=elapsed)
    earlier = Q(reached_at__lt=reached_at)
    if entry_id is not None:
        earlier |= Q(reached_at=reached_at, id__lt=entry_id)
    return faster | (same_time & earlier)


#: An elapsed time longer than any, for a missing one (a submitted log ranks after any time).
NO_ELAPSED = 2**31 - 1


def tied_better_than_outer() -> Q:
    """``tied_standing_before`` (strictly better) against the row of an outer query
    (``OuterRef``), for ranks computed inside one SQL statement (a player's calendar): a
    shorter elapsed time, a missing one counting as longer than any, then an earlier time."""
    mine = Coalesce(F("elapsed"), Value(NO_ELAPSED))
    theirs = Coalesce(OuterRef("elapsed"), Value(NO_ELAPSED))
    return Q(LessThan(mine, theirs)) | (
        Q(Exact(mine, theirs)) & Q(reached_at__lt=OuterRef("reached_at"))
    )
