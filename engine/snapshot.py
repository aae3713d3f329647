"""Games to and from plain data: compact snapshots (with undo history) and positions.

A snapshot is what the service stores on the game row so that each move costs
O(1) in the log's length: the piles as strings of two-letter cards, foundation
counts, score, moves and the undo records (``"token"`` or ``"token:extra"``).
Restoring one is a few list comprehensions, no replay.

A codec between plain data and :class:`~engine.parts.GameParts`, checked on the way in;
``Game.from_snapshot``, ``Game.from_state`` and ``Game.to_snapshot`` call it. It knows
nothing of ``Game`` itself, so the two modules do not import each other.
"""

from __future__ import annotations

from collections.abc import Container, Mapping
from itertools import pairwise
from typing import Any

from .cards import CARD_BY_NAME, CARD_NAMES, FOUNDATION_SEQUENCES, RANK_OF, STACKS_ON, SUITS, Card
from .deal import Deal
from .errors import EngineError
from .notation import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DRAW,
    FOUNDATION_TO_COLUMN,
    RECYCLE,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    TOKENS,
    UNDO,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
    Move,
)
from .parts import REFILLED, GameParts
from .state_types import Snapshot

SNAPSHOT_VERSION = 1
_DECK = set(range(52))
#: Decoded undo records by draw mode (a bare "draw" means a full draw of that mode).
_RECORDS: dict[int, dict[str, tuple[Move, int]]] = {1: {}, 3: {}}
#: What the ``extra`` of an undo record may be, by kind of move (see ``Game._apply``).
_CARDS = range(52)
_VALID_EXTRAS: dict[int, Container[int]] = {
    DRAW: range(1, 4),
    COLUMN_TO_COLUMN: (0, REFILLED),
    RESERVE_TO_FOUNDATION: _CARDS,
    WASTE_TO_FOUNDATION: _CARDS,
    COLUMN_TO_FOUNDATION: {*_CARDS, *(c | REFILLED for c in _CARDS)},
    RESERVE_TO_COLUMN: (0,),
    WASTE_TO_COLUMN: (0,),
    RECYCLE: (0,),
    FOUNDATION_TO_COLUMN: (0,),
}


class SnapshotError(EngineError):
    """A snapshot or position that cannot be a Canfield game (says what is wrong)."""


def encode_snapshot(game: GameParts) -> Snapshot:
    """A JSON-safe dict that :func:`decode_snapshot` turns back into equal parts."""
    names = CARD_NAMES
    snapshot: Snapshot = {
        "v": SNAPSHOT_VERSION,
        "code": game.code,
        "draw": game.draw,
        "base": names[game.base],
        "reserve": "".join([names[c] for c in game.reserve]),
        "stock": "".join([names[c] for c in game.stock]),
        "waste": "".join([names[c] for c in game.waste]),
        "tableau": ["".join([names[c] for c in col]) for col in game.columns],
        "foundations": list(game.foundations),
        "score": game.score,
        "moves": game.moves,
        "history": [_encode_record(m, extra, game.draw) for m, extra in game.history],
    }
    if game.deal is not None and game.deal.code is None:
        snapshot["deal"] = "".join(game.deal.shuffled)
    return snapshot


def decode_snapshot(data: Mapping[str, Any]) -> GameParts:
    """The parts a snapshot describes, undo history included."""
    try:
        if data.get("v") != SNAPSHOT_VERSION:
            raise SnapshotError(f"unknown snapshot version {data.get('v')!r}")
        code = data["code"]
        if code is not None:
            deal: Deal | None = Deal.from_code(code)
        elif "deal" in data:
            deal = Deal(cards=tuple(_cards(data["deal"])), draw=data["draw"])
        else:
            deal = None
        draw = _draw(data["draw"])
        game = GameParts(
            deal=deal,
            code=code,
            draw=draw,
            base=CARD_BY_NAME[data["base"]],
            reserve=_cards(data["reserve"]),
            stock=_cards(data["stock"]),
            waste=_cards(data["waste"]),
            columns=[_cards(col) for col in data["tableau"]],
            foundations=[int(n) for n in data["foundations"]],
            score=int(data["score"]),
            moves=int(data["moves"]),
            history=_decode_records(data["history"], draw),
        )
        if len(game.columns) != 4 or len(game.foundations) != 4:
            raise SnapshotError("a snapshot has 4 columns and 4 foundation counts")
    except (KeyError, TypeError, ValueError) as exc:
        if isinstance(exc, EngineError):
            raise
        raise SnapshotError(f"malformed snapshot: {exc!r}") from exc
    _check_cards(game)
    return game


def decode_position(state: Mapping[str, Any]) -> GameParts:
    """The parts of the position ``state`` describes, in the shape of ``Game.state()``.

    For tests, puzzles and bots: any legal-looking position, with no undo history.
    ``code`` is kept as a label; ``score`` and ``moves`` default to 0. The position
    is checked: 52 distinct cards, foundations built from the base rank, each column
    one alternating run, no empty column while the reserve has cards.
    """
    try:
        base = CARD_BY_NAME[state["base"]]
        draw = _draw(state.get("draw", 3))
        tableau = state.get("tableau", [[], [], [], []])
        if len(tableau) != 4:
            raise SnapshotError("the tableau has exactly 4 columns")
        sequence = FOUNDATION_SEQUENCES[RANK_OF[base]]
        given = state.get("foundations", {})
        foundations = [0, 0, 0, 0]
        for suit, letter in enumerate(SUITS):
            pile = [_name(c) for c in given.get(letter, [])]
            start = suit * 14
            expected = [c for c in sequence[start : start + len(pile)] if c >= 0]
            if pile != expected:
                raise SnapshotError(
                    f"the {letter} foundation must hold "
                    f"{' '.join(CARD_NAMES[c] for c in expected)} (built from the base rank)"
                )
            foundations[suit] = len(pile)
        game = GameParts(
            deal=None,
            code=state.get("code"),
            draw=draw,
            base=base,
            reserve=[_name(c) for c in state.get("reserve", [])],
            stock=[_name(c) for c in state.get("stock", [])],
            waste=[_name(c) for c in state.get("waste", [])],
            columns=[[_name(c) for c in col] for col in tableau],
            foundations=foundations,
            score=int(state.get("score", 0)),
            moves=int(state.get("moves", 0)),
        )
    except (KeyError, TypeError) as exc:
        raise SnapshotError(f"malformed position: {exc!r}") from exc
    _check_cards(game)
    _check_columns(game)
    return game


def _draw(draw: object) -> int:
    if isinstance(draw, int) and draw in (1, 3):
        return draw
    raise SnapshotError(f"draw mode {draw!r} must be 1 or 3")


def _cards(text: str) -> list[Card]:
    try:
        return [CARD_BY_NAME[text[i : i + 2]] for i in range(0, len(text), 2)]
    except KeyError as exc:
        raise SnapshotError(f"{exc.args[0]!r} is not a card") from exc


def _name(name: str) -> Card:
    card = CARD_BY_NAME.get(name)
    if card is None:
        raise SnapshotError(f"{name!r} is not a card")
    return card


def _encode_record(move: Move, extra: int, draw: int) -> str:
    """``"24"``, ``"24:64"`` (refilled), ``"WF:40"`` (the card put up); a full draw is
    just ``"draw"`` as it is by far the most common record."""
    if not extra or (move.kind == DRAW and extra == draw):
        return move.token
    return f"{move.token}:{extra}"


def _decode_records(records: list[str], draw: int) -> list[tuple[Move, int]]:
    """Decode the undo records; decoded records are cached (there are only a few thousand
    distinct ones) because restoring a snapshot decodes up to 100 of them."""
    cache = _RECORDS[draw]
    try:
        return [cache[text] for text in records]
    except KeyError:
        pass
    for text in records:
        if text not in cache:
            cache[text] = _decode_new_record(text, draw)
    return [cache[text] for text in records]


def _decode_new_record(text: str, draw: int) -> tuple[Move, int]:
    token, _, extra_text = text.partition(":")
    move = TOKENS.get(token)
    if move is None or move.kind == UNDO or not (extra_text.isdigit() or extra_text == ""):
        raise SnapshotError(f"bad undo record {text!r}")
    extra = draw if move.kind == DRAW and not extra_text else int(extra_text or 0)
    if extra not in _VALID_EXTRAS[move.kind] or (move.kind == DRAW and extra > draw):
        raise SnapshotError(f"bad undo record {text!r}")
    return move, extra


def _check_cards(game: GameParts) -> None:
    if min(game.foundations) < 0 or max(game.foundations) > 13:
        raise SnapshotError(f"a foundation holds 0 to 13 cards, not {game.foundations}")
    seen = game.reserve + game.stock + game.waste
    for column in game.columns:
        seen += column
    sequence = FOUNDATION_SEQUENCES[RANK_OF[game.base]]
    for suit, count in enumerate(game.foundations):
        seen += sequence[suit * 14 : suit * 14 + count]
    if len(seen) != 52 or set(seen) != _DECK:
        raise SnapshotError(f"a game holds each of the 52 cards exactly once, not {len(seen)}")


def _check_columns(game: GameParts) -> None:
    for number, column in enumerate(game.columns, start=1):
        for below, above in pairwise(column):
            if not STACKS_ON[above * 52 + below]:
                raise SnapshotError(
                    f"column {number}: {CARD_NAMES[above]} cannot lie on {CARD_NAMES[below]}"
                )
        if not column and game.reserve:
            raise SnapshotError(f"column {number} is empty while the reserve has cards")
