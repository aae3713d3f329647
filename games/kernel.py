"""The move kernel: one move decided as a pure function (no Django, no I/O, no clock).

A move's rules have one home here, whatever carried the move (REST, the socket, a test): given
what the adapter read under its lock (the game's snapshot and ``seq``) and the message (a token
or a tap, the ``seq`` the client expects), ``decide_move`` returns the ``Decision`` (the
action's token and score, the engine at the new position, the game row's fields that follow
from it, whether the move won) or a ``Refusal`` (its kind and the engine's own problem or
reason, which the adapter says in the request's language: the codes clients see do not
change). ``message_refusal`` checks the message's shape before anything is read, as REST
always has.

What reads a clock, a counter or another row stays one step beside the kernel, in the sync
adapter (``games.services.actions``): the lock and the owner, hold and day-closed checks
(``games.services.locking``), the quota and throttle, the time stamps, the won log's replay
from the stored rows. The kernel imports nothing of Django (an import-linter contract in
``pyproject.toml`` holds it), so the socket's async adapter of issue 39 can call it as it is.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from enum import Enum
from typing import Any

from engine import Game as EngineGame
from engine import IllegalMove, NotationError
from engine.reasons import Reason, why_tap_does_nothing
from engine.table import is_face_down


class RefusalKind(Enum):
    """Why a move is refused: each maps to one error (and HTTP status) in the adapter."""

    #: Neither or both of a token and a tap (``InvalidInput``, 400).
    ONE_OF = "one_of"
    #: The client's ``seq`` is not the next one (``StaleSeq``, 409).
    STALE_SEQ = "stale_seq"
    #: A token or tapped card name that is no move (``BadNotation``, 400).
    MALFORMED = "malformed"
    #: A move the rules refuse, or a tap that makes none (``RejectedAction``, 422).
    REFUSED = "refused"


@dataclass(frozen=True)
class Refusal:
    kind: RefusalKind
    #: The engine's notation problem (``MALFORMED``) or refusal reason (``REFUSED``).
    problem: NotationError | Reason | None = None
    #: What the refusal names: ``token``/``tap`` as given, ``seq``/``expected`` for a stale one.
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Decision:
    """A move the rules accept: the action row's ``seq``, ``token`` (always the concrete move)
    and ``score_after``, the engine at the new position, the game row's fields that follow
    from it (``summary``), and whether it won the game."""

    seq: int
    token: str
    score_after: int
    engine_game: EngineGame
    summary: dict[str, Any]
    won: bool


def message_refusal(*, token: str | None, tap: str | None) -> Refusal | None:
    """A move message names exactly one of a token and a tap."""
    if (token is None) == (tap is None):
        return Refusal(RefusalKind.ONE_OF)
    return None


def seq_refusal(*, seq: int, expected_seq: int | None) -> Refusal | None:
    """The client's ``expected_seq`` must be the next action's (None: the client did not say)."""
    if expected_seq is not None and expected_seq != seq + 1:
        return Refusal(
            RefusalKind.STALE_SEQ,
            params=(("given", expected_seq), ("seq", seq), ("expected", seq + 1)),
        )
    return None


def engine_summary(engine_game: EngineGame) -> dict[str, Any]:
    """The game row's fields that follow from the engine position alone."""
    return {
        "score": engine_game.score,
        "cards": engine_game.cards,
        "moves": engine_game.moves,
        "won": engine_game.won,
        "snapshot": engine_game.to_snapshot(),
    }


def tap_token(engine_game: EngineGame, tap: str, *, double_click: bool) -> str | Refusal:
    """The token of the move a tap makes (the engine decides), or the refusal: a card the rules
    keep face down says so (``tap_face_down``) rather than that it cannot move, so the player
    knows why. It tells a sealed game's owner nothing new: every card not shown face up on the
    table is face down, and the reason does not say where."""
    try:
        move = engine_game.tap(tap, double_click=double_click)
    except NotationError as error:
        return Refusal(RefusalKind.MALFORMED, error, (("tap", tap),))
    if move is None:
        face_down = is_face_down(engine_game.state(), tap)
        reason = why_tap_does_nothing(tap, face_down=face_down)
        return Refusal(RefusalKind.REFUSED, reason, (("tap", tap),))
    return str(move)


def decide_move(
    *,
    snapshot: Mapping[str, Any],
    seq: int,
    token: str | None,
    tap: str | None,
    double_click: bool = True,
) -> Decision | Refusal:
    """One move on the game at ``snapshot`` with ``seq`` actions: the decision or the refusal.
    The message's shape and its ``seq`` are checked before (``message_refusal``,
    ``seq_refusal``), as the adapter reads the game between the two."""
    engine_game = EngineGame.from_snapshot(snapshot)
    if tap is not None:
        tapped = tap_token(engine_game, tap, double_click=double_click)
        if isinstance(tapped, Refusal):
            return tapped
        token = tapped
    given = str(token)
    try:
        played = str(engine_game.play(given))
    except NotationError as error:
        return Refusal(RefusalKind.MALFORMED, error, (("token", given),))
    except IllegalMove as error:
        return Refusal(RefusalKind.REFUSED, error.reason, (("token", given),))
    return Decision(
        seq=seq + 1,
        token=played,
        score_after=engine_game.score,
        engine_game=engine_game,
        summary=engine_summary(engine_game),
        won=engine_game.won,
    )
