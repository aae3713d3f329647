"""The solver's own compact, mutable Canfield position.

The public engine favours clarity and an undo history; a search visits hundreds of
thousands of positions, so the solver keeps its own representation: cards are ints
0..51 (``suit * 13 + rank``, suits C D H S, rank 0 = ace), piles are lists of ints,
moves are small tuples, and ``play`` returns a tiny record that ``undo`` reverts.

The stock and the waste are kept as one list, the *talon*: the waste bottom -> top
followed by the stock top -> bottom, i.e. every card in the order this pass deals it,
plus ``waste_len``, how many of them are face up.  Drawing only moves ``waste_len``,
recycling sets it back to 0, and playing the waste top removes one card from the list,
so a position's whole stock cycle is plain arithmetic (see ``reachable_waste``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.cards import CARD_BY_NAME, RANK_OF, RED_OF, SUIT_OF, SUITS
from engine.cards import STACKS_ON as STACKS
from engine.notation import (
    COLUMN_TO_COLUMN,
    COLUMN_TO_FOUNDATION,
    DRAW_MOVE,
    FOUNDATION_TO_COLUMN,
    RECYCLE_MOVE,
    RESERVE_TO_COLUMN,
    RESERVE_TO_FOUNDATION,
    TOKENS,
    WASTE_TO_COLUMN,
    WASTE_TO_FOUNDATION,
)
from engine.state_types import State

# The two suits of the other colour, for the "safe foundation move" test.
OPPOSITE_SUITS: tuple[tuple[int, int], ...] = tuple(
    (0, 3) if RED_OF[card] else (1, 2) for card in range(52)
)
# The two cards of the other colour one rank lower: all a card can ever host in a column.
CHILDREN: tuple[tuple[int, ...], ...] = tuple(
    tuple(suit * 13 + (RANK_OF[card] - 1) % 13 for suit in OPPOSITE_SUITS[card])
    for card in range(52)
)
# Same rank and colour, other suit: the only other card that fits the same places.
SIBLING: tuple[int, ...] = tuple((3 - SUIT_OF[card]) * 13 + RANK_OF[card] for card in range(52))

# Move kinds, the engine's own (``engine.notation``).  A move is ``(kind, a, b, n)``:
RF, RC, WF, WC = RESERVE_TO_FOUNDATION, RESERVE_TO_COLUMN, WASTE_TO_FOUNDATION, WASTE_TO_COLUMN
CF, CC, FC = COLUMN_TO_FOUNDATION, COLUMN_TO_COLUMN, FOUNDATION_TO_COLUMN
#   RF (reserve top -> foundation)          RC: b = column
#   WF: a = waste position q (card talon[q-1], drawn to first), WC: a = q, b = column
#   CF: a = column                           CC: a = from, b = to, n = cards in the block
#   FC: a = suit of the foundation, b = column (a take-back)
Move = tuple[int, int, int, int]
# What ``undo`` needs: the move, the card it moved, the waste length before, refilled?
Undo = tuple[Move, int, int, bool]

# The engine token of every card move, looked up by the engine Move's fields (kind, src, dst,
# block_size), so that no token is spelled here: the waste position ``a`` of WF/WC is the
# solver's.
_TOKEN_OF: dict[tuple[int, int, int, int], str] = {
    (move.kind, move.src, move.dst, move.block_size): move.token for move in TOKENS.values()
}
DRAW_TOKEN, RECYCLE_TOKEN = DRAW_MOVE.token, RECYCLE_MOVE.token


class Position:
    """A Canfield position the solver can play and undo in place, with a canonical key.

    Foundations are counts per suit: their cards follow from the base rank.
    """

    __slots__ = (
        "base_rank",
        "columns",
        "draw",
        "foundations",
        "placed",
        "relative",
        "reserve",
        "talon",
        "waste_len",
    )

    def __init__(
        self,
        *,
        draw: int,
        base_rank: int,
        reserve: list[int],
        columns: list[list[int]],
        talon: list[int],
        waste_len: int,
        foundations: list[int],
    ) -> None:
        self.draw = draw
        self.base_rank = base_rank
        self.reserve = reserve
        self.columns = columns
        self.talon = talon
        self.waste_len = waste_len
        self.foundations = foundations
        self.placed = sum(foundations)
        # Rank counted from the base rank: the foundation index a card goes to.
        self.relative: tuple[int, ...] = tuple(
            (RANK_OF[card] - base_rank) % 13 for card in range(52)
        )

    @classmethod
    def from_state(cls, state: State) -> Position:
        """Build from ``Game.state()`` (piles listed bottom -> top, cards as text)."""
        waste = _cards(state["waste"])
        stock = _cards(state["stock"])
        stock.reverse()  # stock top first: the order it will be drawn
        foundations = [len(state["foundations"][suit]) for suit in SUITS]
        columns = [_cards(column) for column in state["tableau"]]
        if any(run_start(column) for column in columns):
            raise ValueError("every column must be one alternating run, as the rules keep it")
        return cls(
            draw=int(state["draw"]),
            base_rank=RANK_OF[CARD_BY_NAME[state["base"]]],
            reserve=_cards(state["reserve"]),
            columns=columns,
            talon=waste + stock,
            waste_len=len(waste),
            foundations=foundations,
        )

    def copy(self) -> Position:
        """An independent copy (piles copied, the card tables shared)."""
        other = object.__new__(Position)
        other.draw = self.draw
        other.base_rank = self.base_rank
        other.reserve = self.reserve[:]
        other.columns = [column[:] for column in self.columns]
        other.talon = self.talon[:]
        other.waste_len = self.waste_len
        other.foundations = self.foundations[:]
        other.placed = self.placed
        other.relative = self.relative
        return other

    # ----------------------------------------------------------------- queries

    @property
    def won(self) -> bool:
        return self.placed == 52

    def foundation_top(self, suit: int) -> int:
        """The card on top of a non-empty foundation."""
        return suit * 13 + (self.base_rank + self.foundations[suit] - 1) % 13

    def is_safe_for_foundation(self, card: int) -> bool:
        """No card still in play could ever need ``card`` to rest on.

        A card only hosts the two cards of the other colour one rank lower; once both
        are on their foundations, moving ``card`` up too can never hurt.  Ranks wrap,
        so the starting rank's children are the foundations' last cards.
        """
        needed = self.relative[card] or 13
        first, second = OPPOSITE_SUITS[card]
        return self.foundations[first] >= needed and self.foundations[second] >= needed

    def reachable_waste(self) -> list[int]:
        """Waste lengths ``q`` reachable by draws and recycles alone (``talon[q-1]`` on top).

        From ``waste_len`` p, drawing gives p, p+d, p+2d, ... and finally the whole
        talon; a recycle restarts at 0, d, 2d, ...  Nearest (fewest tokens) first.
        """
        size = len(self.talon)
        if not size:
            return []
        draw = self.draw
        here = self.waste_len
        if draw == 1:
            return list(range(here or 1, size + 1)) + list(range(1, here))
        found = list(range(here or draw, size, draw))
        found.append(size)
        found.extend(range(draw, here if here % draw == 0 else size, draw))
        return found

    def draw_tokens_to(self, target: int) -> list[str]:
        """The ``draw``/``recycle`` tokens that bring the waste to length ``target``."""
        here, size, draw = self.waste_len, len(self.talon), self.draw
        if target >= here and ((target - here) % draw == 0 or target == size):
            return [DRAW_TOKEN] * (-(-(target - here) // draw))
        tokens = [DRAW_TOKEN] * (-(-(size - here) // draw))
        tokens.append(RECYCLE_TOKEN)
        tokens.extend([DRAW_TOKEN] * (-(-target // draw)))
        return tokens

    def key(self) -> bytes:
        """A canonical, hashable summary: equal keys mean the same game from here on.

        Each part is sound for a "lost" verdict, not only a heuristic:

        * columns are sorted: no rule looks at a column's index (a refill goes to the
          column that emptied, whichever it is), so permuting columns maps every line of
          play onto a line of the same length and outcome;
        * the reserve is given by its size: it is a stack the search only takes from the
          top, so within one search the size says which cards are left, in which order;
        * foundations are left out: they hold exactly the cards that are nowhere else;
        * waste lengths that draws and recycles alone lead from one to the other are
          merged (any multiple of the draw count, the full talon, and in draw 1 all of
          them): such positions reach each other without any other change, so each wins
          exactly when the other does.  Other waste lengths stay apart.
        """
        c0, c1, c2, c3 = self.columns
        parts = sorted((bytes(c0), bytes(c1), bytes(c2), bytes(c3)))
        here = self.waste_len
        if here % self.draw == 0 or here == len(self.talon):
            here = 0
        # The reserve is a stack the search only takes from: its size says which cards.
        return b"\xff".join(parts) + bytes((255, len(self.reserve), here)) + bytes(self.talon)

    def placed_key(self) -> bytes:
        """Like :meth:`key` but with the columns in place, so that a move list that reaches
        one position also fits every other position with the same ``placed_key``."""
        parts = [bytes(column) for column in self.columns]
        parts.append(self._rest_key())
        return b"\xff".join(parts)

    def _rest_key(self) -> bytes:
        """Reserve size, talon, and the waste length up to the cycle it reaches."""
        here = self.waste_len
        if here % self.draw == 0 or here == len(self.talon):
            here = 0
        return bytes((len(self.reserve), here)) + bytes(self.talon)

    # ----------------------------------------------------------------- play / undo

    def play(self, move: Move) -> Undo:
        """Play ``move`` (assumed legal), refill an emptied column from the reserve."""
        kind, a, b, n = move
        old_waste = self.waste_len
        refilled = False
        if kind == CC:
            source = self.columns[a]
            block = source[-n:]
            del source[-n:]
            self.columns[b].extend(block)
            card = block[0]
            if not source and self.reserve:
                source.append(self.reserve.pop())
                refilled = True
        elif kind == CF:
            source = self.columns[a]
            card = source.pop()
            self.foundations[SUIT_OF[card]] += 1
            self.placed += 1
            if not source and self.reserve:
                source.append(self.reserve.pop())
                refilled = True
        elif kind == RF:
            card = self.reserve.pop()
            self.foundations[SUIT_OF[card]] += 1
            self.placed += 1
        elif kind == RC:
            card = self.reserve.pop()
            self.columns[b].append(card)
        elif kind == WF:
            card = self.talon.pop(a - 1)
            self.waste_len = a - 1
            self.foundations[SUIT_OF[card]] += 1
            self.placed += 1
        elif kind == WC:
            card = self.talon.pop(a - 1)
            self.waste_len = a - 1
            self.columns[b].append(card)
        else:  # FC
            card = self.foundation_top(a)
            self.foundations[a] -= 1
            self.placed -= 1
            self.columns[b].append(card)
        return (move, card, old_waste, refilled)

    def undo(self, record: Undo) -> None:
        """Revert exactly what ``play`` did."""
        (kind, a, b, n), card, old_waste, refilled = record
        if refilled:
            self.reserve.append(self.columns[a].pop())
        if kind == CC:
            target = self.columns[b]
            self.columns[a].extend(target[-n:])
            del target[-n:]
        elif kind == CF:
            self.columns[a].append(card)
            self.foundations[SUIT_OF[card]] -= 1
            self.placed -= 1
        elif kind == RF:
            self.reserve.append(card)
            self.foundations[SUIT_OF[card]] -= 1
            self.placed -= 1
        elif kind == RC:
            self.reserve.append(self.columns[b].pop())
        elif kind == WF:
            self.talon.insert(a - 1, card)
            self.foundations[SUIT_OF[card]] -= 1
            self.placed -= 1
        elif kind == WC:
            self.columns[b].pop()
            self.talon.insert(a - 1, card)
        else:  # FC
            self.columns[b].pop()
            self.foundations[a] += 1
            self.placed += 1
        self.waste_len = old_waste

    def tokens(self, move: Move) -> list[str]:
        """The engine tokens for ``move`` from this position (draws first for waste plays)."""
        kind, a, b, n = move
        if kind == CC:
            return [_TOKEN_OF[kind, a, b, n]]
        if kind in (WF, WC):
            tokens = self.draw_tokens_to(a)
            tokens.append(_TOKEN_OF[kind, -1, b if kind == WC else -1, 1])
            return tokens
        if kind == CF:
            return [_TOKEN_OF[kind, a, -1, 1]]
        if kind == FC:
            return [_TOKEN_OF[kind, a, b, 1]]
        return [_TOKEN_OF[kind, -1, b if kind == RC else -1, 1]]


def _cards(pile: Sequence[str]) -> list[int]:
    return [CARD_BY_NAME[name] for name in pile]


def run_start(column: Sequence[int]) -> int:
    """Index where the column's movable tail (alternating, descending) begins."""
    start = max(len(column) - 1, 0)
    while start > 0 and STACKS[column[start] * 52 + column[start - 1]]:
        start -= 1
    return start
