"""The bare row locks (PostgreSQL ``SELECT ... FOR UPDATE``) and the words for a game that is
not there: below both the unit of work, which takes them, and ``games.services.locking``, whose
rules lock through the unit, so neither imports the other back."""

from django.contrib.auth.models import User
from django.utils.translation import gettext


def no_game(game_id: int) -> str:
    return gettext("there is no game %(id)s") % {"id": game_id}


def lock_player(*, player_id: int) -> bool:
    """Lock a player's row: their leaderboard entries are then written by one transaction at
    a time. Always taken after the game row, so lock order is the same everywhere. Whether
    the row exists."""
    found = User.objects.select_for_update().filter(pk=player_id).values_list("pk", flat=True)
    return found.first() is not None
