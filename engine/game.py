"""The game: piles, the rules as one fast apply/undo core, and the readable API on top.

Speed comes from the representation (python-chess style): cards are ints, piles
are plain lists (bottom -> top), a foundation is just a count per suit, and every
rule is a lookup in a table built at import. ``_apply`` checks ONE move and plays
it in the same breath, so ``replay`` never generates the legal-move list; undo
records hold only what changed: ``(move, extra)``.

Two invariants keep the checks O(1), and the constructors enforce them:

* every column is one alternating, descending run (each card got there by a legal
  move), so any tail of a column is a movable block;
* a column is empty only when the reserve is empty (the refill is immediate).
"""

from __future__ import annotations

from collections import deque
from collections.abc import Iterable, Iterator, Mapping, Sequence
from typing import Any

from . import snapshot
from .cards import (
    CARD_NAMES,
    EMPTY,
    FITS,
    FOUNDATION_SEQUENCES,
    RANK_OF,
    RUN_DEPTH,
    SUITS,
    Card,
    parse_card,
)
from .deal import Deal
from .errors import IllegalMove
from .notation import (
    COLUMN_MOVES,
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DRAW,
    DRAW_MOVE,
    FOUNDATION_TO_COLUMN,
    RECYCLE,
    RECYCLE_MOVE,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    TOKENS,
    UNDO,
    UNDO_MOVE,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
    Move,
)
from .parts import CARD_BITS, REFILLED, UNDO_LIMIT, GameParts, dealt
from .state_types import Snapshot, State, TableView

#: Points for each card put on a foundation (the casino's $5).
FOUNDATION_POINTS = 5

_RESERVE_TO_COLUMN = [TOKENS[f"R{c + 1}"] for c in range(4)]
_WASTE_TO_COLUMN = [TOKENS[f"W{c + 1}"] for c in range(4)]
_COLUMN_TO_FOUNDATION = [TOKENS[f"{c + 1}F"] for c in range(4)]
_TAKE_BACK = [[TOKENS[f"F{s}{c + 1}"] for c in range(4)] for s in SUITS]
_RESERVE_TO_FOUNDATION, _WASTE_TO_FOUNDATION = TOKENS["RF"], TOKENS["WF"]


class Game:
    """A game of Canfield in progress.

    Read it through :meth:`state`, :meth:`legal_moves` and the properties; the piles
    themselves (``reserve``, ``stock``, ``waste``, ``columns``: lists of card ints,
    bottom -> top, see :mod:`engine.cards`) are public for speed-minded bots, read-only.

    >>> game = Game.from_code("CF1-D3-AAAAACL")
    >>> game.play("draw")
    Move.parse('draw')
    >>> game.state()["waste"]
    ['KC', 'AS', 'AC']
    >>> game.play("42")
    Move.parse('42')
    >>> game.state()["tableau"]
    [['9C'], ['7S', '6H'], ['AH'], ['TC']]
    """

    __slots__ = (
        "base",
        "code",
        "columns",
        "deal",
        "draw",
        "foundations",
        "history",
        "moves",
        "on_foundations",
        "reserve",
        "score",
        "sequence",
        "stock",
        "waste",
    )

    def __init__(self, deal: Deal) -> None:
        self._assign(dealt(deal))

    @classmethod
    def from_parts(cls, parts: GameParts) -> Game:
        """A game made of ``parts`` as they are (lists not copied): how copies and decoded
        snapshots are made. Checks nothing: ``engine.snapshot`` checks what it decodes."""
        game = cls.__new__(cls)
        game._assign(parts)
        return game

    def _assign(self, parts: GameParts) -> None:
        """Every slot is set here and only here."""
        self.deal: Deal | None = parts.deal
        self.code: str | None = parts.code
        self.draw: int = parts.draw
        self.base: Card = parts.base
        self.reserve: list[Card] = parts.reserve
        self.stock: list[Card] = parts.stock
        self.waste: list[Card] = parts.waste
        self.columns: list[list[Card]] = parts.columns
        self.foundations: list[int] = parts.foundations
        #: The cards each foundation takes in order (see ``cards.foundation_sequence``).
        self.sequence: tuple[int, ...] = FOUNDATION_SEQUENCES[RANK_OF[parts.base]]
        self.on_foundations: int = sum(parts.foundations)
        self.score: int = parts.score
        self.moves: int = parts.moves
        self.history: deque[tuple[Move, int]] = deque(parts.history, maxlen=UNDO_LIMIT)

    def parts(self) -> GameParts:
        """The game's parts, sharing its lists (copy them before changing any)."""
        return GameParts(
            deal=self.deal,
            code=self.code,
            draw=self.draw,
            base=self.base,
            reserve=self.reserve,
            stock=self.stock,
            waste=self.waste,
            columns=self.columns,
            foundations=self.foundations,
            score=self.score,
            moves=self.moves,
            history=self.history,
        )

    @classmethod
    def from_code(cls, code: str) -> Game:
        """A new game of a deal code (``DealCodeError`` if the code is bad)."""
        return cls(Deal.from_code(code))

    @classmethod
    def from_snapshot(cls, data: Mapping[str, Any]) -> Game:
        """Restore a game saved by :meth:`to_snapshot`, undo history included."""
        return cls.from_parts(snapshot.decode_snapshot(data))

    @classmethod
    def from_state(cls, state: Mapping[str, Any]) -> Game:
        """A game at any position given in the shape of :meth:`state` (no undo history).

        A :data:`~engine.state_types.State`, or any mapping of its shape with keys left out
        (all but ``base`` have defaults): the position is checked as data from outside is
        (``SnapshotError``), so the parameter takes any mapping."""
        return cls.from_parts(snapshot.decode_position(state))

    def to_snapshot(self) -> Snapshot:
        """A compact JSON-safe dict with the position and the undo history."""
        return snapshot.encode_snapshot(self.parts())

    def copy(self) -> Game:
        """An independent copy, undo history included (much cheaper than a snapshot trip;
        the undo records are immutable tuples, shared)."""
        return Game.from_parts(
            GameParts(
                self.deal,
                self.code,
                self.draw,
                self.base,
                self.reserve[:],
                self.stock[:],
                self.waste[:],
                [column[:] for column in self.columns],
                self.foundations[:],
                self.score,
                self.moves,
                self.history,
            )
        )

    # -- properties -----------------------------------------------------------------------------
    @property
    def cards(self) -> int:
        """Cards on the foundations, the base card included (1..52)."""
        return self.on_foundations

    @property
    def won(self) -> bool:
        return self.on_foundations == 52

    @property
    def can_undo(self) -> bool:
        return bool(self.history)

    # -- the core: check one move and play it ---------------------------------------------------
    def _apply(self, move: Move) -> bool:
        """Play ``move`` if it is legal and return True; else change nothing and return False.

        This is the only place where the rules are applied: ``play``, ``replay`` and
        the tests all go through it.
        """
        kind = move[1]
        if kind == DRAW:
            stock = self.stock
            if not stock:
                return False
            n = self.draw if len(stock) > self.draw else len(stock)
            drawn = stock[-n:]
            del stock[-n:]
            drawn.reverse()  # drawn one by one: the stock's top lands first, under the others
            self.waste += drawn
            self.history.append((move, n))
        elif kind == COLUMN_TO_COLUMN:
            columns = self.columns
            src = columns[move[2]]
            dst = columns[move[3]]
            n = move[4]
            if n > len(src) or not FITS[src[-n] * 53 + (dst[-1] if dst else EMPTY)]:
                return False
            if n == 1:
                dst.append(src.pop())
            else:
                dst += src[-n:]
                del src[-n:]
            if not src and self.reserve:
                src.append(self.reserve.pop())
                self.history.append((move, REFILLED))
            else:
                self.history.append((move, 0))
        elif kind == UNDO:
            return self._undo()
        elif kind == WASTE_TO_COLUMN:
            waste = self.waste
            dst = self.columns[move[3]]
            if not waste or not FITS[waste[-1] * 53 + (dst[-1] if dst else EMPTY)]:
                return False
            dst.append(waste.pop())
            self.history.append((move, 0))
        elif kind == RESERVE_TO_COLUMN:
            reserve = self.reserve
            dst = self.columns[move[3]]
            if not reserve or not FITS[reserve[-1] * 53 + (dst[-1] if dst else EMPTY)]:
                return False
            dst.append(reserve.pop())
            self.history.append((move, 0))
        elif kind == RECYCLE:
            if self.stock or not self.waste:
                return False
            self.waste.reverse()  # turned over: the first card drawn comes first again
            self.stock, self.waste = self.waste, self.stock
            self.history.append((move, 0))
        elif kind == FOUNDATION_TO_COLUMN:
            suit = move[2]
            count = self.foundations[suit]
            if not count:
                return False
            card = self.sequence[suit * 14 + count - 1]
            dst = self.columns[move[3]]
            if not FITS[card * 53 + (dst[-1] if dst else EMPTY)]:
                return False
            dst.append(card)
            self.foundations[suit] = count - 1
            self.on_foundations -= 1
            self.history.append((move, 0))  # take-back keeps the points already scored
        else:
            if kind == WASTE_TO_FOUNDATION:
                pile = self.waste
            elif kind == RESERVE_TO_FOUNDATION:
                pile = self.reserve
            else:  # COLUMN_TO_FOUNDATION
                pile = self.columns[move[2]]
            if not pile:
                return False
            card = pile[-1]
            suit = card // 13
            foundations = self.foundations
            if self.sequence[suit * 14 + foundations[suit]] != card:
                return False
            pile.pop()
            foundations[suit] += 1
            self.on_foundations += 1
            self.score += FOUNDATION_POINTS
            # The record keeps the card: it says which foundation to take it back from.
            if not pile and kind == COLUMN_TO_FOUNDATION and self.reserve:
                pile.append(self.reserve.pop())
                self.history.append((move, card | REFILLED))
            else:
                self.history.append((move, card))
        self.moves += 1
        return True

    def _undo(self) -> bool:
        """Revert the last action from its record; False when there is nothing to undo."""
        if not self.history:
            return False
        move, extra = self.history.pop()
        kind = move[1]
        if kind == DRAW:
            waste = self.waste
            back = waste[-extra:]
            del waste[-extra:]
            back.reverse()
            self.stock += back
        elif kind == COLUMN_TO_COLUMN:
            src = self.columns[move[2]]
            dst = self.columns[move[3]]
            if extra:
                self.reserve.append(src.pop())
            n = move[4]
            src += dst[-n:]
            del dst[-n:]
        elif kind == WASTE_TO_COLUMN:
            self.waste.append(self.columns[move[3]].pop())
        elif kind == RESERVE_TO_COLUMN:
            self.reserve.append(self.columns[move[3]].pop())
        elif kind == RECYCLE:
            self.stock.reverse()
            self.stock, self.waste = self.waste, self.stock
        elif kind == FOUNDATION_TO_COLUMN:
            self.columns[move[3]].pop()
            self.foundations[move[2]] += 1
            self.on_foundations += 1
        else:
            if kind == WASTE_TO_FOUNDATION:
                pile = self.waste
            elif kind == RESERVE_TO_FOUNDATION:
                pile = self.reserve
            else:
                pile = self.columns[move[2]]
                if extra & REFILLED:
                    self.reserve.append(pile.pop())
            card = extra & CARD_BITS
            self.foundations[card // 13] -= 1
            self.on_foundations -= 1
            pile.append(card)
            self.score = max(0, self.score - FOUNDATION_POINTS)
        self.moves -= 1
        return True

    # -- the readable API -----------------------------------------------------------------------
    def play(self, move: Move | str) -> Move:
        """Play a move (a Move or its token) and return it.

        Raises :class:`NotationError` for a malformed token and :class:`IllegalMove`
        (the message says which rule refused it) for a move the rules forbid; in both
        cases the game is left untouched.
        """
        parsed = Move.parse(move.token if isinstance(move, Move) else move)
        if not self._apply(parsed):
            from .reasons import why_illegal

            raise IllegalMove(why_illegal(self, parsed))
        return parsed

    def undo(self) -> Move:
        """Undo the last action (same as ``play("undo")``)."""
        return self.play(UNDO_MOVE)

    def is_legal(self, move: Move | str) -> bool:
        """Whether a move is legal here, without playing it (a malformed token is not)."""
        parsed = TOKENS.get(move.token if isinstance(move, Move) else move)
        if parsed is None:
            return False
        if parsed[1] == UNDO:
            return bool(self.history)
        history = self.history
        # Playing then undoing would push the oldest record off a full history: keep it.
        oldest = history[0] if len(history) == UNDO_LIMIT else None
        if not self._apply(parsed):
            return False
        self._undo()
        if oldest is not None:
            history.appendleft(oldest)
        return True

    def legal_moves(self) -> list[Move]:
        """Every legal action in this position, ``undo`` included when there is one to undo.

        Unrolled over the four columns on purpose: bots and the solver call this in
        their inner loop, and plain locals are the fastest thing Python has.
        """
        out: list[Move] = [UNDO_MOVE] if self.history else []
        if self.stock:
            out.append(DRAW_MOVE)
        elif self.waste:
            out.append(RECYCLE_MOVE)
        c0, c1, c2, c3 = self.columns
        t0 = c0[-1] if c0 else EMPTY
        t1 = c1[-1] if c1 else EMPTY
        t2 = c2[-1] if c2 else EMPTY
        t3 = c3[-1] if c3 else EMPTY
        tops = (t0, t1, t2, t3)
        f0, f1, f2, f3 = self.foundations
        sequence = self.sequence
        # The card each foundation takes next (-1 when full), by suit.
        wanted = (sequence[f0], sequence[14 + f1], sequence[28 + f2], sequence[42 + f3])
        for pile, to_foundation, to_column in (
            (self.reserve, _RESERVE_TO_FOUNDATION, _RESERVE_TO_COLUMN),
            (self.waste, _WASTE_TO_FOUNDATION, _WASTE_TO_COLUMN),
        ):
            if pile:
                card = pile[-1]
                if wanted[card // 13] == card:
                    out.append(to_foundation)
                row = card * 53
                if FITS[row + t0]:
                    out.append(to_column[0])
                if FITS[row + t1]:
                    out.append(to_column[1])
                if FITS[row + t2]:
                    out.append(to_column[2])
                if FITS[row + t3]:
                    out.append(to_column[3])
        for src, column, top, others in (
            (0, c0, t0, (1, 2, 3)),
            (1, c1, t1, (0, 2, 3)),
            (2, c2, t2, (0, 1, 3)),
            (3, c3, t3, (0, 1, 2)),
        ):
            if top == EMPTY:
                continue
            if wanted[top // 13] == top:
                out.append(_COLUMN_TO_FOUNDATION[src])
            length = len(column)
            moves = COLUMN_MOVES[src]
            row = top * 52
            for dst in others:
                dst_top = tops[dst]
                if dst_top == EMPTY:
                    out += moves[dst][1 : length + 1]  # any tail fits an empty column
                else:
                    # The only depths whose card fits on dst_top (see cards.RUN_DEPTH).
                    n = RUN_DEPTH[row + dst_top] + 1
                    while n <= length:
                        out.append(moves[dst][n])
                        n += 26
        if f0 or f1 or f2 or f3:
            for suit, count in enumerate((f0, f1, f2, f3)):
                if count:
                    row = sequence[suit * 14 + count - 1] * 53
                    take_back = _TAKE_BACK[suit]
                    if FITS[row + t0]:
                        out.append(take_back[0])
                    if FITS[row + t1]:
                        out.append(take_back[1])
                    if FITS[row + t2]:
                        out.append(take_back[2])
                    if FITS[row + t3]:
                        out.append(take_back[3])
        return out

    # -- tap ------------------------------------------------------------------------------------
    def tap(self, card: str, double_click: bool = True) -> Move | None:
        """The move a tap on ``card`` makes (not played), or None when the tap does nothing.

        ``"stock"`` taps the stock: draw, or recycle when the stock is empty. A playable
        single card goes to its foundation if it can; else, with ``double_click``, the
        sequence from that card goes to the longest non-empty column that accepts it
        (ties: leftmost), else to the leftmost empty column. Foundation cards only move
        back by dragging (a token such as ``FH2``), so tapping one does nothing.
        """
        if isinstance(card, str) and card.strip().lower() == "stock":
            if self.stock:
                return DRAW_MOVE
            return RECYCLE_MOVE if self.waste else None
        target = parse_card(card)
        source = self._locate_playable(target)
        if source is None:
            return None
        single, to_foundation, to_column, own_column = source
        suit = target // 13
        if single and self.sequence[suit * 14 + self.foundations[suit]] == target:
            return to_foundation
        if not double_click:
            return None
        best: int | None = None
        best_length = 0
        empty: int | None = None
        for dst, column in enumerate(self.columns):
            if dst == own_column:
                continue
            if not column:
                if empty is None:
                    empty = dst
            elif FITS[target * 53 + column[-1]] and len(column) > best_length:
                best, best_length = dst, len(column)
        chosen = best if best is not None else empty
        return None if chosen is None else to_column[chosen]

    def _locate_playable(self, card: Card) -> tuple[bool, Move, Sequence[Move | None], int] | None:
        """Where a tapped card can be played from: (is a single card, its foundation move,
        its move to each column, its own column or -1); None if it is not playable."""
        if self.reserve and self.reserve[-1] == card:
            return True, _RESERVE_TO_FOUNDATION, _RESERVE_TO_COLUMN, -1
        if self.waste and self.waste[-1] == card:
            return True, _WASTE_TO_FOUNDATION, _WASTE_TO_COLUMN, -1
        for src, column in enumerate(self.columns):
            if card in column:
                depth = len(column) - column.index(card)
                moves = COLUMN_MOVES[src]
                to_column = [moves[dst][depth] if dst != src else None for dst in range(4)]
                return depth == 1, _COLUMN_TO_FOUNDATION[src], to_column, src
        return None

    # -- views ----------------------------------------------------------------------------------
    def foundation_cards(self, suit: int) -> list[Card]:
        """The cards on one suit's foundation, bottom -> top."""
        start = suit * 14
        return list(self.sequence[start : start + self.foundations[suit]])

    def state(self) -> State:
        """The position as plain data (cards as names, piles bottom -> top)."""
        names = CARD_NAMES
        return {
            "code": self.code,
            "draw": self.draw,
            "base": names[self.base],
            "reserve": [names[c] for c in self.reserve],
            "stock": [names[c] for c in self.stock],
            "waste": [names[c] for c in self.waste],
            "tableau": [[names[c] for c in col] for col in self.columns],
            "foundations": {
                letter: [names[c] for c in self.foundation_cards(suit)]
                for suit, letter in enumerate(SUITS)
            },
            "score": self.score,
            "moves": self.moves,
            "won": self.won,
            "cards": self.on_foundations,
        }

    def table_state(self) -> TableView:
        """``state()`` as a player at the table sees it: face-down cards and the code are
        ``None`` (``engine.table``). What a server shows of a sealed deal."""
        from .table import table_view

        return table_view(self.state())

    def render(self, *, colour: bool = False) -> str:
        """A text board with suit symbols, for terminals and debugging (``colour``: red
        suits in red, ANSI)."""
        from .render import render

        return render(self, colour=colour)

    def __str__(self) -> str:
        return self.render()

    def __repr__(self) -> str:
        return (
            f"<Game {self.code or 'explicit deal'} score={self.score} cards={self.on_foundations}"
            f" moves={self.moves}{' won' if self.won else ''}>"
        )

    def __eq__(self, other: object) -> bool:
        """Same position, score, move count and undo history."""
        if not isinstance(other, Game):
            return NotImplemented
        return self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # mutable

    def _key(self) -> tuple[object, ...]:
        return (
            self.code,
            self.draw,
            self.base,
            self.reserve,
            self.stock,
            self.waste,
            self.columns,
            self.foundations,
            self.score,
            self.moves,
            list(self.history),
        )


def iter_tokens(tokens: Iterable[str] | str) -> Iterator[str]:
    """A log as tokens: a list of tokens, or text with tokens separated by whitespace."""
    if isinstance(tokens, str):
        return iter(tokens.split())
    return iter(tokens)


def to_snapshot(game: Game) -> Snapshot:
    """A JSON-safe dict that :func:`from_snapshot` turns back into an equal game."""
    return game.to_snapshot()


def from_snapshot(data: Mapping[str, Any]) -> Game:
    """The game a snapshot describes, undo history included (``SnapshotError`` if bad)."""
    return Game.from_snapshot(data)


def from_state(state: Mapping[str, Any]) -> Game:
    """A game at the position ``state`` describes (see ``engine.snapshot.decode_position``)."""
    return Game.from_state(state)


__all__ = ["UNDO_LIMIT", "Game", "from_snapshot", "from_state", "iter_tokens", "to_snapshot"]
