"""Idle loops: the actions of a line that brought the game back where it was and showed
nothing new.

The boards rank a win by its actions, so a cheater who knows the layout pads the solver's
line until its length looks like a person's: a look at the stock taken back, an extra pass
through it, a card taken back and put up again, a card moved and moved back
(``engine.table_player.detours``). Each such detour ends in the very position it started
from. A stretch that returns to a position the game already held **and turned no card face
up for the first time on the way** changed nothing and taught the player nothing: it is an
idle loop, and the line's *played length* is its actions without them.

A loop that did show a new card (a look at the next stock cards before taking the draw
back) is exploration, which a player at the table is entitled to, so it stays counted. The
table-view player's runs are measured the same way (``par.table_par``), so comparing a
line's played length with theirs judges both by one rule: padding that only goes round in
circles hides nothing from it. Padding that does not return to a position (a different,
longer route to the same win) is the telling moves' to catch (``telling``).
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.deal import Deal
from engine.game import Game

Position = tuple[object, ...]


def position(game: Game) -> Position:
    """What the table holds: every pile's cards in order (not the score, moves or history)."""
    return (
        tuple(game.reserve),
        tuple(game.stock),
        tuple(game.waste),
        tuple(tuple(column) for column in game.columns),
        tuple(game.foundations),
    )


def _face_up(game: Game) -> set[str]:
    """The cards a player at the table can read now that may ever have been face down: the
    waste and the reserve's top (columns and foundations only take cards already seen)."""
    shown = {str(card) for card in game.waste}
    if game.reserve:
        shown.add(str(game.reserve[-1]))
    return shown


def idle_actions(deal: Deal, line: Sequence[str]) -> int:
    """How many of ``line``'s actions (legal tokens on ``deal``) went round idle loops.

    Walks the line keeping the positions of its loop-free path; arriving at a position the
    path already holds with no card seen since, it cuts the loop back to it. Loops inside
    loops are cut with them; a position first reached before a card was revealed starts a
    new path entry, so exploration is never cut.

    >>> from engine import Deal
    >>> deal = Deal.from_code("CF1-D3-AAAAACL")
    >>> idle_actions(deal, ["draw", "undo"])  # a first look at three stock cards: exploration
    0
    >>> idle_actions(deal, ["draw", "undo", "draw"])  # back where the look was: 2 idle
    2
    """
    return len(idle_steps(deal, line))


def idle_steps(deal: Deal, line: Sequence[str]) -> frozenset[int]:
    """The indices in ``line`` of the actions :func:`idle_actions` counts.

    >>> from engine import Deal
    >>> sorted(idle_steps(Deal.from_code("CF1-D3-AAAAACL"), ["draw", "undo", "draw"]))
    [1, 2]
    """
    game = Game(deal)
    seen = _face_up(game)
    # The loop-free path: (position, cards seen when first there, the action that led there);
    # where each position stands on it (a stack: a position re-entered after a reveal stands
    # there twice).
    path: list[tuple[Position, int, int]] = [(position(game), len(seen), -1)]
    where: dict[Position, list[int]] = {path[0][0]: [0]}
    idle: set[int] = set()
    for index, token in enumerate(line):
        game.play(token)
        seen |= _face_up(game)
        here = position(game)
        places = where.get(here)
        if places and path[places[-1]][1] == len(seen):
            for place, _, action in path[places[-1] + 1 :]:
                where[place].pop()
                idle.add(action)
            del path[places[-1] + 1 :]
            idle.add(index)
            continue
        where.setdefault(here, []).append(len(path))
        path.append((here, len(seen), index))
    return frozenset(idle)


def played_length(deal: Deal, line: Sequence[str]) -> int:
    """``line``'s actions less its idle loops (:func:`idle_actions`)."""
    return len(line) - idle_actions(deal, line)
