"""A player's record: daily streaks, win rates, actions against par, and a month of dailies.

**Streak.** A day counts when the player played a ranked daily game of it (either draw mode)
with at least one action, the same game that puts them on that day's board (or would, but for
a fair-play hold: a held game is a day played too).

**At the close.** A daily counts as its entry stands: what the game was at 00:00 UTC that
ended its day (``games.projections.position_at_close``). A game won after the close is not a
daily win, and a game whose first action came after the close is not a day played. The streak is the
number of consecutive UTC days that count. The *current* one ends on the last day that counts
if that day is today or yesterday: today does not break a streak while it is still open to
play. The *best* is the longest run ever.

**Sealed.** Today's ranked games are their owner's alone until the day closes, and a record
is a read path: the owner's record counts today, anyone else's reading of it counts only the
closed days (so nobody learns from a streak, a win rate or a calendar whether, or how well, a
player did today's deal). The current streak does not suffer for it: yesterday still carries
it.

**Cost.** Whatever the number of games: the totals are one aggregate over the player's game
rows, the streaks one read of their distinct daily dates (at most one per day), the calendar
one read of at most 62 leaderboard entries, each ranked by correlated counts over the small
count tables and the entries tied with it (``games.leaderboard_sql`` does the same reads one
at a time).
"""

import calendar
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date, timedelta
from typing import Any

from django.contrib.auth.models import User
from django.db.models import (
    Avg,
    Case,
    Count,
    F,
    IntegerField,
    OuterRef,
    Q,
    QuerySet,
    Subquery,
    Sum,
    Value,
    When,
)
from django.db.models.functions import Coalesce

from games.boards import (
    DAILY_MODES,
    daily_board,
    first_sealed_day,
    ranking_board,
    utc_today,
)
from games.hooks import owner_holds
from games.models import CardsCount, DailyDeal, Game, LeaderboardEntry, StandingCount
from games.ranking import tied_better_than_outer
from games.selectors.games import Viewer
from games.selectors.leaderboard_sql import BoardCounts


@dataclass(frozen=True)
class Streak:
    current: int
    best: int
    last_day: date | None


def counted_until(*, user: User, viewer: Viewer) -> date:
    """The first day a record of ``user`` must leave out for ``viewer``: tomorrow for the
    owner (today counts), today for anyone else (today is sealed)."""
    today = first_sealed_day()
    owner = viewer is not None and viewer.is_authenticated and viewer.pk == user.pk
    return today + timedelta(days=1) if owner else today


def daily_entries(*, user: User, until: date) -> QuerySet[LeaderboardEntry]:
    """The player's entries on daily boards of days before ``until``: their ranked games as
    they stood at each day's close (a game gets one with its first action before then)."""
    return LeaderboardEntry.objects.filter(
        player=user, game__daily__isnull=False, game__daily__lt=until
    )


def streak_of(*, user: User, until: date) -> Streak:
    """The current and best runs of consecutive days played (see the module's docstring)."""
    # A game held for a fair-play review is off the board, so no entry says its day: a day
    # played all the same (actions end at the close: one is enough), and a hold is no gap.
    held = Game.objects.filter(
        player=user, held=True, seq__gt=0, daily__isnull=False, daily__lt=until
    ).values_list("daily", flat=True)
    days = daily_entries(user=user, until=until).values_list("game__daily", flat=True)
    return streak_of_days(sorted(day for day in days.union(held) if day is not None))


def streak_of_days(days: Iterable[date]) -> Streak:
    """The streaks of the days played ``days`` (ascending, each once): ``streak_of``'s rule,
    for a read of many players' days at once too (a league's members)."""
    best = run = 0
    previous: date | None = None
    for day in days:
        run = run + 1 if previous is not None and day - previous == timedelta(days=1) else 1
        best = max(best, run)
        previous = day
    alive = previous is not None and previous >= utc_today() - timedelta(days=1)
    return Streak(current=run if alive else 0, best=best, last_day=previous)


def par_of_entry() -> Case:
    """The par of a daily entry's day in its game's draw mode, for an annotation."""
    day = DailyDeal.objects.filter(date=OuterRef("game__daily"))
    return Case(
        When(game__draw=3, then=Subquery(day.values("par")[:1])),
        default=Subquery(day.values("par_d1")[:1]),
        output_field=IntegerField(),
    )


def _rate(played: int, won: int) -> dict[str, Any]:
    return {"played": played, "won": won, "rate": round(won / played, 4) if played else None}


def record_totals(*, user: User, until: date) -> dict[str, Any]:
    """Win rates (dailies as their entries stood at the close, open deals) and actions against
    par over won dailies, per draw mode: two aggregate queries. Games count once they have an
    action, like boards do."""
    won_with_par = Q(won=True, par_of_day__isnull=False)
    aggregates: dict[str, Any] = {
        "dailies_played": Count("id"),
        "dailies_won": Count("id", filter=Q(won=True)),
    }
    for mode, draw in DAILY_MODES.items():
        in_mode = won_with_par & Q(game__draw=draw)
        aggregates[f"{mode}_games"] = Count("id", filter=in_mode)
        aggregates[f"{mode}_over"] = Avg(F("action_count") - F("par_of_day"), filter=in_mode)
    dailies = (
        daily_entries(user=user, until=until)
        .annotate(par_of_day=par_of_entry())
        .aggregate(**aggregates)
    )
    open_games = Game.objects.filter(player=user, seq__gt=0, daily__isnull=True).aggregate(
        open_played=Count("id"), open_won=Count("id", filter=Q(status=Game.Status.WON))
    )
    return {
        "dailies": _rate(dailies["dailies_played"], dailies["dailies_won"]),
        "open": _rate(open_games["open_played"], open_games["open_won"]),
        "against_par": {
            mode: {
                "games": dailies[f"{mode}_games"],
                "average": None
                if dailies[f"{mode}_over"] is None
                else round(float(dailies[f"{mode}_over"]), 2),
            }
            for mode in DAILY_MODES
        },
    }


def player_record(*, user: User, viewer: Viewer) -> dict[str, Any]:
    """Streak, win rates and par averages of ``user`` as ``viewer`` may see them."""
    until = counted_until(user=user, viewer=viewer)
    streak = streak_of(user=user, until=until)
    return {
        "streak": {"current": streak.current, "best": streak.best, "last_day": streak.last_day},
        **record_totals(user=user, until=until),
    }


# --- The calendar -------------------------------------------------------------------------


def rank_of_entry() -> Any:
    """1 + the entries of the outer entry's board strictly better than it (``games.ranking``):
    the better tiers and standings from the count tables, the tied standing's better entries
    from the entries themselves. One expression, so a month of entries is ranked in one query."""
    board = OuterRef("board")
    better_tiers = CardsCount.objects.filter(board=board).filter(
        Q(assisted__lt=OuterRef("assisted"))
        | Q(assisted=OuterRef("assisted"), cards__gt=OuterRef("cards"))
    )
    fewer_actions = StandingCount.objects.filter(
        board=board,
        assisted=OuterRef("assisted"),
        cards=OuterRef("cards"),
        action_count__lt=OuterRef("action_count"),
    )
    tied_better = LeaderboardEntry.objects.filter(
        tied_better_than_outer(),
        board=board,
        assisted=OuterRef("assisted"),
        cards=OuterRef("cards"),
        action_count=OuterRef("action_count"),
    )

    def total(rows: QuerySet[Any], column: str) -> Coalesce:
        summed = rows.order_by().values("board").annotate(n=Sum(column) if column else Count("id"))
        return Coalesce(Subquery(summed.values("n")[:1]), Value(0))

    return (
        Value(1)
        + total(better_tiers, "entries")
        + total(fewer_actions, "entries")
        + total(tied_better, "")
    )


def month_days(month: date) -> list[date]:
    """Every day of ``month`` (any date in it)."""
    first = month.replace(day=1)
    length = calendar.monthrange(first.year, first.month)[1]
    return [first + timedelta(days=n) for n in range(length)]


def player_calendar(*, user: User, viewer: Viewer, month: date) -> dict[str, Any]:
    """The month's days, each with the player's ranked entry per draw mode (played, won,
    rank of total among their kind: a declared bot's among the board's bots, the game once
    the day has closed); days still sealed only for the owner,
    days to come empty. One query for the entries; the owner also sees their entries held
    for a fair-play review (``held_entries``)."""
    days = month_days(month)
    until = counted_until(user=user, viewer=viewer)
    boards = {
        daily_board(day, mode).id: (day, mode)
        for day in days
        if day < until
        for mode in DAILY_MODES
    }
    # A declared bot's entries, ranks and totals are its partition's: read both partitions
    # (a player ranks in one), which costs no query to ask which.
    ranking = {ranking_board(board, bot=bot): board for board in boards for bot in (False, True)}
    entries = (
        LeaderboardEntry.objects.filter(player=user, board__in=list(ranking))
        .annotate(rank=rank_of_entry(), total=board_total())
        .values_list("board", "won", "cards", "action_count", "rank", "total", "game_id")
    )
    sealed_from = first_sealed_day()
    found: dict[tuple[date, str], dict[str, Any]] = {}
    for partition, won, cards, actions, rank, total, game_id in entries:
        board = ranking[partition]
        day, mode = boards[board]
        found[(day, mode)] = calendar_entry(
            board, won, cards, actions, rank, total, game_id if day < sealed_from else None
        )
    if viewer is not None and viewer.pk == user.pk:
        found.update(held_entries(user=user, boards=boards, sealed_from=sealed_from))
    return {
        "month": days[0].strftime("%Y-%m"),
        "days": [
            {"date": day, "boards": {mode: found.get((day, mode)) for mode in DAILY_MODES}}
            for day in days
        ],
    }


def held_entries(
    *, user: User, boards: dict[str, tuple[date, str]], sealed_from: date
) -> dict[tuple[date, str], dict[str, Any]]:
    """The player's ranked games on ``boards`` held for a fair-play review, as calendar
    entries with no rank (a held game has no place on its board) and the hold in words: the
    owner's calendar only, so nobody else learns of a hold. Costs a query only when some
    game is held."""
    rows = list(
        Game.objects.filter(player=user, board__in=list(boards), held=True, seq__gt=0).values_list(
            "board", "id", "won", "cards", "action_count", "hold_confirmed", "bot"
        )
    )
    holds = owner_holds((row[1], True, row[5]) for row in rows)
    found = {}
    for board, game_id, won, cards, actions, _, bot in rows:
        day, mode = boards[board]
        total = BoardCounts(ranking_board(board, bot=bot)).total
        replay = game_id if day < sealed_from else None
        entry = calendar_entry(board, won, cards, actions, None, total, replay)
        found[(day, mode)] = {**entry, **holds[game_id]}
    return found


def calendar_entry(
    board: str, won: bool, cards: int, actions: int, rank: int | None, total: int, game: int | None
) -> dict[str, Any]:
    """One day and mode of the calendar (``game``: the replay, once the day has closed)."""
    return {
        "board": board,
        "won": won,
        "cards": cards,
        "actions": actions,
        "rank": rank,
        "total": total,
        "game": game,
    }


def board_total() -> Coalesce:
    """The entries of the outer entry's board (its count rows' sum)."""
    rows = CardsCount.objects.filter(board=OuterRef("board")).order_by().values("board")
    return Coalesce(Subquery(rows.annotate(n=Sum("entries")).values("n")[:1]), Value(0))
