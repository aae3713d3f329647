"""The ratings over HTTP: the ladders, a player's ratings with their history, and the weekly
and monthly seasons."""

from dataclasses import asdict

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.parsing import validated
from games.api.serializers.errors import ErrorOut
from games.boards import Who
from games.selectors.players import player_user
from ratings.season_selectors import player_seasons, season_facts, season_page, seasons_archived
from ratings.selectors import ladder_page, player_ratings
from ratings.serializers import (
    LadderIn,
    LadderOut,
    PlayerRatingsOut,
    SeasonIn,
    SeasonPageOut,
    SeasonsArchiveIn,
    SeasonsArchiveOut,
)


class LadderView(APIView):
    """A rating ladder: one draw mode, people or declared bots, settled ratings best first;
    a page (``limit``/``offset``) or the page around a player (``around``)."""

    @extend_schema(
        operation_id="ratings_ladder",
        parameters=[LadderIn],
        responses={200: LadderOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request) -> Response:
        query = validated(LadderIn, request.query_params)
        page = ladder_page(
            draw=query["draw"],
            bot=query["who"] == Who.BOTS,
            limit=query["limit"],
            offset=query["offset"],
            around=query.get("around"),
        )
        return Response(LadderOut({**asdict(page), "who": query["who"]}).data)


class PlayerRatingsView(APIView):
    """A player's rating in each draw mode and its history, day by day."""

    @extend_schema(operation_id="player_ratings", responses={200: PlayerRatingsOut, 404: ErrorOut})
    def get(self, request: Request, username: str) -> Response:
        user = player_user(username=username)
        answer = {
            "username": user.username,
            "ratings": player_ratings(user=user),
            "seasons": player_seasons(user),
        }
        return Response(PlayerRatingsOut(answer).data)


class SeasonView(APIView):
    """A season's standings (a week or a month, one draw mode, people or declared bots):
    the current season or ``season``, a page or the page ``around`` a player."""

    @extend_schema(
        operation_id="season_standings",
        parameters=[SeasonIn],
        responses={200: SeasonPageOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request) -> Response:
        query = validated(SeasonIn, request.query_params)
        page = season_page(
            period=query["period"],
            draw=query["draw"],
            bot=query["who"] == Who.BOTS,
            limit=query["limit"],
            offset=query["offset"],
            key=query.get("season"),
            around=query.get("around"),
        )
        return Response(SeasonPageOut({**asdict(page), "who": query["who"]}).data)


class SeasonsArchiveView(APIView):
    """The final (closed) seasons of a period, latest first."""

    @extend_schema(
        operation_id="seasons_archive",
        parameters=[SeasonsArchiveIn],
        responses={200: SeasonsArchiveOut, 400: ErrorOut},
    )
    def get(self, request: Request) -> Response:
        query = validated(SeasonsArchiveIn, request.query_params)
        total, seasons = seasons_archived(
            period=query["period"], limit=query["limit"], offset=query["offset"]
        )
        answer = {**query, "total": total, "seasons": [season_facts(one) for one in seasons]}
        return Response(SeasonsArchiveOut(answer).data)
