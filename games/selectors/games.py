"""Reading games: the row, its position for clients, its log, and past positions."""

from dataclasses import dataclass
from typing import Any

from django.db.models import QuerySet

from engine import Game as EngineGame
from games.errors import GameNotFound, InvalidInput
from games.models import MAX_ID, Action, Game
from games.replaying import RESIGN, replay_log


@dataclass(frozen=True)
class Position:
    """What a client needs to show and play a game: the board and the moves it allows."""

    state: dict[str, Any]
    legal_moves: list[str]


def game_get(*, game_id: int) -> Game:
    """A game by id, with its player (``GameNotFound`` if there is none)."""
    if not 0 < game_id <= MAX_ID:
        raise GameNotFound(f"there is no game {game_id}", game=game_id)
    game = Game.objects.select_related("player").filter(pk=game_id).first()
    if game is None:
        raise GameNotFound(f"there is no game {game_id}", game=game_id)
    return game


def game_position(*, game: Game) -> Position:
    """The current board from the row's snapshot; a finished game allows no more moves."""
    engine_game = EngineGame.from_snapshot(game.snapshot)
    playing = game.status == Game.Status.PLAYING
    moves = [str(move) for move in engine_game.legal_moves()] if playing else []
    return Position(state=engine_game.state(), legal_moves=moves)


def game_actions(*, game: Game, after: int = 0) -> QuerySet[Action]:
    """The game's log in order, from the action after seq ``after``."""
    return game.actions.filter(seq__gt=after).order_by("seq")


def game_state_at(*, game: Game, at: int) -> dict[str, Any]:
    """The board after action ``at`` (0: the deal), replayed from the stored log."""
    if not 0 <= at <= game.seq:
        raise InvalidInput(f"at must be between 0 and {game.seq} for game {game.id}", seq=game.seq)
    tokens = list(game.actions.filter(seq__lte=at).order_by("seq").values_list("token", flat=True))
    replayed = replay_log(code=game.code, tokens=[t for t in tokens if t != RESIGN])
    return replayed.game.state()
