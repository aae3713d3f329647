"""A limited guest's practice: an open deal played with nothing stored.

Past its network's guest limit (``games.api.guests``) a browser may still play: not as a new
guest, whose account, games and actions would stay for good (the limit's purpose is to bound
those), but by sending its whole log with each move. The server replays it, plays the move
and answers the position; the log lives in the browser. Nothing is written, so nothing ranks
and nothing is left behind: a flood of such players costs CPU (bounded as any request by the
per-client throttle and the log's length), never rows.
"""

from __future__ import annotations

from typing import Any

from engine import Game as EngineGame
from games.daily.store import open_deal
from games.kernel import Refusal, tap_token
from games.replaying import replay_log
from games.services.actions import refusal_error
from games.services.submissions import submission_tokens


def practice_step(
    *,
    code: str,
    actions: list[str],
    action: str | None = None,
    tap: str | None = None,
    double_click: bool = True,
) -> dict[str, Any]:
    """The position after ``actions`` and then the one new action (a token, a tap, or none),
    every action checked as in a stored game (``index`` names a bad one, 0-based): the log
    with it, the status, the board, the figures a table shows. The deal must be open
    (``open_deal``: a sealed daily's layout is refused) and the log within a log's bounds."""
    deal = open_deal(code)
    tokens = submission_tokens(actions=actions, log=None)
    replayed = replay_log(code=deal.code, tokens=tokens)
    if action is not None or tap is not None:
        token = action if action is not None else _tapped(replayed.game, tap, double_click)
        tokens = submission_tokens(actions=[*tokens, token], log=None)
        replayed = replay_log(code=deal.code, tokens=tokens)
    game = replayed.game
    playing = replayed.status == "playing"
    return {
        "code": deal.code,
        "draw": deal.draw,
        "actions": tokens,
        "status": replayed.status,
        "state": game.state(),
        "score": game.score,
        "cards": game.cards,
        "action_count": len(tokens),
        "legal_moves": [str(move) for move in game.legal_moves()] if playing else [],
    }


def _tapped(game: EngineGame, tap: str | None, double_click: bool) -> str:
    assert tap is not None
    token = tap_token(game, tap, double_click=double_click)
    if isinstance(token, Refusal):
        raise refusal_error(token)
    return token
