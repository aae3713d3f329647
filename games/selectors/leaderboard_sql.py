"""Leaderboard reads from the SQL count tables: the fallback of the rank index, and the
only path without Redis (the embedded default).

Order: unassisted games (no hint asked) before assisted ones, then most cards on the
foundations, then fewest moves, then the earliest time the position was reached, then the
entry id (the ``entry_ranking`` index). A rank is 1 + the number of entries strictly better
(ties share a rank).

Nothing here counts or skips over the entries themselves, which would cost O(board): the
count tables say how many entries stand at each (assisted, cards) "tier" (at most 104 rows)
and at each (assisted, cards, moves). "How many are better" is a sum over those plus a
count among the entries tied on (assisted, cards, moves); "the entry at offset N" is found
by walking the same sums, then short index range scans. A read is a handful of small
queries whatever the board's size, but those add up to more than 5 ms at a million
entries, hence the rank index (``games.rank_index``).
"""

from dataclasses import dataclass

from django.db.models import Q, QuerySet

from games.models import CardsCount, LeaderboardEntry, StandingCount
from games.selectors.leaderboard_rows import (
    RANKING_ORDER,
    ROW_COLUMNS,
    LeaderboardPage,
    Row,
    ranked,
)

#: A first-level group of a board: (assisted, cards), in board order when sorted by
#: ``tier_order``.
Tier = tuple[bool, int]


def tier_order(tier: Tier) -> tuple[bool, int]:
    assisted, cards = tier
    return (assisted, -cards)


@dataclass(frozen=True)
class Standing:
    """Where an offset falls: the (assisted, cards, moves) standing, how many entries of the
    board come before that standing, and how many of the standing's own entries come before."""

    assisted: bool
    cards: int
    moves: int
    before: int
    skip: int


def board(code: str) -> QuerySet[LeaderboardEntry]:
    return LeaderboardEntry.objects.filter(code=code)


class BoardCounts:
    """The count rows of one board, read once per request: ``((assisted, cards), entries)``
    in board order (at most 104 rows), and ``(moves, entries)`` of a tier when first needed."""

    def __init__(self, code: str) -> None:
        self.code = code
        rows = CardsCount.objects.filter(code=code).order_by("assisted", "-cards")
        self.by_tier: list[tuple[Tier, int]] = [
            ((assisted, cards), entries)
            for assisted, cards, entries in rows.values_list("assisted", "cards", "entries")
        ]
        self._by_moves: dict[Tier, list[tuple[int, int]]] = {}

    @property
    def total(self) -> int:
        return sum(entries for _, entries in self.by_tier)

    def by_moves(self, tier: Tier) -> list[tuple[int, int]]:
        """``(moves, entries)`` of the entries of one tier, fewest moves first."""
        if tier not in self._by_moves:
            assisted, cards = tier
            rows = StandingCount.objects.filter(
                code=self.code, assisted=assisted, cards=cards
            ).order_by("moves")
            self._by_moves[tier] = list(rows.values_list("moves", "entries"))
        return self._by_moves[tier]

    def locate(self, offset: int) -> Standing | None:
        """The standing holding the entry at ``offset`` (None past the end of the board)."""
        seen = 0
        for tier, entries in self.by_tier:
            if seen + entries > offset:
                for moves, in_standing in self.by_moves(tier):
                    if seen + in_standing > offset:
                        assisted, cards = tier
                        return Standing(
                            assisted=assisted,
                            cards=cards,
                            moves=moves,
                            before=seen,
                            skip=offset - seen,
                        )
                    seen += in_standing
                return None  # the counts changed under us (a concurrent write): an empty page
            seen += entries
        return None

    def standings_before(self, entry: Row) -> int:
        """Entries in better standings: a better tier (unassisted, then more cards), or the
        same tier and fewer moves."""
        tier: Tier = (entry.assisted, entry.cards)
        better_tiers = sum(
            entries for other, entries in self.by_tier if tier_order(other) < tier_order(tier)
        )
        same_tier = self.by_moves(tier)
        return better_tiers + sum(entries for moves, entries in same_tier if moves < entry.moves)


def tied_before(entry: Row, *, strictly: bool) -> int:
    """Entries of ``entry``'s standing reached earlier (``strictly``: what ranks count), or
    earlier in the board's order (same time and a smaller id too: what positions count)."""
    earlier = Q(reached_at__lt=entry.reached_at)
    if not strictly:
        earlier |= Q(reached_at=entry.reached_at, id__lt=entry.id)
    standing = {"assisted": entry.assisted, "cards": entry.cards, "moves": entry.moves}
    return board(entry.code).filter(earlier, **standing).count()


def better_count(entry: Row, counts: BoardCounts) -> int:
    """How many entries of the board are strictly better than ``entry``."""
    return counts.standings_before(entry) + tied_before(entry, strictly=True)


def position_of(entry: Row, counts: BoardCounts) -> int:
    """``entry``'s 0-based offset in the board's order."""
    return counts.standings_before(entry) + tied_before(entry, strictly=False)


def rows(entries: QuerySet[LeaderboardEntry]) -> list[Row]:
    return [Row._make(values) for values in entries.values_list(*ROW_COLUMNS)]


def entry_row(code: str, **player: object) -> Row | None:
    """The entry of one player (``player_id=`` or ``player__username=``), if any."""
    found = rows(board(code).filter(**player)[:1])
    return found[0] if found else None


def entries_from(code: str, start: Standing, limit: int) -> list[Row]:
    """``limit`` entries in board order from ``start``: inside its standing, then the rest of
    its tier, then (from an unassisted tier) the assisted entries. Each is an index range."""
    ordered = board(code).order_by(*RANKING_ORDER)
    tier = ordered.filter(assisted=start.assisted)
    page = rows(
        tier.filter(cards=start.cards, moves__gte=start.moves)[start.skip : start.skip + limit]
    )
    if len(page) < limit:
        page += rows(tier.filter(cards__lt=start.cards)[: limit - len(page)])
    if len(page) < limit and not start.assisted:
        page += rows(ordered.filter(assisted=True)[: limit - len(page)])
    return page


def page_from(counts: BoardCounts, *, offset: int, limit: int) -> LeaderboardPage:
    code = counts.code
    start = counts.locate(offset)
    found = [] if start is None else entries_from(code, start, limit)
    first_rank = 0
    if start is not None and found:
        # Better than the first row: every standing before its own, and those of its own
        # standing reached earlier (none when it opens its standing).
        earlier = tied_before(found[0], strictly=True) if start.skip else 0
        first_rank = 1 + start.before + earlier
    return LeaderboardPage(
        code=code,
        total=counts.total,
        offset=offset,
        limit=limit,
        entries=ranked(found, offset=offset, first_rank=first_rank),
    )
