"""Who is a declared bot (``accounts.models.Bot``).

The flag is the player's; each game copies it at creation (``Game.bot``), so a move never
reads it again: a player's games all rank in one partition of their boards.
"""

from __future__ import annotations


def is_bot(user: object) -> bool:
    """True for an account that declared itself a bot (False for anonymous users)."""
    pk = getattr(user, "pk", None)
    if pk is None:
        return False
    from accounts.models import Bot

    return Bot.objects.filter(user_id=pk).exists()
