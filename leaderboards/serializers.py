"""A board's whole answer: its ranking (a deal code or a daily board), with what fair play
(the table par, the best known line) and ratings (the deal's difficulty, its expected tier)
say of it."""

from rest_framework import serializers

from fairplay.selectors import TABLE_PAR_STATUSES
from games.api.serializers.boards import BestKnownOut, EntryOut, OwnHeldEntryOut
from games.boards import Who
from ratings.serializers import DifficultyOut, ExpectedTierOut


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
