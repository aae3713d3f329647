"""The staff review over HTTP: a board's flags, and a verdict on one.

Staff accounts (``is_staff``) only: anonymous 401, anyone else 403 ``not_staff``; every
refusal stores nothing. Error bodies are the project's one shape (``games.errors``).
"""

from typing import Any

from django.utils.translation import gettext
from drf_spectacular.utils import OpenApiParameter, extend_schema
from rest_framework import serializers
from rest_framework.permissions import IsAuthenticated
from rest_framework.request import Request
from rest_framework.response import Response
from rest_framework.views import APIView

from fairplay.line_review import flag_line
from fairplay.selectors import board_flags, flag_review, flag_reviewed
from fairplay.services import flag_decide, staff_check
from games.api.current_player import request_player
from games.api.parsing import unknown_fields_refused
from games.api.representation import represented
from games.api.serializers.errors import WordsOut, error_responses
from games.boards import parse_board
from games.errors import InvalidInput


class EntryShownOut(serializers.Serializer):
    cards = serializers.IntegerField()
    actions = serializers.IntegerField()
    elapsed = serializers.IntegerField(allow_null=True)
    status = serializers.CharField()


class LinkOut(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["network", "device"])
    detail = serializers.CharField()
    game = serializers.IntegerField(
        help_text="the other ranked game of the link (earlier or later) it shares an origin with"
    )
    player = serializers.CharField(allow_null=True, help_text="that game's player")


class MeasuredOut(serializers.Serializer):
    kind = serializers.ChoiceField(choices=["clairvoyant", "bot_like"])
    detail = serializers.CharField(help_text="what was measured, in a sentence")
    figures = serializers.JSONField(
        help_text="clairvoyant: the line, the threshold, the table-view player's runs on the"
        " deal and the solver's par; bot_like: the think-time figures and their thresholds"
    )


class VerdictOut(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=["clear", "confirm"])
    staff = serializers.CharField()
    note = serializers.CharField(allow_blank=True)
    at = serializers.DateTimeField()


class FlagOut(serializers.Serializer):
    id = serializers.IntegerField()
    board = serializers.CharField()
    game = serializers.IntegerField()
    player = serializers.CharField()
    entry = EntryShownOut(help_text="where the held game stands now")
    reason = WordsOut()
    evidence = LinkOut(many=True, help_text="a linked flag's links (empty for a signal)")
    measured = MeasuredOut(allow_null=True, help_text="a signal's figures (null for a link)")
    status = serializers.ChoiceField(
        choices=["held", "listed", "cleared", "confirmed"],
        help_text="listed: a borderline signal, shown to staff, the entry still on the board",
    )
    status_detail = serializers.CharField()
    created_at = serializers.DateTimeField()
    verdicts = VerdictOut(many=True, help_text="every verdict so far, oldest first")


class FlagListOut(serializers.Serializer):
    board = serializers.CharField()
    flags = FlagOut(many=True)


class VerdictIn(serializers.Serializer):
    verdict = serializers.ChoiceField(choices=["clear", "confirm"])
    note = serializers.CharField(required=False, allow_blank=True)
    together = serializers.BooleanField(
        required=False,
        default=False,
        help_text="a linked flag: give the same verdict on every flag of its link (false:"
        " this flag alone)",
    )


ERRORS = error_responses(400, 401, 403, 404)


class FlagListView(APIView):
    """The flags of one board (``?board=``), each with its reasons, evidence and verdicts."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="fair_play_flags",
        parameters=[OpenApiParameter("board", str, OpenApiParameter.QUERY, required=True)],
        responses={200: FlagListOut, **ERRORS},
    )
    def get(self, request: Request) -> Response:
        staff_check(request_player(request))
        board = request.query_params.get("board", "")
        if not board:
            raise InvalidInput(gettext("give the board to review (?board=)"), field="board")
        found = parse_board(board)
        flags = [flag_review(flag) for flag in board_flags(board=found.id)]
        return Response(represented(FlagListOut, {"board": found.id, "flags": flags}))


class FlagVerdictView(APIView):
    """A staff verdict on one flag: ``clear`` (back on the board at the place it earned) or
    ``confirm`` (out for good), with an optional ``note``; every verdict is kept."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(
        operation_id="fair_play_verdict",
        request=VerdictIn,
        responses={200: FlagOut, **ERRORS},
    )
    def post(self, request: Request, flag_id: int) -> Response:
        staff = staff_check(request_player(request))
        body: Any = request.data if isinstance(request.data, dict) else {}
        unknown_fields_refused(set(VerdictIn().fields), body)
        flag = flag_decide(
            flag_id=flag_id,
            staff=staff,
            verdict=body.get("verdict"),
            note=body.get("note"),
            together=body.get("together", False),
        )
        return Response(represented(FlagOut, flag_reviewed(flag_id=flag.id)))


class FaceDownOut(serializers.Serializer):
    reserve = serializers.ListField(
        child=serializers.CharField(), help_text="the reserve below its top, bottom first"
    )
    stock = serializers.ListField(
        child=serializers.CharField(), help_text="the stock, the next card to come first"
    )


class LineStepOut(serializers.Serializer):
    seq = serializers.IntegerField(help_text="0: the deal as dealt; n: after the n-th action")
    token = serializers.CharField(allow_null=True)
    table = serializers.CharField(help_text="what the player could see, as a text board")
    face_down = FaceDownOut(help_text="what the player could not see")


class FlagLineOut(serializers.Serializer):
    flag = serializers.IntegerField()
    game = serializers.IntegerField()
    board = serializers.CharField()
    steps = LineStepOut(many=True)


class FlagLineView(APIView):
    """A flagged game's line step by step: what its player could see beside the face-down
    cards (staff only: it shows a sealed deal's cards)."""

    permission_classes = (IsAuthenticated,)

    @extend_schema(operation_id="fair_play_line", responses={200: FlagLineOut, **ERRORS})
    def get(self, request: Request, flag_id: int) -> Response:
        staff_check(request_player(request))
        return Response(represented(FlagLineOut, flag_line(flag_id=flag_id)))
