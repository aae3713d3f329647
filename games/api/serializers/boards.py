"""A board's entries and its field by cards home, as ``games`` reads them (the board's whole
answer, with fair play's and ratings' facts, is ``leaderboards.serializers``)."""

from rest_framework import serializers

from games.api.serializers.holds import OwnHoldOut
from games.api.serializers.limits import MAX_QUERY_INT
from games.boards import Who
from games.models import Game


class BestKnownOut(serializers.Serializer):
    actions = serializers.IntegerField(help_text="actions of the best known winning line")
    by = serializers.ChoiceField(
        choices=["par", "player"],
        help_text="par: the optimiser's line; player: a shorter verified ranked line (whose"
        " is not said)",
    )


class LeaderboardIn(serializers.Serializer):
    limit = serializers.IntegerField(required=False, min_value=1, max_value=100, default=20)
    offset = serializers.IntegerField(
        required=False, min_value=0, max_value=MAX_QUERY_INT, default=0
    )
    around = serializers.CharField(required=False, min_length=1, max_length=150)


class EntryOut(serializers.Serializer):
    """One player's standing; ``rank`` is the server's (ties share it: 1, 2, 2, 4)."""

    rank = serializers.IntegerField()
    player = serializers.CharField()
    cards = serializers.IntegerField()
    actions = serializers.IntegerField(help_text="the log's length at the position (ranks)")
    elapsed = serializers.IntegerField(
        allow_null=True, help_text="seconds from the game's start (ranks; null: submitted)"
    )
    score = serializers.IntegerField(help_text="the app's score (shown, never ranks)")
    moves = serializers.IntegerField(help_text="the app's move counter (shown, never ranks)")
    won = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    game = serializers.IntegerField(allow_null=True, help_text="null while the board is sealed")
    reached_at = serializers.DateTimeField()
    assisted = serializers.BooleanField(
        help_text="the player asked for a hint on this board: ranked below all others"
    )
    bot = serializers.BooleanField(
        help_text="a declared bot's entry: bots rank apart (who=bots), or with people in who=all"
    )
    provisional = serializers.BooleanField(
        help_text="in its player's first ranked days (games.selectors.provisional): a badge"
    )


class OwnHeldEntryOut(OwnHoldOut):
    """The viewer's own entry held for a fair-play review: on no board, so no rank; its owner
    alone reads it (``games.selectors.own_held_entry``)."""

    player = serializers.CharField()
    cards = serializers.IntegerField()
    actions = serializers.IntegerField()
    elapsed = serializers.IntegerField(allow_null=True)
    won = serializers.BooleanField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    game = serializers.IntegerField(allow_null=True, help_text="null while the board is sealed")
    bot = serializers.BooleanField()


class FieldCountOut(serializers.Serializer):
    cards = serializers.IntegerField(help_text="cards on the foundations")
    players = serializers.IntegerField(help_text="entries standing at that count")


class LeaderboardFieldOut(serializers.Serializer):
    """How the whole field of a board stands, by cards home (the field chart)."""

    board = serializers.CharField()
    who = serializers.ChoiceField(choices=list(Who), help_text="whose entries are counted")
    total = serializers.IntegerField()
    counts = FieldCountOut(many=True)
