"""Read-only queries the pages need beyond the REST API."""

from __future__ import annotations

from django.db.models import Count


def board_field_counts(*, code: str) -> dict[int, int]:
    """`{cards_on_foundations: number_of_players}` over every entry of the board of `code`."""
    from games.models import LeaderboardEntry

    rows = (
        LeaderboardEntry.objects.filter(code=code)
        .values("cards")
        .annotate(players=Count("id"))
        .order_by("cards")
    )
    return {int(row["cards"]): int(row["players"]) for row in rows}
