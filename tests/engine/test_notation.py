"""Tokens, the Move value type, and replay's error reporting."""

from __future__ import annotations

import pytest

from engine import TOKENS, IllegalMove, Move, NotationError, replay
from engine.notation import COLUMN_TO_COLUMN, FOUNDATION_TO_COLUMN


def test_every_token_round_trips_through_move() -> None:
    for token in TOKENS:
        move = Move.parse(token)
        assert str(move) == token
        assert eval(repr(move), {"Move": Move}) == move


def test_tokens_name_what_they_move() -> None:
    move = Move.parse("24x3")
    assert (move.kind, move.src, move.dst, move.block_size) == (COLUMN_TO_COLUMN, 1, 3, 3)
    assert move.count(3) == 2  # a Move is a tuple: no field hides tuple.count (3 = dst, size)
    take_back = Move.parse("FH2")
    assert (take_back.kind, take_back.src, take_back.dst) == (FOUNDATION_TO_COLUMN, 2, 1)


def test_moves_are_frozen_and_hashable() -> None:
    move = Move.parse("24")
    assert {move, Move.parse("24")} == {move}
    with pytest.raises(AttributeError):
        move.block_size = 3  # type: ignore[misc]


@pytest.mark.parametrize(
    ("token", "fragment"),
    [
        ("rf", "did you mean 'RF'"),
        ("Draw", "did you mean 'draw'"),
        (" draw", "did you mean 'draw'"),
        ("24x1", "write '24' for a single card"),
        ("22", "onto itself"),
        ("25", "columns are numbered 1 to 4"),
        ("R5", "columns are numbered 1 to 4"),
        ("0F", "columns are numbered 1 to 4"),
        ("24x0", "block size after 'x'"),
        ("24x", "block size after 'x'"),
        ("24x53", "2 to 52 cards"),
        ("FX2", "suit must be one of CDHS"),
        ("FH7", "columns are numbered 1 to 4"),
        ("", "empty token"),
        ("hello", "unknown token 'hello'"),
    ],
)
def test_malformed_tokens_are_refused_with_a_reason(token: str, fragment: str) -> None:
    with pytest.raises(NotationError, match=fragment):
        Move.parse(token)


def test_a_token_must_be_a_string() -> None:
    with pytest.raises(NotationError, match="must be a string"):
        Move.parse(24)  # type: ignore[arg-type]


def test_replay_reports_the_index_of_a_malformed_token() -> None:
    with pytest.raises(NotationError) as info:
        replay("CF1-D3-AAAAACL", ["draw", "draw", "24x1"])
    assert info.value.index == 2
    assert isinstance(info.value, ValueError)


def test_replay_reports_the_index_and_reason_of_an_illegal_token() -> None:
    with pytest.raises(IllegalMove) as info:
        replay("CF1-D3-AAAAACL", "draw\ndraw  undo undo undo")
    assert info.value.index == 4
    assert "nothing to undo" in str(info.value)


def test_replay_accepts_a_text_log_and_normalises_the_code() -> None:
    game = replay("cf1-d1-aaaaacl", "draw draw\n")
    assert (game.code, game.moves, len(game.state()["waste"])) == ("CF1-D1-AAAAACL", 2, 2)


def test_play_with_a_bad_token_leaves_the_game_untouched() -> None:
    game = replay("CF1-D3-AAAAACL", ["draw"])
    before = game.to_snapshot()
    with pytest.raises(NotationError):
        game.play("W9")
    assert game.to_snapshot() == before
