"""A game: how to start one, its summary, its position (the engine's state), and the
position at an earlier point of its log."""

from rest_framework import serializers

from games.api.fields import DealCodeField, StrictChoiceField
from games.api.serializers.limits import MAX_QUERY_INT
from games.api.serializers.one_of import one_of_body
from games.models import Game


class FoundationsOut(serializers.Serializer):
    C = serializers.ListField(child=serializers.CharField())
    D = serializers.ListField(child=serializers.CharField())
    H = serializers.ListField(child=serializers.CharField())
    S = serializers.ListField(child=serializers.CharField())


def face_down_or_card() -> serializers.CharField:
    return serializers.CharField(allow_null=True)


class StateOut(serializers.Serializer):
    """The engine's view of a position; piles bottom -> top, cards like ``7H``. In a sealed
    game a face-down card is null (the reserve below its top, every stock card) and so is
    the code: what a player at the table sees."""

    code = serializers.CharField(allow_null=True)
    draw = serializers.IntegerField()
    base = serializers.CharField()
    reserve = serializers.ListField(child=face_down_or_card())
    stock = serializers.ListField(child=face_down_or_card())
    waste = serializers.ListField(child=serializers.CharField())
    tableau = serializers.ListField(child=serializers.ListField(child=serializers.CharField()))
    foundations = FoundationsOut()
    score = serializers.IntegerField()
    moves = serializers.IntegerField()
    won = serializers.BooleanField()
    cards = serializers.IntegerField()


class GameSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField(allow_null=True, help_text="null while the game is sealed")
    draw = serializers.IntegerField()
    number = serializers.IntegerField(
        allow_null=True, help_text="the CF1 deal number; null while sealed and for a CF2 code"
    )
    board = serializers.CharField(help_text="the board it ranks on: its code or a daily board")
    daily = serializers.DateField(
        allow_null=True, help_text="the day of a ranked daily game, else null"
    )
    sealed = serializers.BooleanField(help_text="a ranked daily game whose day is still open")
    closes_at = serializers.DateTimeField(
        allow_null=True, help_text="when a daily game's board closes (00:00 UTC)"
    )
    closes_in = serializers.FloatField(
        allow_null=True,
        help_text="seconds from the server's now to the close (0 once closed; null: none): "
        "a client counts down from this on its own clock, never from the device's time",
    )
    player = serializers.CharField(source="player.username")
    seq = serializers.IntegerField(help_text="actions in the log")
    actions = serializers.IntegerField(help_text="actions that made the position (ranks)")
    elapsed = serializers.IntegerField(
        allow_null=True, help_text="seconds from creation to the position (null: submitted)"
    )
    score = serializers.IntegerField()
    cards = serializers.IntegerField(help_text="cards on the foundations, base card included")
    moves = serializers.IntegerField(help_text="actions in effect (played minus undone)")
    won = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    assisted = serializers.BooleanField(help_text="this game asked for a hint")
    bot = serializers.BooleanField(
        help_text="a declared bot's game: it ranks on the board's bots (who=bots)"
    )
    created_at = serializers.DateTimeField()
    updated_at = serializers.DateTimeField()
    reached_at = serializers.DateTimeField()
    finished_at = serializers.DateTimeField(allow_null=True)
    clock = serializers.IntegerField(
        allow_null=True,
        help_text="server seconds from creation to now (playing) or to the last action (over); "
        "null for a submitted log",
    )


class GameOut(GameSummaryOut):
    state = StateOut()
    legal_moves = serializers.ListField(
        child=serializers.CharField(), help_text="tokens of every legal action (none once over)"
    )
    finish = serializers.ListField(
        child=serializers.CharField(),
        help_text="once stock, waste and reserve are empty and column-to-foundation moves alone "
        "win: those moves in order (each still an ordinary action); else empty",
    )


class GameByCodeIn(serializers.Serializer):
    code = DealCodeField()


class GameOfTheDayIn(serializers.Serializer):
    daily = StrictChoiceField(
        choices=["D3", "D1"], help_text="your ranked game of today's sealed deal, draw 3 or 1"
    )


class GameRandomIn(serializers.Serializer):
    draw = StrictChoiceField(choices=[1, 3], help_text="a random deal in draw 3 or 1")


GameCreateIn, GAME_CREATE_SCHEMA = one_of_body(
    "GameCreateIn", [GameByCodeIn, GameOfTheDayIn, GameRandomIn]
)


class StateAtIn(serializers.Serializer):
    at = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_QUERY_INT, help_text="default: the last"
    )


class StateAtOut(serializers.Serializer):
    game = serializers.IntegerField()
    at = serializers.IntegerField()
    seq = serializers.IntegerField()
    state = StateOut()
