"""Rating the ranked games of closed days, day by day: the one home of how a day is rated.

A day is rated once it has closed (its sealed boards are final) by ``ratings_refresh``,
which the fair-play worker runs on every pass (``fairplay.worker``) after judging the day's
games, and which ``rebuild_projections`` runs from scratch (``ratings.rebuild``). Per draw
mode, the day's board is a match of each player against the deal:

1. each player's rating as it stands on the day (``ratings.provisional.rating_on``: widened
   by the days they did not play; a newcomer's if they never did);
2. the deal, from its prior (``ratings.expected.board_prior``: from its table par, else a
   newcomer's), is rated (one Glicko-2 period) from every person's game on it, each scored
   ``1 - outcome`` from the deal's side: its difficulty (``DealRating``);
3. every player, people and declared bots, is rated against the deal as it came out of
   step 2 with their outcome (``ratings.outcome``). Bots are rated apart: they never move
   the deal's rating, and ladders list them apart.

What is rated is the board's entries (``games.models.LeaderboardEntry``): one per player,
their one ranked game as it stood at the close, and none for a game held for fair-play
review (held or confirmed), so such a game is not rated until a verdict clears it. A flag
raised or decided after a day was rated makes that day, and every day after it, rated again
(``stale_day``): ratings are a function of the days in order, so the later days follow.

Every sum runs in player id order, so a day rated twice gives the same floats.
"""

from collections import defaultdict
from dataclasses import dataclass
from datetime import date, timedelta

from django.db import connection, transaction
from django.db.models import F, Max, Min, OuterRef, Subquery

from fairplay.models import Flag, Verdict
from games.boards import DAILY_MODES, daily_board, ranking_board, utc_today
from games.daily.store import daily_pars
from games.models import DailyDeal, LeaderboardEntry
from ratings.expected import board_prior
from ratings.glicko import NEWCOMER, Rating, rated
from ratings.models import DealRating, PlayerRating, RatedDay, RatingDay
from ratings.outcome import game_outcome
from ratings.provisional import rating_on, settled_until
from ratings.seasons import seasons_placed, seasons_unrated_from

#: Rows written per statement.
BATCH = 5000

#: What rating a day gives a player's current rating (``PlayerRating``), beside the key.
CURRENT_FIELDS = (
    "bot",
    "rating",
    "deviation",
    "volatility",
    "games",
    "last_day",
    "settled_until",
)


@dataclass(frozen=True)
class Played:
    """One entry of a closed daily board, as a match against its deal."""

    player_id: int
    bot: bool
    outcome: float


def board_played(*, board: str, par: int | None) -> list[Played]:
    """The entries of a closed daily board, people then bots, each in player id order."""
    played = []
    for bot in (False, True):
        rows = (
            LeaderboardEntry.objects.filter(board=ranking_board(board, bot=bot))
            .order_by("player_id")
            .values_list("player_id", "cards", "action_count")
        )
        played += [
            Played(player_id, bot, game_outcome(cards=cards, actions=actions, par=par))
            for player_id, cards, actions in rows.iterator(chunk_size=BATCH)
        ]
    return played


def ratings_before(*, board: str, draw: int, day: date) -> dict[int, tuple[Rating, int]]:
    """Each player of ``board``'s (rating on ``day``, days rated before); absent: new."""
    players = LeaderboardEntry.objects.filter(
        board__in=[board, ranking_board(board, bot=True)]
    ).values("player_id")
    rows = PlayerRating.objects.filter(draw=draw, player_id__in=players).values_list(
        "player_id", "rating", "deviation", "volatility", "last_day", "games"
    )
    return {
        player_id: (rating_on(Rating(r, d, v), last_day=last_day, day=day), games)
        for player_id, r, d, v, last_day, games in rows.iterator(chunk_size=BATCH)
    }


def board_rated(*, day: date, mode: str, par: int | None) -> int:
    """Rate one closed daily board (see the module); the games rated."""
    draw = DAILY_MODES[mode]
    board = daily_board(day, mode).id
    played = board_played(board=board, par=par)
    before = ratings_before(board=board, draw=draw, day=day)

    def now(player_id: int) -> Rating:
        return before.get(player_id, (NEWCOMER, 0))[0]

    people = [game for game in played if not game.bot]
    deal = rated(
        board_prior(board),
        opponents=[now(game.player_id) for game in people],
        scores=[1 - game.outcome for game in people],
    )
    if people:  # a deal nobody met has no difficulty to tell (bots alone meet its prior)
        DealRating.objects.create(
            board=board,
            day=day,
            draw=draw,
            rating=deal.rating,
            deviation=deal.deviation,
            players=len(people),
        )
    days, current = [], []
    for game in played:
        after = rated(now(game.player_id), opponents=[deal], scores=[game.outcome])
        games = before.get(game.player_id, (NEWCOMER, 0))[1] + 1
        fields = {
            "player_id": game.player_id,
            "draw": draw,
            "bot": game.bot,
            "rating": after.rating,
            "deviation": after.deviation,
            "volatility": after.volatility,
            "games": games,
        }
        days.append(RatingDay(day=day, outcome=game.outcome, **fields))
        current.append(current_of(days[-1]))
    RatingDay.objects.bulk_create(days, batch_size=BATCH)
    currents_saved(current)
    return len(played)


def current_of(day: RatingDay) -> PlayerRating:
    """The current rating a player's ``day`` leaves them with."""
    rating = Rating(day.rating, day.deviation, day.volatility)
    return PlayerRating(
        player_id=day.player_id,
        draw=day.draw,
        last_day=day.day,
        settled_until=settled_until(rating, last_day=day.day),
        bot=day.bot,
        rating=day.rating,
        deviation=day.deviation,
        volatility=day.volatility,
        games=day.games,
    )


def currents_saved(rows: list[PlayerRating]) -> None:
    """Insert or update these current ratings (one upsert per batch)."""
    PlayerRating.objects.bulk_create(
        rows,
        batch_size=BATCH,
        update_conflicts=True,
        unique_fields=["player", "draw"],
        update_fields=list(CURRENT_FIELDS),
    )


def day_rated(day: date) -> int:
    """Rate both boards of a closed ``day`` (in one transaction); the games rated."""
    deal = DailyDeal.objects.get(date=day)
    pars = daily_pars(deal)
    with transaction.atomic():
        games = sum(board_rated(day=day, mode=mode, par=pars[mode]) for mode in DAILY_MODES)
        RatedDay.objects.create(day=day, games=games)
    return games


def stale_day() -> date | None:
    """The earliest rated day with a flag raised or decided on one of its games since it was
    rated (its entries may have changed: a game held, or cleared back), None if none."""
    rated_at = Subquery(RatedDay.objects.filter(day=OuterRef("game__daily")).values("rated_at"))
    flagged = (
        Flag.objects.annotate(rated_at=rated_at)
        .filter(created_at__gt=F("rated_at"))
        .aggregate(day=Min("game__daily"))["day"]
    )
    decided_rated_at = Subquery(
        RatedDay.objects.filter(day=OuterRef("flag__game__daily")).values("rated_at")
    )
    decided = (
        Verdict.objects.annotate(rated_at=decided_rated_at)
        .filter(created_at__gt=F("rated_at"))
        .aggregate(day=Min("flag__game__daily"))["day"]
    )
    found = [day for day in (flagged, decided) if day is not None]
    return min(found) if found else None


def days_unrated_from(day: date) -> None:
    """Forget the ratings of ``day`` and every day after it: each player's current rating
    goes back to their last day before (or goes, if they had none)."""
    affected: dict[int, set[int]] = defaultdict(set)
    for player_id, draw in RatingDay.objects.filter(day__gte=day).values_list("player_id", "draw"):
        affected[draw].add(player_id)
    seasons_unrated_from(day)
    RatingDay.objects.filter(day__gte=day).delete()
    DealRating.objects.filter(day__gte=day).delete()
    RatedDay.objects.filter(day__gte=day).delete()
    for draw, players in affected.items():
        latest = RatingDay.objects.filter(player_id=OuterRef("player_id"), draw=draw)
        kept = RatingDay.objects.filter(
            draw=draw,
            player_id__in=players,
            day=Subquery(latest.order_by("-day").values("day")[:1]),
        )
        restored = [current_of(row) for row in kept.iterator(chunk_size=BATCH)]
        gone = players - {row.player_id for row in restored}
        PlayerRating.objects.filter(draw=draw, player_id__in=gone).delete()
        currents_saved(restored)


def last_rated_day() -> date | None:
    return RatedDay.objects.aggregate(day=Max("day"))["day"]


def days_to_rate(*, today: date, through: date | None = None) -> list[date]:
    """The closed days with daily deals after the last rated one (up to ``through``), in
    order."""
    last = last_rated_day()
    days = DailyDeal.objects.filter(date__lt=today)
    if last is not None:
        days = days.filter(date__gt=last)
    if through is not None:
        days = days.filter(date__lte=through)
    return list(days.order_by("date").values_list("date", flat=True))


def ratings_refresh(*, today: date | None = None, through: date | None = None) -> list[date]:
    """Rate what has closed and is not rated yet (after rating again from the earliest day
    whose flags changed since it was rated), up to ``through`` if given, then place the
    ladders and the seasons of those days (``ratings.seasons``); the days rated."""
    today = today or utc_today()
    with transaction.atomic():
        stale = stale_day()
        if stale is not None:
            days_unrated_from(stale)
    rated_days = days_to_rate(today=today, through=through)
    for day in rated_days:
        day_rated(day)
    if rated_days:
        ladders_placed()
        seasons_placed(rated_days, last_rated=rated_days[-1])
    return rated_days


#: Every settled rating's place on the ladder of its (draw mode, people or bots), best rating
#: first, as of the day after the last rated one: the old places dropped, the new inserted
#: in one statement (a sort of the settled ratings).
LADDER_SQL = """
DELETE FROM ratings_ladderplace;
INSERT INTO ratings_ladderplace (rating_id, draw, bot, position, rank)
SELECT id, draw, bot,
    ROW_NUMBER() OVER (PARTITION BY draw, bot ORDER BY rating DESC, player_id),
    RANK() OVER (PARTITION BY draw, bot ORDER BY rating DESC)
FROM ratings_playerrating WHERE settled_until >= %(day)s;
"""


def ladder_day(last_rated: date | None = None) -> date | None:
    """The day the ladders are for: the one after the last rated day (``last_rated``, read
    if not given)."""
    last = last_rated or last_rated_day()
    return None if last is None else last + timedelta(days=1)


def ladders_placed() -> None:
    """Give every settled rating its place on its ladder (``LADDER_SQL``) as of
    ``ladder_day``: places move once a day, when a day is rated, so a page is a range scan."""
    day = ladder_day()
    with transaction.atomic(), connection.cursor() as cursor:
        for statement in LADDER_SQL.split(";"):
            if statement.strip() and (day is not None or "DELETE" in statement):
                cursor.execute(statement, {"day": day})
