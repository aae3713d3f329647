"""Tap resolution: foundation first, then the longest accepting column, then an empty one."""

from __future__ import annotations

import pytest

from engine import Game, NotationError
from tests.engine.positions import position


def tap(game: Game, card: str, double_click: bool = True) -> str | None:
    move = game.tap(card, double_click=double_click)
    return None if move is None else str(move)


def test_a_card_that_can_go_up_goes_to_its_foundation() -> None:
    game = position(
        base="7H",
        reserve=["8H"],
        tableau=[["9S"], ["KS"], ["QS"], ["JS"]],
        foundations={"H": ["7H"]},
    )
    assert tap(game, "8H") == "RF"


def test_otherwise_the_longest_accepting_column_wins() -> None:
    game = position(
        base="7H", reserve=["8H"], tableau=[["9S"], ["JH", "TC"], ["QD", "JS", "TH", "9C"], ["KS"]]
    )
    assert tap(game, "8H") == "R3"


def test_ties_go_to_the_leftmost_column() -> None:
    game = position(base="7H", reserve=["8H"], tableau=[["KS"], ["9S"], ["9C"], ["JS"]])
    assert tap(game, "8H") == "R2"


def test_with_no_accepting_column_the_leftmost_empty_column_is_used() -> None:
    game = position(base="7H", waste=["5D"], tableau=[["KS"], [], [], ["JS"]], rest="stock")
    assert tap(game, "5D") == "W2"


def test_a_non_empty_accepting_column_beats_an_empty_one() -> None:
    game = position(base="7H", waste=["5D"], tableau=[[], ["6S"], [], ["JS"]], rest="stock")
    assert tap(game, "5D") == "W2"


def test_a_card_inside_a_column_moves_with_the_cards_on_it() -> None:
    game = position(base="7H", reserve=["2C"], tableau=[["9C", "8H", "7S"], ["9S"], ["KS"], ["KC"]])
    assert tap(game, "8H") == "12x2"


def test_a_card_inside_a_column_never_goes_to_a_foundation() -> None:
    game = position(
        base="7H",
        reserve=["2C"],
        tableau=[["8H", "7S"], ["KD"], ["KS"], ["KC"]],
        foundations={"H": ["7H"]},
    )
    assert tap(game, "8H") is None


def test_without_double_click_only_the_foundation_is_tried() -> None:
    game = position(base="7H", reserve=["8H"], tableau=[["9S"], ["KS"], ["QS"], ["JS"]])
    assert tap(game, "8H", double_click=False) is None
    assert tap(game, "8H") == "R1"


def test_tapping_the_stock_draws_then_recycles_then_does_nothing() -> None:
    game = position(stock=["2C"], rest="reserve")
    assert tap(game, "stock") == "draw"
    game.play("draw")
    assert tap(game, "stock") == "recycle"
    empty = position(stock=[], waste=[], rest="reserve")
    assert tap(empty, "stock") is None


def test_cards_that_cannot_be_tapped() -> None:
    game = position(
        base="7H",
        stock=["4D"],
        waste=["2S", "3S"],
        reserve=["AD", "8H"],
        tableau=[["9S"], ["KS"], ["QS"], ["JS"]],
        foundations={"H": ["7H"]},
    )
    assert tap(game, "4D") is None  # face down in the stock
    assert tap(game, "2S") is None  # under the waste top
    assert tap(game, "AD") is None  # under the reserve top
    assert tap(game, "7H") is None  # foundations move back only by dragging (FH1)


def test_tapping_a_card_name_accepts_ten_and_lower_case() -> None:
    game = position(base="7H", reserve=["TH"], tableau=[["JS"], ["KS"], ["QS"], ["KC"]])
    assert tap(game, "10h") == tap(game, "TH") == "R1"
    with pytest.raises(NotationError, match="not a card"):
        game.tap("1H")
