"""Holding a ranked game out of its board for a fair-play review, and lifting the hold.

Fair play (the ``fairplay`` app) decides *whether* a game is held; this is the one place
that says what a hold does to the boards, so they ask one cheap question of it
(``Game.held``). A held game makes no leaderboard entry (``games.projections``): its
player's entry, the board's counts, the rank index and the live messages leave it out with
no check of their own. Lifting the hold re-derives the entry, which then stands at the
place the game earned (on a closed day, as it stood at the close), and tells watchers.
"""

from games.models import Game
from games.services.entry_after_write import entry_rederive
from games.services.unit_of_work import unit_of_work


def game_hold_set(*, game_id: int, held: bool, confirmed: bool = False) -> Game:
    """Hold ``game_id`` for review (``held``), confirm the hold for good (``confirmed``: out
    of the ranking, no more actions), or lift it (``held=False``); its player's entry on its
    board follows in the same transaction. Nothing is written when the game already stands so.
    """
    confirmed = held and confirmed
    with unit_of_work() as unit:
        game = unit.lock_game(game_id=game_id, with_player=True)
        if (game.held, game.hold_confirmed) == (held, confirmed):
            return game
        game.held, game.hold_confirmed = held, confirmed
        game.save(update_fields=["held", "hold_confirmed", "updated_at"])
        entry_rederive(unit=unit, game=game)
    return game
