"""``POST /api/games/<id>/hint/``: the next move of a winning line, solved off the request
thread (``games.hint_pool``).

A DRF view like the others (authentication, CSRF for sessions, permissions, throttles, the
one error shape, the schema), split in two: its ``post`` runs on the request's thread and
only marks the player (``hint_begin``, a few milliseconds); the solve is awaited on the event
loop, in a solver process, once the request's thread is given back
(``shared.http_handler.finish_on_loop``): a hint waiting for its turn holds no thread
that other requests need.
"""

from typing import Any

from asgiref.sync import async_to_sync
from django.http import HttpResponseBase
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.current_player import request_player
from games.api.parsing import no_body_fields
from games.api.serializers.errors import error_responses
from games.api.serializers.hints import HintOut
from games.api.throttling import HintThrottle
from games.models import Game
from games.services.hints import Hint, hint_begin, hint_finish
from shared.http_handler import finish_on_loop, finishes_on_loop


class GameHintView(APIView):
    """The next move of a winning line (owner only). Asking marks you assisted on the game's
    board for good, so it is a POST (a link or an image tag cannot ask on your behalf).
    Ranked daily games take no hints; when every solver is busy, 503 ``hints_busy``."""

    permission_classes = (IsAuthenticated,)
    throttle_classes = (*APIView.throttle_classes, HintThrottle)  # the defaults, and hints'

    @extend_schema(
        operation_id="game_hint",
        request=None,
        responses={200: HintOut, **error_responses(401, 403, 404, 409, 429, 503)},
    )
    def post(self, request: Request, game_id: int) -> Response:
        """Mark the player; the solve's answer is the body, filled in on the event loop."""
        no_body_fields(request.data)
        game = hint_begin(game_id=game_id, player=request_player(request))
        if not finishes_on_loop(request._request):
            return Response(hint_json(async_to_sync(hint_finish)(game)))
        response = Response({})

        async def solved(answer: HttpResponseBase) -> None:
            found = hint_json(await hint_finish(game))
            assert isinstance(answer, Response) and answer.accepted_renderer is not None
            answer.data = found
            answer.content = answer.accepted_renderer.render(
                found, answer.accepted_media_type, getattr(answer, "renderer_context", None)
            )

        finish_on_loop(response, solved)
        return response


def hint_json(found: Hint) -> dict[str, Any]:
    game: Game = found.game
    return HintOut(
        {
            "game": game.id,
            "seq": found.seq,
            "status": found.status,
            "move": found.move,
            "moves_to_win": len(found.line) if found.line else None,
            "assisted": game.assisted,
            "nodes": found.nodes,
            "seconds": round(found.seconds, 3),
        }
    ).data
