"""Hints: the next move of a winning line from a game's position, from the solver.

Asking is what counts: the game is marked ``assisted`` (and its leaderboard entry moves
below every unassisted one) in its own committed transaction BEFORE the solver runs, so a
hint that times out, finds nothing or whose answer is lost on the way still marks the game.
The solver then runs outside any transaction (it takes up to ``CANFIELD_HINT_SECONDS``) on
the position of the row's snapshot; the answer says which ``seq`` it is for.
"""

from dataclasses import dataclass

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction

from engine import Game as EngineGame
from engine.solver import Status, hint
from games.models import Game
from games.services.locking import lock_own_live_game
from games.services.standing import standing_refresh
from games.solver_budgets import hint_seconds


@dataclass(frozen=True)
class Hint:
    """``move`` is the first token of ``line`` (a winning line from the position at
    ``seq``) when ``status == "won"``; ``lost`` is a proof that no line wins."""

    game: Game
    seq: int
    status: Status
    line: list[str]
    nodes: int
    seconds: float

    @property
    def move(self) -> str | None:
        return self.line[0] if self.line else None


def game_hint(*, game_id: int, player: AbstractBaseUser) -> Hint:
    """Mark the player's live game assisted (committed), then ask the solver."""
    game = game_mark_assisted(game_id=game_id, player=player)
    result = hint(EngineGame.from_snapshot(game.snapshot), seconds=hint_seconds())
    return Hint(
        game=game,
        seq=game.seq,
        status=result.status,
        line=result.line,
        nodes=result.nodes,
        seconds=result.seconds,
    )


def game_mark_assisted(*, game_id: int, player: AbstractBaseUser) -> Game:
    """The locked game (owner only, still being played), marked assisted and committed; its
    entry is re-ranked and watchers are told when that changed it."""
    with transaction.atomic():
        game = lock_own_live_game(game_id=game_id, player=player)
        if game.assisted:
            return game
        game.assisted = True
        game.save(update_fields=["assisted", "updated_at"])
        standing_refresh(game=game)
    return game
