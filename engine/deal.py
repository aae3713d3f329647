"""Deal codes of both schemes, and the CF1 shuffle.

``CF1-D<draw>-<7 letters>``: the letters are the deal number in base 26
(``A`` = 0, most significant first). The number seeds SplitMix64, which drives a
Fisher-Yates shuffle with rejection sampling (no modulo bias), so every
implementation of the scheme deals exactly the same cards. Both draw modes of
one number share the layout.

``CF2-D<draw>-<47 characters>``: the layout itself (:mod:`engine.layout_codes`), so every
layout has one; ``Deal.from_code`` takes either scheme and ``Deal.layout_code`` names any
deal in CF2, whatever code (or none) it came from.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cards import CARD_NAMES, Card, parse_card
from .errors import DealCodeError
from .layout_codes import SCHEME as LAYOUT_SCHEME
from .layout_codes import layout_of_letters, make_layout_code

SCHEME = "CF1"
#: The schemes a deal code may start with: deal numbers (CF1) and layouts (CF2).
SCHEMES = (SCHEME, LAYOUT_SCHEME)
CODE_LETTERS = 7
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DEAL_NUMBERS = 26**CODE_LETTERS
DRAW_MODES = (1, 3)
#: How a command line asks for a deal code (``python -m engine`` and the solvers' own commands).
CODE_HELP = "deal code, CF1 or CF2, e.g. CF1-D3-AAAAACL (any case)"

RESERVE_SIZE = 13
COLUMNS = 4
_MASK64 = (1 << 64) - 1


def splitmix64(seed: int) -> Iterator[int]:
    """The SplitMix64 stream for ``seed``; the first output for seed 0 is ``0xE220A8397B1DCDAF``."""
    state = seed & _MASK64
    while True:
        state = (state + 0x9E3779B97F4A7C15) & _MASK64
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & _MASK64
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & _MASK64
        yield z ^ (z >> 31)


def fisher_yates(stream: Iterator[int]) -> tuple[Card, ...]:
    """The ordered deck shuffled by ``stream``'s 64-bit outputs: Fisher-Yates from i = 51 down
    to 1, j uniform in [0, i] by rejection (take outputs r until r < floor(2**64 / (i + 1)) *
    (i + 1), then j = r mod (i + 1)), so no j is likelier than another. CF1 drives it with
    SplitMix64; the sealed dailies with a keyed cryptographic stream."""
    deck = list(range(52))
    for i in range(51, 0, -1):
        span = i + 1
        limit = ((1 << 64) // span) * span  # reject the top sliver so every j is equally likely
        r = next(stream)
        while r >= limit:
            r = next(stream)
        j = r % span
        deck[i], deck[j] = deck[j], deck[i]
    return tuple(deck)


@lru_cache(maxsize=4096)
def shuffled_deck(number: int) -> tuple[Card, ...]:
    """The CF1 shuffle of deal ``number`` (cached: the daily deal is dealt over and over)."""
    return fisher_yates(splitmix64(number))


def number_to_letters(number: int) -> str:
    """The 7 letters of a deal number in base 26, ``A`` = 0.

    >>> number_to_letters(63)
    'AAAAACL'
    """
    letters = []
    for _ in range(CODE_LETTERS):
        number, digit = divmod(number, 26)
        letters.append(LETTERS[digit])
    return "".join(reversed(letters))


def make_code(number: int, draw: int) -> str:
    """The canonical code of a number and draw mode: ``make_code(63, 3) == "CF1-D3-AAAAACL"``."""
    _check_number(number)
    _check_draw(draw)
    return f"{SCHEME}-D{draw}-{number_to_letters(number)}"


def split_code(code: str) -> tuple[str, int, str]:
    """The scheme, draw mode and letters of a code of either scheme, upper case; a
    :class:`DealCodeError` names what is wrong with its frame (the letters are the scheme's).

    >>> split_code("cf1-d3-aaaaacl")
    ('CF1', 3, 'AAAAACL')
    """
    if not isinstance(code, str):
        raise DealCodeError("deal_code_type", type=type(code).__name__)
    parts = code.upper().split("-")
    if len(parts) != 3:
        raise DealCodeError("deal_code_parts", code=code)
    scheme, mode, letters = parts
    if scheme not in SCHEMES:
        raise DealCodeError("deal_code_scheme", code=code, schemes=", ".join(SCHEMES), given=scheme)
    if mode not in ("D1", "D3"):
        raise DealCodeError("deal_code_mode", code=code, mode=mode)
    return scheme, int(mode[1]), letters


def number_of_letters(code: str, letters: str) -> int:
    """The deal number the 7 letters of a CF1 ``code`` spell (upper case), or the
    :class:`DealCodeError` that says what is wrong with them."""
    if len(letters) != CODE_LETTERS:
        raise DealCodeError("deal_code_length", code=code, letters=CODE_LETTERS, count=len(letters))
    bad = sorted({ch for ch in letters if ch not in LETTERS})
    if bad:
        raise DealCodeError("deal_code_letters", code=code, bad="".join(bad))
    number = 0
    for ch in letters:
        number = number * 26 + LETTERS.index(ch)
    return number


def random_code(draw: int = 3) -> str:
    """A fresh deal code drawn with :mod:`secrets` (unpredictable, unlike :mod:`random`)."""
    return make_code(secrets.randbelow(DEAL_NUMBERS), draw)


def _check_number(number: int) -> None:
    if not isinstance(number, int) or isinstance(number, bool):
        raise DealCodeError("deal_number_type", type=type(number).__name__)
    if not 0 <= number < DEAL_NUMBERS:
        raise DealCodeError("deal_number_range", number=number, last=DEAL_NUMBERS - 1)


def _check_draw(draw: int) -> None:
    if draw not in DRAW_MODES:
        raise DealCodeError("draw_mode", draw=str(draw))


@dataclass(frozen=True, slots=True)
class Deal:
    """The starting layout of a game: 52 shuffled cards plus the draw mode.

    ``cards`` is the shuffled deck as ints; it is dealt as: ``cards[0..12]`` the
    reserve (``cards[12]`` on top), ``cards[13]`` the base card, ``cards[14..17]``
    columns 1..4, ``cards[18..51]`` the stock (``cards[18]`` on top, drawn first).
    ``code`` and ``number`` are ``None`` for an explicit deal built by hand.
    """

    cards: tuple[Card, ...]
    draw: int = 3
    code: str | None = None
    number: int | None = None

    def __post_init__(self) -> None:
        _check_draw(self.draw)
        if len(self.cards) != 52 or sorted(self.cards) != list(range(52)):
            raise DealCodeError("deal_cards")

    # -- constructors -------------------------------------------------------------------------
    @classmethod
    def from_code(cls, code: str) -> CodedDeal:
        """Deal a code of either scheme; lower case (and in CF2 Crockford's aliases) is
        accepted and normalised: ``deal.code`` is the canonical code. A CF1 code gives a
        :class:`NumberedDeal`, a CF2 code a :class:`LayoutDeal` (its ``number`` is None)."""
        if isinstance(code, str):
            return _deal_of_code(code)  # cached: the service restores games of few codes
        raise DealCodeError("deal_code_type", type=type(code).__name__)

    @staticmethod
    def from_number(number: int, draw: int = 3) -> NumberedDeal:
        """Deal a number; D1 and D3 of one number have the same layout."""
        code = make_code(number, draw)
        return NumberedDeal(cards=shuffled_deck(number), draw=draw, code=code, number=number)

    @classmethod
    def from_cards(cls, shuffled: Sequence[str | Card], draw: int = 3) -> Deal:
        """An explicit deal from a shuffled deck (52 names or ints), dealt like any other."""
        return cls(cards=tuple(_as_card(c) for c in shuffled), draw=draw)

    @classmethod
    def from_layout(
        cls,
        *,
        reserve: Sequence[str | Card],
        base: str | Card,
        tableau: Sequence[str | Card],
        stock: Sequence[str | Card],
        draw: int = 3,
    ) -> Deal:
        """An explicit deal from its piles, each listed bottom -> top like ``Game.state()``.

        ``reserve`` has 13 cards, ``tableau`` the 4 column cards, ``stock`` 34 cards.
        """
        if len(reserve) != RESERVE_SIZE or len(tableau) != COLUMNS or len(stock) != 34:
            raise DealCodeError("deal_layout")
        order = [*reserve, base, *tableau, *reversed(stock)]
        return cls.from_cards(order, draw=draw)

    # -- naming the layout ----------------------------------------------------------------------
    @property
    def layout_code(self) -> str:
        """The CF2 code of this layout in this draw mode, whatever named the deal (a CF1 code,
        a CF2 code, nothing): two deals are the same layout and mode exactly when these are
        equal, so the service compares layouts by it.

        >>> Deal.from_code("CF1-D3-AAAAACL").layout_code
        'CF2-D3-16MAK8SQV12V7XYN79BGVGAQFS63CKGZNNHTBH9BF581A5F'
        >>> Deal.from_code("CF2-D1-16MAK8SQV12V7XYN79BGVGAQFS63CKGZNNHTBH9BF581A5F").cards == (
        ...     Deal.from_code("CF1-D1-AAAAACL").cards
        ... )
        True
        """
        return _layout_code(self.cards, self.draw)

    def in_draw_mode(self, draw: int) -> Deal:
        """The same layout dealt for draw mode ``draw``, named in the scheme that named this
        deal (a hand-built deal stays unnamed)."""
        if self.number is not None:
            return Deal.from_number(self.number, draw=draw)
        if self.code is not None:
            return LayoutDeal.of(self.cards, draw=draw)
        return Deal(cards=self.cards, draw=draw)

    # -- the piles, as names (strings at the edges) -------------------------------------------
    @property
    def shuffled(self) -> list[str]:
        return [CARD_NAMES[c] for c in self.cards]

    @property
    def base(self) -> str:
        return CARD_NAMES[self.cards[13]]

    @property
    def reserve(self) -> list[str]:
        """Bottom -> top: the last one is playable first."""
        return [CARD_NAMES[c] for c in self.cards[:13]]

    @property
    def tableau(self) -> list[list[str]]:
        return [[CARD_NAMES[c]] for c in self.cards[14:18]]

    @property
    def stock(self) -> list[str]:
        """Bottom -> top: the last one is drawn first."""
        return [CARD_NAMES[c] for c in reversed(self.cards[18:])]

    def layout(self) -> dict[str, object]:
        """The dealt piles as names, in the shape of ``deals.json``."""
        return {
            "code": self.code,
            "number": self.number,
            "shuffled": self.shuffled,
            "base": self.base,
            "reserve": self.reserve,
            "tableau": self.tableau,
            "stock": self.stock,
        }


class NumberedDeal(Deal):
    """A deal dealt from a number or a code (``from_number``, ``from_code``): its ``code`` and
    ``number`` are known, and the type says so, where a hand-built deal has neither."""

    __slots__ = ()
    code: str
    number: int


class LayoutDeal(Deal):
    """A deal dealt from a CF2 layout code: its ``code`` is known, and it has no ``number``
    (the type says so, for callers that read one)."""

    __slots__ = ()
    code: str
    number: None

    @classmethod
    def of(cls, cards: tuple[Card, ...], draw: int = 3) -> LayoutDeal:
        """The deal of a shuffled deck named by its CF2 code."""
        return cls(cards=cards, draw=draw, code=_layout_code(cards, draw), number=None)


#: What ``Deal.from_code`` gives: a deal with its code, and its number if the code has one.
CodedDeal = NumberedDeal | LayoutDeal


@lru_cache(maxsize=4096)
def _deal_of_code(code: str) -> CodedDeal:
    scheme, draw, letters = split_code(code)
    if scheme == LAYOUT_SCHEME:
        return LayoutDeal.of(layout_of_letters(code, letters), draw=draw)
    return Deal.from_number(number_of_letters(code, letters), draw=draw)


@lru_cache(maxsize=4096)
def _layout_code(cards: tuple[Card, ...], draw: int) -> str:
    return make_layout_code(cards, draw)


def _as_card(card: str | Card) -> Card:
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise DealCodeError("deal_card", card=repr(card))
