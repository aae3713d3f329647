"""A text board with suit symbols, for the terminal game and for debugging.

::

    CF1-D3-AAAAACL  draw 3  score 5  cards 2/52  moves 2
    stock 34   waste  ..  5♥ 9♠ J♦
    reserve 12  top Q♣
    foundations (start rank 7)  ♣ --  ♦ --  ♥ 8♥  ♠ --
    1  6♣
    2  K♥ Q♣
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .cards import RANK_SHORT, RED_OF, SUIT_SYMBOLS, SUITS, Card
from .cards import pretty as plain

if TYPE_CHECKING:
    from .game import Game

WASTE_SHOWN = 3

#: ANSI colours of a terminal that shows them: red suits in red (the symbol alone is easy to
#: misread at a glance), then back to the terminal's own colour.
RED, PLAIN = "\x1b[31m", "\x1b[0m"


def render(game: Game, *, colour: bool = False) -> str:
    """The board as lines of text; the waste shows its last three cards (the top last).
    ``colour``: hearts and diamonds in red (ANSI), for a terminal that shows colours."""

    def pretty(card: Card) -> str:
        shown = plain(card)
        return f"{RED}{shown}{PLAIN}" if colour and RED_OF[card] else shown

    def symbol(letter: str) -> str:
        shown = SUIT_SYMBOLS[letter]
        return f"{RED}{shown}{PLAIN}" if colour and letter in "DH" else shown

    header = (
        f"{game.code or 'explicit deal'}  draw {game.draw}  score {game.score}"
        f"  cards {game.cards}/52  moves {game.moves}{'  WON' if game.won else ''}"
    )
    hidden = len(game.waste) - WASTE_SHOWN
    waste = " ".join(pretty(c) for c in game.waste[-WASTE_SHOWN:]) or "--"
    if hidden > 0:
        waste = f"(+{hidden}) {waste}"
    reserve = f"reserve {len(game.reserve)}"
    if game.reserve:
        reserve += f"  top {pretty(game.reserve[-1])}"
    foundations = "  ".join(
        f"{symbol(letter)} "
        + (pretty(game.foundation_cards(suit)[-1]) if game.foundations[suit] else "--")
        + (f" ({game.foundations[suit]})" if game.foundations[suit] > 1 else "")
        for suit, letter in enumerate(SUITS)
    )
    lines = [
        header,
        f"stock {len(game.stock)}   waste {waste}",
        reserve,
        f"foundations (start rank {RANK_SHORT[game.base % 13]})  {foundations}",
    ]
    for number, column in enumerate(game.columns, start=1):
        lines.append(f"{number}  " + (" ".join(pretty(c) for c in column) or "(empty)"))
    return "\n".join(lines)
