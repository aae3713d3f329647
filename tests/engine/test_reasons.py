"""Every refused move carries a structured reason: one case per code of ``engine.REASONS``.

Each case builds the position, plays the move, and checks the code, its parameters (card
codes, a column, a suit, counts) and the English sentence in words (no notation in it).
"""

from __future__ import annotations

import re

import pytest

from engine import Game, IllegalMove, replay
from engine.reasons import REASONS, Reason, card_words, why_tap_does_nothing
from engine.table import is_face_down
from tests.engine.positions import position


def _full_undo_history() -> Game:
    game = Game.from_code("CF1-D1-AAAAACL")
    for _ in range(101):  # draws, recycles: more actions than undo remembers
        game.play("draw" if game.state()["stock"] else "recycle")
    for _ in range(100):
        game.play("undo")
    return game


CASES: list[tuple[str, object, str, dict[str, object], str]] = [
    # (code, game builder, token, the reason's JSON, the English sentence)
    (
        "undo_nothing",
        lambda: Game.from_code("CF1-D3-AAAAACL"),
        "undo",
        {"cards": []},
        "There is nothing to undo: no action has been played.",
    ),
    (
        "undo_limit",
        _full_undo_history,
        "undo",
        {"cards": [], "count": 100},
        "There is nothing left to undo: only the last 100 actions can be undone.",
    ),
    (
        "draw_stock_empty",
        lambda: position(stock=[], waste=["2C"], rest="reserve"),
        "draw",
        {"cards": []},
        "You cannot draw: the stock is empty (turn the waste over first).",
    ),
    (
        "draw_no_cards",
        lambda: position(stock=[], waste=[], rest="reserve"),
        "draw",
        {"cards": []},
        "You cannot draw: the stock and the waste are both empty.",
    ),
    (
        "recycle_stock_left",
        lambda: Game.from_code("CF1-D3-AAAAACL"),
        "recycle",
        {"cards": [], "count": 34},
        "You cannot turn the waste over while the stock still holds cards (34 left).",
    ),
    (
        "recycle_waste_empty",
        lambda: position(stock=[], waste=[], rest="reserve"),
        "recycle",
        {"cards": []},
        "You cannot turn the waste over: the waste is empty.",
    ),
    (
        "reserve_empty",
        lambda: position(reserve=[], tableau=[["9C"], ["KS"], ["QS"], ["JS"]]),
        "RF",
        {"cards": []},
        "The reserve is empty: there is no card to move from it.",
    ),
    (
        "waste_empty",
        lambda: position(reserve=["2C"], waste=[]),
        "W1",
        {"cards": []},
        "The waste is empty: there is no card to move from it.",
    ),
    (
        "column_empty",
        lambda: position(reserve=[], tableau=[[], ["KS"], ["QS"], ["JS"]]),
        "12",
        {"cards": [], "column": 1},
        "Column 1 is empty: there is no card to move from it.",
    ),
    (
        "block_too_tall",
        lambda: position(reserve=["2C"], tableau=[["8H", "7S"], ["9C"], ["KS"], ["KC"]]),
        "12x3",
        {"cards": [], "column": 1, "count": 2, "block": 3},
        "Column 1 holds 2 cards: it has no block of 3 to move.",
    ),
    (
        "foundation_start",
        lambda: position(base="7H", reserve=["7S"], tableau=[["AS"], ["KH"], ["QH"], ["6C"]]),
        "1F",
        {"cards": ["AS", "7S"], "suit": "S", "rank": "7"},
        "The ace of spades cannot start the spades foundation: it starts with the 7 of spades"
        " (every foundation starts at the base card's rank, 7).",
    ),
    (
        "foundation_next",
        lambda: position(
            reserve=["8S"], tableau=[["9H"], ["KH"], ["QH"], ["6C"]], foundations={"H": ["7H"]}
        ),
        "1F",
        {"cards": ["9H", "8H"], "suit": "H"},
        "The 9 of hearts cannot go on the hearts foundation: it needs the 8 of hearts next.",
    ),
    (
        "column_same_colour",
        lambda: position(reserve=["JD"], tableau=[["QH"], ["KS"], ["QS"], ["JS"]]),
        "R1",
        {"cards": ["JD", "QH"], "colour": "red", "need_rank": "Q", "need_colour": "black"},
        "The jack of diamonds cannot go on the queen of hearts: both are red;"
        " it needs a black queen.",
    ),
    (
        "column_wrong_rank",
        lambda: position(reserve=["KH"], tableau=[["QS"], ["KS"], ["2S"], ["JS"]]),
        "R1",
        {"cards": ["KH", "QS"], "need_rank": "A", "need_colour": "black"},
        "The king of hearts cannot go on the queen of spades: it needs a black ace.",
    ),
    (
        "take_back_empty",
        lambda: position(reserve=["2C"], tableau=[["9H"], ["KS"], ["QS"], ["JS"]]),
        "FS1",
        {"cards": [], "suit": "S"},
        "The spades foundation is empty: there is no card to take back.",
    ),
]


def test_every_code_has_a_case() -> None:
    # tap_nothing and tap_face_down are a tap's the engine resolves to no move: tested below.
    taps = ["tap_nothing", "tap_face_down"]
    assert sorted([case[0] for case in CASES] + taps) == sorted(REASONS)


def test_a_tap_that_makes_no_move_names_its_card() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    card = game.state()["tableau"][3][-1]
    assert game.tap(card, double_click=False) is None
    reason = why_tap_does_nothing(card)
    assert reason.as_dict() == {"code": "tap_nothing", "cards": [card]}
    assert str(reason) == f"{card_words(card).capitalize()} cannot move anywhere from here."
    assert why_tap_does_nothing("stock").code == "draw_no_cards"


def test_a_tap_on_a_face_down_card_says_it_is_face_down() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    card = game.state()["stock"][0]
    assert is_face_down(game.state(), card)
    assert game.tap(card, double_click=True) is None
    reason = why_tap_does_nothing(card, face_down=True)
    assert reason.as_dict() == {"code": "tap_face_down", "cards": [card]}
    assert (
        str(reason)
        == f"{card_words(card).capitalize()} is face down: only a face-up card can move."
    )


@pytest.mark.parametrize(("code", "build", "token", "params", "sentence"), CASES)
def test_a_refused_move_carries_its_reason(
    code: str, build: object, token: str, params: dict[str, object], sentence: str
) -> None:
    game = build()  # type: ignore[operator]
    before = game.state()
    with pytest.raises(IllegalMove) as info:
        game.play(token)
    reason = info.value.reason
    assert isinstance(reason, Reason)
    assert reason.as_dict() == {"code": code, **params}
    assert str(info.value) == str(reason) == sentence
    assert game.state() == before
    # Words, not notation: no card code and no move token in the sentence.
    assert not re.search(r"\b[A2-9TJQK][CDHS]\b", sentence)
    assert token not in sentence.split()


def test_replay_carries_the_reason_and_the_index() -> None:
    with pytest.raises(IllegalMove) as info:
        replay("CF1-D3-AAAAACL", "draw 42 RF")
    assert info.value.index == 2
    assert info.value.reason.code == "foundation_start"
    assert info.value.reason.cards == ("9H", "2H")


def test_a_sentence_goes_through_the_given_translation() -> None:
    words = {
        "jack": "JACK",
        "diamonds": "DIAMONDS",
        "the %(rank)s of %(suit)s": "%(suit)s/%(rank)s",
    }
    reason = Reason("column_wrong_rank", ("JD", "TS"), need_rank="Q", need_colour="black")
    assert reason.sentence(lambda text: words.get(text, text)) == (
        "DIAMONDS/JACK cannot go on spades/10: it needs a black queen."
    )
    assert card_words("TS") == "the 10 of spades"
