"""Account care: changing one's password, exporting one's games, deleting the account."""

from rest_framework import serializers

from games.api.fields import StrictCharField


class PasswordChangeIn(serializers.Serializer):
    current_password = StrictCharField(max_length=128, trim_whitespace=False)
    new_password = StrictCharField(
        max_length=128,
        trim_whitespace=False,
        help_text="the sign-up's rules: 8 visible characters or more, not common, not all digits",
    )


class PasswordChangeOut(serializers.Serializer):
    username = serializers.CharField()
    token = serializers.CharField(
        required=False,
        help_text="a new API token when the change was asked with one (the old one is dead); "
        "absent for a browser session, which stays signed in",
    )


class ExportIn(serializers.Serializer):
    format = serializers.ChoiceField(choices=["json", "text"], required=False, default="json")


class ExportedGameOut(serializers.Serializer):
    id = serializers.IntegerField()
    code = serializers.CharField()
    draw = serializers.IntegerField()
    board = serializers.CharField()
    daily = serializers.DateField(allow_null=True, help_text="a ranked daily game's day")
    status = serializers.CharField()
    cards = serializers.IntegerField()
    score = serializers.IntegerField()
    actions = serializers.IntegerField(help_text="actions that made the position")
    elapsed = serializers.IntegerField(allow_null=True)
    offline = serializers.BooleanField()
    assisted = serializers.BooleanField()
    created_at = serializers.DateTimeField()
    ended_at = serializers.DateTimeField(allow_null=True)
    log = serializers.ListField(
        child=serializers.CharField(), help_text="every action in order, resign included"
    )


class WithheldOut(serializers.Serializer):
    board = serializers.CharField()
    closes_at = serializers.DateTimeField()


class ExportOut(serializers.Serializer):
    username = serializers.CharField()
    exported_at = serializers.DateTimeField()
    games = ExportedGameOut(many=True, help_text="oldest first")
    withheld = WithheldOut(
        many=True, help_text="the player's games of days not yet closed: left out until the close"
    )


class AccountDeleteIn(serializers.Serializer):
    password = StrictCharField(
        max_length=128, trim_whitespace=False, help_text="the account's password, to confirm"
    )


class AccountDeleteOut(serializers.Serializer):
    deleted = serializers.BooleanField()
    username = serializers.CharField(
        help_text="the neutral name the account's games now show (``deleted-…``)"
    )
