"""Leaderboards, the daily deals and their archive."""

from dataclasses import replace
from datetime import date, timedelta
from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, PolymorphicProxySerializer, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from engine import Deal
from fairplay.selectors import best_known_shown, table_par_shown, table_par_status
from games.api.fields import DEAL_CODE_PATTERN
from games.api.parsing import validated
from games.api.representation import represented, shallow
from games.api.serializers.boards import LeaderboardFieldOut, LeaderboardIn
from games.api.serializers.errors import ErrorOut
from games.boards import (
    DAILY_BOARD_PATTERN,
    DAILY_MODES,
    LAST_DAY,
    Board,
    Who,
    closes_at,
    daily_board,
    day_sealed,
    first_sealed_day,
    known_day,
    parse_who,
    partitions,
    ranking_board,
    seconds_to,
    utc_today,
)
from games.daily.lines import line_states
from games.daily.store import (
    commitments,
    daily_code,
    daily_codes,
    daily_deal_get,
    daily_deal_shown,
    daily_lines,
    daily_pars,
    daily_salts,
    par_of_code,
    par_statuses,
)
from games.errors import DailySealed, InvalidInput, NotOnBoard
from games.models import DailyDeal
from games.selectors.board_shown import board_shown
from games.selectors.games import Viewer, ranked_games_of
from games.selectors.leaderboard_sql import BoardCounts
from games.selectors.leaderboards import (
    LeaderboardPage,
    board_field_counts,
    leaderboard_entry_ranked,
    leaderboard_read,
)
from games.selectors.own_held_entry import own_held_entry
from leaderboards.daily_serializers import DailyArchiveOut, DailyIn, DailyLineOut, DailyOut
from leaderboards.serializers import LeaderboardOut
from ratings.expected import expected_difficulty
from ratings.selectors import deal_difficulties

#: A board in a path: a deal code or a daily board id (each pattern from its own home).
BOARD_PATTERN = f"^(?:{DEAL_CODE_PATTERN[1:-1]}|{DAILY_BOARD_PATTERN[1:-1]})$"
BOARD_PARAMETER = OpenApiParameter("board", str, OpenApiParameter.PATH, pattern=BOARD_PATTERN)
WHO_PARAMETER = OpenApiParameter(
    "who",
    str,
    OpenApiParameter.QUERY,
    enum=list(Who),
    default=Who.HUMANS.value,
    description="whose entries: people (default), declared bots, or all in one ranking "
    "(anything else: 400 bad_who)",
)
DAY_PARAMETER = OpenApiParameter("day", str, OpenApiParameter.PATH, description="YYYY-MM-DD")


def parse_day(text: str) -> date:
    """A day in a path (``YYYY-MM-DD``), or a 400 that says what was wrong."""
    try:
        parsed = known_day(date.fromisoformat(text)) if len(text) == 10 else None
    except ValueError:
        parsed = None
    if parsed is None:
        raise InvalidInput(
            gettext("'%(date)s' is not a date (YYYY-MM-DD) up to %(last)s")
            % {"date": text, "last": LAST_DAY.isoformat()},
            date=text,
        )
    return parsed


def board_header(board: Board) -> dict[str, Any]:
    """What a board page says of its board: its code once it may be told, its par (and its
    table par once the day has closed)."""
    if board.day is None or board.mode is None:
        return {
            "code": board.id,
            "sealed": False,
            "closes_at": None,
            "closes_in": None,
            "par": par_of_code(deal=Deal.from_code(board.id)),
            "par_status": "none",
            "par_proven": False,
            "best_known": None,
            "table_par": None,
            "table_par_status": "none",
            "difficulty": None,
            "expected": None,
        }
    deal = daily_deal_shown(day=board.day)
    sealed = board.sealed
    return {
        "code": None if sealed else daily_code(deal, board.mode),
        "sealed": sealed,
        "closes_at": board.closes_at,
        "closes_in": seconds_to(board.closes_at),
        "par": daily_pars(deal)[board.mode],
        **par_statuses(deal)[board.mode],
        "best_known": None if sealed else best_known_shown(board=board.id),
        "table_par": None if sealed else table_par_shown(board=board.id),
        "table_par_status": table_par_status(board=board.id, closed=not sealed),
        "difficulty": None if sealed else deal_difficulties(boards=[board.id]).get(board.id),
        "expected": expected_difficulty(board.id),
    }


def board_read(board: str, *, who: Who, query: dict[str, Any]) -> LeaderboardPage:
    """A page of ``board``, or the window around ``query["around"]``; a player with no place
    on it (not played, no such name, or held for review: all alike to a reader) is **not
    ranked**, an answer and no error: a 200 with no entries, ``around`` naming them, the
    board's ``total`` (a page asks it of every reader, and a 404 there was a console error on
    every board its reader had not played)."""
    around = query.get("around")
    try:
        return leaderboard_read(
            board=board, who=who, limit=query["limit"], offset=query["offset"], around=around
        )
    except NotOnBoard:
        top = leaderboard_read(board=board, who=who, limit=1, offset=0)
        return replace(top, limit=query["limit"], entries=[], around=around)


class LeaderboardView(APIView):
    """A board (a deal code or ``daily-<date>-D3``): a page (``limit``/``offset``) or the
    window ``around`` a player, of its people (``who=humans``, the default), its declared
    bots or both (``games.selectors.leaderboards.leaderboard_read``). A sealed daily board
    hides its code and its games."""

    @extend_schema(
        operation_id="leaderboard",
        parameters=[LeaderboardIn, BOARD_PARAMETER, WHO_PARAMETER],
        responses={200: LeaderboardOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, board: str) -> Response:
        query = validated(LeaderboardIn, request.query_params)
        who = parse_who(request.query_params.get("who"))
        found = board_shown(board)  # the one rule, its socket's too
        header = board_header(found)
        page = board_read(found.id, who=who, query=query)
        held = own_held_entry(viewer=request.user, board=found.id, who=who)
        data = {**shallow(page), **header, "who": who, "own_held": held}
        return Response(represented(LeaderboardOut, data))


class LeaderboardFieldView(APIView):
    """How many players stand at each count of cards on a board, for the field chart.

    The entries come in pages, which cannot draw the whole field of a big board; the board's
    count table can, in at most 104 rows. Cards home are on every entry already: a sealed
    board tells nothing more here."""

    @extend_schema(
        operation_id="leaderboard_field",
        parameters=[BOARD_PARAMETER, WHO_PARAMETER],
        responses={200: LeaderboardFieldOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, board: str) -> Response:
        who = parse_who(request.query_params.get("who"))
        found = board_shown(board)
        counts = board_field_counts(board=partitions(found.id, who))
        field = {
            "board": found.id,
            "who": who,
            "total": sum(counts.values()),
            "counts": [{"cards": cards, "players": n} for cards, n in sorted(counts.items())],
        }
        return Response(LeaderboardFieldOut(field).data)


def daily_json(deal: DailyDeal, viewer: Viewer = None) -> dict[str, Any]:
    """A day's two boards with their pars (and the viewer's own ranked games, if signed
    in); codes and lines only once the day has closed."""
    pars, statuses = daily_pars(deal), par_statuses(deal)
    ids = {mode: daily_board(deal.date, mode).id for mode in DAILY_MODES}
    counts = {mode: BoardCounts(board) for mode, board in ids.items()}
    mine = ranked_games_of(viewer, boards=list(ids.values()))
    sealed = day_sealed(deal.date)
    committed = commitments(deal)
    difficulties = {} if sealed else deal_difficulties(boards=list(ids.values()))
    boards = {
        mode: {
            "board": ids[mode],
            "draw": draw,
            "par": pars[mode],
            **statuses[mode],
            "best_known": None if sealed else best_known_shown(board=ids[mode]),
            "table_par": None if sealed else table_par_shown(board=ids[mode]),
            "table_par_status": table_par_status(board=ids[mode], closed=not sealed),
            "entries": counts[mode].total,  # people's: the board as it shows by default
            "difficulty": difficulties.get(ids[mode]),
            "expected": expected_difficulty(ids[mode]),
            "commitment": committed[mode],
            "game": own_game(mine.get(ids[mode]), counts[mode], ranked=sealed),
        }
        for mode, draw in DAILY_MODES.items()
    }
    out: dict[str, Any] = {
        "date": deal.date,
        "closes_at": closes_at(deal.date),
        "closes_in": seconds_to(closes_at(deal.date)),
        "closed": not sealed,
        "boards": boards,
    }
    codes, salts, lines = daily_codes(deal), daily_salts(deal), daily_lines(deal)
    if codes is not None and salts is not None and lines is not None:
        out["codes"], out["salts"], out["lines"] = codes, salts, lines
    return out


def next_day_json(deal: DailyDeal) -> dict[str, Any]:
    """A day to come as anyone may see it: its boards' commitments, nothing else."""
    committed = commitments(deal)
    return {
        "date": deal.date,
        "boards": {
            mode: {"board": daily_board(deal.date, mode).id, "commitment": committed[mode]}
            for mode in DAILY_MODES
        },
    }


def own_game(
    game: dict[str, Any] | None, counts: BoardCounts, *, ranked: bool
) -> dict[str, Any] | None:
    """The viewer's own game on a daily board, with their rank there while the day is open
    (today's home page: "rank 12 of 340"; a rank of their own is theirs to know). Closed
    days (the archive) skip the rank read: their boards are public anyway; so does a game
    held for review, which has no place on the board. A declared bot's rank is among the
    bots (its partition's counts: ``counts`` are the people's)."""
    if game is None:
        return None
    entry = None
    if ranked and not game["held"]:
        if game["bot"]:
            counts = BoardCounts(ranking_board(counts.board, bot=True))
        entry = leaderboard_entry_ranked(
            board=counts.board, player_id=game["player_id"], counts=counts
        )
    return {**game, "rank": None if entry is None else entry.rank}


class DailyView(APIView):
    """Today's (UTC) two sealed boards, D3 and D1, with their pars; with ``?before=<date>``
    the archive of closed days before it, newest first, with their codes and lines."""

    @extend_schema(
        operation_id="daily",
        parameters=[DailyIn],
        responses={
            200: PolymorphicProxySerializer(
                component_name="DailyOrArchive",
                serializers=[DailyOut, DailyArchiveOut],
                resource_type_field_name=None,
            ),
            400: ErrorOut,
        },
        description="Without `before`: today's boards (DailyOut). With `before`: the archive "
        "(DailyArchiveOut).",
    )
    def get(self, request: Request) -> Response:
        query = validated(DailyIn, request.query_params)
        if "before" not in query:
            today = daily_deal_shown(day=utc_today())
            tomorrow = daily_deal_get(day=today.date + timedelta(days=1))
            answer = {**daily_json(today, request.user), "next": next_day_json(tomorrow)}
            return Response(DailyOut(answer).data)
        before = min(query["before"], first_sealed_day())
        days = list(DailyDeal.objects.filter(date__lt=before).order_by("-date")[: query["limit"]])
        more = (
            len(days) == query["limit"]
            and DailyDeal.objects.filter(date__lt=days[-1].date).exists()
        )
        return Response(
            DailyArchiveOut(
                {
                    "before": before,
                    "days": [daily_json(deal, request.user) for deal in days],
                    "next_before": days[-1].date if more else None,
                }
            ).data
        )


class DailyDayView(APIView):
    """One day's boards: today's (sealed: no codes), or a closed day's with its codes and the
    solver's winning lines. A day to come is a 404, whatever is stored for it."""

    @extend_schema(
        operation_id="daily_day",
        parameters=[DAY_PARAMETER],
        responses={200: DailyOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, day: str) -> Response:
        deal = daily_deal_shown(day=parse_day(day))
        return Response(DailyOut(daily_json(deal, request.user)).data)


class DailyLineView(APIView):
    """The solver's winning line of a closed day's deal, with the position after each move:
    the line page steps through it with no engine of its own. A sealed day is a 404: its line
    is its layout."""

    @extend_schema(
        operation_id="daily_line",
        parameters=[
            DAY_PARAMETER,
            OpenApiParameter("mode", str, OpenApiParameter.PATH, enum=list(DAILY_MODES)),
        ],
        responses={200: DailyLineOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, day: str, mode: str) -> Response:
        parsed = parse_day(day)
        if mode not in DAILY_MODES:
            raise InvalidInput(
                gettext("'%(mode)s' is not a daily mode (D3 or D1)") % {"mode": mode}, mode=mode
            )
        board = daily_board(parsed, mode)
        deal = daily_deal_shown(day=parsed)
        codes, lines = daily_codes(deal), daily_lines(deal)
        if codes is None or lines is None:
            raise DailySealed(
                gettext("the deals of %(date)s are sealed until the day closes")
                % {"date": parsed.isoformat()},
                date=parsed.isoformat(),
            )
        code, tokens = codes[mode], lines[mode]
        line = {
            "board": board.id,
            "code": code,
            "line": tokens,
            "states": line_states(code, tokens),
        }
        return Response(DailyLineOut(line).data)
