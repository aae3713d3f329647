"""Read-only queries the pages need beyond the REST API."""

from __future__ import annotations

from django.db.models import Sum


def board_field_counts(*, board: str) -> dict[int, int]:
    """`{cards_on_foundations: number_of_players}` over every entry of `board` (a deal code
    or a daily board id).

    Read from the board's rank counts (at most 104 rows: per cards value, unassisted and
    assisted apart), not by grouping the entries, so a big board costs the same."""
    from games.models import CardsCount

    rows = (
        CardsCount.objects.filter(board=board)
        .values("cards")
        .annotate(players=Sum("entries"))
        .order_by("cards")
    )
    return {int(row["cards"]): int(row["players"]) for row in rows}
