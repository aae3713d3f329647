"""Players: signing up and in (a token), who one is, and a player's page (totals and recent
games)."""

import unicodedata
from typing import Any

from django.contrib.auth.validators import UnicodeUsernameValidator
from rest_framework import serializers

from games.api.fields import StrictBooleanField, StrictCharField
from games.api.serializers.games import GameSummaryOut


class CredentialsIn(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=128, trim_whitespace=False)


class UsernameField(StrictCharField):
    """A username in the form Django stores it (NFKC) before it is checked: full-width or
    decomposed letters (``\uff23AROL``, ``e\u0301lise``) are then plain ones, not refused."""

    def to_internal_value(self, data: Any) -> str:
        return unicodedata.normalize("NFKC", super().to_internal_value(data))


class PlayerCreateIn(serializers.Serializer):
    username = UsernameField(
        max_length=150,
        validators=[UnicodeUsernameValidator()],
        help_text="letters, digits and @ . + - _",
    )
    password = StrictCharField(
        min_length=8, max_length=128, trim_whitespace=False, help_text="8 characters or more"
    )
    session = StrictBooleanField(
        required=False, default=False, help_text="also sign the browser in (session cookie)"
    )
    bot = StrictBooleanField(
        required=False,
        default=False,
        help_text="declare the account a bot, for good: its games rank apart from people's",
    )


class TokenOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()


class SignUpOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(
        required=False, help_text="absent for a browser sign-up (session): pages get no token"
    )


class MeOut(serializers.Serializer):
    username = serializers.CharField()
    id = serializers.IntegerField()
    guest = serializers.BooleanField(
        help_text="a guest (open deals in this browser session): sign up to keep the games"
    )
    bot = serializers.BooleanField(help_text="a declared bot: its games rank apart")


class TotalsOut(serializers.Serializer):
    games = serializers.IntegerField()
    won = serializers.IntegerField()
    playing = serializers.IntegerField()
    resigned = serializers.IntegerField()
    best_cards = serializers.IntegerField()
    best_score = serializers.IntegerField()
    total_score = serializers.IntegerField()


class PlayerOut(serializers.Serializer):
    username = serializers.CharField()
    date_joined = serializers.DateTimeField()
    totals = TotalsOut()
    games = GameSummaryOut(many=True, help_text="the 50 most recent, newest first")
