"""League reads: a player's leagues, a league's members (with their streaks), its board for a
daily board, and its members' places in the current week's and month's seasons.

**A league board is the global board, members only.** Its rows are the global entries
(``LeaderboardEntry``) of the league's members on the board's ranking partition(s), in the
one order (``games.ranking.order_by``), numbered by the one rank rule
(``games.selectors.leaderboard_rows.ranked``): ranks within the league, ties sharing one. A
held entry is on no board (the projection never writes it), so on no league's either; while
the board is sealed no entry carries its game (``sealed_entries``, as the global board).

**Cost.** One range of the league's rank index (``LeagueRank``: the members' ranking keys per
league and board, in the ranking order, kept by triggers), at most ``MAX_MEMBERS`` rows, read
in order by the window functions; only the page's rows are then joined to their entries and
names. Whatever the size of the global board, and with no probe of it per member (the first
design joined every membership to the global board's entries: 1,000 index probes and a sort).
``bench/league_board.py`` measures it with 1,000 members on a board of 1,000,000 entries.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import UTC, date, datetime
from functools import cache
from typing import Any

from django.contrib.auth.models import User
from django.db import connection
from django.db.models import Count, OuterRef, QuerySet, Subquery, Window
from django.db.models.functions import Rank, RowNumber
from django.utils import timezone
from django.utils.translation import gettext

from accounts.guests import is_guest
from games.boards import (
    DAILY_MODES,
    Who,
    board_sealed,
    daily_board,
    first_sealed_day,
    partitions,
    utc_today,
)
from games.models import Game, LeaderboardEntry
from games.ranking import order_by
from games.selectors.leaderboard_rows import ROW_COLUMNS, LeaderboardPage, RankedEntry, Row, ranked
from games.selectors.leaderboards import not_on_board
from games.selectors.player_stats import Streak, streak_of_days
from leagues.errors import LeagueNotFound
from leagues.limits import MAX_LEAGUES_PER_PLAYER, MAX_MEMBERS
from leagues.models import League, LeagueRank, Membership
from ratings.models import SeasonPlace
from ratings.season_selectors import current_season, season_facts
from ratings.seasons import PERIODS


def league_of_member(*, viewer: Any, league_id: int) -> League:
    """The league ``league_id`` if ``viewer`` is a member of it; ``LeagueNotFound`` (404) for
    anyone else, signed in or not, as for a league that does not exist."""
    # A guest is in no league (joining and making one refuse guests): no question for it.
    if not getattr(viewer, "is_authenticated", False):
        league = None
    else:
        league = (
            League.objects.filter(pk=league_id, memberships__player=viewer)
            .select_related("owner")
            .first()
        )
    if league is None:
        raise league_not_found(league_id)
    return league


def league_not_found(league_id: int) -> LeagueNotFound:
    return LeagueNotFound(
        gettext("No league %(id)s of yours") % {"id": league_id}, league=league_id
    )


def is_member(*, league_id: int, player_id: int) -> bool:
    return Membership.objects.filter(league_id=league_id, player_id=player_id).exists()


def member_ranks(league: League | int, boards: tuple[str, ...]) -> QuerySet[LeagueRank]:
    """The rank rows of the league's members' entries on ``boards`` (ranking partitions),
    unordered: one range of the league's rank index (``LeagueRank``) per board."""
    league_id = league if isinstance(league, int) else league.pk
    ranks = LeagueRank.objects.filter(league_id=league_id)
    return ranks.filter(board=boards[0]) if len(boards) == 1 else ranks.filter(board__in=boards)


#: What the window selects of each member's rank row: the entry, the player, the three
#: window figures. The entry's own columns are read for the page's rows only.
WINDOW_COLUMNS = ("entry_id", "player_id", "league_rank", "league_position", "league_total")

#: What the board query returns of each entry: a page row's columns (``Row``) but the name
#: (read for the few rows answered, not joined for every member), then the player's id and
#: the three window figures.
BOARD_COLUMNS = (*ROW_COLUMNS[:-1], *WINDOW_COLUMNS[1:])


@dataclass(frozen=True)
class Placed:
    """A member's entry as the board query returns it: its row, its player's id, its rank
    within the league (the first of a tie), its 1-based position in the league's order, and
    the league board's size."""

    row: Row
    player_id: int
    rank: int
    position: int
    total: int


def windowed(league: League | int, parts: tuple[str, ...]) -> QuerySet[LeagueRank]:
    """The league board on the ranking partitions ``parts`` (read as one): every member's
    rank row with ``league_rank`` (SQL's ``RANK()`` over the ranking rule's keys, the entry's
    id left out: ties share a rank, 1, 2, 2, 4), ``league_position`` (``ROW_NUMBER()`` over
    the whole rule, the entry's id included: the global board's page order) and
    ``league_total`` (the rank rows' count). The order is ``games.ranking.order_by``: one
    rule, here only written as SQL's window over the keys the rank rows copy, which their
    index holds in that order (a range read in order, no sort, on one partition)."""
    ordered = order_by(tiebreak="entry_id")
    # The size is a subquery run once, not ``COUNT(*) OVER ()``: a window over the whole
    # partition would read every rank row before the first is returned, where a page of the
    # top needs only its own (the rank and row number stream, and PostgreSQL stops them at
    # the page's end: ``CONDITIONS``).
    size = (
        member_ranks(league, parts)
        .order_by()
        .values("league_id")
        .annotate(size=Count("pk"))
        .values("size")
    )
    return member_ranks(league, parts).annotate(
        league_rank=Window(Rank(), order_by=ordered[:-1]),
        league_position=Window(RowNumber(), order_by=ordered),
        league_total=Subquery(size),
    )


#: Which rows of the league board a read wants, as SQL over the window's figures, applied
#: after the window (a filter on a player before it would rank them alone): a range of
#: positions (after, up to, up to again); ``limit`` positions from ``half`` before a member's
#: (half, name, limit: the window around them, clipped at the top); players by id
#: (``{players}``: as many placeholders as there are players).
#:
#: The range's ``league_rank <= up to`` adds no row (a rank is never above its position):
#: it is there for PostgreSQL's run conditions (15+), which stop a window as soon as a
#: monotonic figure passes its bound, but only the outermost window's stops the scan, and
#: the planner puts ``RANK()`` outermost. With it, the top 20 reads 20 rank rows of the
#: league's 1,000, not all of them (``bench/league_board.py`` prints the plan).
CONDITIONS = {
    "positions": (
        "",
        "league_board.league_position > %s AND league_board.league_position <= %s"
        " AND league_board.league_rank <= %s",
    ),
    "around": (
        ", around AS (SELECT CASE WHEN league_position - 1 - %s > 0"
        " THEN league_position - 1 - %s ELSE 0 END AS start FROM league_board"
        " WHERE player_id = (SELECT id FROM auth_user WHERE username = %s))",
        "league_board.league_position > (SELECT start FROM around)"
        " AND league_board.league_position <= (SELECT start FROM around) + %s",
    ),
    "players": ("", "league_board.player_id IN ({players})"),
}


#: The viewer's membership (parameters: the league's id, the viewer's): the league's name,
#: or no row. The board's answer reads it in the board's own round trip (``member_board_read``).
MEMBER_SQL = (
    "SELECT league.name FROM leagues_league AS league JOIN leagues_membership AS membership"
    " ON membership.league_id = league.id WHERE league.id = %s AND membership.player_id = %s"
)


@cache
def board_sql(partitions: int, condition: str, member: bool = False) -> str:
    """The league board's read (``windowed``, compiled by Django once per shape, its
    parameters the league's id then the partitions'), as a common table expression that
    ``condition`` reads after the window: only the rows asked for are joined to their
    entries and names and leave the database, in one round trip, whatever the number of
    members. ``member``: the page only if the viewer is a member (``MEMBER_SQL``, its
    parameters after the condition's common table expression's): each row then ends with
    the league's name, and a member's empty page is one row of nulls and the name."""
    parts = tuple(f"partition-{index}" for index in range(partitions))
    sql, params = windowed(0, parts).values_list(*WINDOW_COLUMNS).query.sql_with_params()
    # The order ``board_rows`` passes them in: the size's subquery's, then the window's.
    assert list(params) == [0, *parts] * 2, params
    more, where = CONDITIONS[condition]
    quote = connection.ops.quote_name
    entry = LeaderboardEntry._meta
    column_of = {field.attname: str(field.column) for field in entry.concrete_fields}
    columns = ", ".join(f"board_entry.{quote(column_of[name])}" for name in ROW_COLUMNS[:-1])
    window = ", ".join(f"league_board.{name}" for name in WINDOW_COLUMNS[1:])
    page = (
        f"SELECT {columns}, {window}, auth_user.username FROM league_board "
        f"JOIN {quote(entry.db_table)} AS board_entry ON board_entry.id = league_board.entry_id "
        f"JOIN auth_user ON auth_user.id = league_board.player_id WHERE {where}"
    )
    if not member:
        return f"WITH league_board AS ({sql}){more} {page} ORDER BY league_board.league_position"
    return (
        f"WITH league_board AS ({sql}){more}, member AS ({MEMBER_SQL}) "
        f"SELECT page.*, member.name FROM member LEFT JOIN ({page}) AS page ON 1 = 1 "
        f"ORDER BY page.league_position"
    )


def board_rows(
    league_id: int,
    parts: tuple[str, ...],
    condition: str,
    params: tuple[Any, ...],
    *,
    member: int | None = None,
) -> list[tuple[Any, ...]]:
    """The rows of ``board_sql`` meeting ``condition`` (``CONDITIONS``) with ``params``, in
    the league's order; with ``member`` (a player's id), only if they are a member."""
    with connection.cursor() as cursor:
        cursor.execute(*board_statement(league_id, parts, condition, params, member=member))
        return cursor.fetchall()


def board_statement(
    league_id: int,
    parts: tuple[str, ...],
    condition: str,
    params: tuple[Any, ...],
    *,
    member: int | None = None,
) -> tuple[str, tuple[Any, ...]]:
    """``board_rows``'s SQL and its parameters, in the order ``board_sql`` takes them."""
    sql = board_sql(len(parts), condition, member is not None)
    if condition == "players":
        sql = sql.replace("{players}", ", ".join(["%s"] * len(params)))
    if condition == "around":
        half, username, limit = params
        params = (half, half, username, limit)
    if condition == "positions":
        after, up_to = params
        params = (after, up_to, up_to)
    first = CONDITIONS[condition][0].count("%s")  # the condition's table expression's
    gate = () if member is None else (league_id, member)
    board = (league_id, *parts) * 2  # the size's subquery, the window
    return sql, (*board, *params[:first], *gate, *params[first:])


def placed_where(
    league: League | int, parts: tuple[str, ...], condition: str, params: tuple[Any, ...]
) -> list[Placed]:
    """The league board's entries meeting ``condition`` (``CONDITIONS``) with ``params``, in
    the league's order."""
    league_id = league if isinstance(league, int) else league.pk
    return [placed_row(values) for values in board_rows(league_id, parts, condition, params)]


def placed_row(values: tuple[Any, ...]) -> Placed:
    """A row of ``board_sql`` as the reads use it. Raw rows carry the database's own types:
    SQLite's booleans are 0 and 1 and its times naive (UTC), made what the ORM makes them."""
    entry = dict(zip(BOARD_COLUMNS, values[:-1], strict=True))
    reached_at = entry["reached_at"]
    if isinstance(reached_at, str):
        reached_at = datetime.fromisoformat(reached_at)
    if timezone.is_naive(reached_at):
        reached_at = timezone.make_aware(reached_at, UTC)
    row = Row._make((*(entry[column] for column in ROW_COLUMNS[:-1]), values[-1]))
    return Placed(
        row=row._replace(
            won=bool(entry["won"]), assisted=bool(entry["assisted"]), reached_at=reached_at
        ),
        player_id=int(entry["player_id"]),
        rank=int(entry["league_rank"]),
        position=int(entry["league_position"]),
        total=int(entry["league_total"]),
    )


def shown(entries: list[RankedEntry], parts: tuple[str, ...]) -> list[RankedEntry]:
    """``entries`` as clients may see them: no game ids while the board is sealed (as the
    global board's ``sealed_entries``)."""
    if not board_sealed(parts[0]):
        return entries
    return [replace(entry, game=None) for entry in entries]


def entries_of(placed: list[Placed], parts: tuple[str, ...]) -> list[RankedEntry]:
    """Consecutive entries of the league's order with their ranks, numbered by the one rank
    rule (``ranked``) from the first one's ``RANK()``."""
    if not placed:
        return []
    rows_in_order = [each.row for each in placed]
    first = placed[0]
    return shown(ranked(rows_in_order, offset=first.position - 1, first_rank=first.rank), parts)


def member_count(league: League | int, parts: tuple[str, ...]) -> int:
    return member_ranks(league, parts).count()


def league_top(
    league: League | int, parts: tuple[str, ...], limit: int
) -> tuple[list[RankedEntry], int]:
    """The first ``limit`` entries of the league board and its size (the socket's snapshot)."""
    placed = placed_where(league, parts, "positions", (0, limit))
    total = placed[0].total if placed else 0
    return entries_of(placed, parts), total


def league_board_read(
    *,
    league: League,
    board: str,
    who: Who = Who.HUMANS,
    limit: int,
    offset: int = 0,
    around: str | None = None,
) -> LeaderboardPage:
    """What ``GET /api/leaderboards/<board>/?league=<id>`` shows: a page of the league's
    board, or the window ``around`` a member (404 ``not_on_board`` when they have no entry
    there), in the global board's shape."""
    return page_read(league.pk, board, who, limit=limit, offset=offset, around=around)[1]


@dataclass(frozen=True)
class LeagueNamed:
    """A league as its board's answer names it."""

    id: int
    name: str


def member_board_read(
    *,
    viewer: Any,
    league_id: int,
    board: str,
    who: Who = Who.HUMANS,
    limit: int,
    offset: int = 0,
    around: str | None = None,
) -> tuple[LeagueNamed, LeaderboardPage]:
    """``league_board_read`` for ``viewer``, with the membership check of
    ``league_of_member`` (404 ``league_not_found`` to anyone else, before anything of the
    board) read in the board's own round trip: the league as the answer names it, and the
    page."""
    if not getattr(viewer, "is_authenticated", False):
        raise league_not_found(league_id)
    name, page = page_read(
        league_id, board, who, limit=limit, offset=offset, around=around, member=viewer.pk
    )
    if name is None:
        raise league_not_found(league_id)
    return LeagueNamed(id=league_id, name=name), page


def page_read(
    league_id: int,
    board: str,
    who: Who,
    *,
    limit: int,
    offset: int,
    around: str | None,
    member: int | None = None,
) -> tuple[str | None, LeaderboardPage]:
    """The page (``league_board_read``); with ``member``, read only if that player is a
    member, with the league's name (None, and an empty page, for anyone else)."""
    parts = partitions(board, who)
    condition, params = (
        ("around", (limit // 2, around, limit))
        if around is not None
        else ("positions", (offset, offset + limit))
    )
    rows = board_rows(league_id, parts, condition, params, member=member)
    name: str | None = None
    if member is not None:
        if not rows:
            return None, LeaderboardPage(board, 0, offset, limit, [], around)
        name = rows[0][-1]
        rows = [row[:-1] for row in rows if row[0] is not None]  # an empty page: its nulls
    placed = [placed_row(values) for values in rows]
    if around is not None:
        if not placed:
            raise not_on_board(board, around)
        offset = placed[0].position - 1
    total = placed[0].total if placed else member_count(league_id, parts)
    return name, LeaderboardPage(
        board=board,
        total=total,
        offset=offset,
        limit=limit,
        entries=entries_of(placed, parts),
        around=around,
    )


def league_entries_ranked(
    *, league_id: int, board: str, player_ids: list[int]
) -> list[RankedEntry | None]:
    """The league-ranked entries of ``player_ids`` on ``board`` (a ranking partition), None
    for one with no entry there or no longer a member: one read of the league's board."""
    parts = (board,)
    placed = placed_where(league_id, parts, "players", tuple(player_ids))
    found = {
        each.player_id: shown(ranked([each.row], offset=0, first_rank=each.rank), parts)[0]
        for each in placed
    }
    return [found.get(player_id) for player_id in player_ids]


@dataclass(frozen=True)
class LeagueSummary:
    id: int
    name: str
    owner: str
    members: int
    owned: bool


def leagues_of(player: User) -> list[LeagueSummary]:
    """The leagues ``player`` is in, by name, with their sizes (home, ``GET /api/leagues/``)."""
    if not player.is_authenticated or is_guest(player):
        return []
    sizes = (
        Membership.objects.filter(league=OuterRef("pk"))
        .values("league")
        .annotate(count=Count("pk"))
        .values("count")
    )
    found = (
        League.objects.filter(pk__in=Membership.objects.filter(player=player).values("league"))
        .annotate(size=Subquery(sizes))
        .select_related("owner")
        .order_by("name", "id")
    )
    return [
        LeagueSummary(
            id=league.pk,
            name=league.name,
            owner=league.owner.username,
            members=league.size,
            owned=league.owner_id == player.pk,
        )
        for league in found
    ]


@dataclass(frozen=True)
class Member:
    player: str
    owner: bool
    joined_at: datetime
    streak: Streak


def league_members(league: League) -> list[Member]:
    """Every member, the owner first then by name, each with their daily streak as anyone
    reads it (closed days only: a league shows nothing of a sealed day). Three reads: the
    members, their distinct days on the boards, and those of their held games."""
    members = list(
        Membership.objects.filter(league=league)
        .select_related("player")
        .order_by("player__username")
    )
    until = first_sealed_day()
    days: dict[int, set[date]] = {member.player_id: set() for member in members}
    played = (
        LeaderboardEntry.objects.filter(
            player_id__in=list(days), game__daily__isnull=False, game__daily__lt=until
        )
        .values_list("player_id", "game__daily")
        .distinct()
    )
    # A game held for a fair-play review is on no board but its day was played
    # (``streak_of``): its owner's streak has no gap there, here as on their page.
    held = (
        Game.objects.filter(
            player_id__in=list(days), held=True, seq__gt=0, daily__isnull=False, daily__lt=until
        )
        .values_list("player_id", "daily")
        .distinct()
    )
    for player_id, day in [*played, *held]:
        if day is not None:
            days[player_id].add(day)
    found = [
        Member(
            player=member.player.username,
            owner=member.player_id == league.owner_id,
            joined_at=member.joined_at,
            streak=streak_of_days(sorted(days[member.player_id])),
        )
        for member in members
    ]
    return sorted(found, key=lambda member: not member.owner)


def league_today() -> dict[str, str]:
    """Today's daily boards, by mode: the boards a league page shows."""
    today = utc_today()
    return {mode: daily_board(today, mode).id for mode in DAILY_MODES}


def league_seasons(league: League) -> dict[str, dict[str, dict[str, Any]]]:
    """Per period (week, month) and mode, the members' places in the current season, ranked
    within the league by their global places (ties share a rank): ``{"week": {"D3":
    {"season", "entries": [{"rank", "player", "score", "days"}]}, ...}}``. Of rated (closed)
    days only, as every season figure."""
    members = Membership.objects.filter(league=league).values("player_id")
    out: dict[str, dict[str, dict[str, Any]]] = {}
    for period in PERIODS:
        season = current_season(period)
        out[period] = {}
        for mode, draw in DAILY_MODES.items():
            entries: list[dict[str, Any]] = []
            if season is not None:
                places = (
                    SeasonPlace.objects.filter(
                        season=season, draw=draw, bot=False, player_id__in=members
                    )
                    .order_by("position")
                    .values_list("rank", "player__username", "score", "days")
                )
                previous: int | None = None
                rank = 0
                for index, (global_rank, player, score, played) in enumerate(places):
                    if global_rank != previous:
                        rank = index + 1
                    previous = global_rank
                    entries.append({"rank": rank, "player": player, "score": score, "days": played})
            out[period][mode] = {
                "season": None if season is None else season_facts(season),
                "entries": entries,
            }
    return out


LIMITS = {"leagues_per_player": MAX_LEAGUES_PER_PLAYER, "members_per_league": MAX_MEMBERS}
