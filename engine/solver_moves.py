"""Which moves the solver tries from a position, and in what order.

Every move returned is legal in the app.  Moves that cannot matter are left out, which
is what lets the search prove deals lost:

* a foundation move that can never hurt (``Position.is_safe_for_foundation``; in draw 1
  also from anywhere in the stock, since every stock card stays reachable) is played
  alone, as the position's only move;
* a whole column is never moved into an empty column (the key would not change), and of
  several empty columns only the first is offered.

Two more rules are dominance rules of the kind solitaire solvers use: a block is not
moved from one parent onto an equivalent parent (same rank and colour) nor split off
into an empty column unless the card it uncovers can go up at once or the block's twin
card is free to take its place; a take-back is offered only when a card that could rest
on the returned card is free to move there now.  A move they drop can always be made
later, when it does some good; the tests check every "lost" the solver claims on a set
of deals against an exhaustive search over the engine's own legal moves.

The rest is ordered best first: foundation moves, reserve cards, moves that empty a
column (the reserve refills it), waste cards, block splits, then take-backs.
"""

from __future__ import annotations

from collections.abc import Callable

from engine.cards import RUN_DEPTH
from engine.solver_position import (
    CC,
    CF,
    CHILDREN,
    FC,
    RC,
    RF,
    SIBLING,
    SUIT_OF,
    WC,
    WF,
    Move,
    Position,
)


def is_free(position: Position, card: int, waste_positions: list[int]) -> bool:
    """Can ``card`` move right now?  The reserve top, a reachable waste card, or any
    column card (each column is one run, so every card heads a movable block)."""
    reserve = position.reserve
    if reserve and reserve[-1] == card:
        return True
    for column in position.columns:
        if card in column:
            return True
    talon = position.talon
    if card not in talon:
        return False
    return position.draw == 1 or talon.index(card) + 1 in waste_positions


def ordered_moves(
    position: Position,
    shuffle: Callable[[list[Move]], None] | None = None,
) -> list[Move]:
    """The moves worth searching from ``position``, best first.

    With ``shuffle`` (e.g. ``random.Random(seed).shuffle``) the moves within each group,
    and the groups between the foundation moves and the take-backs, come in a random
    order: restarts then try other lines, and other strategies, first.
    """
    columns = position.columns
    reserve = position.reserve
    foundations = position.foundations
    base_rank = position.base_rank
    talon = position.talon
    # The card each foundation takes next (-1 once complete).
    wanted = [
        suit * 13 + (base_rank + count) % 13 if count < 13 else -1
        for suit, count in enumerate(foundations)
    ]
    tops = [column[-1] if column else -1 for column in columns]
    empty = tops.index(-1) if -1 in tops else -1
    # child card -> the columns whose top it may go on (at most two, one per parent)
    accepts: dict[int, list[int]] = {}
    for j, top in enumerate(tops):
        if top >= 0:
            for child in CHILDREN[top]:
                accepts.setdefault(child, []).append(j)

    reserve_top = reserve[-1] if reserve else -1
    if (
        reserve_top >= 0
        and wanted[SUIT_OF[reserve_top]] == reserve_top
        and position.is_safe_for_foundation(reserve_top)
    ):
        return [(RF, 0, 0, 0)]
    for i, top in enumerate(tops):
        if top >= 0 and wanted[SUIT_OF[top]] == top and position.is_safe_for_foundation(top):
            return [(CF, i, 0, 0)]
    waste_positions = position.reachable_waste()
    if position.draw == 1:
        # Draw 1 reaches every stock card at any time, so playing one never costs a chance.
        for q in waste_positions:
            card = talon[q - 1]
            if wanted[SUIT_OF[card]] == card and position.is_safe_for_foundation(card):
                return [(WF, q, 0, 0)]

    to_foundation: list[Move] = []
    from_reserve: list[Move] = []
    emptying: list[Move] = []
    from_waste: list[Move] = []
    splitting: list[Move] = []
    take_backs: list[Move] = []

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
                elif _split_helps(position, column, height - count, wanted, waste_positions):
                    splitting.append((CC, i, j, count))
                count += 26
        if empty >= 0:
            for count in range(1, height):
                if _split_helps(position, column, height - count, wanted, waste_positions):
                    splitting.append((CC, i, empty, count))

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
        if is_free(position, first, waste_positions) or is_free(position, second, waste_positions):
            take_backs.extend((FC, suit, j, 0) for j in targets)

    if shuffle is not None:
        middle = [from_reserve, emptying, from_waste, splitting]
        shuffle(middle)
        for group in (to_foundation, from_reserve, emptying, from_waste, splitting, take_backs):
            if len(group) > 1:
                shuffle(group)
        return to_foundation + middle[0] + middle[1] + middle[2] + middle[3] + take_backs
    return to_foundation + from_reserve + emptying + from_waste + splitting + take_backs


def _split_helps(
    position: Position,
    column: list[int],
    index: int,
    wanted: list[int],
    waste_positions: list[int],
) -> bool:
    """Moving ``column[index:]`` off the card under it only matters if that card can go
    up now, or the block head's twin is free to take its place."""
    under = column[index - 1]
    if wanted[SUIT_OF[under]] == under:
        return True
    return is_free(position, SIBLING[column[index]], waste_positions)
