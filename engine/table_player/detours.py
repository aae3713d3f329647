"""Full-information lines with honest-looking detours: what a careful cheater would play.

A cheater who knows the layout need not play the solver's line as it is: a few looks at the
stock taken back, an extra pass through it, a card taken back and put up again make the line
look like a person's. The calibration (``bench/clairvoyance.py``) judges such lines too, so
this module adds detours to a winning line and checks with the engine that the result is
still a legal winning line (a detour that would not fit where it is tried is skipped).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from engine.deal import Deal
from engine.game import Game

Detour = Callable[[Game], list[str] | None]


def draw_and_undo(game: Game) -> list[str] | None:
    """A look at the next stock cards, taken back."""
    return ["draw", "undo"] if game.stock else None


def stock_pass(game: Game) -> list[str] | None:
    """Draw through the rest of the stock, recycle, and draw back to the same waste: a
    whole extra pass (only where the pass brings back exactly this position)."""
    if not game.stock and not game.waste:
        return None
    copy = game.copy()
    tokens: list[str] = []
    target = (copy.stock[:], copy.waste[:])
    while copy.stock:
        copy.play("draw")
        tokens.append("draw")
    if copy.waste:
        copy.play("recycle")
        tokens.append("recycle")
    while (copy.stock, copy.waste) != target and copy.stock:
        copy.play("draw")
        tokens.append("draw")
    return tokens if (copy.stock, copy.waste) == target else None


def take_back_and_replay(game: Game) -> list[str] | None:
    """A foundation's top card taken back to a column and put up again."""
    for move in game.legal_moves():
        token = str(move)
        if token.startswith("F"):
            return [token, f"{token[-1]}F"]
    return None


def shuffle_and_back(game: Game) -> list[str] | None:
    """A card moved from one column to another and straight back."""
    for move in game.legal_moves():
        token = str(move)
        if len(token) == 2 and token.isdigit():
            copy = game.copy()
            copy.play(token)
            back = token[::-1]
            if copy.is_legal(back):
                copy.play(back)
                if copy.columns == game.columns and copy.reserve == game.reserve:
                    return [token, back]
    return None


DETOURS: dict[str, Detour] = {
    "draw_undo": draw_and_undo,
    "stock_pass": stock_pass,
    "take_back": take_back_and_replay,
    "shuffle": shuffle_and_back,
}


def with_detours(
    deal: Deal, line: Sequence[str], *, rng: random.Random, count: int, kinds: Sequence[str]
) -> list[str]:
    """``line`` (a winning line of ``deal``) with up to ``count`` detours of ``kinds`` added
    at random places; the result is replayed and wins, or ``ValueError``."""
    points = sorted(rng.sample(range(len(line)), min(count, len(line))))
    game = Game(deal)
    out: list[str] = []
    for index, token in enumerate(line):
        if points and points[0] == index:
            points.pop(0)
            detour = DETOURS[rng.choice(list(kinds))](game)
            for extra in detour or []:
                game.play(extra)
                out.append(extra)
        game.play(token)
        out.append(token)
    if not game.won:
        raise ValueError("a detour broke the line")
    return out
