"""A game's log: the next action (a move token or a tap on a card), resigning, and the log
read in pages."""

from typing import Any

from django.core.validators import RegexValidator
from django.utils.translation import gettext_lazy
from rest_framework import serializers

from games.api.fields import (
    TAP_PATTERN,
    MoveTokenField,
    StrictBooleanField,
    StrictCharField,
    StrictIntegerField,
)
from games.api.serializers.games import GameOut
from games.api.serializers.limits import MAX_QUERY_INT
from games.api.serializers.one_of import one_of_body

TAP_MESSAGE = gettext_lazy('a card as shown on the board ("7H") or "stock"')

#: Actions per page of a log: a long game's log is read in pages, not as one 800 KB answer.
ACTIONS_PAGE = 1000


class ActionOut(serializers.Serializer):
    seq = serializers.IntegerField()
    token = serializers.CharField()
    score_after = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class GameAfterActionOut(GameOut):
    action = ActionOut(help_text="the action just stored")


def action_token_field(**options: Any) -> MoveTokenField:
    return MoveTokenField(help_text='a move token, e.g. "draw", "24x3"', **options)


def tap_field(**options: Any) -> StrictCharField:
    return StrictCharField(
        max_length=5,
        trim_whitespace=False,
        validators=[RegexValidator(TAP_PATTERN, TAP_MESSAGE)],
        help_text='a card ("7H") or "stock"',
        **options,
    )


def double_click_field() -> StrictBooleanField:
    return StrictBooleanField(
        required=False,
        default=True,
        help_text="when false a tap only sends a card to its foundation",
    )


def expected_seq_field() -> StrictIntegerField:
    return StrictIntegerField(
        required=False,
        min_value=1,
        max_value=MAX_QUERY_INT,
        help_text="the seq this action is to get (1 = first)",
    )


class MoveIn(serializers.Serializer):
    action = action_token_field()
    seq = expected_seq_field()


class TapIn(serializers.Serializer):
    tap = tap_field()
    double_click = double_click_field()
    seq = expected_seq_field()


ActionIn, ACTION_SCHEMA = one_of_body("ActionIn", [MoveIn, TapIn])


class ResignIn(serializers.Serializer):
    seq = StrictIntegerField(required=False, min_value=1, max_value=MAX_QUERY_INT)


class ActionListIn(serializers.Serializer):
    after = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_QUERY_INT, default=0
    )
    limit = serializers.IntegerField(
        required=False, min_value=1, max_value=ACTIONS_PAGE, default=ACTIONS_PAGE
    )


class ActionListOut(serializers.Serializer):
    game = serializers.IntegerField()
    code = serializers.CharField(allow_null=True, help_text="null while the game is sealed")
    board = serializers.CharField()
    seq = serializers.IntegerField()
    actions = ActionOut(many=True)
    next = serializers.CharField(
        allow_null=True, help_text="the next page's URL (after the last action here), or null"
    )
