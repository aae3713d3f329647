"""An exhaustive won/lost oracle that shares nothing with the solver but the rules engine.

It searches the engine's own positions (``Game.copy``), tries every action
``Game.legal_moves()`` lists except ``undo`` (draws and recycles one at a time, take-backs
to every column that accepts them) and remembers every position by its raw piles, columns
in place: no pruning, no symmetry, no stock abstraction.  A position is lost when every
position reachable from it has been entered without a win, which is the definition, so a
solver that disagrees with it on a position small enough to finish has a bug.
"""

from __future__ import annotations

import random

from engine import Game
from engine.cards import CARD_NAMES, FOUNDATION_SEQUENCES, STACKS_ON, SUITS
from engine.notation import DRAW, FOUNDATION_TO_COLUMN, RECYCLE, Move

Key = tuple[object, ...]


def engine_key(game: Game) -> Key:
    """Everything the future of a game depends on (not score, move count or history)."""
    return (
        tuple(tuple(column) for column in game.columns),
        tuple(game.reserve),
        tuple(game.stock),
        tuple(game.waste),
        tuple(game.foundations),
    )


def _push_order(move: Move) -> int:
    if move.to_foundation:
        return 3
    if move.kind in (DRAW, RECYCLE):
        return 2
    return 0 if move.kind == FOUNDATION_TO_COLUMN else 1


def exhaustive(game: Game, limit: int = 200_000) -> str | None:
    """``"won"`` or ``"lost"``, or None once more than ``limit`` positions were entered."""
    if game.won:
        return "won"
    root = game.copy()
    root.history.clear()
    seen = {engine_key(root)}
    stack = [root]
    while stack:
        position = stack.pop()
        # Foundation moves are pushed last so they are popped first, then draws, take-backs
        # first pushed: wins near the end are found at once.  Only the order changes.
        for move in sorted(position.legal_moves(), key=_push_order):
            if move.token == "undo":
                continue
            child = position.copy()
            child.play(move)
            if child.won:
                return "won"
            child.history.clear()  # keeps copies cheap; legality never reads the history
            key = engine_key(child)
            if key not in seen:
                if len(seen) >= limit:
                    return None
                seen.add(key)
                stack.append(child)
    return "lost"


def endgame(rng: random.Random, off: int, draw: int, reserve_share: float = 0.5) -> Game:
    """A random position with ``off`` cards left to play.

    The top cards of random foundations come off and are dealt at random: a share
    ``reserve_share`` to the reserve (in no useful order, which is what makes positions
    lost), a quarter to the columns where the rules would let them lie, the rest to the
    waste and the stock; an empty column takes the reserve's top card, as the refill would.
    """
    base_rank = rng.randrange(13)
    sequence = FOUNDATION_SEQUENCES[base_rank]
    counts = [13, 13, 13, 13]
    loose: list[int] = []
    for _ in range(off):
        suit = rng.choice([s for s in range(4) if counts[s]])
        counts[suit] -= 1
        loose.append(sequence[suit * 14 + counts[suit]])
    rng.shuffle(loose)
    reserve: list[int] = []
    stock: list[int] = []
    waste: list[int] = []
    columns: list[list[int]] = [[], [], [], []]
    for card in loose:
        fits = [c for c in columns if not c or STACKS_ON[card * 52 + c[-1]]]
        draw_at = rng.random()
        if draw_at < reserve_share:
            reserve.append(card)
        elif draw_at < reserve_share + 0.25 and fits:
            rng.choice(fits).append(card)
        elif draw_at < reserve_share + 0.4:
            waste.append(card)
        else:
            stock.append(card)
    for column in columns:
        if not column and reserve:
            column.append(reserve.pop())
    names = CARD_NAMES
    return Game.from_state(
        {
            "base": names[sequence[0]],
            "draw": draw,
            "reserve": [names[c] for c in reserve],
            "stock": [names[c] for c in stock],
            "waste": [names[c] for c in waste],
            "tableau": [[names[c] for c in column] for column in columns],
            "foundations": {
                letter: [names[c] for c in sequence[suit * 14 : suit * 14 + counts[suit]]]
                for suit, letter in enumerate(SUITS)
            },
        }
    )


def random_endgame(seed: int) -> Game:
    """``endgame`` with its size, draw mode and reserve share drawn from ``seed`` too."""
    rng = random.Random(seed)
    off = rng.randrange(8, 30)
    share = rng.choice((0.3, 0.5, 0.7))
    return endgame(rng, off, rng.choice((1, 3)), share)


def wander(game: Game, rng: random.Random, steps: int) -> Game:
    """A copy of ``game`` after up to ``steps`` random legal actions (take-backs included):
    a perturbed position, often one a player could reach but no solver line passes."""
    copy = game.copy()
    for _ in range(steps):
        moves = [move for move in copy.legal_moves() if move.token != "undo"]
        if not moves or copy.won:
            break
        copy.play(rng.choice(moves))
    copy.history.clear()
    return copy
