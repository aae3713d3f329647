"""The one error shape of every endpoint (``games.errors`` builds it), and the words shape
(a stable code with its message) that errors, holds and fair-play reasons share."""

from rest_framework import serializers


# A stable code and the same in words, in the reader's language. (No docstring: the schema
# would publish it as a description of every shape that reads so, and it has none.)
class WordsOut(serializers.Serializer):
    code = serializers.CharField()
    detail = serializers.CharField()


class ReasonOut(serializers.Serializer):
    """Why the engine refused a move, or what was wrong with a deal code or a token: a code
    of docs/contracts.md and its parameters (an input problem's are its own: ``token``,
    ``deal_code``...; it has no cards)."""

    code = serializers.CharField(help_text='e.g. "column_same_colour", "token_unknown"')
    cards = serializers.ListField(
        child=serializers.CharField(),
        required=False,
        help_text='card codes of a refused move, e.g. ["JD", "JH"]',
    )
    suit = serializers.CharField(required=False)
    column = serializers.IntegerField(required=False)
    count = serializers.IntegerField(required=False)
    block = serializers.IntegerField(required=False)
    rank = serializers.CharField(required=False)
    colour = serializers.CharField(required=False)
    need_rank = serializers.CharField(required=False)
    need_colour = serializers.CharField(required=False)


class ErrorOut(serializers.Serializer):
    """Every error: a stable code, a human message (in the request's language), sometimes
    extra fields (index, seq...); an illegal action also carries its ``reason``, a refusal for
    a while (429, some 503s) ``retry_after`` (the ``Retry-After`` header's whole seconds; the
    detail says it in words)."""

    error = serializers.CharField()
    detail = serializers.CharField()
    reason = ReasonOut(required=False)
    retry_after = serializers.IntegerField(required=False, min_value=1)


def error_responses(*statuses: int) -> dict[int, type[ErrorOut]]:
    """The ``responses`` entries of an operation's refusals: every status has the one shape."""
    return {status: ErrorOut for status in statuses}
