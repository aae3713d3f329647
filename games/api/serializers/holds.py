"""A fair-play hold as the held game's owner reads it (the staff's side is ``fairplay.api``):
the daily boards and a player's calendar show it on their own entries."""

from rest_framework import serializers

from games.api.serializers.errors import WordsOut


class HoldReasonOut(WordsOut):
    code = serializers.CharField(
        help_text="why it is held: linked, clairvoyant, engine_like or bot_like"
    )
    detail = serializers.CharField(help_text="the same in words, in the reader's language")


class OwnHoldOut(serializers.Serializer):
    """A fair-play hold on one's own ranked game (its owner alone is told)."""

    held = serializers.BooleanField(
        help_text="held for a fair-play review: not on the board (its owner plays on)"
    )
    confirmed = serializers.BooleanField(help_text="staff confirmed the hold: out for good")
    held_reason = HoldReasonOut(allow_null=True, help_text="why, in words (null: not held)")
