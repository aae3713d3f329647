"""What a game's answers say: the game as clients see it, and the game after an action.

The presenters of the move's answers, shared by the transports: the REST views answer with
them, and the game's socket acks a move with the same body (``games.socket_moves``), so
they live beside the views, not in them: a transport imports what it answers, not another
transport's views.
"""

from typing import Any

from games.api.representation import represented
from games.api.serializers.actions import ActionOut
from games.api.serializers.games import GameOut
from games.models import Action, Game
from games.selectors.games import Position, game_position, game_summary
from games.services.actions import Appended


def game_json(game: Game, position: Position | None = None) -> dict[str, Any]:
    """A game as clients see it: its summary, its board and the moves it allows."""
    position = position or game_position(game=game)
    return represented(
        GameOut,
        {
            **game_summary(game),
            "state": position.state,
            "legal_moves": position.legal_moves,
            "finish": position.finish,
        },
    )


def appended_json(appended: Appended) -> dict[str, Any]:
    """The game after an append, from the engine game the service played (no restore)."""
    position = game_position(
        game=appended.game, engine_game=appended.engine_game, state=appended.state
    )
    return action_answer_json(appended.game, appended.action, position)


def action_answer_json(
    game: Game, action: Action, position: Position | None = None
) -> dict[str, Any]:
    """What storing ``action`` answers: the game and the action. A move on the game's socket
    is acked with this too (``games.socket_moves``), a resent one from the stored action."""
    return {**game_json(game, position), "action": represented(ActionOut, action)}
