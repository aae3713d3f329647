"""Which moves the solver tries from a position, and in what order.

Two generators share this module, and the difference between them is the whole point:

* ``complete_moves`` leaves out only moves whose result the search already knows to be
  the same game, so a search over them that finds no win is a proof of loss (the
  arguments are below).  The rest is ordering.
* ``guided_moves`` is for finding wins fast: it also drops moves that rarely help (rules
  of thumb, **not** sound, see below).  A win it finds is a win (the engine replays every
  line); when it runs dry, that proves nothing and the complete search takes over.

What ``complete_moves`` leaves out, and why nothing is lost:

1. *Draws and recycles are not moves.*  A waste card is played from every waste length
   ``q`` the draws and recycles can reach (``Position.reachable_waste``), as one macro
   move.  Every other move leaves the talon alone, so it commutes with drawing: an engine
   line that draws to ``q`` and then plays elsewhere reaches a position the solver reaches
   too, by playing first and drawing later, when the waste card is needed.  A solver
   position with waste length ``p`` therefore covers every engine position with the same
   piles and a waste length reachable from ``p``; the search keeps that abstraction and
   the key merges the waste lengths that reach each other (``Position.key``).
2. *Of several empty columns only the first is a target*, and *a whole column never moves
   into an empty column*: the results of the first are the same positions up to the order
   of the columns, which the key ignores (the rules never look at a column's index); the
   second gives the position itself, columns swapped.

Nothing else is dropped: every foundation move, every block that fits every column, every
take-back to every column it fits.  There is no "safe foundation move played alone" here:
the usual argument (both cards that could rest on it are up, so no card needs it) fails
once take-backs are allowed: a line may take one of those cards back onto it, to give a
third card somewhere to rest, and once the card is up that place is gone (taking it back
needs a free parent that may never come).  The lazy replay that would prove the move
harmless (play the card up, take it back the moment the line needs it) costs a move each
time, so it proves nothing for a search that plays the move alone whenever it can.  On six
endgames in ``tests/engine/test_solver_oracle.py`` this rule alone turns a win into a loss.
Foundation moves are simply tried first.

``guided_moves`` adds, as a heuristic only: a foundation move whose card no remaining card
could rest on is played alone; a block is not split off unless the card it uncovers can
go up or the block's head has a free twin; a take-back only when a card that could rest on
it is free.  Those were this solver's "dominance" rules once and they are wrong as proofs:
the winning line of CF1-D3-AAGORZQ takes back FH4, FD2 and FS2, which the last rule never
offers (tests/engine/test_solver_oracle.py).

The order, best first: foundation moves, reserve cards, moves that empty a column (the
reserve refills it), waste cards, block splits, then take-backs; in ``complete_moves``
the moves ``guided_moves`` would drop come after all of those.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Protocol, TypeVar

from engine.cards import FOUNDATION_SEQUENCES, RUN_DEPTH, SUIT_OF
from engine.solver.position import (
    CC,
    CF,
    CHILDREN,
    FC,
    RC,
    RF,
    SIBLING,
    WC,
    WF,
    Move,
    Position,
)

T = TypeVar("T")


class Shuffle(Protocol):
    """Shuffles a list in place (``random.Random(seed).shuffle``): the move groups, and the
    order of the groups themselves."""

    def __call__(self, items: list[T], /) -> None: ...


MoveGenerator = Callable[[Position, "Shuffle | None"], list[Move]]


def free_cards(position: Position, waste_positions: list[int]) -> set[int]:
    """The cards that can move right now: the reserve top, the reachable waste cards and
    every column card (each column is one run, so every card heads a movable block)."""
    talon = position.talon
    free = {talon[q - 1] for q in waste_positions}
    for column in position.columns:
        free.update(column)
    if position.reserve:
        free.add(position.reserve[-1])
    return free


def complete_moves(position: Position, shuffle: Shuffle | None = None) -> list[Move]:
    """Every move from ``position`` but the ones argued away above, best first."""
    return _moves(position, shuffle, complete=True)


def guided_moves(position: Position, shuffle: Shuffle | None = None) -> list[Move]:
    """The moves that usually matter, best first (a heuristic: see the module docstring)."""
    return _moves(position, shuffle, complete=False)


def _moves(position: Position, shuffle: Shuffle | None, *, complete: bool) -> list[Move]:
    """Both generators: ``complete`` keeps what the heuristic rules would drop, last.

    With ``shuffle`` (e.g. ``random.Random(seed).shuffle``) the moves within each group,
    and the groups between the foundation moves and the take-backs, come in a random
    order: restarts then try other lines, and other strategies, first.
    """
    columns = position.columns
    reserve = position.reserve
    foundations = position.foundations
    talon = position.talon
    # The card each foundation takes next (-1 once complete).
    sequence = FOUNDATION_SEQUENCES[position.base_rank]
    f0, f1, f2, f3 = foundations
    wanted = [sequence[f0], sequence[14 + f1], sequence[28 + f2], sequence[42 + f3]]
    tops = [column[-1] if column else -1 for column in columns]
    empty = tops.index(-1) if -1 in tops else -1
    # child card -> the columns whose top it may go on (at most two, one per parent)
    accepts: dict[int, list[int]] = {}
    for j, top in enumerate(tops):
        if top >= 0:
            for child in CHILDREN[top]:
                accepts.setdefault(child, []).append(j)
    reserve_top = reserve[-1] if reserve else -1
    waste_positions = position.reachable_waste()
    free = free_cards(position, waste_positions)

    if not complete:
        forced = safe_foundation_move(position, waste_positions)
        if forced is not None:
            return [forced]

    to_foundation: list[Move] = []
    from_reserve: list[Move] = []
    emptying: list[Move] = []
    from_waste: list[Move] = []
    splitting: list[Move] = []
    take_backs: list[Move] = []
    unlikely: list[Move] = []  # what the heuristic rules drop (complete only)

    if reserve_top >= 0:
        if wanted[SUIT_OF[reserve_top]] == reserve_top:
            to_foundation.append((RF, 0, 0, 0))
        for j in accepts.get(reserve_top, ()):
            from_reserve.append((RC, 0, j, 0))

    # Every column is one alternating run (the engine guarantees it), so the block that
    # fits a given target starts at a fixed depth, then every 26 cards deeper.
    for i, column in enumerate(columns):
        if not column:
            continue
        height = len(column)
        top = column[-1]
        if wanted[SUIT_OF[top]] == top:
            to_foundation.append((CF, i, 0, 0))
        for j, target in enumerate(tops):
            if j == i or target < 0:
                continue
            count = RUN_DEPTH[top * 52 + target] + 1
            while count <= height:
                if count == height:
                    emptying.append((CC, i, j, count))
                elif _split_helps(column, height - count, wanted, free):
                    splitting.append((CC, i, j, count))
                elif complete:
                    unlikely.append((CC, i, j, count))
                count += 26
        if empty >= 0:
            for count in range(1, height):
                if _split_helps(column, height - count, wanted, free):
                    splitting.append((CC, i, empty, count))
                elif complete:
                    unlikely.append((CC, i, empty, count))

    for q in waste_positions:
        card = talon[q - 1]
        if wanted[SUIT_OF[card]] == card:
            to_foundation.append((WF, q, 0, 0))
        if card in accepts:
            for j in accepts[card]:
                from_waste.append((WC, q, j, 0))
        if empty >= 0:
            from_waste.append((WC, q, empty, 0))

    for suit in range(4):
        if not foundations[suit]:
            continue
        card = position.foundation_top(suit)
        targets = accepts.get(card, [])
        if empty >= 0:
            targets = [*targets, empty]
        if not targets:
            continue
        first, second = CHILDREN[card]
        if first in free or second in free:
            take_backs.extend((FC, suit, j, 0) for j in targets)
        elif complete:
            unlikely.extend((FC, suit, j, 0) for j in targets)

    if shuffle is not None:
        middle = [from_reserve, emptying, from_waste, splitting]
        shuffle(middle)
        for group in (to_foundation, *middle, take_backs, unlikely):
            if len(group) > 1:
                shuffle(group)
        return to_foundation + middle[0] + middle[1] + middle[2] + middle[3] + take_backs + unlikely
    return to_foundation + from_reserve + emptying + from_waste + splitting + take_backs + unlikely


def safe_foundation_move(position: Position, waste_positions: list[int]) -> Move | None:
    """A foundation move whose card no card still in play could rest on (both that could
    are up): the guided search plays it alone.  Not sound with take-backs (see above)."""
    sequence = FOUNDATION_SEQUENCES[position.base_rank]
    wanted = [sequence[suit * 14 + count] for suit, count in enumerate(position.foundations)]
    tops = [column[-1] if column else -1 for column in position.columns]
    reserve = position.reserve
    reserve_top = reserve[-1] if reserve else -1
    if (
        reserve_top >= 0
        and wanted[SUIT_OF[reserve_top]] == reserve_top
        and position.is_safe_for_foundation(reserve_top)
    ):
        return (RF, 0, 0, 0)
    for i, top in enumerate(tops):
        if top >= 0 and wanted[SUIT_OF[top]] == top and position.is_safe_for_foundation(top):
            return (CF, i, 0, 0)
    if position.draw == 1:
        talon = position.talon
        for q in waste_positions:
            card = talon[q - 1]
            if wanted[SUIT_OF[card]] == card and position.is_safe_for_foundation(card):
                return (WF, q, 0, 0)
    return None


def _split_helps(column: list[int], index: int, wanted: list[int], free: set[int]) -> bool:
    """Moving ``column[index:]`` off the card under it mostly matters if that card can go
    up now, or the block head's twin is free to take its place."""
    under = column[index - 1]
    return wanted[SUIT_OF[under]] == under or SIBLING[column[index]] in free
