"""Hints: the next move of a winning line from a game's position, from the solver.

Asking is what counts: the player is marked assisted on the game's board (``Assistance``:
every entry of theirs there ranks below every unassisted one, whatever they play or submit
later) and the game is marked as the one that asked, in their own committed transaction
BEFORE the solver runs, so a hint that times out, finds nothing or whose answer is lost on
the way still marks them. The solver then runs outside any transaction (it takes up to
``CANFIELD_HINT_SECONDS``), in a pool process (``games.hint_pool``: one hint per player at a
time, the others queued fairly; a refused hint is refused before anything is marked), on the
position of the row's snapshot; the answer says which ``seq`` it is for.

A ranked daily game takes no hint at all (``RankedGameRule``), and nothing is marked: the
solver would read the face-down cards the player cannot.
"""

from dataclasses import dataclass

from django.contrib.auth.models import User
from django.utils.translation import gettext

from engine.solver import Status
from games.daily.store import sealed_layout_check
from games.errors import RankedGameRule
from games.hint_pool import release_slot, reserve_slot, solve_in_pool
from games.models import Assistance, Game
from games.replaying import deal_from_code
from games.services.entry_after_write import entry_after_write
from games.services.locking import lock_own_live_game
from games.services.unit_of_work import unit_of_work
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


def hint_begin(*, game_id: int, player: User) -> Game:
    """Take a solver slot, then mark the player assisted on the game's board (committed);
    the game to solve. Call ``hint_finish`` next: it gives the slot back."""
    reserve_slot(player.pk)
    try:
        return game_mark_assisted(game_id=game_id, player=player)
    except BaseException:
        release_slot(player.pk)
        raise


async def hint_finish(game: Game) -> Hint:
    """The solver's answer for the game ``hint_begin`` marked, solved in the pool."""
    result = await solve_in_pool(game.snapshot, hint_seconds(), player_id=game.player_id)
    return Hint(
        game=game,
        seq=game.seq,
        status=result.status,
        line=result.line,
        nodes=result.nodes,
        seconds=result.seconds,
    )


def game_mark_assisted(*, game_id: int, player: User) -> Game:
    """The locked game (owner only, still being played, not a ranked daily), with its
    player marked assisted on its board and committed; the entry is re-ranked and watchers
    are told when that changed it."""
    with unit_of_work() as unit:
        game = lock_own_live_game(unit=unit, game_id=game_id, player=player)
        if game.daily is not None:
            raise RankedGameRule(
                gettext("game %(id)s is your ranked daily game of %(day)s: it takes no hints")
                % {"id": game_id, "day": game.daily.isoformat()},
                game=game_id,
            )
        sealed_layout_check(deal=deal_from_code(game.code))
        if game.assisted:
            return game
        Assistance.objects.get_or_create(board=game.board, player_id=game.player_id)
        game.assisted = True
        game.save(update_fields=["assisted", "updated_at"])
        entry_after_write(unit=unit, game=game)
    return game
