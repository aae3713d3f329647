"""A hint: the next move of a winning line, and what the solver spent finding it."""

from drf_spectacular.utils import extend_schema_field
from rest_framework import serializers


@extend_schema_field({"type": "string", "pattern": "^(won|lost|unknown)$"})
class SolverStatusField(serializers.CharField):
    """A solver verdict. Published as a pattern, not an enum: the enum hook would name it
    after its field, ``status``, which games already use for another set of choices."""


class HintOut(serializers.Serializer):
    game = serializers.IntegerField()
    seq = serializers.IntegerField(help_text="the position the hint is for (actions in the log)")
    status = SolverStatusField(
        help_text="won: move starts a winning line; lost: proven lost; unknown: out of time",
    )
    move = serializers.CharField(allow_null=True, help_text="the move token to play, or null")
    moves_to_win = serializers.IntegerField(
        allow_null=True, help_text="actions of the winning line found, move included"
    )
    assisted = serializers.BooleanField(help_text="always true: asking marks you on the board")
    nodes = serializers.IntegerField()
    seconds = serializers.FloatField()
