"""What is happening now: open games being played, the closed dailies' best games."""

from drf_spectacular.utils import extend_schema
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.parsing import validated
from games.api.serializers.errors import ErrorOut
from games.api.serializers.live import LiveNowIn, LiveNowOut
from games.selectors.live_now import PLAYING_WINDOW, closed_dailies_best, games_playing_now


class LiveNowView(APIView):
    """Open games with an action in the last few minutes (to watch live), and the best game
    of each board of the last closed days (to replay). A ranked daily game is never listed:
    while its day is open its line is its owner's alone."""

    @extend_schema(
        operation_id="live_now",
        parameters=[LiveNowIn],
        responses={200: LiveNowOut, 400: ErrorOut},
    )
    def get(self, request: Request) -> Response:
        query = validated(LiveNowIn, request.query_params)
        answer = {
            "window": int(PLAYING_WINDOW.total_seconds()),
            "playing": games_playing_now(limit=query["limit"]),
            "closed": closed_dailies_best(days=query["days"]),
        }
        return Response(LiveNowOut(answer).data)
