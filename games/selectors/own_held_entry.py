"""The viewer's own entry on a board when a fair-play review holds it.

A held game makes no entry (``games.projections``): it is on no board, count or live message,
and nobody else learns of the hold. Its owner, though, reads every board, live panel and
mini-board of their deal, and a board that silently leaves them out reads as a lost game: so
a board read tells its owner, and only them, where their held entry stands (no rank) and why.
"""

from functools import cache
from typing import Any

from games.boards import Who, board_sealed
from games.hooks import owner_holds
from games.models import Game
from games.selectors.games import Viewer
from shared.compiled_sql import CompiledSql, compiled


def own_held_entry(*, viewer: Viewer, board: str, who: Who) -> dict[str, Any] | None:
    """The viewer's held game on ``board`` as an entry with no rank and the hold in words,
    or None (anonymous, no held game there, or a game of the other partition than ``who``).
    One indexed query, and one more only when a game is held."""
    if viewer is None or not viewer.is_authenticated:
        return None
    # Every board answer asks this (the league's and the global one) and almost always
    # finds nothing: Django's SQL, compiled once per ``who``.
    found = held_sql(who).rows(viewer.pk, board)
    if not found:
        return None
    game = dict(zip(HELD_COLUMNS, found[0], strict=True))
    hold = owner_holds([(game["id"], True, bool(game["hold_confirmed"]))])[game["id"]]
    return {
        "player": game["player__username"],
        "cards": game["cards"],
        "actions": game["action_count"],
        "elapsed": game["elapsed"],
        "won": bool(game["won"]),  # SQLite's raw booleans are 0 and 1
        "status": game["status"],
        "game": None if board_sealed(board) else game["id"],
        "bot": bool(game["bot"]),
        **hold,
    }


HELD_COLUMNS = (
    "id",
    "player__username",
    "cards",
    "action_count",
    "elapsed",
    "won",
    "status",
    "bot",
    "hold_confirmed",
)
#: The values ``held_sql`` compiles in, each replaced by the read's own.
PLAYER, BOARD = -37, "own-held-board"


@cache
def held_sql(who: Who) -> CompiledSql:
    """The read (parameters: the viewer's id, the board): the viewer's best held game
    there, ``HELD_COLUMNS``."""
    games = Game.objects.filter(player_id=PLAYER, board=BOARD, held=True, seq__gt=0)
    if who != Who.ALL:
        games = games.filter(bot=who == Who.BOTS)
    return compiled(
        games.order_by("-cards", "action_count").values_list(*HELD_COLUMNS)[:1], PLAYER, BOARD
    )
