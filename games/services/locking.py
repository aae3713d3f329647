"""The locks a write takes, with the rules that come with them: a game its player may still
move, a player a new game may still be written for. The bare row locks are
``games.services.row_locks`` (the unit of work takes them too, so they sit below both).

On SQLite ``select_for_update`` is a no-op, but the backend opens every transaction with
``BEGIN IMMEDIATE`` (see settings), so writers queue on the database lock instead.
"""

from __future__ import annotations

from django.contrib.auth.models import User
from django.utils.translation import gettext

from games.boards import game_sealed
from games.errors import EntryConfirmed, GameFinished, GameNotFound, NotGameOwner, PlayerGone
from games.models import Game
from games.services.row_locks import no_game
from games.services.unit_of_work import UnitOfWork


def lock_own_live_game(*, unit: UnitOfWork, game_id: int, player: User) -> Game:
    """The game row and its player's, locked by ``unit`` (``UnitOfWork.lock_game``), if
    ``player`` owns the game, staff did not confirm a fair-play hold on it, and it is still
    being played."""
    game = unit.lock_game(game_id=game_id, with_player=True)
    return own_live_game(game, player=player)


def own_live_game(game: Game, *, player: User) -> Game:
    """``game`` (locked, or read for an optimistic write that checks it again) if ``player``
    owns it, staff did not confirm a hold on it and it is still being played; else the error
    every move path answers with."""
    game_id = game.id
    if game.player_id != player.pk:
        if game_sealed(game):  # another player's sealed game does not exist for them
            raise GameNotFound(no_game(game_id), game=game_id)
        raise NotGameOwner(
            gettext("game %(id)s belongs to another player") % {"id": game_id}, game=game_id
        )
    if game.hold_confirmed:
        raise EntryConfirmed(
            gettext(
                "game %(id)s was taken out of the ranking after a fair-play review:"
                " it takes no more actions"
            )
            % {"id": game_id},
            game=game_id,
        )
    if game.status != Game.Status.PLAYING:
        raise GameFinished(
            gettext("game %(id)s is over (%(status)s)") % {"id": game_id, "status": game.status},
            status=game.status,
        )
    game.player = player  # the owner is the acting player: no second read of the user row
    return game


def lock_new_games_player(*, unit: UnitOfWork, player_id: int) -> None:
    """Lock the row of the player a new game is for, and insist it still exists.

    A guest's request may have read its player from the session just before another tab of
    that session signed in (``guest_merge`` moves the guest's games and deletes the guest): a
    game written for the deleted guest then fails its foreign key at the commit. Holding the
    player's row first settles it either way: the merge waits for this game and moves it too,
    or this request waits for the merge and finds no player (``PlayerGone``, a 409, nothing
    written). Taken before the new game's row exists, which no one else can hold yet, so the
    one lock order (game rows, then player rows) still holds for every existing row."""
    if not unit.lock_player(player_id=player_id):
        raise PlayerGone(
            gettext(
                "player %(id)s is gone (a guest who signed in in another tab, say):"
                " reload the page and try again"
            )
            % {"id": player_id},
            player=player_id,
        )
