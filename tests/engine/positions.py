"""Helpers that build games at hand-made positions for the rule tests."""

from __future__ import annotations

from engine import CARD_NAMES, Game

ALL_CARDS = list(CARD_NAMES)


def position(
    *,
    base: str = "7H",
    reserve: list[str] | None = None,
    stock: list[str] | None = None,
    waste: list[str] | None = None,
    tableau: list[list[str]] | None = None,
    foundations: dict[str, list[str]] | None = None,
    rest: str = "stock",
    draw: int = 3,
) -> Game:
    """A game at the given piles; every card not placed goes to the pile named by ``rest``
    (in deck order, under the cards given for that pile). Without ``tableau``, each column
    gets one of the unplaced cards (the first four in deck order)."""
    piles: dict[str, list] = {
        "reserve": list(reserve or []),
        "stock": list(stock or []),
        "waste": list(waste or []),
    }
    foundations = {k: list(v) for k, v in (foundations or {}).items()}
    used = {c for pile in piles.values() for c in pile} | {
        c for f in foundations.values() for c in f
    }
    if tableau is None:
        tableau = [[c] for c in [c for c in ALL_CARDS if c not in used][:4]]
    tableau = [list(col) for col in tableau]
    used |= {c for col in tableau for c in col}
    piles[rest] = [c for c in ALL_CARDS if c not in used] + piles[rest]
    return Game.from_state(
        {"base": base, "draw": draw, "tableau": tableau, "foundations": foundations, **piles}
    )


#: The seeds' deal CF1-D3-AAAAACL as the other app deals it: base 7H; columns 6C, KH, QH, AS;
#: reserve top QC, then 8H, QS, JS. Only those cards are known; the rest fill the reserve and
#: the stock in deck order (the other 9 reserve cards AC..9C, then the stock, 2C on top).
#: Named by its CF2 layout code; ``tests/engine/data/layout_codes.json`` holds its piles.
SEED_EXAMPLE = "CF2-D3-00000003JPFX4Z273NR623VTZN846B931731WV3VZZZZZZ8"
