"""The leagues over HTTP: one view per operation, each a thin call of a service or selector
(``leagues.services``, ``leagues.selectors``). Members only: a league is a 404
``league_not_found`` to anyone else; an owner's operation is a 403 ``not_league_owner`` to
another member."""

from __future__ import annotations

from dataclasses import asdict
from typing import Any

from django.urls import reverse
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import status
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.current_player import request_player
from games.api.parsing import validated
from games.api.representation import represented, shallow
from games.api.serializers.errors import ErrorOut
from games.boards import parse_who
from games.selectors.board_shown import board_shown
from games.selectors.own_held_entry import own_held_entry
from leaderboards.views import (
    BOARD_PARAMETER,
    WHO_PARAMETER,
    LeaderboardView,
    board_header,
)
from leagues import services
from leagues.api.serializers import (
    InviteIn,
    JoinOut,
    LeagueBoardIn,
    LeagueBoardOut,
    LeagueNameIn,
    LeagueOut,
    LeagueSeasonsOut,
    LeaguesOut,
    LeftOut,
    PlayerIn,
    RemovedOut,
)
from leagues.models import League
from leagues.selectors import (
    LIMITS,
    league_members,
    league_of_member,
    league_seasons,
    league_today,
    leagues_of,
    member_board_read,
)

ERRORS = {400: ErrorOut, 401: ErrorOut, 403: ErrorOut, 404: ErrorOut, 409: ErrorOut}


def league_json(league: League, *, viewer_id: int) -> dict[str, Any]:
    """A league as its members read it: its invite, today's boards, its members."""
    return {
        "id": league.pk,
        "name": league.name,
        "owner": league.owner.username,
        "owned": league.owner_id == viewer_id,
        "invite": league.invite,
        "invite_url": reverse("leagues:join", args=[league.invite]),
        "url": reverse("leagues:league", args=[league.pk]),
        "created_at": league.created_at,
        "boards": league_today(),
        "members": [asdict(member) for member in league_members(league)],
        "limits": LIMITS,
    }


def fresh(league: League) -> League:
    return League.objects.select_related("owner").get(pk=league.pk)


class LeaguesView(APIView):
    """``GET``: the asker's leagues. ``POST {"name"}``: a new league, the asker its owner."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="leagues_mine", responses={200: LeaguesOut, 401: ErrorOut})
    def get(self, request: Request) -> Response:
        player = request_player(request)
        found = [asdict(summary) for summary in leagues_of(player)]
        return Response(LeaguesOut({"leagues": found, "limits": LIMITS}).data)

    @extend_schema(
        operation_id="league_create", request=LeagueNameIn, responses={201: LeagueOut, **ERRORS}
    )
    def post(self, request: Request) -> Response:
        player = request_player(request)
        body = validated(LeagueNameIn, request.data)
        league = services.league_create(owner=player, name=body["name"])
        data = league_json(fresh(league), viewer_id=player.pk)
        return Response(LeagueOut(data).data, status=status.HTTP_201_CREATED)


class LeagueJoinView(APIView):
    """``POST {"invite"}``: join the league the invite opens (200 if already a member)."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="league_join",
        request=InviteIn,
        responses={200: JoinOut, 201: JoinOut, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        player = request_player(request)
        body = validated(InviteIn, request.data)
        league, joined = services.league_join(player=player, invite=body["invite"])
        data = {**league_json(fresh(league), viewer_id=player.pk), "joined": joined}
        code = status.HTTP_201_CREATED if joined else status.HTTP_200_OK
        return Response(JoinOut(data).data, status=code)


class LeagueDetailView(APIView):
    """``GET``: a league (members only). ``PATCH {"name"}``: the owner renames it."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="league", responses={200: LeagueOut, 401: ErrorOut, 404: ErrorOut})
    def get(self, request: Request, league_id: int) -> Response:
        player = request_player(request)
        league = league_of_member(viewer=player, league_id=league_id)
        return Response(LeagueOut(league_json(league, viewer_id=player.pk)).data)

    @extend_schema(
        operation_id="league_rename", request=LeagueNameIn, responses={200: LeagueOut, **ERRORS}
    )
    def patch(self, request: Request, league_id: int) -> Response:
        player = request_player(request)
        body = validated(LeagueNameIn, request.data)
        league = services.league_rename(player=player, league_id=league_id, name=body["name"])
        return Response(LeagueOut(league_json(fresh(league), viewer_id=player.pk)).data)


class LeagueLeaveView(APIView):
    """``POST``: the asker leaves (the owner hands the league on first, unless alone)."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="league_leave", request=None, responses={200: LeftOut, **ERRORS})
    def post(self, request: Request, league_id: int) -> Response:
        player = request_player(request)
        deleted = services.league_leave(player=player, league_id=league_id)
        return Response(LeftOut({"league": league_id, "left": True, "deleted": deleted}).data)


class LeagueMemberView(APIView):
    """``DELETE``: the owner removes a member."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="league_member_remove", responses={200: RemovedOut, **ERRORS})
    def delete(self, request: Request, league_id: int, username: str) -> Response:
        player = request_player(request)
        services.member_remove(player=player, league_id=league_id, username=username)
        return Response(RemovedOut({"league": league_id, "removed": username}).data)


class LeagueInviteView(APIView):
    """``POST``: the owner makes a new invite link; the old one opens nothing from now on."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="league_invite_renew", request=None, responses={200: LeagueOut, **ERRORS}
    )
    def post(self, request: Request, league_id: int) -> Response:
        player = request_player(request)
        league = services.invite_renew(player=player, league_id=league_id)
        return Response(LeagueOut(league_json(fresh(league), viewer_id=player.pk)).data)


class LeagueOwnerView(APIView):
    """``POST {"player"}``: the owner hands the league on to a member."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="league_hand_on", request=PlayerIn, responses={200: LeagueOut, **ERRORS}
    )
    def post(self, request: Request, league_id: int) -> Response:
        player = request_player(request)
        body = validated(PlayerIn, request.data)
        league = services.league_hand_on(
            player=player, league_id=league_id, username=body["player"]
        )
        return Response(LeagueOut(league_json(fresh(league), viewer_id=player.pk)).data)


class LeagueSeasonsView(APIView):
    """``GET``: the members' places in the current week and month, ranked within the league."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="league_seasons",
        responses={200: LeagueSeasonsOut, 401: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, league_id: int) -> Response:
        player = request_player(request)
        league = league_of_member(viewer=player, league_id=league_id)
        return Response(LeagueSeasonsOut({"league": league.pk, **league_seasons(league)}).data)


LEAGUE_PARAMETER = OpenApiParameter(
    "league",
    int,
    OpenApiParameter.QUERY,
    required=False,
    description="a league's id: the board ranked within that league (members only: 404 "
    "league_not_found to anyone else)",
)


class LeagueAwareLeaderboardView(LeaderboardView):
    """``GET /api/leaderboards/<board>/``, and with ``?league=<id>`` that league's board: the
    global board's entries of its members, ranks within the league, the same header."""

    @extend_schema(
        operation_id="leaderboard",
        parameters=[LeagueBoardIn, BOARD_PARAMETER, WHO_PARAMETER, LEAGUE_PARAMETER],
        responses={200: LeagueBoardOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, board: str) -> Response:
        if "league" not in request.query_params:
            return super().get(request, board)
        query = validated(LeagueBoardIn, request.query_params)
        who = parse_who(request.query_params.get("who"))
        found = board_shown(board)  # the board's own rule, as the global board's answer
        # The membership check is read with the page, in its round trip: a 404 to anyone
        # but a member, and nothing of the league's board has left the database for them.
        league, page = member_board_read(
            viewer=request.user,
            league_id=query["league"],
            board=found.id,
            who=who,
            limit=query["limit"],
            offset=query["offset"],
            around=query.get("around"),
        )
        header = board_header(found)
        held = own_held_entry(viewer=request.user, board=found.id, who=who)
        data = {
            **shallow(page),
            **header,
            "who": who,
            "own_held": held,
            "league": {"id": league.id, "name": league.name},
        }
        return Response(represented(LeagueBoardOut, data))
