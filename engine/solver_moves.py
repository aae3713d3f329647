"""Which moves the solver tries from a position, and in what order.

Every move returned is legal in the app.  Moves that can never matter are left out so the
search proves deals lost sooner:

* a foundation move that can never hurt (``Position.is_safe_for_foundation``) is played
  alone, as the position's only move;
* a block is not moved from one parent onto an equivalent parent (same rank and colour),
  nor split off into an empty column, unless the card it uncovers can go up at once or
  the block's twin card is free to take the uncovered place;
* a whole column is never moved into an empty column (the key would not change), and of
  several empty columns only the first is offered;
* a take-back is offered only when a card that could rest on the returned card is free to
  move there now.

The rest is ordered best first: foundation moves, reserve cards, moves that empty a
column (the reserve refills it), moves that uncover a card, waste cards, then the rest.
"""

from __future__ import annotations

from engine.solver_position import (
    CC,
    CF,
    CHILDREN,
    FC,
    RC,
    RF,
    SIBLING,
    STACKS,
    SUIT_OF,
    WC,
    WF,
    Move,
    Position,
    run_start,
)


def free_cards(position: Position, waste_positions: list[int]) -> set[int]:
    """Cards that can move right now: reserve top, reachable waste cards, column runs."""
    talon = position.talon
    free = {talon[q - 1] for q in waste_positions}
    if position.reserve:
        free.add(position.reserve[-1])
    for column in position.columns:
        if column:
            free.update(column[run_start(column):])
    return free


def ordered_moves(position: Position) -> list[Move]:
    """The moves worth searching from ``position``, best first."""
    columns = position.columns
    reserve = position.reserve
    foundations = position.foundations
    relative = position.relative
    talon = position.talon
    tops = [column[-1] if column else -1 for column in columns]
    empty = tops.index(-1) if -1 in tops else -1

    reserve_top = reserve[-1] if reserve else -1
    if reserve_top >= 0 and foundations[SUIT_OF[reserve_top]] == relative[reserve_top] \
            and position.is_safe_for_foundation(reserve_top):
        return [(RF, 0, 0, 0)]
    for i, top in enumerate(tops):
        if top >= 0 and foundations[SUIT_OF[top]] == relative[top] \
                and position.is_safe_for_foundation(top):
            return [(CF, i, 0, 0)]
    waste_positions = position.reachable_waste()
    if position.draw == 1:
        # Draw 1 reaches every stock card at any time, so playing one never costs a chance.
        for q in waste_positions:
            card = talon[q - 1]
            if foundations[SUIT_OF[card]] == relative[card] \
                    and position.is_safe_for_foundation(card):
                return [(WF, q, 0, 0)]

    to_foundation: list[Move] = []
    from_reserve: list[Move] = []
    emptying: list[Move] = []
    uncovering: list[Move] = []
    from_waste: list[Move] = []
    rest: list[Move] = []
    free: set[int] | None = None

    if reserve_top >= 0:
        if foundations[SUIT_OF[reserve_top]] == relative[reserve_top]:
            to_foundation.append((RF, 0, 0, 0))
        for j, top in enumerate(tops):
            if top >= 0 and STACKS[reserve_top * 52 + top]:
                from_reserve.append((RC, 0, j, 0))

    for i, column in enumerate(columns):
        if not column:
            continue
        height = len(column)
        top = column[-1]
        if foundations[SUIT_OF[top]] == relative[top]:
            to_foundation.append((CF, i, 0, 0))
        start = run_start(column)
        for k in range(start, height):
            head = column[k]
            count = height - k
            if k > start:
                # The block lies on a fitting card: moving it only helps if that card
                # can go up, or the block's twin can take its place.
                under = column[k - 1]
                if foundations[SUIT_OF[under]] != relative[under]:
                    if free is None:
                        free = free_cards(position, waste_positions)
                    if SIBLING[head] not in free:
                        continue
            for j, top in enumerate(tops):
                if j != i and top >= 0 and STACKS[head * 52 + top]:
                    move = (CC, i, j, count)
                    if k == 0:
                        emptying.append(move)
                    elif k == start:
                        uncovering.append(move)
                    else:
                        rest.append(move)
            if empty >= 0 and k > 0:
                (uncovering if k == start else rest).append((CC, i, empty, count))

    for q in waste_positions:
        card = talon[q - 1]
        if foundations[SUIT_OF[card]] == relative[card]:
            to_foundation.append((WF, q, 0, 0))
        for j, top in enumerate(tops):
            if top >= 0 and STACKS[card * 52 + top]:
                from_waste.append((WC, q, j, 0))
        if empty >= 0:
            from_waste.append((WC, q, empty, 0))

    take_backs: list[Move] = []
    for suit in range(4):
        if not foundations[suit]:
            continue
        card = position.foundation_top(suit)
        if free is None:
            free = free_cards(position, waste_positions)
        if not any(child in free for child in CHILDREN[card]):
            continue
        for j, top in enumerate(tops):
            if top >= 0 and STACKS[card * 52 + top]:
                take_backs.append((FC, suit, j, 0))
        if empty >= 0:
            take_backs.append((FC, suit, empty, 0))

    return (to_foundation + from_reserve + emptying + uncovering + from_waste + rest
            + take_backs)
