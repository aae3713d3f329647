"""state(), render(), snapshots and positions."""

from __future__ import annotations

import json

import pytest

from engine import Deal, Game, SnapshotError, replay
from tests.engine.positions import SEED_EXAMPLE, position


def test_state_has_the_contract_keys_with_cards_as_names() -> None:
    state = Game.from_code("CF1-D3-AAAAACL").state()
    assert set(state) == {
        "code",
        "draw",
        "base",
        "reserve",
        "stock",
        "waste",
        "tableau",
        "foundations",
        "score",
        "moves",
        "won",
        "cards",
    }
    assert state["base"] == "2C" and state["foundations"]["C"] == ["2C"]
    assert state["tableau"] == [["9C"], ["7S"], ["AH"], ["6H"]]
    assert state["reserve"][-1] == "TC" and state["stock"][-1] == "KC"


def test_render_shows_the_board_with_suit_symbols() -> None:
    game = replay(Deal.from_code(SEED_EXAMPLE), ["R2", "RF", "24x2", "draw"])
    text = game.render()
    assert "score 5" in text and "cards 2/52" in text and "moves 4" in text
    assert "♥ 8♥ (2)" in text
    assert "4  A♠ K♥ Q♣" in text
    assert "reserve 10  top J♠" in text
    assert str(game) == text


def test_a_snapshot_is_json_and_compact() -> None:
    game = Game.from_code("CF1-D1-AAAAACL")
    for _ in range(150):
        game.play("draw" if game.is_legal("draw") else "recycle")
    text = json.dumps(game.to_snapshot())
    assert len(text) < 1600  # the piles as 2-letter cards and 100 short undo records
    restored = Game.from_snapshot(json.loads(text))
    assert restored == game
    for _ in range(100):
        restored.play("undo")
    assert restored.moves == 50


def test_a_snapshot_of_an_explicit_deal_keeps_the_deal() -> None:
    game = replay(Deal.from_code(SEED_EXAMPLE), ["R2", "RF"])
    restored = Game.from_snapshot(json.loads(json.dumps(game.to_snapshot())))
    assert restored == game
    assert restored.deal == game.deal


@pytest.mark.parametrize(
    ("change", "fragment"),
    [
        ({"v": 9}, "unknown snapshot version"),
        ({"reserve": "ZZ"}, "'ZZ' is not a card"),
        ({"stock": ""}, "52 cards exactly once"),
        ({"history": ["nonsense"]}, "bad undo record"),
        ({"history": ["draw:0"]}, "bad undo record"),
        ({"history": ["24:7"]}, "bad undo record"),
        ({"history": ["WF:-1"]}, "bad undo record"),
        ({"foundations": [14, 0, 0, 0]}, "0 to 13 cards"),
        ({"foundations": [1, 0, 0]}, "4 foundation counts"),
        ({"tableau": ["9C", "7S", "AH"]}, "4 columns"),
        ({"code": "CF9-D3-AAAAAAA"}, "must start with one of CF1, CF2"),
    ],
)
def test_a_bad_snapshot_is_refused(change: dict, fragment: str) -> None:
    snapshot = replay("CF1-D3-AAAAACL", ["draw"]).to_snapshot() | change
    with pytest.raises(ValueError, match=fragment):
        Game.from_snapshot(snapshot)


def test_a_snapshot_missing_a_field_is_refused() -> None:
    snapshot: dict[str, object] = dict(Game.from_code("CF1-D3-AAAAACL").to_snapshot())
    del snapshot["waste"]
    with pytest.raises(SnapshotError, match="malformed snapshot"):
        Game.from_snapshot(snapshot)


def test_from_state_rebuilds_the_position_without_history() -> None:
    game = replay(Deal.from_code(SEED_EXAMPLE), ["R2", "RF", "24x2", "draw"])
    copy = Game.from_state(game.state())
    assert copy.state() == game.state()
    assert not copy.can_undo


@pytest.mark.parametrize(
    ("piles", "fragment"),
    [
        ({"tableau": [["9S", "9H"], ["KS"], ["QS"], ["JS"]]}, "9H cannot lie on 9S"),
        ({"foundations": {"H": ["8H"]}}, "the H foundation must hold 7H"),
        ({"reserve": ["7H"], "foundations": {"H": ["7H"]}}, "exactly once"),
    ],
)
def test_from_state_refuses_impossible_positions(piles: dict, fragment: str) -> None:
    with pytest.raises(SnapshotError, match=fragment):
        position(base="7H", **({"tableau": [["9S"], ["KS"], ["QS"], ["JS"]]} | piles))
