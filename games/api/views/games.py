"""Games: start one, read it (anyone; a sealed ranked daily game its owner only), play it
and resign it (its owner), replay its log."""

from drf_spectacular.utils import extend_schema
from rest_framework.permissions import IsAuthenticated, IsAuthenticatedOrReadOnly
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from games.api.current_player import request_player
from games.api.guests import SignedInOrBrowser, as_new_guest
from games.api.parsing import validated, validated_body
from games.api.presenters import appended_json, game_json
from games.api.serializers.actions import (
    ACTION_SCHEMA,
    ActionIn,
    ActionListIn,
    ActionListOut,
    GameAfterActionOut,
    ResignIn,
)
from games.api.serializers.errors import ErrorOut, error_responses
from games.api.serializers.games import (
    GAME_CREATE_SCHEMA,
    GameCreateIn,
    GameOut,
    StateAtIn,
    StateAtOut,
)
from games.selectors.games import (
    game_actions,
    game_for,
    game_state_at,
    game_summary,
)
from games.services.actions import move_played
from games.services.games import game_create
from shared.origins import request_origin

ERRORS = error_responses(400, 401, 403, 404, 409, 422)


class GameCreateView(APIView):
    """Start a game on a deal code, a random deal (``draw``), or your ranked game of one of
    today's sealed dailies (``daily``, accounts only): 201 when it starts, 200 with the game
    you already have (one ranked game per player and board, no restart)."""

    permission_classes = (SignedInOrBrowser,)

    @extend_schema(
        operation_id="game_create",
        request=GAME_CREATE_SCHEMA,
        responses={201: GameOut, 200: GameOut, **ERRORS},
    )
    def post(self, request: Request) -> Response:
        """An anonymous browser's first game makes it a guest (``games.api.guests``)."""
        data = validated_body(GameCreateIn, request.data)
        origin = request_origin(request)
        if request.user.is_authenticated:
            viewer = request_player(request)
            started = game_create(player=viewer, origin=origin, **data)
        else:
            started = as_new_guest(
                request, self, lambda guest: game_create(player=guest, origin=origin, **data)
            )
            viewer = started.game.player
        game = game_for(game_id=started.game.id, viewer=viewer)
        return Response(game_json(game), status=201 if started.created else 200)


class GameDetailView(APIView):
    """A game with its board and legal moves; games are public (spectating, replays), but a
    sealed ranked daily game is its owner's alone, and shows no face-down card."""

    @extend_schema(operation_id="game_detail", responses={200: GameOut, 404: ErrorOut})
    def get(self, request: Request, game_id: int) -> Response:
        return Response(game_json(game_for(game_id=game_id, viewer=request.user)))


class GameActionsView(APIView):
    """The log (GET, public; in pages of up to 1,000 actions, ``next`` naming the following
    page) and the next action (POST, the owner only)."""

    permission_classes = (IsAuthenticatedOrReadOnly,)

    @extend_schema(
        operation_id="game_actions",
        parameters=[ActionListIn],
        responses={200: ActionListOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, game_id: int) -> Response:
        query = validated(ActionListIn, request.query_params)
        game = game_for(game_id=game_id, viewer=request.user)
        actions = list(game_actions(game=game, after=query["after"])[: query["limit"]])
        last = actions[-1].seq if actions else query["after"]
        more = last < game.seq
        summary = game_summary(game)
        return Response(
            ActionListOut(
                {
                    "game": game.id,
                    "code": summary["code"],
                    "board": game.board,
                    "seq": game.seq,
                    "actions": actions,
                    "next": f"{request.path}?after={last}&limit={query['limit']}" if more else None,
                }
            ).data
        )

    @extend_schema(
        operation_id="action_append",
        request=ACTION_SCHEMA,
        responses={201: GameAfterActionOut, **ERRORS},
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(ActionIn, request.data)
        player = request_player(request)
        appended = move_played(
            game_id=game_id,
            player=player,
            token=data.get("action"),
            tap=data.get("tap"),
            double_click=data["double_click"],
            expected_seq=data.get("seq"),
        )
        return Response(appended_json(appended), status=201)


class GameResignView(APIView):
    """End a game: a ``resign`` action closes its log (owner only)."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="game_resign", request=ResignIn, responses={201: GameAfterActionOut, **ERRORS}
    )
    def post(self, request: Request, game_id: int) -> Response:
        data = validated_body(ResignIn, request.data)
        player = request_player(request)
        appended = move_played(
            game_id=game_id, player=player, expected_seq=data.get("seq"), resign=True
        )
        return Response(appended_json(appended), status=201)


class GameStateView(APIView):
    """The board after action ``at`` (from the nearest kept position; for the replay viewer)."""

    @extend_schema(
        operation_id="game_state_at",
        parameters=[StateAtIn],
        responses={200: StateAtOut, 400: ErrorOut, 404: ErrorOut},
    )
    def get(self, request: Request, game_id: int) -> Response:
        query = validated(StateAtIn, request.query_params)
        game = game_for(game_id=game_id, viewer=request.user)
        at = query.get("at", game.seq)
        state = game_state_at(game=game, at=at)
        return Response(
            StateAtOut({"game": game.id, "at": at, "seq": game.seq, "state": state}).data
        )
