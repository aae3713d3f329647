"""Where a player stands in a draw mode, beyond the number: their percentile among the settled
players of their ladder, their best day, and the deals they beat that most of their players
did not.

Every figure reads rated days only: a day is rated after it has closed
(``ratings.days.ratings_refresh``), so nothing here tells anything of an open sealed deal.

* **Percentile**: the share of the ladder's settled players ranked strictly below them
  ("better than 93% of settled players"), so players tied with them count neither way and
  the only player on a ladder is better than 0%. Read from ``LadderPlace``: the ladder's size
  is its last position, and the first rank after theirs is the first row past their position
  whose rank is larger (an index range from their position: ties are few).
* **Best day**: the day of their highest outcome, the hardest deal breaking ties, then the
  latest day. Not the day of their biggest rating gain: a gain is largest when the deviation
  is widest, so a newcomer's first days (or a return after months away) would always win,
  whatever the play; the outcome measures the game itself against its deal.
* **Deals beaten**: the won days whose deal most of its people lost (fewer than half of the
  board's entries won), the rarest wins first. Counted from the boards' count tables
  (``CardsCount``: at most 104 rows a board), not by reading every entry.
"""

from datetime import date
from typing import Any

from django.db.models import Q, Sum

from games.boards import daily_board
from games.models import CardsCount
from ratings.difficulty import TIER_WORDS, tier_of
from ratings.models import DealRating, LadderPlace
from ratings.outcome import ALL_CARDS, LOSS_CEILING

#: How many beaten deals a player's page lists (the rarest wins).
BEATEN_SHOWN = 10


def percentile(place: LadderPlace | None, *, total: int) -> int | None:
    """The whole percentage of the ``total`` settled players of ``place``'s ladder ranked
    strictly below it; None off the ladder."""
    if place is None or total <= 0:
        return None
    below_from = (
        LadderPlace.objects.filter(
            draw=place.draw, bot=place.bot, position__gt=place.position, rank__gt=place.rank
        )
        .order_by("position")
        .values_list("rank", flat=True)
        .first()
    )
    below = 0 if below_from is None else total - below_from + 1
    return (100 * below) // total


def won(outcome: float) -> bool:
    """Every win scores from ``LOSS_CEILING`` up, every loss below it (``ratings.outcome``)."""
    return outcome >= LOSS_CEILING


def deal_tier(rating: float | None) -> dict[str, Any] | None:
    """A deal's rating and its tier, a code and words (None: not rated): what every page
    shows beside the number."""
    if rating is None:
        return None
    tier = tier_of(rating)
    return {"rating": round(rating), "tier": tier, "tier_words": str(TIER_WORDS[tier])}


def best_day(history: list[dict[str, Any]], *, mode: str) -> dict[str, Any] | None:
    """The day of the highest outcome in ``history`` (the rating days of one mode, as
    ``player_ratings`` lists them), the hardest deal then the latest day breaking ties."""
    if not history:
        return None
    top = max(point["outcome"] for point in history)
    days: list[date] = [point["day"] for point in history if point["outcome"] == top]
    boards = {day: daily_board(day, mode).id for day in days}
    deals = dict(
        DealRating.objects.filter(board__in=boards.values()).values_list("board", "rating")
    )
    day = max(days, key=lambda one: (deals.get(boards[one], float("-inf")), one))
    return {
        "day": day,
        "board": boards[day],
        "outcome": top,
        "deal": deal_tier(deals.get(boards[day])),
    }


def deals_beaten(history: list[dict[str, Any]], *, mode: str) -> list[dict[str, Any]]:
    """The won days of ``history`` whose board most of its people lost, rarest wins first
    (then the latest), at most ``BEATEN_SHOWN``."""
    boards = {daily_board(p["day"], mode).id: p["day"] for p in history if won(p["outcome"])}
    if not boards:
        return []
    counts = (
        CardsCount.objects.filter(board__in=boards)
        .values("board")
        .annotate(players=Sum("entries"), winners=Sum("entries", filter=Q(cards=ALL_CARDS)))
    )
    beaten = [
        {
            "day": boards[row["board"]],
            "board": row["board"],
            "players": row["players"],
            "winners": row["winners"] or 0,
        }
        for row in counts
        if 2 * (row["winners"] or 0) < row["players"]
    ]
    beaten.sort(key=lambda deal: (deal["winners"] / deal["players"], -deal["day"].toordinal()))
    shown = beaten[:BEATEN_SHOWN]
    deals = dict(
        DealRating.objects.filter(board__in=[deal["board"] for deal in shown]).values_list(
            "board", "rating"
        )
    )
    return [{**deal, "deal": deal_tier(deals.get(deal["board"]))} for deal in shown]
