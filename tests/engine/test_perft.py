"""Perft, as in chess engines: the number of legal action sequences of a given depth from
fixed positions (undo left out), counted by the engine and by the reference model."""

from __future__ import annotations

import pytest

from engine import Deal, Game, State
from tests.engine import reference
from tests.engine.positions import SEED_EXAMPLE


def perft(game: Game, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for move in game.legal_moves():
        if move.token == "undo":
            continue
        game.play(move)
        total += perft(game, depth - 1)
        game.undo()
    return total


def reference_perft(state: State, depth: int) -> int:
    if depth == 0:
        return 1
    total = 0
    for token in reference.legal_tokens(state):
        after = reference.apply(state, token)
        assert after is not None  # legal_tokens are the tokens apply plays
        total += reference_perft(after, depth - 1)
    return total


@pytest.mark.parametrize("code", ["CF1-D3-AAAAACL", "CF1-D1-AAAAAAB", "CF1-D1-ZZZZZZZ"])
def test_perft_agrees_with_the_reference_model(code: str) -> None:
    game = Game.from_code(code)
    before = game.to_snapshot()
    assert perft(game, 6) == reference_perft(game.state(), 6)
    assert game.to_snapshot() == before  # play/undo all the way back


def test_perft_of_the_seed_example() -> None:
    """From the seeds' layout: depth 1 is draw, R2 (QC on KH) and 24 (KH on AS); the
    depth-5 total is pinned like a chess perft number (both models agree on it)."""
    game = Game(Deal.from_code(SEED_EXAMPLE))
    assert sorted(str(m) for m in game.legal_moves()) == ["24", "R2", "draw"]
    assert perft(game, 5) == reference_perft(game.state(), 5) == 126
