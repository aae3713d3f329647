"""Cards as small ints, and the tables built once at import.

A card is ``suit * 13 + rank`` with suits ``C D H S`` (0..3) and ranks
``A 2 .. K`` (0..12), so the ordered deck ``AC 2C .. KC AD .. KS`` is simply
``range(52)``. Inside the engine cards stay ints (fast comparisons, list
indexing instead of string work); strings appear only at the edges.
"""

from __future__ import annotations

from .errors import NotationError

RANKS = "A23456789TJQK"
SUITS = "CDHS"
SUIT_SYMBOLS = {"C": "♣", "D": "♦", "H": "♥", "S": "♠"}
RED_SUITS = frozenset("DH")

Card = int

#: Card int -> its two-letter name, e.g. ``CARD_NAMES[0] == "AC"``.
CARD_NAMES: tuple[str, ...] = tuple(r + s for s in SUITS for r in RANKS)
#: Two-letter name -> card int.
CARD_BY_NAME: dict[str, Card] = {name: i for i, name in enumerate(CARD_NAMES)}
#: Rank index (0 = ace .. 12 = king) of each card.
RANK_OF: tuple[int, ...] = tuple(i % 13 for i in range(52))
#: Suit index (0 = clubs .. 3 = spades) of each card.
SUIT_OF: tuple[int, ...] = tuple(i // 13 for i in range(52))
#: 1 for a red card (diamonds, hearts), 0 for a black one.
RED_OF: tuple[int, ...] = tuple(1 if SUITS[i // 13] in RED_SUITS else 0 for i in range(52))

RANK_WORDS = ("ace", "2", "3", "4", "5", "6", "7", "8", "9", "10", "jack", "queen", "king")
RANK_SHORT = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K")


def _stacks_on(card: Card, target: Card) -> bool:
    """The column rule: other colour, exactly one rank lower, with a king on an ace."""
    return RED_OF[card] != RED_OF[target] and (RANK_OF[card] + 1) % 13 == RANK_OF[target]


#: ``STACKS_ON[card * 52 + target]`` is True when ``card`` may be put on ``target`` in a column.
#: A flat tuple because one index beats a call in the engine's hot loops.
STACKS_ON: tuple[bool, ...] = tuple(_stacks_on(c, t) for c in range(52) for t in range(52))


def card_name(card: Card) -> str:
    """The two-letter name of a card.

    >>> card_name(45), card_name(0), CARD_BY_NAME["TH"]
    ('7S', 'AC', 35)
    """
    return CARD_NAMES[card]


def parse_card(text: str) -> Card:
    """Parse a card name such as ``"7H"``, ``"th"`` or ``"10h"`` (case-insensitive).

    >>> parse_card("10h") == parse_card("TH") == 35
    True

    Raises :class:`NotationError` that says what is wrong with the name.
    """
    if not isinstance(text, str):
        raise NotationError("card_type", type=type(text).__name__)
    name = text.strip().upper()
    if name.startswith("10"):
        name = "T" + name[2:]
    card = CARD_BY_NAME.get(name)
    if card is not None:
        return card
    if len(name) != 2:
        raise NotationError("card_shape", card=text)
    if name[0] not in RANKS:
        raise NotationError("card_rank", card=text, ranks=RANKS)
    raise NotationError("card_suit", card=text, suits=SUITS)


def pretty(card: Card) -> str:
    """A card with its suit symbol for terminals: ``pretty(45) == "7♠"``."""
    return RANK_SHORT[RANK_OF[card]] + SUIT_SYMBOLS[SUITS[SUIT_OF[card]]]


def describe_need(card: Card) -> str:
    """What ``card`` needs under it in a column, e.g. ``"a red 10"`` for a black 9."""
    colour = "black" if RED_OF[card] else "red"
    return f"a {colour} {RANK_WORDS[(RANK_OF[card] + 1) % 13]}"


#: Stand-in for "the top of an empty column" in the tables below.
EMPTY = 52


def _fits(card: Card, top: int) -> bool:
    return top == EMPTY or _stacks_on(card, top)


#: ``FITS[card * 53 + top]``: may ``card`` go on a column whose top is ``top`` (``EMPTY``
#: for an empty column, which takes anything: it only exists once the reserve is gone).
FITS: tuple[bool, ...] = tuple(_fits(c, t) for c in range(52) for t in range(53))


def _run_depth(src_top: Card, dst_top: Card) -> int:
    """Smallest depth d (0 = top) at which a run topped by ``src_top`` holds a card that
    stacks on ``dst_top``; the next such depth is d + 26 (ranks repeat every 13, colours
    alternate, so rank and colour both repeat every 26 cards)."""
    for depth in range(26):
        rank = (RANK_OF[src_top] + depth) % 13
        red = RED_OF[src_top] ^ (depth & 1)
        if red != RED_OF[dst_top] and (rank + 1) % 13 == RANK_OF[dst_top]:
            return depth
    raise AssertionError("unreachable: every rank and colour occurs within 26 cards of a run")


#: ``RUN_DEPTH[src_top * 52 + dst_top]``: see :func:`_run_depth`.
RUN_DEPTH: tuple[int, ...] = tuple(_run_depth(s, d) for s in range(52) for d in range(52))


def foundation_sequence(base_rank: int) -> tuple[int, ...]:
    """``seq[suit * 14 + k]`` is the card a foundation of ``suit`` holding k cards takes next
    (-1 once it holds 13): the base rank first, then up one at a time, king then ace."""
    return tuple(
        suit * 13 + (base_rank + k) % 13 if k < 13 else -1 for suit in range(4) for k in range(14)
    )


#: One foundation table per starting rank, shared by every game with that base rank.
FOUNDATION_SEQUENCES: tuple[tuple[int, ...], ...] = tuple(
    foundation_sequence(rank) for rank in range(13)
)
