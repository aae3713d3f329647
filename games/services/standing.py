"""After a game's row is written: its player's leaderboard entry, then the watchers.

Every write path (a new game, a move, a resign, a submission, a hint) ends the same way, so
it lives here once: the entry is refreshed in the same transaction as the game row, and the
announcement is queued for after the commit, so a watcher never hears of a rolled-back write.

A daily board is final from its close on: a ranked game played on after midnight UTC keeps
its log growing, but its entry stays what it was at the close (``board_is_final``).
"""

from collections.abc import Sequence
from datetime import datetime
from functools import partial

from django.db import transaction
from django.utils import timezone

from games import live, rank_index
from games.boards import day_sealed
from games.models import Action, Game
from games.projections import leaderboard_entry_refresh
from games.services.locking import lock_player


def board_is_final(*, game: Game, at: datetime) -> bool:
    """True when ``game`` ranks on a daily board that had closed by ``at``."""
    return game.daily is not None and not day_sealed(game.daily, now=at)


def standing_refresh(*, game: Game, actions: Sequence[Action] = ()) -> None:
    """Refresh the entry of ``game``'s player on its board and announce ``actions`` (the
    rows just appended, if any) after the commit. Call inside the write's transaction, after
    the game row is saved: the player lock is taken after the game row's, the one lock
    order used everywhere, so that a player's entries are written by one transaction at a time."""
    at = actions[-1].created_at if actions else timezone.now()
    board_changed = False
    if not board_is_final(game=game, at=at):
        lock_player(player_id=game.player_id)
        board_changed = leaderboard_entry_refresh(board=game.board, player_id=game.player_id)
    if board_changed:  # first: the announcement below reads ranks from the index
        transaction.on_commit(
            partial(rank_index.entry_changed, board=game.board, player_id=game.player_id)
        )
    transaction.on_commit(
        partial(
            live.game_changed,
            game_id=game.id,
            board=game.board,
            actions=[action_payload(action) for action in actions],
            board_changed=board_changed,
        )
    )


def action_payload(action: Action) -> dict[str, int | str]:
    """An appended action as the live updates carry it."""
    return {"seq": action.seq, "token": action.token, "score_after": action.score_after}
