"""Helpers that build games at hand-made positions for the rule tests."""

from __future__ import annotations

from engine import CARD_NAMES, Deal, Game

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


def seed_example_deal(draw: int = 3) -> Deal:
    """The seeds' deal CF1-D3-AAAAACL as the other app deals it (only the cards the seeds
    name are known; the rest fill the reserve and the stock in deck order).

    Base 7H; columns 6C, KH, QH, AS; reserve top QC, then 8H, QS, JS.
    """
    named = {"7H", "6C", "KH", "QH", "AS", "QC", "8H", "QS", "JS"}
    others = [c for c in ALL_CARDS if c not in named]
    reserve = [*others[:9], "JS", "QS", "8H", "QC"]
    return Deal.from_layout(
        reserve=reserve,
        base="7H",
        tableau=["6C", "KH", "QH", "AS"],
        stock=others[9:],
        draw=draw,
    )
