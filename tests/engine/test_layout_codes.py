"""CF2 layout codes: the shared vectors both ways, the check character's promises proved
exhaustively on a few codes, and every way a code can be wrong."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Deal, DealCodeError, LayoutDeal, NumberedDeal
from engine.layout_codes import (
    ALPHABET,
    DATA_CHARACTERS,
    LAYOUTS,
    check_character,
    rank,
    unrank,
)

VECTORS = json.loads((Path(__file__).parent / "data" / "layout_codes.json").read_text())
PILES = ("shuffled", "base", "reserve", "tableau", "stock")


def letters(code: str) -> str:
    return code.split("-")[2]


def problem_of(code: str) -> str:
    with pytest.raises(DealCodeError) as raised:
        Deal.from_code(code)
    return raised.value.problem.code


def test_the_vectors_cover_the_ends_and_the_seeds_example() -> None:
    ranks = {int(vector["rank"]) for vector in VECTORS}
    assert len(VECTORS) >= 8 and {0, 1, LAYOUTS - 1} <= ranks
    assert sum("cf1" in vector for vector in VECTORS) >= 3


@pytest.mark.parametrize("vector", VECTORS, ids=[v["note"] for v in VECTORS])
def test_a_code_deals_its_vector_card_for_card(vector: dict) -> None:
    deal = Deal.from_code(vector["code"])
    assert isinstance(deal, LayoutDeal)
    assert (deal.code, deal.number, deal.layout_code) == (vector["code"], None, vector["code"])
    assert {key: deal.layout()[key] for key in PILES} == {key: vector[key] for key in PILES}
    assert rank(deal.cards) == int(vector["rank"])
    assert unrank(int(vector["rank"])) == deal.cards


@pytest.mark.parametrize("vector", VECTORS, ids=[v["note"] for v in VECTORS])
def test_a_layout_gets_its_vectors_code(vector: dict) -> None:
    draw = int(vector["code"][5])
    assert Deal.from_cards(vector["shuffled"], draw=draw).layout_code == vector["code"]
    by_piles = Deal.from_layout(
        reserve=vector["reserve"],
        base=vector["base"],
        tableau=[column[0] for column in vector["tableau"]],
        stock=vector["stock"],
        draw=draw,
    )
    assert by_piles.layout_code == vector["code"]
    if "cf1" in vector:
        cf1 = Deal.from_code(vector["cf1"])
        assert isinstance(cf1, NumberedDeal) and cf1.layout_code == vector["code"]


def test_the_ordered_deck_is_all_zeros_and_the_reversed_deck_the_last_layout() -> None:
    assert Deal.from_cards(list(range(52))).layout_code == "CF2-D3-" + "0" * 47
    assert rank(tuple(range(51, -1, -1))) == LAYOUTS - 1


def test_lower_case_and_crockfords_aliases_read_as_the_canonical_code() -> None:
    code = VECTORS[4]["code"]
    typed = code.lower().replace("0", "o").replace("1", "I")
    assert typed != code and Deal.from_code(typed).code == code
    assert Deal.from_code(code.replace("1", "l")).code == code


def test_both_draw_modes_of_one_code_share_the_layout() -> None:
    d3 = Deal.from_code(VECTORS[5]["code"])
    d1 = Deal.from_code(VECTORS[5]["code"].replace("-D3-", "-D1-"))
    assert d3.cards == d1.cards and d1.draw == 1 and letters(d1.code) == letters(d3.code)
    assert d3.in_draw_mode(1) == d1


def test_in_draw_mode_keeps_the_scheme_that_named_the_deal() -> None:
    assert Deal.from_code("CF1-D3-AAAAACL").in_draw_mode(1).code == "CF1-D1-AAAAACL"
    hand_built = Deal.from_cards(VECTORS[0]["shuffled"])
    assert hand_built.in_draw_mode(1) == Deal(cards=hand_built.cards, draw=1)


def test_from_code_is_cached_for_layout_codes_too() -> None:
    code = VECTORS[2]["code"]
    assert Deal.from_code(code) is Deal.from_code(code)


# -- the check character ---------------------------------------------------------------------
#: The last layout, the seeds' example, two CF1 deals' layouts.
CHECKED = [VECTORS[i]["code"] for i in (2, 4, 5, 8)]


@pytest.mark.parametrize("code", CHECKED)
def test_every_single_wrong_character_is_caught(code: str) -> None:
    head, text = code[:7], letters(code)
    for position, right in enumerate(text):
        for wrong in ALPHABET.replace(right, ""):
            typo = head + text[:position] + wrong + text[position + 1 :]
            assert problem_of(typo) == "deal_code_check", typo


#: The swaps the check cannot see: the positions (in the 47 characters) whose weights are equal.
#: Data character i weighs alpha^(i+1) and the check character alpha^0, and alpha^31 = 1: so
#: data characters 31 apart, and data character 30 with the check character (16 apart).
UNSEEN_SWAPS = {(i, i + 31) for i in range(DATA_CHARACTERS - 31)} | {(30, DATA_CHARACTERS)}


@pytest.mark.parametrize("code", CHECKED)
def test_every_swap_is_caught_but_those_of_positions_weighing_alike(code: str) -> None:
    head, text = code[:7], letters(code)
    missed, adjacent = set(), 0
    for first in range(len(text)):
        for second in range(first + 1, len(text)):
            if text[first] == text[second]:
                continue  # swapping equal characters changes nothing
            chars = list(text)
            chars[first], chars[second] = chars[second], chars[first]
            if check_character("".join(chars[:DATA_CHARACTERS])) == chars[DATA_CHARACTERS]:
                missed.add((first, second))
            else:
                assert problem_of(head + "".join(chars)) == "deal_code_check"
            adjacent += second == first + 1
    assert missed <= UNSEEN_SWAPS and adjacent > 0


def test_the_swaps_the_check_misses_are_exactly_those_positions_weighing_alike() -> None:
    """The limit of the contract's check: alpha has order 31, so two positions whose weights'
    exponents differ by 31 weigh alike, and swapping their characters keeps the sum."""
    data = "".join(ALPHABET[(7 * i + 3) % 32] for i in range(DATA_CHARACTERS))  # no two alike
    # within 31 positions, and every pair of UNSEEN_SWAPS different
    text = data + check_character(data)
    missed = set()
    for first in range(len(text)):
        for second in range(first + 1, len(text)):
            if text[first] == text[second]:
                continue  # (i, i + 32): equal, as the data repeats every 32
            chars = list(text)
            chars[first], chars[second] = chars[second], chars[first]
            if check_character("".join(chars[:DATA_CHARACTERS])) == chars[DATA_CHARACTERS]:
                missed.add((first, second))
    assert missed == UNSEEN_SWAPS


def test_a_wrong_check_character_says_so_in_words() -> None:
    code = VECTORS[3]["code"]
    wrong = code[:-1] + ("0" if code[-1] != "0" else "1")
    with pytest.raises(DealCodeError, match="a character is mistyped or two are swapped"):
        Deal.from_code(wrong)


# -- everything else that can be wrong -------------------------------------------------------
def test_letters_beyond_the_last_layout_are_no_layout() -> None:
    for number in (LAYOUTS, 32**DATA_CHARACTERS - 1):
        data = "".join(ALPHABET[number >> (5 * k) & 31] for k in reversed(range(46)))
        with pytest.raises(DealCodeError, match="beyond the last one") as raised:
            Deal.from_code(f"CF2-D3-{data}{check_character(data)}")
        assert raised.value.problem.as_dict()["last"] == letters(VECTORS[2]["code"])


@pytest.mark.parametrize(
    ("code", "problem", "fragment"),
    [
        ("CF2-D3-" + "0" * 46, "deal_code_length", "47 letters, not 46"),
        ("CF2-D3-" + "0" * 48, "deal_code_length", "47 letters, not 48"),
        ("CF2-D3-" + "0" * 45 + "U0", "deal_code_characters", "except U in its layout, not 'U'"),
        ("CF2-D3-" + "0" * 44 + "*?0", "deal_code_characters", "not '*?'"),
        ("CF2-D2-" + "0" * 47, "deal_code_mode", "draw mode 'D2'"),
        ("CF2-D3-" + "0" * 20 + "-" + "0" * 27, "deal_code_parts", "three parts"),
        ("CF2D3" + "0" * 47, "deal_code_parts", "three parts"),
    ],
)
def test_a_bad_layout_code_says_what_is_wrong(code: str, problem: str, fragment: str) -> None:
    with pytest.raises(DealCodeError, match=fragment) as raised:
        Deal.from_code(code)
    assert raised.value.problem.code == problem
