"""What a player at the table sees (``engine.table``): face-down cards hidden, the rest exact."""

from __future__ import annotations

import json

from hypothesis import given, settings

from engine import FACE_DOWN, Game, State, table_view
from tests.engine.walks import choices, games, pick


def face_down_cards(state: State) -> set[str]:
    """The cards a player at the table cannot see: the reserve below its top, the stock
    (less the base card, dealt face up: only the made-up positions of ``walks`` put it back
    in a pile, a real deal never does)."""
    return (set(state["reserve"][:-1]) | set(state["stock"])) - {state["base"]}


@settings(max_examples=150, deadline=None)
@given(games, choices)
def test_no_face_down_card_is_named_and_the_face_up_ones_are_exact(
    game: Game, steps: list[int]
) -> None:
    for choice in steps:
        state = game.state()
        seen = table_view(state)
        text = json.dumps(seen)
        for card in face_down_cards(state):
            assert f'"{card}"' not in text
        assert seen["code"] is FACE_DOWN
        assert len(seen["reserve"]) == len(state["reserve"])
        assert seen["reserve"][-1:] == state["reserve"][-1:]
        assert seen["stock"] == [FACE_DOWN] * len(state["stock"])
        for face_up in ("base", "waste", "tableau", "foundations", "score", "moves", "cards"):
            assert seen[face_up] == state[face_up]
        if game.won:
            break
        game.play(pick(game, choice))


def test_the_view_leaves_the_state_it_was_given_alone() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    state = game.state()
    before = json.dumps(state)
    table_view(state)
    assert json.dumps(state) == before
    assert game.table_state() == table_view(game.state())


def test_an_empty_reserve_and_stock_show_empty_piles() -> None:
    game = Game.from_code("CF1-D1-AAAAACL")
    while game.state()["stock"]:
        game.play("draw")
    seen = game.table_state()
    assert seen["stock"] == []
    assert seen["waste"] == game.state()["waste"]
