"""A game's past positions from the nearest snapshot, not from the deal.

``GET /api/games/<id>/state/?at=<n>`` (the replay viewer) used to replay the log from the
deal: anyone could ask for the last position of a 10,000-action game over and over, 36.7 ms
of server CPU each (and 10,000 log rows read). A log is append-only, so the position after
action ``n`` never changes once written: this module keeps engine snapshots of it every
``CHECKPOINT_EVERY`` actions in the shared cache, and answers from the nearest one at or
before ``n`` (or from the game row's own snapshot, which is the latest position), playing at
most ``CHECKPOINT_EVERY - 1`` logged actions on top. The first read of a long game makes the
checkpoints it passes; if the cache is down, positions are replayed from the deal as before.
"""

from __future__ import annotations

import logging
from typing import Any

from django.core.cache import cache

from engine import Game as EngineGame
from games.models import Game
from games.replaying import RESIGN, deal_from_code

logger = logging.getLogger(__name__)

#: Actions between two kept positions: at most this many are replayed for one read.
CHECKPOINT_EVERY = 200
#: How long a kept position stays (it never changes; the cache may drop it sooner).
CHECKPOINT_SECONDS = 7 * 24 * 3600


def checkpoint_key(game_id: int, seq: int) -> str:
    return f"position:{game_id}:{seq}"


def position_after(*, game: Game, at: int) -> EngineGame:
    """The engine game after action ``at`` (0: the deal) of ``game``'s stored log."""
    if at == game.seq:
        return EngineGame.from_snapshot(game.snapshot)
    start, engine_game = nearest_checkpoint(game=game, at=at)
    tokens = game.actions.filter(seq__gt=start, seq__lte=at).order_by("seq")
    made: dict[str, Any] = {}
    for seq, token in tokens.values_list("seq", "token"):
        if token != RESIGN:
            engine_game.play(token)
        if seq % CHECKPOINT_EVERY == 0:
            made[checkpoint_key(game.id, seq)] = engine_game.to_snapshot()
    if made:
        try:
            cache.set_many(made, CHECKPOINT_SECONDS)
        except Exception:  # the cache is down: the next read replays again
            logger.warning("positions of game %s not kept (cache down)", game.id)
    return engine_game


def nearest_checkpoint(*, game: Game, at: int) -> tuple[int, EngineGame]:
    """The last kept position at or before ``at``: its seq and game (the deal: 0)."""
    seqs = range(CHECKPOINT_EVERY, at + 1, CHECKPOINT_EVERY)
    try:
        kept = cache.get_many([checkpoint_key(game.id, seq) for seq in seqs])
    except Exception:  # the cache is down: from the deal
        kept = {}
    for seq in reversed(seqs):
        snapshot = kept.get(checkpoint_key(game.id, seq))
        if snapshot is not None:
            return seq, EngineGame.from_snapshot(snapshot)
    return 0, EngineGame(deal_from_code(game.code))
