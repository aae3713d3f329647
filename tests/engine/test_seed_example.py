"""The seeds' own example, played through its first three moves (Japanese seed 002)."""

from __future__ import annotations

import pytest

from engine import Deal, Game, IllegalMove, replay
from tests.engine.positions import SEED_EXAMPLE


def test_state_after_the_deal() -> None:
    state = Game(Deal.from_code(SEED_EXAMPLE)).state()
    assert len(state["stock"]) == 34
    assert state["waste"] == []
    assert len(state["reserve"]) == 13 and state["reserve"][-1] == "QC"
    assert state["foundations"] == {"C": [], "D": [], "H": ["7H"], "S": []}
    assert state["tableau"] == [["6C"], ["KH"], ["QH"], ["AS"]]
    assert (state["score"], state["moves"], state["cards"], state["won"]) == (0, 0, 1, False)


def test_state_after_move_three() -> None:
    game = replay(Deal.from_code(SEED_EXAMPLE), ["R2", "RF", "24x2"])
    state = game.state()
    assert len(state["stock"]) == 34
    assert state["waste"] == []
    assert len(state["reserve"]) == 10 and state["reserve"][-1] == "JS"
    assert state["foundations"] == {"C": [], "D": [], "H": ["7H", "8H"], "S": []}
    assert state["tableau"] == [["6C"], ["QS"], ["QH"], ["AS", "KH", "QC"]]
    assert (state["score"], state["moves"], state["cards"]) == (5, 3, 2)


def test_the_ace_of_spades_cannot_start_the_spades_foundation() -> None:
    game = Game(Deal.from_code(SEED_EXAMPLE))
    with pytest.raises(IllegalMove, match="The ace of spades cannot start the spades foundation"):
        game.play("4F")
