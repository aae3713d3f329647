"""A whole game played offline, submitted at once."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.current_player import request_player
from games.api.parsing import validated_body
from games.api.presenters import game_json
from games.api.serializers.errors import error_responses
from games.api.serializers.games import GameOut
from games.api.serializers.submissions import SUBMISSION_SCHEMA, SubmissionIn
from games.selectors.games import game_for
from games.services.submissions import submission_create


class SubmissionCreateView(APIView):
    """Replay a submitted log of an open deal (a code: ranked dailies are played live); 201
    with the stored game, or 422 naming the first bad action (``index``, 0-based) with
    nothing stored. At most ``CANFIELD_MAX_LOG_ACTIONS`` actions."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="submission_create",
        request=SUBMISSION_SCHEMA,
        responses={201: GameOut, **error_responses(400, 401, 409, 413, 422)},
    )
    def post(self, request: Request) -> Response:
        data = validated_body(SubmissionIn, request.data)
        player = request_player(request)
        game = submission_create(
            player=player, code=data["code"], actions=data.get("actions"), log=data.get("log")
        )
        return Response(game_json(game_for(game_id=game.id, viewer=player)), status=201)
