"""What ``GET /api/games/<id>/state/?at=9999`` of a 10,000-action game costs in engine CPU:
replayed from the deal (before) against from the nearest kept position (``games.past_positions``).

Engine only (no database, no Django): the replay is where the 36.7 ms the hostile review
measured went. Run once: ``.venv/bin/python bench/state_at_cost.py``.
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Deal, Game, Snapshot
from tests.engine.walks import stock_cycles

CODE = "CF1-D3-ABCDEFG"
ACTIONS = 10_000
AT = 9_999
EVERY = 200  # games.past_positions.CHECKPOINT_EVERY (not imported: it needs Django)
ROUNDS = 20


def replayed(tokens: list[str]) -> Game:
    game = Game(Deal.from_code(CODE))
    for token in tokens:
        game.play(token)
    return game


def from_deal(tokens: list[str]) -> Game:
    return replayed(tokens[:AT])


def from_checkpoint(tokens: list[str], snapshot: Snapshot) -> Game:
    game = Game.from_snapshot(snapshot)
    for token in tokens[AT - AT % EVERY : AT]:
        game.play(token)
    return game


def cpu_ms(run: Callable[[], object]) -> float:
    started = time.process_time()
    for _ in range(ROUNDS):
        run()
    return (time.process_time() - started) / ROUNDS * 1000


def main() -> None:
    tokens = stock_cycles(CODE, ACTIONS)
    snapshot = replayed(tokens[: AT - AT % EVERY]).to_snapshot()
    assert from_checkpoint(tokens, snapshot).state() == from_deal(tokens).state()
    before = cpu_ms(lambda: from_deal(tokens))
    after = cpu_ms(lambda: from_checkpoint(tokens, snapshot))
    print(
        f"at={AT} of {ACTIONS} actions, CPU per read: from the deal {before:.1f} ms, "
        f"from the nearest kept position {after:.2f} ms ({before / after:.0f}x less)"
    )


if __name__ == "__main__":
    main()
