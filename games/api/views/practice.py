"""``POST /api/practice/``: a limited guest's move on an open deal, nothing stored
(``games.services.practice``)."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import AllowAny
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.parsing import validated_body
from games.api.representation import represented
from games.api.serializers.errors import error_responses
from games.api.serializers.practice import PracticeIn, PracticeOut
from games.services.practice import practice_step


class PracticeView(APIView):
    """Replay ``actions`` on the deal of ``code``, play ``action`` or ``tap`` (if given), and
    answer the position: 200, nothing stored, for anyone (the per-client throttle applies).
    A bad action is the 422 a stored game's would be, with its ``index`` in the log."""

    permission_classes = (AllowAny,)

    @extend_schema(
        operation_id="practice_step",
        request=PracticeIn,
        responses={200: PracticeOut, **error_responses(400, 403, 422)},
    )
    def post(self, request: Request) -> Response:
        data = validated_body(PracticeIn, request.data)
        answer = practice_step(
            code=data["code"],
            actions=data["actions"],
            action=data.get("action"),
            tap=data.get("tap"),
            double_click=data["double_click"],
        )
        return Response(represented(PracticeOut, answer))
