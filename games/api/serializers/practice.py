"""A limited guest's practice step (``POST /api/practice/``): the deal, the log so far, and at
most one new action (a token or a tap)."""

from typing import Any

from django.utils.translation import gettext
from rest_framework import serializers

from games.api.fields import DealCodeField, LogTokenField
from games.api.serializers.actions import action_token_field, double_click_field, tap_field


class PracticeIn(serializers.Serializer):
    code = DealCodeField()
    actions = serializers.ListField(
        child=LogTokenField(), help_text="the log so far, one token per action"
    )
    action = action_token_field(required=False)
    tap = tap_field(required=False)
    double_click = double_click_field()

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        if "action" in attrs and "tap" in attrs:
            raise serializers.ValidationError(
                {"tap": [gettext('give at most one of "action" or "tap"')]}
            )
        return attrs


class PracticeOut(serializers.Serializer):
    code = serializers.CharField()
    draw = serializers.IntegerField()
    actions = serializers.ListField(child=serializers.CharField(), help_text="the log now")
    status = serializers.CharField(help_text="playing, won or resigned")
    state = serializers.JSONField(help_text="the board, as a game's state")
    score = serializers.IntegerField()
    cards = serializers.IntegerField()
    action_count = serializers.IntegerField()
    legal_moves = serializers.ListField(child=serializers.CharField())
