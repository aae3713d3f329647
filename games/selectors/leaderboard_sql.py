"""Leaderboard reads from the SQL count tables: the fallback of the rank index, and the
only path without Redis (the embedded default).

Order: ``games.ranking`` (the ``entry_ranking`` index). A rank is 1 + the number of entries
strictly better (ties share a rank).

A read may cover several ranking boards at once (``BoardCounts(board, partitions=...)``: a
board's people and bots, ``?who=all``): their count rows are summed, their entries read
together, so ranks and pages are those of one board holding both, in the one order.

Nothing here counts or skips over the entries themselves, which would cost O(board): the
count tables say how many entries stand at each (assisted, cards) "tier" (at most 104 rows)
and at each (assisted, cards, actions). "How many are better" is a sum over those plus a
count among the entries tied on (assisted, cards, actions); "the entry at offset N" is found
by walking the same sums, then short index range scans. A read is a handful of small
queries whatever the board's size, but those add up to more than 5 ms at a million
entries, hence the rank index (``games.rank_index``).
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.db.models import QuerySet

from games.models import LeaderboardEntry
from games.move_sql import standing_counts, tier_counts
from games.ranking import order_by, tied_standing_before
from games.selectors.leaderboard_rows import ROW_COLUMNS, LeaderboardPage, Row, ranked

#: A first-level group of a board: (assisted, cards), in board order when sorted by
#: ``tier_order``.
Tier = tuple[bool, int]


def tier_order(tier: Tier) -> tuple[bool, int]:
    assisted, cards = tier
    return (assisted, -cards)


@dataclass(frozen=True)
class OffsetPlace:
    """Where an offset falls: the (assisted, cards, actions) standing, how many entries of the
    board come before that standing, and how many of the standing's own entries come before."""

    assisted: bool
    cards: int
    actions: int
    before: int
    skip: int


def entries_of(board: str | Sequence[str]) -> QuerySet[LeaderboardEntry]:
    """The entries of a ranking board, or of several read as one."""
    if isinstance(board, str):
        return LeaderboardEntry.objects.filter(board=board)
    if len(board) == 1:
        return LeaderboardEntry.objects.filter(board=board[0])
    return LeaderboardEntry.objects.filter(board__in=list(board))


class BoardCounts:
    """The count rows of one board, read once per request: ``((assisted, cards), entries)``
    in board order (at most 104 rows), and ``(actions, entries)`` of a tier when first
    needed. ``partitions``: the ranking boards read as this one (default: ``board`` alone),
    their rows summed; ``board`` then only names the read."""

    def __init__(self, board: str, *, partitions: Sequence[str] | None = None) -> None:
        self.board = board
        self.partitions = tuple(partitions or (board,))
        tiers: dict[Tier, int] = {}
        for partition in self.partitions:
            for assisted, cards, entries in tier_counts(partition):
                tiers[(assisted, cards)] = tiers.get((assisted, cards), 0) + entries
        self.by_tier: list[tuple[Tier, int]] = sorted(
            tiers.items(), key=lambda item: tier_order(item[0])
        )
        self._by_actions: dict[Tier, list[tuple[int, int]]] = {}

    @property
    def total(self) -> int:
        return sum(entries for _, entries in self.by_tier)

    def by_actions(self, tier: Tier) -> list[tuple[int, int]]:
        """``(actions, entries)`` of the entries of one tier, fewest actions first."""
        if tier not in self._by_actions:
            assisted, cards = tier
            summed: dict[int, int] = {}
            for partition in self.partitions:
                for actions, entries in standing_counts(partition, assisted=assisted, cards=cards):
                    summed[actions] = summed.get(actions, 0) + entries
            self._by_actions[tier] = sorted(summed.items())
        return self._by_actions[tier]

    def locate(self, offset: int) -> OffsetPlace | None:
        """The standing holding the entry at ``offset`` (None past the end of the board)."""
        seen = 0
        for tier, entries in self.by_tier:
            if seen + entries > offset:
                for actions, in_standing in self.by_actions(tier):
                    if seen + in_standing > offset:
                        assisted, cards = tier
                        return OffsetPlace(
                            assisted=assisted,
                            cards=cards,
                            actions=actions,
                            before=seen,
                            skip=offset - seen,
                        )
                    seen += in_standing
                return None  # the counts changed under us (a concurrent write): an empty page
            seen += entries
        return None

    def standings_before(self, entry: Row) -> int:
        """Entries in better standings: a better tier (unassisted, then more cards), or the
        same tier and fewer actions."""
        tier: Tier = (entry.assisted, entry.cards)
        better_tiers = sum(
            entries for other, entries in self.by_tier if tier_order(other) < tier_order(tier)
        )
        same_tier = self.by_actions(tier)
        return better_tiers + sum(
            entries for actions, entries in same_tier if actions < entry.actions
        )


def tied_before(entry: Row, counts: BoardCounts, *, strictly: bool) -> int:
    """Entries of ``entry``'s standing on ``counts``' boards ranked better (``strictly``: what
    ranks count), or before it in the board's order (tied and a smaller id too: what
    positions count)."""
    before = tied_standing_before(
        elapsed=entry.elapsed,
        reached_at=entry.reached_at,
        entry_id=None if strictly else entry.id,
    )
    standing = {"assisted": entry.assisted, "cards": entry.cards, "action_count": entry.actions}
    return entries_of(counts.partitions).filter(before, **standing).count()


def better_count(entry: Row, counts: BoardCounts) -> int:
    """How many entries of the board are strictly better than ``entry``."""
    return counts.standings_before(entry) + tied_before(entry, counts, strictly=True)


def position_of(entry: Row, counts: BoardCounts) -> int:
    """``entry``'s 0-based offset in the board's order."""
    return counts.standings_before(entry) + tied_before(entry, counts, strictly=False)


def rows(entries: QuerySet[LeaderboardEntry]) -> list[Row]:
    return [Row._make(values) for values in entries.values_list(*ROW_COLUMNS)]


def entry_row(board: str | Sequence[str], **player: object) -> Row | None:
    """The entry of one player (``player_id=`` or ``player__username=``) on a ranking board
    (or the first of several: a player ranks in one partition), if any."""
    found = rows(entries_of(board).filter(**player)[:1])
    return found[0] if found else None


def entries_from(board: str | Sequence[str], start: OffsetPlace, limit: int) -> list[Row]:
    """``limit`` entries in board order from ``start``: inside its standing, then the rest of
    its tier, then (from an unassisted tier) the assisted entries. Each is an index range."""
    ordered = entries_of(board).order_by(*order_by())
    tier = ordered.filter(assisted=start.assisted)
    page = rows(
        tier.filter(cards=start.cards, action_count__gte=start.actions)[
            start.skip : start.skip + limit
        ]
    )
    if len(page) < limit:
        page += rows(tier.filter(cards__lt=start.cards)[: limit - len(page)])
    if len(page) < limit and not start.assisted:
        page += rows(ordered.filter(assisted=True)[: limit - len(page)])
    return page


def page_from(counts: BoardCounts, *, offset: int, limit: int) -> LeaderboardPage:
    board = counts.board
    start = counts.locate(offset)
    found = [] if start is None else entries_from(counts.partitions, start, limit)
    first_rank = 0
    if start is not None and found:
        # Better than the first row: every standing before its own, and those of its own
        # standing reached earlier (none when it opens its standing).
        earlier = tied_before(found[0], counts, strictly=True) if start.skip else 0
        first_rank = 1 + start.before + earlier
    return LeaderboardPage(
        board=board,
        total=counts.total,
        offset=offset,
        limit=limit,
        entries=ranked(found, offset=offset, first_rank=first_rank),
    )
