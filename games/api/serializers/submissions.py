"""A whole game played offline, submitted at once: its deal and its log, as a list of
tokens or as text."""

from rest_framework import serializers

from games.api.fields import DealCodeField, LogTokenField, StrictCharField
from games.api.serializers.one_of import one_of_body


class SubmissionTokensIn(serializers.Serializer):
    code = DealCodeField()
    actions = serializers.ListField(
        child=LogTokenField(), help_text="the log, one token per action"
    )


class SubmissionTextIn(serializers.Serializer):
    code = DealCodeField()
    log = StrictCharField(
        allow_blank=True, trim_whitespace=False, help_text="tokens separated by whitespace"
    )


class ResultsRefused(serializers.Serializer):
    """The server computes every result from the log, so a body that also claims one
    (``score``, ``won``...) is a forgery: refused, not silently ignored."""

    def validate(self, attrs: dict) -> dict:
        unknown = sorted(set(self.initial_data) - set(self.fields))
        if unknown:
            raise serializers.ValidationError(
                {name: "unknown field: results are computed from the log" for name in unknown}
            )
        return attrs


SubmissionIn, SUBMISSION_SCHEMA = one_of_body(
    "SubmissionIn", [SubmissionTokensIn, SubmissionTextIn], base=ResultsRefused
)
