"""The viewer's own entry on a board when a fair-play review holds it.

A held game makes no entry (``games.projections``): it is on no board, count or live message,
and nobody else learns of the hold. Its owner, though, reads every board, live panel and
mini-board of their deal, and a board that silently leaves them out reads as a lost game: so
a board read tells its owner, and only them, where their held entry stands (no rank) and why.
"""

from typing import Any

from games.boards import Who, board_sealed
from games.hooks import owner_holds
from games.models import Game
from games.selectors.games import Viewer


def own_held_entry(*, viewer: Viewer, board: str, who: Who) -> dict[str, Any] | None:
    """The viewer's held game on ``board`` as an entry with no rank and the hold in words,
    or None (anonymous, no held game there, or a game of the other partition than ``who``).
    One indexed query, and one more only when a game is held."""
    if viewer is None or not viewer.is_authenticated:
        return None
    games = Game.objects.filter(player_id=viewer.pk, board=board, held=True, seq__gt=0)
    if who != Who.ALL:
        games = games.filter(bot=who == Who.BOTS)
    game = games.order_by("-cards", "action_count").select_related("player").first()
    if game is None:
        return None
    hold = owner_holds([(game.id, True, game.hold_confirmed)])[game.id]
    return {
        "player": game.player.username,
        "cards": game.cards,
        "actions": game.action_count,
        "elapsed": game.elapsed,
        "won": game.won,
        "status": game.status,
        "game": None if board_sealed(board) else game.id,
        "bot": game.bot,
        **hold,
    }
