"""A flagged line step by step, as staff review it: what the player could see at each step
beside the cards that were face down.

The table's text board (``engine.render``) shows exactly what a player at the table sees:
the waste, the reserve's top and count, the stock's count, the foundations and the columns.
Beside it go the face-down cards (the reserve below its top, the stock in the order it will
come), so a reviewer can see, move by move, whether a choice was one only those cards made
right. Staff only (``fairplay.api``, ``fairplay.views``): this shows a sealed deal's cards.
"""

from typing import Any

from engine import CARD_NAMES, Deal
from engine import Game as EngineGame
from fairplay.errors import flag_not_found
from fairplay.models import Flag
from games.models import MAX_ID
from games.replaying import RESIGN


def flag_line(*, flag_id: int) -> dict[str, Any]:
    """``{"flag", "game", "board", "steps": [{"seq", "token", "table", "face_down"}]}``:
    step 0 is the deal as dealt, step n the position after the log's n-th action."""
    flag = None
    if 0 < flag_id <= MAX_ID:
        flag = Flag.objects.select_related("game").filter(pk=flag_id).first()
    if flag is None:
        raise flag_not_found(flag_id)
    game = flag.game
    engine_game = EngineGame(Deal.from_code(game.code))
    steps = [step(0, None, engine_game)]
    tokens = game.actions.order_by("seq").values_list("seq", "token")
    for seq, token in tokens:
        if token != RESIGN:
            engine_game.play(token)
        steps.append(step(seq, token, engine_game))
    return {"flag": flag.id, "game": game.id, "board": flag.board, "steps": steps}


def step(seq: int, token: str | None, engine_game: EngineGame) -> dict[str, Any]:
    return {
        "seq": seq,
        "token": token,
        "table": engine_game.render(),
        "face_down": {
            "reserve": [CARD_NAMES[card] for card in engine_game.reserve[:-1]],
            "stock": [CARD_NAMES[card] for card in reversed(engine_game.stock)],
        },
    }
