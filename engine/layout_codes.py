"""CF2 layout codes: the dealing order itself, so every one of the 52! layouts has a code.

``CF2-D<draw>-<47 characters>``: 46 data characters and a check character in Crockford's
base 32 (``0123456789ABCDEFGHJKMNPQRSTVWXYZ``, value = index; no ``I L O U``, which read like
``1 1 0 V``; typed in, ``O`` is read as ``0`` and ``I``/``L`` as ``1``). The data characters
are the lexicographic rank of the shuffled deck d[0..51] (the Lehmer code, cards as the
engine's ints, the ordered deck rank 0), in base 32, most significant first. Unlike a CF1
number, which seeds a public shuffle and is found from the cards it deals, the code is the
layout: nothing smaller to search.

The check character, over GF(32) (field polynomial x^5 + x^2 + 1, alpha = x = 2), is
``sum(alpha^(i+1) * v_i)`` over the data characters, so a valid code sums to zero with the
check character at weight alpha^0 = 1. Every weight is nonzero, so every single mistyped
character is caught; a swap of two different characters is caught unless their positions
weigh alike, and alpha has order 31: data characters 31 apart, and data character 30
(alpha^31 = 1) with the check character. Every adjacent swap is caught.

>>> code = make_layout_code(tuple(range(52)), 3)
>>> code
'CF2-D3-00000000000000000000000000000000000000000000000'
>>> layout_of_letters(code, "0000000000000000000000000000000000000000000000O") == tuple(range(52))
True
"""

from __future__ import annotations

from collections.abc import Sequence
from math import factorial

from .cards import Card
from .errors import DealCodeError

SCHEME = "CF2"
ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ"
#: Crockford's aliases: what a reader may type for a character that looks like it.
ALIASES = str.maketrans({"O": "0", "I": "1", "L": "1"})
DATA_CHARACTERS = 46
CODE_CHARACTERS = DATA_CHARACTERS + 1
CARDS = 52
#: How many layouts there are; a rank is one of ``range(LAYOUTS)``.
LAYOUTS = factorial(CARDS)

_VALUE = {ch: value for value, ch in enumerate(ALPHABET)}
_FIELD_POLYNOMIAL = 0b100101  # x^5 + x^2 + 1
_FACTORIALS = tuple(factorial(n) for n in range(CARDS))


def _times_alpha(value: int) -> int:
    """``value * x`` in GF(32)."""
    value <<= 1
    return value ^ _FIELD_POLYNOMIAL if value & 0b100000 else value


def _multiply(a: int, b: int) -> int:
    """``a * b`` in GF(32) (shift and add)."""
    product = 0
    while b:
        if b & 1:
            product ^= a
        a = _times_alpha(a)
        b >>= 1
    return product


def _data_weights() -> tuple[int, ...]:
    """alpha^(i+1) for each data character i (the check character's weight is alpha^0 = 1)."""
    weights = [_times_alpha(1)]
    while len(weights) < DATA_CHARACTERS:
        weights.append(_times_alpha(weights[-1]))
    return tuple(weights)


_WEIGHTS = _data_weights()


def rank(cards: Sequence[Card]) -> int:
    """The lexicographic rank of a shuffled deck among the 52! orders (ordered deck: 0).

    >>> rank(range(52)), rank(range(51, -1, -1)) == LAYOUTS - 1
    (0, True)
    """
    number = 0
    for i, card in enumerate(cards):
        smaller_after = sum(1 for later in cards[i + 1 :] if later < card)
        number += smaller_after * _FACTORIALS[CARDS - 1 - i]
    return number


def unrank(number: int) -> tuple[Card, ...]:
    """The shuffled deck of rank ``number`` (``0 <= number < LAYOUTS``): ``rank``'s inverse."""
    left = list(range(CARDS))
    cards = []
    for i in range(CARDS):
        index, number = divmod(number, _FACTORIALS[CARDS - 1 - i])
        cards.append(left.pop(index))
    return tuple(cards)


def check_character(data: str) -> str:
    """The check character of 46 canonical data characters: ``sum(alpha^(i+1) * v_i)``."""
    total = 0
    for weight, ch in zip(_WEIGHTS, data, strict=True):
        total ^= _multiply(weight, _VALUE[ch])
    return ALPHABET[total]


def layout_letters(cards: Sequence[Card]) -> str:
    """The 47 characters of a shuffled deck: its rank in 46 base-32 digits, then the check."""
    number = rank(cards)
    digits = []
    for _ in range(DATA_CHARACTERS):
        number, digit = divmod(number, 32)
        digits.append(ALPHABET[digit])
    data = "".join(reversed(digits))
    return data + check_character(data)


def make_layout_code(cards: Sequence[Card], draw: int) -> str:
    """The canonical CF2 code of a shuffled deck (52 card ints) in draw mode ``draw``."""
    return f"{SCHEME}-D{draw}-{layout_letters(cards)}"


def layout_of_letters(code: str, letters: str) -> tuple[Card, ...]:
    """The shuffled deck the letters of a CF2 ``code`` name (any case, aliases read), or a
    :class:`DealCodeError` that says what is wrong: their number, a character that is none,
    a check character that does not match, letters beyond the last layout."""
    canonical = letters.upper().translate(ALIASES)
    if len(canonical) != CODE_CHARACTERS:
        raise DealCodeError(
            "deal_code_length", code=code, letters=CODE_CHARACTERS, count=len(canonical)
        )
    bad = sorted({ch for ch in letters.upper() if ch.translate(ALIASES) not in _VALUE})
    if bad:
        raise DealCodeError("deal_code_characters", code=code, bad="".join(bad))
    data = canonical[:DATA_CHARACTERS]
    if check_character(data) != canonical[DATA_CHARACTERS]:
        raise DealCodeError("deal_code_check", code=code)
    number = 0
    for ch in data:
        number = number * 32 + _VALUE[ch]
    if number >= LAYOUTS:
        raise DealCodeError("deal_code_range", code=code, last=layout_letters(unrank(LAYOUTS - 1)))
    return unrank(number)
