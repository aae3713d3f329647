"""Request and response shapes of the API (also the OpenAPI schema's components)."""

from rest_framework import serializers

from games.api.fields import StrictBooleanField, StrictCharField


class ErrorOut(serializers.Serializer):
    """Every error: a stable code, a human message, sometimes extra fields (index, seq...)."""

    error = serializers.CharField()
    detail = serializers.CharField()


class CredentialsIn(serializers.Serializer):
    username = StrictCharField(max_length=150)
    password = StrictCharField(max_length=128, trim_whitespace=False)


class PlayerCreateIn(CredentialsIn):
    session = StrictBooleanField(
        required=False, default=False, help_text="also sign the browser in (session cookie)"
    )


class TokenOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField()


class MeOut(serializers.Serializer):
    username = serializers.CharField()
    id = serializers.IntegerField()
