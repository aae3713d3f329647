"""Read-only queries the pages need beyond the REST API."""

from __future__ import annotations

from django.db.models import Sum


def board_field_counts(*, code: str) -> dict[int, int]:
    """`{cards_on_foundations: number_of_players}` over every entry of the board of `code`.

    Read from the board's rank counts (at most 104 rows: per cards value, unassisted and
    assisted apart), not by grouping the entries, so a big board costs the same."""
    from games.models import CardsCount

    rows = (
        CardsCount.objects.filter(code=code)
        .values("cards")
        .annotate(players=Sum("entries"))
        .order_by("cards")
    )
    return {int(row["cards"]): int(row["players"]) for row in rows}
