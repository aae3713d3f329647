"""The daily boards: a day's two sealed deals (their commitments, then once closed their codes,
salts and the solver's lines), tomorrow's commitments, the archive of closed days."""

from rest_framework import serializers

from games.api.serializers.boards import BestKnownOut
from games.api.serializers.holds import OwnHoldOut
from games.models import Game
from leaderboards.serializers import TableParOut, par_status_field, table_par_status_field
from ratings.serializers import DifficultyOut, ExpectedTierOut


class OwnRankedGameOut(OwnHoldOut):
    id = serializers.IntegerField()
    status = serializers.ChoiceField(choices=Game.Status.choices)
    seq = serializers.IntegerField(help_text="actions in its log")
    rank = serializers.IntegerField(
        allow_null=True,
        help_text="your rank on the board while the day is open (null: no action yet, held, "
        "or a closed day: read its board)",
    )


class DailyBoardOut(serializers.Serializer):
    board = serializers.CharField(help_text="daily-<date>-D3 or -D1")
    draw = serializers.IntegerField()
    par = serializers.IntegerField(
        allow_null=True,
        help_text="actions of the shortest winning line the engine's optimiser found (null"
        " while it is pending, or for a day stored before pars)",
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
        allow_null=True, help_text="once the day has closed: what seeing only the table costs"
    )
    table_par_status = table_par_status_field()
    entries = serializers.IntegerField(help_text="players on the board")
    difficulty = DifficultyOut(
        allow_null=True, help_text="once the day has closed and been rated: how hard the deal was"
    )
    expected = ExpectedTierOut(
        allow_null=True,
        help_text="the deal's expected tier from its prior, open or closed (null: no table par "
        "yet); pages show it until difficulty replaces it",
    )
    commitment = serializers.CharField(
        help_text='SHA-256 (hex) of "<code>\\n<salt>": the deal was fixed before anyone played'
    )
    game = OwnRankedGameOut(
        allow_null=True, help_text="your own ranked game on this board (signed in), or null"
    )


class DailyBoardsOut(serializers.Serializer):
    D3 = DailyBoardOut()
    D1 = DailyBoardOut()


class DailyCodesOut(serializers.Serializer):
    D3 = serializers.CharField()
    D1 = serializers.CharField()


class DailySaltsOut(serializers.Serializer):
    D3 = serializers.CharField()
    D1 = serializers.CharField()


class NextBoardOut(serializers.Serializer):
    board = serializers.CharField(help_text="daily-<date>-D3 or -D1")
    commitment = serializers.CharField(help_text="SHA-256 (hex) of the board's code and salt")


class NextBoardsOut(serializers.Serializer):
    D3 = NextBoardOut()
    D1 = NextBoardOut()


class NextDayOut(serializers.Serializer):
    """Tomorrow's boards: only their commitments (nothing tells a future deal or par)."""

    date = serializers.DateField()
    boards = NextBoardsOut()


class DailyLinesOut(serializers.Serializer):
    D3 = serializers.ListField(child=serializers.CharField())
    D1 = serializers.ListField(child=serializers.CharField())


class DailyLineOut(serializers.Serializer):
    """The solver's winning line of a closed day's deal, with the position after each move."""

    board = serializers.CharField()
    code = serializers.CharField()
    line = serializers.ListField(child=serializers.CharField())
    states = serializers.ListField(
        child=serializers.DictField(), help_text="the deal, then the state after each move"
    )


class DailyOut(serializers.Serializer):
    """A day's two sealed boards. Codes and the solver's lines only once the day closed."""

    date = serializers.DateField()
    closes_at = serializers.DateTimeField()
    closes_in = serializers.FloatField(
        allow_null=True,
        help_text="seconds from the server's now to the close (0 once closed; null: none): "
        "a client counts down from this on its own clock, never from the device's time",
    )
    closed = serializers.BooleanField()
    boards = DailyBoardsOut()
    codes = DailyCodesOut(required=False, help_text="only once the day has closed")
    salts = DailySaltsOut(
        required=False, help_text="only once the day has closed: check each commitment"
    )
    lines = DailyLinesOut(required=False, help_text="only once the day has closed")
    next = NextDayOut(required=False, help_text="today's answer only: tomorrow's commitments")


class DailyIn(serializers.Serializer):
    before = serializers.DateField(
        required=False, help_text="list the closed days before this one, newest first"
    )
    limit = serializers.IntegerField(required=False, min_value=1, max_value=60, default=30)


class DailyArchiveOut(serializers.Serializer):
    before = serializers.DateField()
    days = DailyOut(many=True)
    next_before = serializers.DateField(
        allow_null=True, help_text="the next page's before, null on the last page"
    )
