"""Why a move is illegal: a stable code with its parameters, and the sentence that says it.

Kept apart from the fast core: it runs once per refused move, so it can afford to be plain and
wordy. A refused move gets a :class:`Reason` (``code`` plus cards as card codes, a column, a
suit...), so a client can say it in its reader's language; ``str(reason)`` is the English
sentence, in words, never in notation.

:data:`REASONS` is the one table of codes (docs/contracts.md lists them). Its sentences and the
card words below are wrapped in :func:`gettext_noop`, a no-op under the name translation tools
look for, so the service's message catalogue picks them up without the engine importing
anything: :meth:`Reason.sentence` takes the ``translate`` function of the caller's language.

>>> from engine import Game
>>> game = Game.from_code("CF1-D3-AAAAACL")
>>> reason = why_illegal(game, Move.parse("RF"))
>>> reason.code, reason.cards, reason.suit
('foundation_next', ('TC', '3C'), 'C')
>>> str(reason)
'The 10 of clubs cannot go on the clubs foundation: it needs the 3 of clubs next.'
>>> reason.as_dict()
{'code': 'foundation_next', 'cards': ['TC', '3C'], 'suit': 'C'}
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import TYPE_CHECKING, Any

from .cards import CARD_NAMES, RANK_OF, RANKS, RED_OF
from .notation import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DRAW,
    FOUNDATION_TO_COLUMN,
    RECYCLE,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    UNDO,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
    Move,
)
from .problems import Translate, gettext_noop, same

if TYPE_CHECKING:
    from .game import Game


#: Every reason a move can be refused: code -> its English sentence. Placeholders: ``card``
#: and ``target`` (cards[0], cards[1] in words), ``suit`` (a foundation's suit), ``column``,
#: ``count``, ``block``, ``rank`` (the base card's rank), ``colour``, ``need`` (the card a
#: column needs under it, as "a black queen").
REASONS: dict[str, str] = {
    "undo_nothing": gettext_noop("There is nothing to undo: no action has been played."),
    "undo_limit": gettext_noop(
        "There is nothing left to undo: only the last %(count)s actions can be undone."
    ),
    "draw_stock_empty": gettext_noop(
        "You cannot draw: the stock is empty (turn the waste over first)."
    ),
    "draw_no_cards": gettext_noop("You cannot draw: the stock and the waste are both empty."),
    "recycle_stock_left": gettext_noop(
        "You cannot turn the waste over while the stock still holds cards (%(count)s left)."
    ),
    "recycle_waste_empty": gettext_noop("You cannot turn the waste over: the waste is empty."),
    "reserve_empty": gettext_noop("The reserve is empty: there is no card to move from it."),
    "waste_empty": gettext_noop("The waste is empty: there is no card to move from it."),
    "column_empty": gettext_noop("Column %(column)s is empty: there is no card to move from it."),
    "block_too_tall": gettext_noop(
        "Column %(column)s holds %(count)s cards: it has no block of %(block)s to move."
    ),
    "foundation_start": gettext_noop(
        "%(card)s cannot start the %(suit)s foundation: it starts with %(target)s"
        " (every foundation starts at the base card's rank, %(rank)s)."
    ),
    "foundation_next": gettext_noop(
        "%(card)s cannot go on the %(suit)s foundation: it needs %(target)s next."
    ),
    "column_same_colour": gettext_noop(
        "%(card)s cannot go on %(target)s: both are %(colour)s; it needs %(need)s."
    ),
    "column_wrong_rank": gettext_noop("%(card)s cannot go on %(target)s: it needs %(need)s."),
    "tap_nothing": gettext_noop("%(card)s cannot move anywhere from here."),
    "tap_face_down": gettext_noop("%(card)s is face down: only a face-up card can move."),
    "take_back_empty": gettext_noop(
        "The %(suit)s foundation is empty: there is no card to take back."
    ),
}

#: Rank letter -> its word ("the jack of hearts", "a red 10").
RANK_WORDS: dict[str, str] = {
    "A": gettext_noop("ace"),
    "2": "2",
    "3": "3",
    "4": "4",
    "5": "5",
    "6": "6",
    "7": "7",
    "8": "8",
    "9": "9",
    "T": "10",
    "J": gettext_noop("jack"),
    "Q": gettext_noop("queen"),
    "K": gettext_noop("king"),
}
#: Suit letter -> its word, as in "the clubs foundation" and "the 7 of clubs".
SUIT_WORDS: dict[str, str] = {
    "C": gettext_noop("clubs"),
    "D": gettext_noop("diamonds"),
    "H": gettext_noop("hearts"),
    "S": gettext_noop("spades"),
}
COLOUR_WORDS: dict[str, str] = {"red": gettext_noop("red"), "black": gettext_noop("black")}
CARD_WORDS = gettext_noop("the %(rank)s of %(suit)s")
NEED_WORDS = {"red": gettext_noop("a red %(rank)s"), "black": gettext_noop("a black %(rank)s")}


def card_words(card: str, translate: Translate = same) -> str:
    """A card code in words: ``card_words("JD") == "the jack of diamonds"``."""
    return translate(CARD_WORDS) % {
        "rank": translate(RANK_WORDS[card[0]]),
        "suit": translate(SUIT_WORDS[card[1]]),
    }


@dataclass(frozen=True)
class Reason:
    """Why a move was refused: ``code`` (a key of :data:`REASONS`) and its parameters.

    ``cards`` are card codes: the card that cannot move first, then the card it was refused on
    or the card wanted instead. ``need_rank``/``need_colour`` describe the card a column
    needs under ``cards[0]``; ``colour`` is the colour both cards share.
    """

    code: str
    cards: tuple[str, ...] = ()
    suit: str | None = None
    column: int | None = None
    count: int | None = None
    block: int | None = None
    rank: str | None = None
    colour: str | None = None
    need_rank: str | None = None
    need_colour: str | None = None

    def __post_init__(self) -> None:
        assert self.code in REASONS, f"unknown reason code {self.code!r}"

    def as_dict(self) -> dict[str, Any]:
        """The reason as JSON: ``code``, ``cards`` (a list) and the parameters that are set."""
        data = {key: value for key, value in asdict(self).items() if value is not None}
        data["cards"] = list(self.cards)
        return data

    def sentence(self, translate: Translate = same) -> str:
        """The reason as a sentence, each word through ``translate`` (the identity: English)."""
        words: dict[str, Any] = {
            "column": self.column,
            "count": self.count,
            "block": self.block,
        }
        if self.cards:
            words["card"] = card_words(self.cards[0], translate)
        if len(self.cards) > 1:
            words["target"] = card_words(self.cards[1], translate)
        if self.suit is not None:
            words["suit"] = translate(SUIT_WORDS[self.suit])
        if self.rank is not None:
            words["rank"] = translate(RANK_WORDS[self.rank])
        if self.colour is not None:
            words["colour"] = translate(COLOUR_WORDS[self.colour])
        if self.need_rank is not None and self.need_colour is not None:
            need_rank = translate(RANK_WORDS[self.need_rank])
            words["need"] = translate(NEED_WORDS[self.need_colour]) % {"rank": need_rank}
        text = translate(REASONS[self.code]) % words
        return text[:1].upper() + text[1:]

    def __str__(self) -> str:
        return self.sentence()


def why_tap_does_nothing(card: str, *, face_down: bool = False) -> Reason:
    """Why tapping ``card`` (a card code, or ``"stock"``) made no move (``Game.tap`` gave None);
    ``face_down``: the card is face down (``engine.table.is_face_down``), which is why."""
    if card == "stock":
        return Reason("draw_no_cards")
    return Reason("tap_face_down" if face_down else "tap_nothing", cards=(card,))


def why_illegal(game: Game, move: Move) -> Reason:
    """The rule that refuses ``move`` in ``game``'s position (``move`` must be illegal)."""
    kind = move.kind
    if kind == UNDO:
        if game.moves:
            assert game.history.maxlen is not None
            return Reason("undo_limit", count=game.history.maxlen)
        return Reason("undo_nothing")
    if kind == DRAW:
        return Reason("draw_stock_empty" if game.waste else "draw_no_cards")
    if kind == RECYCLE:
        if game.stock:
            return Reason("recycle_stock_left", count=len(game.stock))
        return Reason("recycle_waste_empty")
    if kind in (RESERVE_TO_FOUNDATION, RESERVE_TO_COLUMN):
        pile, empty = game.reserve, Reason("reserve_empty")
    elif kind in (WASTE_TO_FOUNDATION, WASTE_TO_COLUMN):
        pile, empty = game.waste, Reason("waste_empty")
    elif kind in (COLUMN_TO_FOUNDATION, COLUMN_TO_COLUMN):
        pile, empty = game.columns[move.src], Reason("column_empty", column=move.src + 1)
    else:
        return _why_no_take_back(game, move)
    if not pile:
        return empty
    if kind in (RESERVE_TO_FOUNDATION, WASTE_TO_FOUNDATION, COLUMN_TO_FOUNDATION):
        return _why_not_on_foundation(game, pile[-1])
    if kind == COLUMN_TO_COLUMN and move.block_size > len(pile):
        return Reason("block_too_tall", column=move.src + 1, count=len(pile), block=move.block_size)
    card = pile[-move.block_size] if kind == COLUMN_TO_COLUMN else pile[-1]
    return _why_not_on_column(game, card, move.dst)


def _why_not_on_foundation(game: Game, card: int) -> Reason:
    suit = card // 13
    count = game.foundations[suit]
    name, suit_letter = CARD_NAMES[card], CARD_NAMES[card][1]
    # A full foundation holds every card of its suit: none is left to be refused on it.
    assert count < 13, "a card of a full foundation's suit is in play: invariants broken"
    wanted = CARD_NAMES[game.sequence[suit * 14 + count]]
    if count == 0:
        base_rank = RANKS[game.base % 13]
        return Reason("foundation_start", cards=(name, wanted), suit=suit_letter, rank=base_rank)
    return Reason("foundation_next", cards=(name, wanted), suit=suit_letter)


def _why_not_on_column(game: Game, card: int, dst: int) -> Reason:
    column = game.columns[dst]
    # An empty column takes anything, and it only exists once the reserve is gone.
    assert column, "an empty column refused a card: the engine's invariants are broken"
    top = column[-1]
    cards = (CARD_NAMES[card], CARD_NAMES[top])
    need_rank = RANKS[(RANK_OF[card] + 1) % 13]
    need_colour = "black" if RED_OF[card] else "red"
    if RED_OF[card] == RED_OF[top]:
        colour = "red" if RED_OF[card] else "black"
        return Reason(
            "column_same_colour",
            cards=cards,
            colour=colour,
            need_rank=need_rank,
            need_colour=need_colour,
        )
    return Reason("column_wrong_rank", cards=cards, need_rank=need_rank, need_colour=need_colour)


def _why_no_take_back(game: Game, move: Move) -> Reason:
    assert move.kind == FOUNDATION_TO_COLUMN
    suit = move.src
    if not game.foundations[suit]:
        return Reason("take_back_empty", suit="CDHS"[suit])
    card = game.sequence[suit * 14 + game.foundations[suit] - 1]
    return _why_not_on_column(game, card, move.dst)


__all__ = ["REASONS", "Reason", "card_words", "gettext_noop", "why_illegal", "why_tap_does_nothing"]
