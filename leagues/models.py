"""A league: a named group of signed-in players with an owner and an invite token.

A league keeps no entries of its own: its board for a daily board is the global board's
entries of its members (``leagues.selectors``), so it can never disagree with the global
one, and a held entry (on no board) is on no league's either.
"""

from typing import ClassVar

from django.conf import settings
from django.db import models

from leagues.limits import NAME_MAX_LENGTH


class League(models.Model):
    name = models.CharField(max_length=NAME_MAX_LENGTH, help_text="as shown (NFKC, trimmed)")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="leagues_owned"
    )
    #: Renewed by the owner: the old token then opens nothing.
    invite = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"league {self.id} {self.name!r}"


class Membership(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["league", "player"], name="membership_unique"),
        ]
        indexes: ClassVar = [
            # A player's leagues (home, the limit per player, the live announcement).
            models.Index(fields=["player", "league"], name="membership_by_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in league {self.league_id}"
