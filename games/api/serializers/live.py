"""What is happening now (``GET /api/live/``): open games being played, and the best game of
each recent closed daily board (``games.selectors.live_now``)."""

from rest_framework import serializers

from games.api.serializers.boards import EntryOut
from games.selectors.live_now import MAX_CLOSED_DAYS, MAX_PLAYING


class LiveNowIn(serializers.Serializer):
    limit = serializers.IntegerField(required=False, min_value=1, max_value=MAX_PLAYING, default=20)
    days = serializers.IntegerField(
        required=False, min_value=1, max_value=MAX_CLOSED_DAYS, default=7
    )


class PlayingNowOut(serializers.Serializer):
    """An open game with an action in the last few minutes (never a ranked daily's)."""

    game = serializers.IntegerField(help_text="its id: watch it live at /games/<id>/")
    player = serializers.CharField()
    code = serializers.CharField(help_text="the open deal's code")
    draw = serializers.IntegerField()
    board = serializers.CharField()
    cards = serializers.IntegerField(help_text="cards on the foundations")
    actions = serializers.IntegerField()
    elapsed = serializers.IntegerField(
        allow_null=True, help_text="seconds from the game's start to its last action"
    )
    assisted = serializers.BooleanField()
    bot = serializers.BooleanField()
    last_action_at = serializers.DateTimeField()
    idle = serializers.IntegerField(help_text="seconds since its last action (server clock)")


class ClosedBestOut(serializers.Serializer):
    """A closed daily board and its best game (people's ranking), ``null`` if nobody played."""

    date = serializers.DateField()
    mode = serializers.ChoiceField(choices=["D3", "D1"])
    draw = serializers.IntegerField()
    board = serializers.CharField()
    par = serializers.IntegerField(allow_null=True)
    players = serializers.IntegerField(help_text="entries on the board (people)")
    best = EntryOut(allow_null=True, help_text="rank 1 of the board; its game is a replay")


class LiveNowOut(serializers.Serializer):
    window = serializers.IntegerField(
        help_text="seconds: a game with an action this recent is being played now"
    )
    playing = PlayingNowOut(many=True, help_text="the latest first")
    closed = ClosedBestOut(many=True, help_text="newest day first, D3 then D1")
