"""CF1 deal codes and the CF1 shuffle, checked card for card against the shared vectors (CF2
layout codes: test_layout_codes.py)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Deal, DealCodeError, random_code
from engine.deal import DEAL_NUMBERS, splitmix64

VECTORS = json.loads((Path(__file__).parent / "data" / "deals.json").read_text())


def test_splitmix64_first_output_for_seed_zero() -> None:
    assert next(iter(splitmix64(0))) == 0xE220A8397B1DCDAF


@pytest.mark.parametrize("vector", VECTORS, ids=[v["code"] for v in VECTORS])
def test_vectors_match_card_for_card(vector: dict) -> None:
    deal = Deal.from_code(vector["code"])
    assert deal.number == vector["number"]
    assert deal.code == vector["code"]
    assert deal.layout() == {k: vector[k] for k in deal.layout()}


def test_lower_case_code_is_normalised() -> None:
    deal = Deal.from_code("cf1-d3-aaaaacl")
    assert (deal.code, deal.number, deal.draw) == ("CF1-D3-AAAAACL", 63, 3)


def test_draw_modes_of_one_number_share_the_layout() -> None:
    d3, d1 = Deal.from_number(63, draw=3), Deal.from_number(63, draw=1)
    assert d3.cards == d1.cards
    assert (d3.code, d1.code) == ("CF1-D3-AAAAACL", "CF1-D1-AAAAACL")


@pytest.mark.parametrize(
    ("code", "fragment"),
    [
        ("CF3-D3-AAAAACL", "must start with one of CF1, CF2, not 'CF3'"),
        ("CF2-D3-AAAAACL", "47 letters, not 7"),
        ("CF1-D2-AAAAACL", "draw mode 'D2'"),
        ("CF1-D3-AAAAAC", "7 letters, not 6"),
        ("CF1-D3-AAAAACLL", "7 letters, not 8"),
        ("CF1-D3-AAAA1CL", "not '1'"),
        ("CF1D3AAAAACL", "three parts"),
        (" CF1-D3-AAAAACL", "must start with one of CF1, CF2"),
        ("CF1-D3-AAAAACL-X", "three parts"),
    ],
)
def test_bad_codes_say_what_is_wrong(code: str, fragment: str) -> None:
    with pytest.raises(DealCodeError, match=fragment):
        Deal.from_code(code)


def test_deal_code_error_is_a_value_error() -> None:
    with pytest.raises(ValueError):
        Deal.from_code(63)  # type: ignore[arg-type]


def test_number_out_of_range_is_refused() -> None:
    with pytest.raises(DealCodeError, match="out of range"):
        Deal.from_number(DEAL_NUMBERS)
    with pytest.raises(DealCodeError, match="draw mode"):
        Deal.from_number(1, draw=2)


def test_random_code_is_valid_and_varies() -> None:
    codes = {random_code(draw=1) for _ in range(20)}
    assert len(codes) > 1
    for code in codes:
        assert code.startswith("CF1-D1-")
        assert Deal.from_code(code).code == code


def test_explicit_deal_from_layout_deals_back_the_same_piles() -> None:
    source = Deal.from_number(12345)
    rebuilt = Deal.from_layout(
        reserve=source.reserve,
        base=source.base,
        tableau=[column[0] for column in source.tableau],
        stock=source.stock,
        draw=1,
    )
    assert rebuilt.cards == source.cards
    assert rebuilt.code is None and rebuilt.draw == 1


def test_explicit_deal_refuses_a_duplicate_card() -> None:
    cards = Deal.from_number(5).shuffled
    cards[0] = cards[1]
    with pytest.raises(DealCodeError, match="exactly once"):
        Deal.from_cards(cards)
