"""What a socket's messages do, run in a worker thread (they read and write the database):
the same service calls, quota and throttle as the REST views, and the same answers.

A move whose ``seq`` is already stored is a resend (the client got no ack: its socket
dropped, or 2.5 s went by): when the stored action is the one this move makes, it is acked
again from the stored row, and nothing is played twice; any other stale ``seq`` is refused
as REST refuses it.
"""

from __future__ import annotations

import logging
from typing import Any

from django.contrib.auth.models import User
from rest_framework.exceptions import AuthenticationFailed

from engine import NotationError
from games.api.authentication import ExpiringTokenAuthentication
from games.api.exception_handler import api_exception_handler
from games.api.presenters import action_answer_json, appended_json
from games.api.throttling import PlayerMoveThrottle
from games.errors import GameFinished, StaleSeq
from games.models import Game
from games.replaying import RESIGN, replay_log
from games.selectors.games import game_get
from games.services.actions import move_played
from games.socket_moves.messages import Move, Resign

logger = logging.getLogger(__name__)

#: Longer than any API token (DRF's are 40 characters): not looked up.
MAX_TOKEN_CHARS = 128

#: What an exception no handler knows becomes, as the API's last resort says it.
INTERNAL_ERROR = {"error": "internal_error", "detail": "an unexpected error happened on the server"}


def token_player(token: object) -> User:
    """The player of an API token, as ``Authorization: Token`` finds them (an expired token
    is refused); ``AuthenticationFailed`` otherwise."""
    if not isinstance(token, str) or not 0 < len(token) <= MAX_TOKEN_CHARS:
        raise AuthenticationFailed()
    user, _ = ExpiringTokenAuthentication().authenticate_credentials(token)
    if not isinstance(user, User):
        raise AuthenticationFailed()
    return user


def play(*, game_id: int, player: User, message: Move | Resign) -> dict[str, Any]:
    """Play ``message`` for ``player`` as the REST view would and return REST's answer; a
    resend of a stored action gets that action's answer again. The player's throttle is
    counted with the move's quota, in one command (``games.quotas``)."""
    throttle = PlayerMoveThrottle(player)
    try:
        if isinstance(message, Resign):
            appended = move_played(
                game_id=game_id,
                player=player,
                expected_seq=message.seq,
                resign=True,
                throttle=throttle,
            )
        else:
            appended = move_played(
                game_id=game_id,
                player=player,
                token=message.action,
                tap=message.tap,
                double_click=message.double_click,
                expected_seq=message.seq,
                throttle=throttle,
            )
    except (StaleSeq, GameFinished):
        answer = stored_answer(game_id=game_id, player=player, message=message)
        if answer is None:
            raise
        return answer
    return appended_json(appended)


def stored_answer(*, game_id: int, player: User, message: Move | Resign) -> dict[str, Any] | None:
    """The answer to ``message`` if its ``seq`` holds the action it makes, else None."""
    if message.seq is None:
        return None
    game = game_get(game_id=game_id)
    if game.player_id != player.pk or message.seq > game.seq:
        return None
    action = game.actions.filter(seq=message.seq).first()
    if action is None or action.token != token_played(game, message):
        return None
    return action_answer_json(game, action)


def token_played(game: Game, message: Move | Resign) -> str | None:
    """The token ``message`` made as the action ``message.seq``: its own, or for a tap the
    move the tap made in the position before it (replayed: only a resend asks)."""
    if isinstance(message, Resign):
        return RESIGN
    if message.tap is None:
        return message.action
    assert message.seq is not None
    tokens = game.actions.filter(seq__lt=message.seq).order_by("seq")
    before = replay_log(code=game.code, tokens=list(tokens.values_list("token", flat=True)))
    try:
        move = before.game.tap(message.tap, double_click=message.double_click)
    except NotationError:
        return None
    return None if move is None else str(move)


def refusal(error: Exception) -> tuple[int, dict[str, Any]]:
    """The HTTP status and the JSON body the API answers ``error`` with (its one exception
    handler, in the active language); anything it does not know is logged, and said as the
    API's last resort says it."""
    response = api_exception_handler(error, {})
    if response is None:
        logger.error("unexpected error in a socket move", exc_info=error)
        return 500, dict(INTERNAL_ERROR)
    return response.status_code, dict(response.data)
