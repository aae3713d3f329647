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
