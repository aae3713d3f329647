"""The normalised key of every user's name, unique: one name, one player, on any database."""

from django.conf import settings
from django.db import models


class UsernameKey(models.Model):
    """``accounts.usernames.username_key`` of the user's username, kept by ``signals``."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="username_key"
    )
    key = models.TextField(unique=True)

    def __str__(self) -> str:
        return self.key


class Guest(models.Model):
    """The user is a guest: made by the server at their first game, bound to one browser
    session, named ``guest-xxxxxx``, with no password and no token (``accounts.guests``).
    Signing up deletes this row (the same user, renamed, keeps everything); signing in to an
    account from the session moves the guest's games there and deletes the user."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="guest"
    )
    created_at = models.DateTimeField(auto_now_add=True, db_index=True)

    def __str__(self) -> str:
        return f"guest {self.user_id}"


class Bot(models.Model):
    """The account declared itself a bot: its games rank apart, on each board's bots
    partition (``games.boards.ranking_board``). Declared at sign-up or later while the
    account has no game at all (``games.services.players.player_bot_declare``), never undone:
    no code deletes this row but the user's own deletion."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="bot"
    )
    declared_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"bot {self.user_id}"


class PlayerSettings(models.Model):
    """The table settings a player saved to their account (``accounts.preferences``): card
    size, colours, sound, ... as one JSON object of the catalogue's keys. Deleted with the user."""

    user = models.OneToOneField(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, primary_key=True, related_name="+"
    )
    values = models.JSONField(default=dict)
    updated_at = models.DateTimeField(auto_now=True)

    def __str__(self) -> str:
        return f"settings of {self.user_id}"
