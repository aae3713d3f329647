"""Request and response shapes of the API (also the OpenAPI schema's components).

Inputs use the strict fields of ``games.api.fields``; outputs describe exactly what the
views return so the published schema can be checked against real responses.
"""

from rest_framework import serializers

from games.api.fields import (
    StrictBooleanField,
    StrictCharField,
    StrictChoiceField,
    StrictIntegerField,
)
from games.models import Game


class ErrorOut(serializers.Serializer):
    """Every error: a stable code, a human message, sometimes extra fields (index, seq...)."""

    error = serializers.CharField()
    detail = serializers.CharField()


# --- players ----------------------------------------------------------------------------------
class CredentialsIn(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=128, trim_whitespace=False)


class PlayerCreateIn(CredentialsIn):
    session = StrictBooleanField(
        required=False, default=False, help_text="also sign the browser in (session cookie)"
    )


class TokenOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()


class MeOut(serializers.Serializer):
    username = serializers.CharField()
    id = serializers.IntegerField()


# --- games ------------------------------------------------------------------------------------
class FoundationsOut(serializers.Serializer):
    C = serializers.ListField(child=serializers.CharField())
    D = serializers.ListField(child=serializers.CharField())
    H = serializers.ListField(child=serializers.CharField())
    S = serializers.ListField(child=serializers.CharField())


class StateOut(serializers.Serializer):
    """The engine's view of a position; piles bottom -> top, cards like ``7H``."""

    code = serializers.CharField()
    draw = serializers.IntegerField()
    base = serializers.CharField()
    reserve = serializers.ListField(child=serializers.CharField())
    stock = serializers.ListField(child=serializers.CharField())
    waste = serializers.ListField(child=serializers.CharField())
    tableau = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    foundations = FoundationsOut()
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    won = serializers.BooleanField()
    cards = serializers.IntegerField()


class GameSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    draw = serializers.IntegerField()
    number = serializers.IntegerField()
    player = serializers.CharField(source="player.username")
    seq = serializers.IntegerField(help_text="actions in the log")
    score = serializers.IntegerField()
    cards = serializers.IntegerField(help_text="cards on the foundations, base card included")
    moves = serializers.IntegerField(help_text="actions in effect (played minus undone)")
    won = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    assisted = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    reached_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)


class GameOut(GameSummaryOut):
    state = StateOut()
    legal_moves = serializers.ListField(
        child=serializers.CharField(), help_text="tokens of every legal action (none once over)"
    )


class ActionOut(serializers.Serializer):
    seq = serializers.IntegerField()
    token = serializers.CharField()
    score_after = serializers.IntegerField()
    created_at = serializers.DateTimeField()


class GameAfterActionOut(GameOut):
    action = ActionOut(help_text="the action just stored")


class GameCreateIn(serializers.Serializer):
    """Exactly one of the three."""

    code = StrictCharField(required=False, max_length=32, help_text="a deal code")
    daily = StrictChoiceField(choices=["D3", "D1"], required=False, help_text="today's deal")
    draw = StrictChoiceField(choices=[1, 3], required=False, help_text="a random deal")


class ActionIn(serializers.Serializer):
    """Exactly one of ``action`` and ``tap``."""

    action = StrictCharField(required=False, max_length=64, help_text='a move token, "24x3"')
    tap = StrictCharField(required=False, max_length=16, help_text='a card ("7H") or "stock"')
    double_click = StrictBooleanField(
        required=False,
        default=True,
        help_text="when false a tap only sends a card to its foundation",
    )
    seq = StrictIntegerField(
        required=False, min_value=1, help_text="the seq this action is to get (1 = first)"
    )


class ResignIn(serializers.Serializer):
    seq = StrictIntegerField(required=False, min_value=1)


class ActionListIn(serializers.Serializer):
    after = serializers.IntegerField(required=False, min_value=0, default=0)


class ActionListOut(serializers.Serializer):
    game = serializers.IntegerField()
    code = serializers.CharField()
    seq = serializers.IntegerField()
    actions = ActionOut(many=True)


class StateAtIn(serializers.Serializer):
    at = serializers.IntegerField(required=False, min_value=0, help_text="default: the last")


class StateAtOut(serializers.Serializer):
    game = serializers.IntegerField()
    at = serializers.IntegerField()
    seq = serializers.IntegerField()
    state = StateOut()


class SubmissionIn(serializers.Serializer):
    """Exactly one of ``actions`` and ``log``."""

    code = StrictCharField(max_length=32)
    actions = serializers.ListField(child=StrictCharField(trim_whitespace=False), required=False)
    log = StrictCharField(required=False, allow_blank=True, trim_whitespace=False)


# --- leaderboards, daily, players ---------------------------------------------------------------
class LeaderboardIn(serializers.Serializer):
    limit = serializers.IntegerField(required=False, min_value=1, max_value=100, default=20)
    offset = serializers.IntegerField(required=False, min_value=0, default=0)
    around = serializers.CharField(required=False, max_length=150)


class EntryOut(serializers.Serializer):
    rank = serializers.IntegerField()
    player = serializers.CharField()
    cards = serializers.IntegerField()
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    won = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    game = serializers.IntegerField()
    reached_at = serializers.DateTimeField()


class LeaderboardOut(serializers.Serializer):
    code = serializers.CharField()
    total = serializers.IntegerField()
    offset = serializers.IntegerField()
    limit = serializers.IntegerField()
    around = serializers.CharField(allow_null=True)
    entries = EntryOut(many=True)


class DailyCodesOut(serializers.Serializer):
    D3 = serializers.CharField()
    D1 = serializers.CharField()


class DailyOut(serializers.Serializer):
    date = serializers.DateField()
    codes = DailyCodesOut()


class TotalsOut(serializers.Serializer):
    games = serializers.IntegerField()
    won = serializers.IntegerField()
    playing = serializers.IntegerField()
    resigned = serializers.IntegerField()
    best_cards = serializers.IntegerField()
    best_score = serializers.IntegerField()
    total_score = serializers.IntegerField()


class PlayerOut(serializers.Serializer):
    username = serializers.CharField()
    date_joined = serializers.DateTimeField()
    totals = TotalsOut()
    games = GameSummaryOut(many=True, help_text="the 50 most recent, newest first")
