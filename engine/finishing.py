"""The finishing line: the moves that send every remaining card home, once nothing is hidden.

When the stock, the waste and the reserve are empty, every card left is face up in the
columns, and the game is as good as won if playing column tops to their foundations, again
and again, brings all 52 home. The table then offers to play those moves for the player
(each one an ordinary action, checked by the server as usual): it saves a dozen taps and
changes nothing a leaderboard counts that the player would not have spent anyway.

The line is computed from the columns and the foundations alone, so it tells a player of a
sealed deal nothing they cannot see: when it is offered, no card is face down.

Playing a card home never blocks another one (a foundation only grows), so the order of the
tops played does not matter for whether the line exists; the line plays the leftmost column
that can go first, so it is one definite list.

>>> from engine import Game
>>> finishing_line(Game.from_code("CF1-D3-AAAAACL")) is None   # a fresh deal: stock to come
True
"""

from __future__ import annotations

from .game import Game
from .notation import Move

#: Column tops to their foundations, in the order the line tries them.
_HOME = tuple(Move.parse(f"{column}F") for column in range(1, 5))


def finishing_line(game: Game) -> list[Move] | None:
    """The column-to-foundation moves that win ``game`` from here, or ``None`` when the game is
    not one of those positions: a card still in the stock, the waste or the reserve, a column
    whose cards cannot all go home by foundation moves alone, or a game already won.
    ``game`` itself is not changed."""
    if game.won or game.stock or game.waste or game.reserve:
        return None
    ahead = game.copy()
    line: list[Move] = []
    progress = True
    while progress and not ahead.won:
        progress = False
        for move in _HOME:
            if ahead.is_legal(move):
                ahead.play(move)
                line.append(move)
                progress = True
                break
    return line if ahead.won else None


__all__ = ["finishing_line"]
