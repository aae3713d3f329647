"""One test per rule and per edge, on hand-made positions."""

from __future__ import annotations

from pathlib import Path

import pytest

from engine import UNDO_LIMIT, Deal, Game, IllegalMove, SnapshotError, replay
from tests.engine.positions import SEED_EXAMPLE, position

# -- the stock and the waste ------------------------------------------------------------------


def test_draw_three_turns_the_top_three_one_by_one() -> None:
    game = position(stock=["2C", "3C", "4C", "5C"], rest="reserve")
    game.play("draw")
    assert game.state()["waste"] == ["5C", "4C", "3C"]
    assert game.state()["stock"] == ["2C"]


def test_draw_with_fewer_than_three_left_turns_what_is_left() -> None:
    game = position(stock=["2C", "3C"], rest="reserve")
    game.play("draw")
    assert game.state()["waste"] == ["3C", "2C"]
    assert game.state()["stock"] == []


def test_draw_one_turns_a_single_card() -> None:
    game = position(stock=["2C", "3C"], rest="reserve", draw=1)
    game.play("draw")
    assert game.state()["waste"] == ["3C"]


def test_draw_on_an_empty_stock_is_illegal() -> None:
    game = position(stock=[], waste=["2C"], rest="reserve")
    with pytest.raises(IllegalMove, match="the stock is empty"):
        game.play("draw")


def test_recycle_turns_the_waste_over_so_the_first_card_drawn_comes_first_again() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    first_draw = None
    while game.state()["stock"]:
        game.play("draw")
        if first_draw is None:
            first_draw = game.state()["waste"]
    waste = game.state()["waste"]
    game.play("recycle")
    assert game.state()["stock"] == list(reversed(waste))
    assert game.state()["waste"] == []
    game.play("draw")
    assert game.state()["waste"] == first_draw


def test_recycle_needs_an_empty_stock_and_a_waste() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    with pytest.raises(IllegalMove, match=r"the stock still holds cards \(34 left\)"):
        game.play("recycle")
    empty = position(stock=[], waste=[], rest="reserve")
    with pytest.raises(IllegalMove, match="the waste is empty"):
        empty.play("recycle")


def test_recycle_has_no_limit_and_no_penalty() -> None:
    game = position(stock=["2C", "3C"], rest="reserve")
    for _ in range(5):
        game.play("draw")
        game.play("recycle")
    assert game.score == 0 and game.state()["stock"] == ["2C", "3C"]


def test_only_the_waste_top_is_playable() -> None:
    game = position(
        stock=[], waste=["8S", "6S"], tableau=[["9H"], ["KS"], ["KC"], ["QS"]], rest="reserve"
    )
    with pytest.raises(IllegalMove, match="The 6 of spades cannot go on the 9 of hearts"):
        game.play("W1")
    assert game.tap("8S") is None


# -- the reserve and the refill ---------------------------------------------------------------


def test_reserve_top_plays_to_a_column_and_the_next_card_becomes_playable() -> None:
    game = Game(Deal.from_code(SEED_EXAMPLE))
    game.play("R2")
    assert game.state()["reserve"][-1] == "8H"
    assert game.state()["tableau"][1] == ["KH", "QC"]


def test_a_single_card_move_that_empties_a_column_is_refilled_from_the_reserve() -> None:
    game = position(
        base="7H",
        reserve=["2C", "9D"],
        tableau=[["8H"], ["KS"], ["QS"], ["JS"]],
        foundations={"H": ["7H"]},
    )
    game.play("1F")
    assert game.state()["tableau"][0] == ["9D"]
    assert game.state()["reserve"] == ["2C"]
    assert game.score == 5


def test_a_block_move_that_empties_a_column_is_refilled() -> None:
    game = replay(Deal.from_code(SEED_EXAMPLE), ["R2", "RF", "24x2"])
    assert game.state()["tableau"][1] == ["QS"]


def test_once_the_reserve_is_gone_an_emptied_column_stays_empty() -> None:
    game = position(reserve=[], tableau=[["8H"], ["KS"], ["QS"], ["JS"]], foundations={"H": ["7H"]})
    game.play("1F")
    assert game.state()["tableau"][0] == []


def test_an_empty_column_takes_any_card_or_block_once_the_reserve_is_gone() -> None:
    game = position(
        reserve=[],
        waste=["4D"],
        tableau=[[], ["KS", "QH", "JC"], ["QS"], ["JS"]],
        rest="stock",
    )
    legal = {str(m) for m in game.legal_moves()}
    assert {"W1", "21", "21x2", "21x3", "31", "41"} <= legal
    game.play("21x3")
    assert game.state()["tableau"][:2] == [["KS", "QH", "JC"], []]


def test_an_empty_column_while_the_reserve_has_cards_cannot_exist() -> None:
    with pytest.raises(SnapshotError, match="empty while the reserve has cards"):
        position(reserve=["2C"], tableau=[[], ["KS"], ["QS"], ["JS"]])


def test_nothing_ever_goes_onto_the_reserve() -> None:
    game = Game(Deal.from_code(SEED_EXAMPLE))
    for _ in range(3):
        for move in game.legal_moves():
            assert not str(move).endswith("R")


# -- columns ------------------------------------------------------------------------------------


def test_a_column_takes_the_other_colour_one_rank_lower() -> None:
    game = position(reserve=["6H"], tableau=[["7S"], ["7C"], ["7D"], ["8S"]])
    legal = {str(m) for m in game.legal_moves()}
    assert {"R1", "R2"} <= legal
    assert "R3" not in legal and "R4" not in legal


def test_the_refusal_says_what_the_card_needs() -> None:
    game = position(reserve=["9S"], tableau=[["7H"], ["KS"], ["QS"], ["JS"]])
    with pytest.raises(
        IllegalMove, match="The 9 of spades cannot go on the 7 of hearts: it needs a red 10"
    ):
        game.play("R1")


def test_a_king_goes_on_an_ace_of_the_other_colour() -> None:
    game = position(reserve=["KH"], tableau=[["AS"], ["AD"], ["QS"], ["JS"]])
    game.play("R1")
    assert game.state()["tableau"][0] == ["AS", "KH"]
    assert not game.is_legal("R2")


def test_a_queen_does_not_go_on_an_ace() -> None:
    game = position(reserve=["QH"], tableau=[["AS"], ["KD"], ["QS"], ["JS"]])
    with pytest.raises(IllegalMove, match="needs a black king"):
        game.play("R1")


def test_a_tail_of_a_column_moves_as_a_block() -> None:
    game = position(reserve=["2C"], tableau=[["9C", "8H", "7S"], ["9S"], ["KS"], ["KC"]])
    game.play("12x2")
    assert game.state()["tableau"][:2] == [["9C"], ["9S", "8H", "7S"]]


def test_a_block_longer_than_its_column_is_refused() -> None:
    game = position(reserve=["2C"], tableau=[["8H", "7S"], ["9C"], ["KS"], ["KC"]])
    with pytest.raises(IllegalMove, match="Column 1 holds 2 cards: it has no block of 3"):
        game.play("12x3")


def test_a_run_that_wraps_round_the_ranks_moves_as_one_block() -> None:
    run = ["3S", "2H", "AC", "KD", "QS"]
    game = position(reserve=["2D"], tableau=[run, ["4H"], ["KS"], ["KC"]])
    game.play("12x5")
    assert game.state()["tableau"][1] == ["4H", *run]


# -- foundations --------------------------------------------------------------------------------


def test_an_empty_foundation_takes_only_the_starting_rank_of_its_suit() -> None:
    game = position(base="7H", reserve=["7S"], tableau=[["AS"], ["KH"], ["QH"], ["6C"]])
    with pytest.raises(IllegalMove, match="The ace of spades cannot start the spades foundation"):
        game.play("1F")
    game.play("RF")
    assert game.state()["foundations"]["S"] == ["7S"]


def test_a_foundation_builds_up_by_suit() -> None:
    game = position(
        base="7H",
        reserve=["8S"],
        tableau=[["9H"], ["KH"], ["QH"], ["6C"]],
        foundations={"H": ["7H"]},
    )
    with pytest.raises(
        IllegalMove,
        match="The 9 of hearts cannot go on the hearts foundation: it needs the 8 of hearts",
    ):
        game.play("1F")
    with pytest.raises(IllegalMove, match="The 8 of spades cannot start the spades foundation"):
        game.play("RF")


def test_a_foundation_wraps_from_king_to_ace() -> None:
    hearts = ["7H", "8H", "9H", "TH", "JH", "QH", "KH"]
    game = position(
        base="7H",
        reserve=["AH"],
        tableau=[["KS"], ["KC"], ["QS"], ["JS"]],
        foundations={"H": hearts},
    )
    game.play("RF")
    assert game.state()["foundations"]["H"] == [*hearts, "AH"]


def test_a_full_foundation_holds_thirteen_cards_and_all_four_win() -> None:
    full = {s: [r + s for r in "789TJQKA23456"] for s in "CDHS"}
    last = full["S"].pop()
    game = position(base="7H", waste=[last], foundations=full, tableau=[[], [], [], []])
    assert game.cards == 51 and not game.won
    game.play("WF")
    assert game.cards == 52 and game.won and game.state()["won"] is True
    assert len(game.state()["foundations"]["S"]) == 13


def test_scoring_is_five_per_card_from_reserve_waste_or_column() -> None:
    game = position(
        base="7H",
        reserve=["2C", "8H"],
        waste=["9H"],
        tableau=[["TH"], ["KS"], ["QS"], ["JS"]],
        foundations={"H": ["7H"]},
    )
    for token, score in (("RF", 5), ("WF", 10), ("1F", 15)):
        game.play(token)
        assert game.score == score
    assert game.state()["tableau"][0] == ["2C"]  # refilled by the last reserve card
    game.play("draw")
    assert game.score == 15


# -- take-back ----------------------------------------------------------------------------------


def test_take_back_keeps_the_points_and_playing_the_card_again_scores_again() -> None:
    game = position(
        base="7H",
        reserve=["8H"],
        tableau=[["9S"], ["KS"], ["QS"], ["JS"]],
        foundations={"H": ["7H"]},
    )
    game.play("RF")
    assert game.score == 5
    game.play("FH1")
    assert game.state()["tableau"][0] == ["9S", "8H"]
    assert (game.score, game.cards) == (5, 1)
    game.play("1F")
    assert (game.score, game.cards) == (10, 2)


def test_take_back_needs_a_column_that_accepts_the_card() -> None:
    game = position(
        base="7H",
        reserve=["2C"],
        tableau=[["9H"], ["KS"], ["QS"], ["JS"]],
        foundations={"H": ["7H", "8H"]},
    )
    with pytest.raises(
        IllegalMove, match="The 8 of hearts cannot go on the 9 of hearts: both are red"
    ):
        game.play("FH1")
    with pytest.raises(IllegalMove, match="The spades foundation is empty"):
        game.play("FS1")


# -- undo ---------------------------------------------------------------------------------------


def test_undo_of_nothing_is_an_error() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    with pytest.raises(IllegalMove, match="nothing to undo"):
        game.play("undo")
    assert "undo" not in {str(m) for m in game.legal_moves()}


def test_undo_reverts_the_points_of_the_undone_move() -> None:
    game = position(
        base="7H",
        reserve=["2C", "8H"],
        tableau=[["9S"], ["KS"], ["QS"], ["JS"]],
        foundations={"H": ["7H"]},
    )
    game.play("RF")
    game.undo()
    assert (game.score, game.cards, game.moves) == (0, 1, 0)
    assert game.state()["reserve"][-1] == "8H"


def test_undo_after_a_refill_puts_the_card_back_on_the_reserve() -> None:
    game = replay(Deal.from_code(SEED_EXAMPLE), ["R2", "RF", "24x2"])
    before = replay(Deal.from_code(SEED_EXAMPLE), ["R2", "RF"]).state()
    game.play("undo")
    assert game.state() == before


def test_undo_reaches_back_one_hundred_actions_only() -> None:
    game = Game.from_code("CF1-D1-AAAAACL")
    for _ in range(UNDO_LIMIT + 5):
        game.play("draw" if game.is_legal("draw") else "recycle")
    for _ in range(UNDO_LIMIT):
        game.play("undo")
    assert game.moves == 5
    with pytest.raises(IllegalMove, match="only the last 100 actions can be undone"):
        game.play("undo")


def test_undo_is_an_action_that_lowers_the_move_count() -> None:
    game = Game.from_code("CF1-D3-AAAAACL")
    game.play("draw")
    game.play("draw")
    game.play("undo")
    assert game.moves == 1


def test_an_illegal_move_leaves_the_game_untouched() -> None:
    game = replay(Deal.from_code(SEED_EXAMPLE), ["R2", "RF", "draw"])
    snapshot = game.to_snapshot()
    for token in ("13", "WF", "recycle", "FS1", "12x4"):
        with pytest.raises(IllegalMove):
            game.play(token)
        assert game.to_snapshot() == snapshot


def test_moves_stay_legal_after_a_win_only_as_take_backs_and_undo() -> None:
    full = {s: [r + s for r in "789TJQKA23456"] for s in "CDHS"}
    game = position(base="7H", foundations=full, tableau=[[], [], [], []])
    legal = {str(m) for m in game.legal_moves()}
    assert legal == {f"F{s}{c}" for s in "CDHS" for c in "1234"}


def test_the_same_deal_number_deals_the_same_game_in_both_draw_modes() -> None:
    assert (
        Game(Deal.from_number(7, draw=1)).state()["tableau"]
        == (Game(Deal.from_number(7, draw=3)).state()["tableau"])
    )


def test_asking_about_a_move_on_a_full_history_forgets_nothing() -> None:
    game = Game.from_code("CF1-D1-AAAAACL")
    for _ in range(UNDO_LIMIT):
        game.play("draw" if game.is_legal("draw") else "recycle")
    snapshot = game.to_snapshot()
    assert game.is_legal("draw") or game.is_legal("recycle")
    assert game.to_snapshot() == snapshot
    for _ in range(UNDO_LIMIT):
        game.play("undo")
    assert game.state() == Game.from_code("CF1-D1-AAAAACL").state()


def test_a_won_log_replays_to_a_win() -> None:
    log = (Path(__file__).parent / "data" / "won_CF1-D3-AAAAACL.log").read_text()
    game = replay("CF1-D3-AAAAACL", log)
    assert game.won and game.cards == 52
    assert all(str(m) == "undo" or str(m).startswith("F") for m in game.legal_moves())
