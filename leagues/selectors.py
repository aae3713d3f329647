"""League reads: a player's leagues, a league's members (with their streaks), its board for a
daily board, and its members' places in the current week's and month's seasons.

**A league board is the global board, members only.** Its rows are the global entries
(``LeaderboardEntry``) of the league's members on the board's ranking partition(s), in the
one order (``games.ranking.order_by``), numbered by the one rank rule
(``games.selectors.leaderboard_rows.ranked``): ranks within the league, ties sharing one. A
held entry is on no board (the projection never writes it), so on no league's either; while
the board is sealed no entry carries its game (``sealed_entries``, as the global board).

**Cost.** One indexed read of at most ``MAX_MEMBERS`` entries: the league's memberships (its
unique index) joined to the board's entries by their unique (board, player) index, whatever
the size of the global board; then the page is cut in Python. ``bench/league_board.py``
measures it with 1,000 members on a board of 1,000,000 entries.
"""

from __future__ import annotations

from dataclasses import dataclass, replace
from datetime import date, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Count, OuterRef, QuerySet, Subquery
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
from games.models import LeaderboardEntry
from games.ranking import order_by
from games.selectors.leaderboard_rows import LeaderboardPage, RankedEntry, ranked
from games.selectors.leaderboard_sql import rows
from games.selectors.leaderboards import not_on_board
from games.selectors.player_stats import Streak, streak_of_days
from leagues.errors import LeagueNotFound
from leagues.limits import MAX_LEAGUES_PER_PLAYER, MAX_MEMBERS
from leagues.models import League, Membership
from ratings.models import SeasonPlace
from ratings.season_selectors import current_season, season_facts
from ratings.seasons import PERIODS


def league_of_member(*, viewer: Any, league_id: int) -> League:
    """The league ``league_id`` if ``viewer`` is a member of it; ``LeagueNotFound`` (404) for
    anyone else, signed in or not, as for a league that does not exist."""
    if not getattr(viewer, "is_authenticated", False) or is_guest(viewer):
        league = None
    else:
        league = (
            League.objects.filter(pk=league_id, memberships__player=viewer)
            .select_related("owner")
            .first()
        )
    if league is None:
        raise LeagueNotFound(
            gettext("No league %(id)s of yours") % {"id": league_id}, league=league_id
        )
    return league


def is_member(*, league_id: int, player_id: int) -> bool:
    return Membership.objects.filter(league_id=league_id, player_id=player_id).exists()


def member_entries(league: League | int, boards: tuple[str, ...]) -> QuerySet[LeaderboardEntry]:
    """The entries of the league's members on ``boards`` (ranking partitions), unordered."""
    league_id = league if isinstance(league, int) else league.pk
    members = Membership.objects.filter(league_id=league_id).values("player_id")
    entries = LeaderboardEntry.objects.filter(player_id__in=members)
    return entries.filter(board=boards[0]) if len(boards) == 1 else entries.filter(board__in=boards)


def ranked_members(league: League | int, parts: tuple[str, ...]) -> list[RankedEntry]:
    """The members' entries on the ranking partitions ``parts`` (read as one), ranked within
    the league, best first; no game ids while the board is sealed."""
    found = rows(member_entries(league, parts).order_by(*order_by()))
    entries = ranked(found, offset=0, first_rank=1)
    if board_sealed(parts[0]):
        return [replace(entry, game=None) for entry in entries]
    return entries


def league_ranked(league: League | int, *, board: str, who: Who) -> list[RankedEntry]:
    """Every member's entry on ``board`` (a board id) for ``who``, ranked within the league."""
    return ranked_members(league, partitions(board, who))


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
    entries = league_ranked(league, board=board, who=who)
    if around is not None:
        mine = next((i for i, entry in enumerate(entries) if entry.player == around), None)
        if mine is None:
            raise not_on_board(board, around)
        offset = max(0, mine - limit // 2)
    return LeaderboardPage(
        board=board,
        total=len(entries),
        offset=offset,
        limit=limit,
        entries=entries[offset : offset + limit],
        around=around,
    )


def league_entries_ranked(
    *, league_id: int, board: str, player_ids: list[int]
) -> list[RankedEntry | None]:
    """The league-ranked entries of ``player_ids`` on ``board`` (a ranking partition), None
    for one with no entry there or no longer a member: one read of the league's board."""
    members = dict(
        Membership.objects.filter(league_id=league_id, player_id__in=player_ids).values_list(
            "player_id", "player__username"
        )
    )
    by_name = {entry.player: entry for entry in ranked_members(league_id, (board,))}
    return [by_name.get(members.get(player_id, "")) for player_id in player_ids]


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
    reads it (closed days only: a league shows nothing of a sealed day). Two reads: the
    members, and their distinct days played."""
    members = list(
        Membership.objects.filter(league=league)
        .select_related("player")
        .order_by("player__username")
    )
    until = first_sealed_day()
    days: dict[int, list[date | None]] = {member.player_id: [] for member in members}
    played = (
        LeaderboardEntry.objects.filter(
            player_id__in=list(days), game__daily__isnull=False, game__daily__lt=until
        )
        .values_list("player_id", "game__daily")
        .order_by("player_id", "game__daily")
        .distinct()
    )
    for player_id, day in played:
        days[player_id].append(day)
    found = [
        Member(
            player=member.player.username,
            owner=member.player_id == league.owner_id,
            joined_at=member.joined_at,
            streak=streak_of_days(days[member.player_id]),
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
