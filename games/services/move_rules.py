"""The rules beside the move kernel that read a clock or a hook, and the errors a refusal
becomes: shared by the two writers of a move, the locked unit of work
(``games.services.actions``) and the one-statement write on PostgreSQL
(``games.services.move_write``), so both answer every move alike."""

from dataclasses import dataclass
from datetime import datetime

from django.utils.translation import gettext

from engine import Game as EngineGame
from engine import NotationError
from engine.reasons import Reason
from games.boards import day_sealed
from games.errors import DayClosed, InvalidInput, ServiceError, StaleSeq
from games.hooks import action_held
from games.kernel import Refusal, RefusalKind, seq_refusal
from games.models import Action, Game
from games.replaying import malformed, refused
from games.selectors.games import ShownState


@dataclass(frozen=True)
class Appended:
    """What an append did: the game row as saved, the action row, and the engine game at
    the new position with its board as clients may see it (``shown_state``). The answer and
    the announcement use these, so a move restores the engine from its snapshot once."""

    game: Game
    action: Action
    engine_game: EngineGame
    state: ShownState


def writable_game(game: Game, *, expected_seq: int | None) -> Game:
    """``game`` (its own player's, live: ``own_live_game``) if the action ``expected_seq``
    may be appended to it: a ranked game's day has not closed, the ``seq`` is the next one."""
    if game.daily is not None and not day_sealed(game.daily):
        raise DayClosed(
            gettext(
                "the ranked game of %(day)s ended when its day closed (00:00 UTC): it stands"
                " as it was then; its deal is open now, to play for practice"
            )
            % {"day": game.daily.isoformat()},
            date=game.daily.isoformat(),
            code=game.code,
        )
    refusal = seq_refusal(seq=game.seq, expected_seq=expected_seq)
    if refusal is not None:
        raise refusal_error(refusal, game_id=game.id)
    return game


def signals_held(*, game: Game, stamp: datetime) -> list[str]:
    """Ask the action judges (``games.hooks``: fair play's signals) about the action just played
    on a ranked game: if a signal holds the game from now on, set it on the row and name the
    field to save, so the entry this append refreshes leaves the game out. Open games are not
    ranked daily games: nothing to ask."""
    if game.daily is None or not action_held(game=game, stamp=stamp):
        return []
    game.held = True
    return ["held"]


def refusal_error(refusal: Refusal, *, game_id: int | None = None) -> ServiceError:
    """The kernel's refusal (``games.kernel``) as the error the API has always answered with,
    in the request's language."""
    params = dict(refusal.params)
    if refusal.kind is RefusalKind.ONE_OF:
        return InvalidInput(
            gettext('give exactly one of "action" (a move token) or "tap" (a card)')
        )
    if refusal.kind is RefusalKind.STALE_SEQ:
        return StaleSeq(
            gettext(
                "seq %(given)s is stale: game %(game)s has %(seq)s actions,"
                " the next one is %(expected)s"
            )
            % {**params, "game": game_id},
            seq=params["seq"],
            expected=params["expected"],
        )
    if isinstance(refusal.problem, NotationError):
        return malformed(refusal.problem, **params)
    assert isinstance(refusal.problem, Reason), refusal
    return refused(refusal.problem, **params)
