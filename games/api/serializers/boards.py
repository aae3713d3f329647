"""A board's ranking (a deal code or a daily board), its field by cards home, and a closed
daily board's table par."""

from rest_framework import serializers

from fairplay.selectors import TABLE_PAR_STATUSES
from games.api.serializers.holds import OwnHoldOut
from games.api.serializers.limits import MAX_QUERY_INT
from games.boards import Who
from games.models import Game
from ratings.serializers import DifficultyOut, ExpectedTierOut


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


class TableParOut(serializers.Serializer):
    """What seeing only the table costs on a sealed deal, told once its day has closed."""

    runs = serializers.IntegerField(help_text="the table-view player's runs on the deal")
    won = serializers.IntegerField(help_text="how many of them won")
    median_actions = serializers.IntegerField(
        allow_null=True, help_text="median actions of the won runs (null: none won)"
    )
    detail = serializers.CharField(
        help_text="beside the solver's par, in words, in the reader's language"
    )


def par_status_field() -> serializers.ChoiceField:
    """A daily board's ``par_status``, on the board's answer and the day's alike."""
    return serializers.ChoiceField(
        choices=TABLE_PAR_STATUSES,
        help_text="a daily board's par: pending while the engine's optimiser works on it (par"
        " null), ready once told; none: not a daily board (an open deal's par is its own)",
    )


def table_par_status_field() -> serializers.ChoiceField:
    """A daily board's ``table_par_status``, on the board's answer and the day's alike."""
    return serializers.ChoiceField(
        choices=TABLE_PAR_STATUSES,
        help_text="where the board's table par stands, the same for every viewer: pending (an "
        "open board whose table par the fair-play worker is still computing: pages say its "
        "difficulty is being worked out), ready (stored: before the close only its expected "
        "tier is told), none (a closed day that never got one, or not a daily board)",
    )


class LeaderboardOut(serializers.Serializer):
    board = serializers.CharField(help_text="a deal code or a daily board id")
    who = serializers.ChoiceField(
        choices=list(Who), help_text="whose entries: people, declared bots, or all in one ranking"
    )
    code = serializers.CharField(
        allow_null=True, help_text="the board's deal code; null while a daily board is sealed"
    )
    sealed = serializers.BooleanField()
    closes_at = serializers.DateTimeField(allow_null=True, help_text="a daily board's close")
    closes_in = serializers.FloatField(
        allow_null=True,
        help_text="seconds from the server's now to the close (0 once closed; null: none): "
        "a client counts down from this on its own clock, never from the device's time",
    )
    total = serializers.IntegerField()
    offset = serializers.IntegerField()
    limit = serializers.IntegerField()
    around = serializers.CharField(allow_null=True)
    par = serializers.IntegerField(
        allow_null=True,
        help_text="a daily deal's par (actions of the shortest line the engine's optimiser"
        " found; null while pending), else null",
    )
    par_status = par_status_field()
    par_proven = serializers.BooleanField(
        help_text="the optimiser proved that no winning line is shorter than the par"
    )
    best_known = BestKnownOut(
        allow_null=True,
        help_text="once the day has closed and the referee reviewed it: the best known line,"
        " the par or a shorter verified line played on the board (what 'knowing every card'"
        " means); null before",
    )
    table_par = TableParOut(
        allow_null=True,
        help_text="a closed daily board's table par (the table-view player's runs), else null",
    )
    table_par_status = table_par_status_field()
    difficulty = DifficultyOut(
        allow_null=True,
        help_text="a closed and rated daily board's deal difficulty (ratings), else null",
    )
    expected = ExpectedTierOut(
        allow_null=True,
        help_text="a daily board's expected tier from its prior, open or closed (null: no "
        "table par yet, or not a daily board)",
    )
    entries = EntryOut(many=True)
    own_held = OwnHeldEntryOut(
        allow_null=True,
        help_text="the viewer's own entry when a fair-play review holds it (it is on no board; "
        "its owner alone is told), else null",
    )
