"""Replaying a log through the engine: the one place where stored tokens meet the rules.

Submissions, the re-verification of a won game, ``verify_games``, ``rebuild_projections`` and
the replay viewer all replay logs; they share this loop so they agree on what a log means.
The rules themselves stay in the engine: this module only feeds it tokens and records the
score after each one.

``resign`` is the service's own token (the engine knows nothing of giving up): it may only
be the last action of a log and changes nothing on the board.
"""

from collections.abc import Sequence
from dataclasses import dataclass

from django.utils.translation import gettext

from engine import CodedDeal, Deal, DealCodeError, IllegalMove, NotationError
from engine import Game as EngineGame
from engine.reasons import Reason
from games.errors import BadDealCode, BadNotation, RejectedAction

RESIGN = "resign"


@dataclass(frozen=True)
class ReplayedAction:
    seq: int
    token: str
    score_after: int


@dataclass(frozen=True)
class ReplayedLog:
    """The engine game after a whole log, and what each action should have stored."""

    game: EngineGame
    actions: list[ReplayedAction]
    resigned: bool

    @property
    def status(self) -> str:
        return game_status(won=self.game.won, resigned=self.resigned)


def game_status(*, won: bool, resigned: bool) -> str:
    """A game's status: won beats everything, a resignation ends the rest."""
    if won:
        return "won"
    return "resigned" if resigned else "playing"


def deal_from_code(code: str) -> CodedDeal:
    """The engine's deal for a code, with the engine's reason as a 400 when it is bad."""
    try:
        return Deal.from_code(code)
    except DealCodeError as error:
        raise BadDealCode(
            error.problem.sentence(gettext), code=code, reason=error.problem.as_dict()
        ) from error


def play_token(game: EngineGame, token: str, *, index: int | None = None) -> str:
    """Play one token on ``game`` and return its canonical form; errors carry ``index``."""
    extra = {} if index is None else {"index": index}
    try:
        return str(game.play(token))
    except NotationError as error:
        raise malformed(error, token=token, **extra) from error
    except IllegalMove as error:
        raise refused(error.reason, token=token, **extra) from error


def malformed(error: NotationError, **extra: object) -> BadNotation:
    """The error of a token (or a tapped card name) that is no move: the engine's problem as a
    sentence in the request's language (``detail``) and as its code with its parameters
    (``reason``), like a refusal's."""
    return BadNotation(error.problem.sentence(gettext), reason=error.problem.as_dict(), **extra)


def refused(reason: Reason, **extra: object) -> RejectedAction:
    """The error of a move the engine refused: its reason as a sentence in the request's
    language (``detail``) and as the engine's code with its parameters (``reason``)."""
    return RejectedAction(reason.sentence(gettext), reason=reason.as_dict(), **extra)


def replay_log(*, code: str, tokens: Sequence[str]) -> ReplayedLog:
    """Play ``tokens`` from the deal of ``code``, checking every one.

    Raises ``BadNotation`` / ``RejectedAction`` with the 0-based ``index`` of the first bad
    token (nothing after it is looked at), ``BadDealCode`` for a bad code. A won or resigned
    game is over: nothing may follow, as in live play.

    >>> replay_log(code="CF1-D3-AAAAACL", tokens=["draw", "undo"]).actions[-1].seq
    2
    """
    game = EngineGame(deal_from_code(code))
    actions: list[ReplayedAction] = []
    resigned = False
    for index, token in enumerate(tokens):
        if game.won or resigned:
            ending = (
                gettext("the game was won by action %(index)s: nothing can follow")
                if game.won
                else gettext("the game was resigned by action %(index)s: nothing can follow")
            )
            raise RejectedAction(
                ending % {"index": index},
                index=index,
                token=token,
            )
        if token == RESIGN:
            resigned = True
            canonical = RESIGN
        else:
            canonical = play_token(game, token, index=index)
        actions.append(ReplayedAction(seq=index + 1, token=canonical, score_after=game.score))
    return ReplayedLog(game=game, actions=actions, resigned=resigned)
