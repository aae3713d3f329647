"""Leaderboards, the daily deal, and player pages."""

from dataclasses import asdict

from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.fields import DEAL_CODE_PATTERN
from games.api.parsing import validated
from games.api.serializers import DailyOut, ErrorOut, LeaderboardIn, LeaderboardOut, PlayerOut
from games.replaying import deal_from_code
from games.selectors.leaderboards import leaderboard_around, leaderboard_page
from games.selectors.players import player_profile
from games.services.daily import codes_of, daily_deal_get, daily_pars, par_of_code, utc_today


class LeaderboardView(APIView):
    """A board: a page (``limit``/``offset``) or the window ``around`` a player."""

    @extend_schema(
        operation_id="leaderboard",
        parameters=[
            LeaderboardIn,
            OpenApiParameter("code", str, OpenApiParameter.PATH, pattern=DEAL_CODE_PATTERN),
        ],
        responses={200: LeaderboardOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, code: str) -> Response:
        query = validated(LeaderboardIn, request.query_params)
        deal = deal_from_code(code)
        canonical = deal.code
        if "around" in query:
            page = leaderboard_around(
                code=canonical, username=query["around"], limit=query["limit"]
            )
        else:
            page = leaderboard_page(code=canonical, limit=query["limit"], offset=query["offset"])
        return Response(LeaderboardOut({**asdict(page), "par": par_of_code(deal=deal)}).data)


class DailyView(APIView):
    """Today's (UTC) deal: one number, proven winnable, in draw-3 and draw-1, with its pars."""

    @extend_schema(operation_id="daily", responses={200: DailyOut})
    def get(self, request: Request) -> Response:
        today = utc_today()
        deal = daily_deal_get(day=today)
        return Response(
            DailyOut({"date": today, "codes": codes_of(deal), "par": daily_pars(deal)}).data
        )


class PlayerDetailView(APIView):
    """A player's totals and most recent games."""

    @extend_schema(operation_id="player_detail", responses={200: PlayerOut, 404: ErrorOut})
    def get(self, request: Request, username: str) -> Response:
        profile = player_profile(username=username)
        return Response(
            PlayerOut(
                {
                    "username": profile.user.username,
                    "date_joined": profile.user.date_joined,
                    "totals": profile.totals,
                    "games": profile.games,
                }
            ).data
        )
