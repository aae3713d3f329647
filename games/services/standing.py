"""After a game's row is written: its player's leaderboard entry, then the watchers.

Every write path (a new game, a move, a resign, a submission, a hint) ends the same way, so
it lives here once: the entry is refreshed in the same transaction as the game row, and the
announcement is queued for after the commit, so a watcher never hears of a rolled-back write.
"""

from collections.abc import Sequence
from functools import partial

from django.db import transaction

from games import live, rank_index
from games.models import Action, Game
from games.projections import leaderboard_entry_refresh
from games.services.locking import lock_player


def standing_refresh(*, game: Game, actions: Sequence[Action] = ()) -> None:
    """Refresh the entry of ``game``'s player on its board and announce ``actions`` (the
    rows just appended, if any) after the commit. Call inside the write's transaction, after
    the game row is saved: the player lock is taken after the game row's, the one lock
    order used everywhere, so that a player's entries are written by one transaction at a time."""
    lock_player(player_id=game.player_id)
    board_changed = leaderboard_entry_refresh(code=game.code, player_id=game.player_id)
    if board_changed:  # first: the announcement below reads ranks from the index
        transaction.on_commit(
            partial(rank_index.entry_changed, code=game.code, player_id=game.player_id)
        )
    transaction.on_commit(
        partial(
            live.game_changed,
            game_id=game.id,
            code=game.code,
            actions=[action_payload(action) for action in actions],
            board_changed=board_changed,
        )
    )


def action_payload(action: Action) -> dict[str, int | str]:
    """An appended action as the live updates carry it."""
    return {"seq": action.seq, "token": action.token, "score_after": action.score_after}
