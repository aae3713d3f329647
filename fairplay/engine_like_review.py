"""What staff read beside an ``engine_like`` flag raised by the worker's judge
(``fairplay.engine_like``): the decisions that told, think times against difficulty, and the
account's judged lines. Reads only (the staff page and the API)."""

import math
import statistics
from typing import Any

from django.utils.translation import gettext

from fairplay.models import LineEngineLike

#: The difficulty bands (bits) of the staff's think-time table: a forced move, then wider.
DIFFICULTY_BANDS = ((0.0, 0.0), (0.0, 1.5), (1.5, 3.0), (3.0, 4.5), (4.5, math.inf))
#: How many of the account's judged lines the staff page shows, newest first.
HISTORY_SHOWN = 30


def engine_like_shown(*, game_id: int, player_id: int) -> dict[str, Any] | None:
    """What staff read beside an ``engine_like`` flag: the decisions that mattered (the
    line's move beside the table-view judge's and the solver's), the think times by
    difficulty band (actions, median seconds) and the account's judged lines, newest first.
    None when the line was not judged (a flag raised on its standing alone)."""
    record = LineEngineLike.objects.filter(game_id=game_id).first()
    if record is None:
        return None
    steps = record.steps
    told = [
        {**step, "agreed": step["line"] in step["table"] or step["line"] == step["solver"]}
        for step in steps.get("told", [])
    ]
    seen = len(steps.get("difficulty", [])) - int(record.figures.get("unjudged", 0))
    pairs = list(zip(steps.get("difficulty", [])[:seen], steps.get("think", []), strict=False))
    bands = []
    for low, high in DIFFICULTY_BANDS:
        times = [t for d, t in pairs if (d == 0 if high == 0 else low < d <= high)]
        label = (
            gettext("forced")
            if high == 0
            else (f"{low:g}+" if high == math.inf else f"{low:g} to {high:g}")
        )
        bands.append(
            {
                "band": label,
                "actions": len(times),
                "median": round(statistics.median(times), 2) if times else None,
            }
        )
    rows = (
        LineEngineLike.objects.filter(game__player_id=player_id)
        .order_by("-game__daily", "-game_id")
        .values_list("game_id", "game__board", "verdict", "figures")[:HISTORY_SHOWN]
    )
    history = [
        {
            "game": other,
            "board": board,
            "verdict": verdict,
            "agreed": figures["agreed"],
            "matters": figures["matters"],
            "rho": figures["rho"],
            "this": other == game_id,
        }
        for other, board, verdict, figures in rows
    ]
    return {
        "told": told,
        "agreed": sum(1 for step in told if step["agreed"]),
        "think_by_difficulty": bands,
        "history": history,
    }
