"""Deal codes and the CF1 shuffle.

``CF1-D<draw>-<7 letters>``: the letters are the deal number in base 26
(``A`` = 0, most significant first). The number seeds SplitMix64, which drives a
Fisher-Yates shuffle with rejection sampling (no modulo bias), so every
implementation of the scheme deals exactly the same cards. Both draw modes of
one number share the layout.
"""

from __future__ import annotations

import secrets
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from functools import lru_cache

from .cards import CARD_NAMES, Card, parse_card
from .errors import DealCodeError

SCHEME = "CF1"
CODE_LETTERS = 7
LETTERS = "ABCDEFGHIJKLMNOPQRSTUVWXYZ"
DEAL_NUMBERS = 26**CODE_LETTERS
DRAW_MODES = (1, 3)

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


def parse_code(code: str) -> tuple[int, int]:
    """``parse_code("cf1-d3-aaaaacl") == (63, 3)``; a :class:`DealCodeError` names what is wrong."""
    if not isinstance(code, str):
        raise DealCodeError("deal_code_type", type=type(code).__name__)
    parts = code.upper().split("-")
    if len(parts) != 3:
        raise DealCodeError("deal_code_parts", code=code)
    scheme, mode, letters = parts
    if scheme != SCHEME:
        raise DealCodeError("deal_code_scheme", code=code, scheme=SCHEME, given=scheme)
    if mode not in ("D1", "D3"):
        raise DealCodeError("deal_code_mode", code=code, mode=mode)
    if len(letters) != CODE_LETTERS:
        raise DealCodeError("deal_code_length", code=code, letters=CODE_LETTERS, count=len(letters))
    bad = sorted({ch for ch in letters if ch not in LETTERS})
    if bad:
        raise DealCodeError("deal_code_letters", code=code, bad="".join(bad))
    number = 0
    for ch in letters:
        number = number * 26 + LETTERS.index(ch)
    return number, int(mode[1])


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
    def from_code(cls, code: str) -> NumberedDeal:
        """Deal a code; lower case is accepted and normalised (``deal.code`` is upper case)."""
        if isinstance(code, str):
            return _deal_of_code(code)  # cached: the service restores games of few codes
        number, draw = parse_code(code)  # raises the right DealCodeError
        return cls.from_number(number, draw=draw)

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


@lru_cache(maxsize=4096)
def _deal_of_code(code: str) -> NumberedDeal:
    number, draw = parse_code(code)
    return Deal.from_number(number, draw=draw)


def _as_card(card: str | Card) -> Card:
    if isinstance(card, int) and not isinstance(card, bool) and 0 <= card < 52:
        return card
    if isinstance(card, str):
        return parse_card(card)
    raise DealCodeError("deal_card", card=repr(card))
