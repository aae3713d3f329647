"""Random games and random positions for the property tests (hypothesis strategies)."""

from __future__ import annotations

import random

from hypothesis import strategies as st

from engine import CARD_NAMES, Deal, Game
from engine.deal import DEAL_NUMBERS
from tests.engine.reference import rank, stacks_on


@st.composite
def fresh_games(draw: st.DrawFn) -> Game:
    number = draw(st.integers(0, DEAL_NUMBERS - 1))
    return Game(Deal.from_number(number, draw=draw(st.sampled_from([1, 3]))))


@st.composite
def random_positions(draw: st.DrawFn) -> Game:
    """Positions a random walk from a deal rarely reaches: foundations far along (wraps,
    full ones), a short or empty reserve, empty columns, long runs in the columns."""
    rng = random.Random(draw(st.integers(0, 2**32 - 1)))
    base = rng.choice(CARD_NAMES)
    start = rank(base)
    foundations: dict[str, list[str]] = {}
    for suit in "CDHS":
        count = rng.choice([0, 0, 1, 3, 6, 10, 12, 13])
        foundations[suit] = ["A23456789TJQK"[(start + k) % 13] + suit for k in range(count)]
    pool = [c for c in CARD_NAMES if c not in {x for f in foundations.values() for x in f}]
    rng.shuffle(pool)
    reserve = [pool.pop() for _ in range(min(len(pool), rng.choice([0, 0, 0, 1, 2, 5])))]
    tableau: list[list[str]] = []
    for _ in range(4):
        column: list[str] = []
        if pool and (reserve or rng.random() < 0.8):
            column.append(pool.pop())
            for _ in range(rng.choice([0, 1, 3, 8, 16, 30])):
                fits = [c for c in pool if stacks_on(c, column[-1])]
                if not fits:
                    break
                card = rng.choice(fits)
                pool.remove(card)
                column.append(card)
        tableau.append(column)
    if any(not col for col in tableau) and reserve:
        pool += reserve
        reserve = []
    split = rng.randint(0, len(pool))
    state = {
        "code": None,
        "draw": rng.choice([1, 3]),
        "base": base,
        "reserve": reserve,
        "stock": pool[:split],
        "waste": pool[split:],
        "tableau": tableau,
        "foundations": foundations,
    }
    return Game.from_state(state)


games = st.one_of(fresh_games(), random_positions())
#: Each int picks one of the legal moves (modulo their number) at one step of a walk.
choices = st.lists(st.integers(0, 10**6), min_size=1, max_size=120)


def pick(game: Game, choice: int) -> str:
    """A legal move picked by ``choice``: undo only one time in eight, and half the time a
    card move rather than the stock, so walks go deep (reserve gone, empty columns)."""
    legal = [str(m) for m in game.legal_moves()]
    if "undo" in legal and len(legal) > 1 and choice % 8:
        legal.remove("undo")
    card_moves = [t for t in legal if t not in ("draw", "recycle", "undo")]
    if card_moves and choice % 8 in (1, 2, 3, 4):
        legal = card_moves
    return legal[(choice // 8) % len(legal)]


def stock_cycles(code: str, count: int) -> list[str]:
    """``count`` legal tokens on ``code``: draw through the stock, recycle, again (the waste
    differs from one action to the next), for logs as long as a test or a bench needs."""
    game = Game(Deal.from_code(code))
    tokens: list[str] = []
    while len(tokens) < count:
        token = "draw" if game.state()["stock"] else "recycle"
        game.play(token)
        tokens.append(token)
    return tokens
