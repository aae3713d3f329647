"""``POST /api/games/<id>/hint/``: the next move of a winning line, solved off the request
thread (``games.hint_pool``).

A DRF view like the others (authentication, CSRF for sessions, permissions, throttles, the
one error shape, the schema), split in two: its ``post`` runs on the request's thread and
only marks the player (``hint_begin``, a few milliseconds); ``as_view`` wraps it in an async
view that then awaits the solve on the event loop, in a solver process
(``canfield_site.http_handler`` says what the request's thread does meanwhile).
"""

from collections.abc import Callable
from typing import Any

from asgiref.sync import sync_to_async
from django.http import HttpRequest, HttpResponse
from django.template.response import SimpleTemplateResponse
from django.views.decorators.csrf import csrf_exempt
from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.current_player import request_player
from games.api.serializers.errors import error_responses
from games.api.serializers.hints import HintOut
from games.api.throttling import HintThrottle
from games.models import Game
from games.services.hints import Hint, hint_begin, hint_finish


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
        """Mark the player and hand the game to the async half (never sent as it is)."""
        response = MarkedResponse(status=200)
        response.hint_game = hint_begin(game_id=game_id, player=request_player(request))
        return response

    @classmethod
    def as_view(  # type: ignore[override]  # an async view: DRF's AsView types the sync one
        cls, **initkwargs: Any
    ) -> Callable[..., Any]:
        marking = super().as_view(**initkwargs)
        mark = sync_to_async(marking, thread_sensitive=True)

        async def view(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            response = await mark(request, *args, **kwargs)
            if isinstance(response, MarkedResponse) and response.hint_game is not None:
                # marked: solve, then answer with the hint in place of it
                game, response.hint_game = response.hint_game, None
                response.data = hint_json(await hint_finish(game))
            return await sync_to_async(rendered, thread_sensitive=False)(response)

        view.cls = cls  # type: ignore[attr-defined]  # drf-spectacular reads the view class
        view.initkwargs = initkwargs  # type: ignore[attr-defined]  # likewise
        return csrf_exempt(view)  # DRF's SessionAuthentication checks CSRF itself


class MarkedResponse(Response):
    """The sync half's answer: the game it marked, for the async half to solve."""

    hint_game: Game | None = None


def rendered(response: HttpResponse) -> HttpResponse:
    if isinstance(response, SimpleTemplateResponse):  # DRF's Response renders lazily
        response.render()
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
