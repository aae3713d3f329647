"""Row locks that serialise writes (PostgreSQL ``SELECT ... FOR UPDATE``).

On SQLite ``select_for_update`` is a no-op, but the backend opens every transaction with
``BEGIN IMMEDIATE`` (see settings), so writers queue on the database lock instead.
"""

from django.contrib.auth.models import User
from django.utils.translation import gettext

from games.boards import game_sealed
from games.errors import GameFinished, GameNotFound, NotGameOwner
from games.models import MAX_ID, Game


def no_game(game_id: int) -> str:
    return gettext("there is no game %(id)s") % {"id": game_id}


def lock_game(*, game_id: int) -> Game:
    """The game row, locked until the transaction ends (``GameNotFound`` if there is none)."""
    if not 0 < game_id <= MAX_ID:
        raise GameNotFound(no_game(game_id), game=game_id)
    game = Game.objects.select_for_update().filter(pk=game_id).first()
    if game is None:
        raise GameNotFound(no_game(game_id), game=game_id)
    return game


def lock_own_live_game(*, game_id: int, player: User) -> Game:
    """The locked game row, if ``player`` owns it and it is still being played."""
    game = lock_game(game_id=game_id)
    if game.player_id != player.pk:
        if game_sealed(game):  # another player's sealed game does not exist for them
            raise GameNotFound(no_game(game_id), game=game_id)
        raise NotGameOwner(
            gettext("game %(id)s belongs to another player") % {"id": game_id}, game=game_id
        )
    if game.status != Game.Status.PLAYING:
        raise GameFinished(
            gettext("game %(id)s is over (%(status)s)") % {"id": game_id, "status": game.status},
            status=game.status,
        )
    game.player = player  # the owner is the acting player: no second read of the user row
    return game


def lock_player(*, player_id: int) -> None:
    """Lock a player's row: their leaderboard entries are then written by one transaction at
    a time. Always taken after the game row, so lock order is the same everywhere."""
    User.objects.select_for_update().filter(pk=player_id).values_list("pk", flat=True).first()
