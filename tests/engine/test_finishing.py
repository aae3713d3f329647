"""The finishing line (``engine.finishing``): offered only when every card left is face up in
the columns and foundation moves alone win; the line is legal, wins, and leaves the game be."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from engine import Game, replay
from engine.finishing import finishing_line

WON_LOG = Path(__file__).parent / "data" / "won_CF1-D3-AAAAACL.log"

#: Base AC, so every foundation runs A..K. Home: all clubs and diamonds, spades to TS, hearts
#: to JH; left in the columns: KS QH JS (a run) and KH QS.
FOUNDATIONS = {
    "C": [f"{rank}C" for rank in "A23456789TJQK"],
    "D": [f"{rank}D" for rank in "A23456789TJQK"],
    "H": [f"{rank}H" for rank in "A23456789TJ"],
    "S": [f"{rank}S" for rank in "A23456789T"],
}
COLUMNS = [["KS", "QH", "JS"], ["KH", "QS"], [], []]


def position(**piles: Any) -> Game:
    """The endgame above, with some of its column cards moved to other piles by ``piles``."""
    state = {
        "base": "AC",
        "draw": 3,
        "reserve": [],
        "stock": [],
        "waste": [],
        "tableau": COLUMNS,
        "foundations": FOUNDATIONS,
    }
    return Game.from_state({**state, **piles})


def test_the_line_plays_every_column_top_home_leftmost_first_and_wins() -> None:
    game = position()
    before = game.state()
    line = finishing_line(game)
    assert line is not None
    assert [str(move) for move in line] == ["1F", "1F", "2F", "1F", "2F"]
    assert game.state() == before  # only looked ahead
    for move in line:
        game.play(move)
    assert game.won


@pytest.mark.parametrize(
    "piles",
    [
        {"stock": ["JS"], "tableau": [["KS", "QH"], ["KH", "QS"], [], []]},
        {"waste": ["JS"], "tableau": [["KS", "QH"], ["KH", "QS"], [], []]},
        {"reserve": ["JS"], "tableau": [["KS", "QH"], ["KH", "QS"], ["KC"], []]},
    ],
    ids=["a card in the stock", "a card in the waste", "a card in the reserve"],
)
def test_no_line_while_a_card_is_outside_the_columns(piles: dict[str, Any]) -> None:
    if "reserve" in piles:  # a reserve refills empty columns: keep none empty
        foundations = {**FOUNDATIONS, "C": FOUNDATIONS["C"][:-1]}
        piles = {**piles, "tableau": [["KS", "QH"], ["KH", "QS"], ["KC"], ["KD"]]}
        piles["foundations"] = {**foundations, "D": FOUNDATIONS["D"][:-1]}
    assert finishing_line(position(**piles)) is None


def test_no_line_for_a_game_already_won() -> None:
    game = position()
    for move in finishing_line(game) or []:
        game.play(move)
    assert game.won and finishing_line(game) is None


def test_no_line_when_the_columns_must_be_rearranged_first() -> None:
    """Action 164 of a real winning log: every card is face up in the columns, but JS, QS and
    KC on top wait for cards buried beneath them (2S, JC): column moves must come first."""
    game = replay("CF1-D3-AAAAACL", WON_LOG.read_text().split()[:164])
    assert not (game.stock or game.waste or game.reserve or game.won)
    assert finishing_line(game) is None


def test_along_a_real_winning_log_the_line_is_offered_only_with_nothing_hidden() -> None:
    """While a card is in the stock, waste or reserve, no line; the first line offered wins."""
    game = Game.from_code("CF1-D3-AAAAACL")
    offered_at = None
    for index, token in enumerate(WON_LOG.read_text().split()):
        line = finishing_line(game)
        if game.stock or game.waste or game.reserve:
            assert line is None, index
        elif line is not None and offered_at is None:
            offered_at = index
            ahead = game.copy()
            for move in line:
                ahead.play(move)
            assert ahead.won
        game.play(token)
    assert game.won and offered_at is not None and offered_at > 164
