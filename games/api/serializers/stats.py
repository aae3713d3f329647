"""A player's record: the daily streak, win rates, results against par, and a month's
calendar of ranked dailies (a held entry shown to its owner alone)."""

from datetime import date
from typing import Any

from django.utils.translation import gettext_lazy
from rest_framework import serializers

from games.api.serializers.holds import HoldReasonOut
from games.boards import LAST_MONTH


class MonthField(serializers.CharField):
    """A calendar month, ``YYYY-MM``; the first day of it once validated."""

    def to_internal_value(self, data: Any) -> Any:
        text = super().to_internal_value(data)
        try:
            first = date.fromisoformat(f"{text}-01") if len(text) == 7 else self.fail("invalid")
        except ValueError:
            self.fail("invalid")
        if first > LAST_MONTH:
            self.fail("too_late", last=LAST_MONTH.strftime("%Y-%m"))
        return first

    default_error_messages = {
        "invalid": "a month is written YYYY-MM, e.g. 2026-11",
        "too_late": gettext_lazy("the last month with a calendar is {last}"),
    }


class PlayerStatsIn(serializers.Serializer):
    month = MonthField(required=False, help_text="the calendar's month (YYYY-MM; default: now)")


class StreakOut(serializers.Serializer):
    current = serializers.IntegerField(
        help_text="consecutive UTC days with a ranked daily played, ending today or yesterday"
    )
    best = serializers.IntegerField(help_text="the longest such run")
    last_day = serializers.DateField(allow_null=True, help_text="the last day that counts")


class RateOut(serializers.Serializer):
    played = serializers.IntegerField(help_text="games with at least one action")
    won = serializers.IntegerField()
    rate = serializers.FloatField(allow_null=True, help_text="won / played (null: none played)")


class AgainstParOut(serializers.Serializer):
    games = serializers.IntegerField(help_text="won dailies of this mode with a par")
    average = serializers.FloatField(
        allow_null=True, help_text="mean of actions minus par over them (negative: under par)"
    )


class AgainstParModesOut(serializers.Serializer):
    D3 = AgainstParOut()
    D1 = AgainstParOut()


class CalendarEntryOut(serializers.Serializer):
    board = serializers.CharField()
    won = serializers.BooleanField()
    cards = serializers.IntegerField()
    actions = serializers.IntegerField()
    rank = serializers.IntegerField(
        allow_null=True, help_text="the player's rank on that day's board (null: held)"
    )
    held = serializers.BooleanField(
        required=False, help_text="the player's own entry, held for a fair-play review"
    )
    confirmed = serializers.BooleanField(required=False)
    held_reason = HoldReasonOut(required=False, help_text="why it is held (held entries only)")
    total = serializers.IntegerField(help_text="entries on that day's board")
    game = serializers.IntegerField(allow_null=True, help_text="the game (replay) once closed")


class CalendarBoardsOut(serializers.Serializer):
    D3 = CalendarEntryOut(allow_null=True)
    D1 = CalendarEntryOut(allow_null=True)


class CalendarDayOut(serializers.Serializer):
    date = serializers.DateField()
    boards = CalendarBoardsOut(help_text="null: not played that day")


class CalendarOut(serializers.Serializer):
    month = serializers.CharField(help_text="YYYY-MM")
    days = CalendarDayOut(many=True)


class PlayerStatsOut(serializers.Serializer):
    """A player's record. Today's ranked games count for their owner only (sealed)."""

    username = serializers.CharField()
    streak = StreakOut()
    dailies = RateOut(help_text="ranked daily games")
    open = RateOut(help_text="games of open deals (live or submitted)")
    against_par = AgainstParModesOut()
    calendar = CalendarOut()
