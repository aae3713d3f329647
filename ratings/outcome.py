"""The outcome of a ranked game as a match of its player against the day's deal: a score in
[0, 1], as Glicko-2 takes one (1 a win over the deal, 0 a loss, anything between a share).

Why this shape:

* **Cards home** are what a game that is not won achieved: a loss scores
  ``LOSS_CEILING * (cards - 1) / 51`` (the base card is on a foundation from the deal, so a
  game that moved nothing scores 0, and 51 cards scores just under ``LOSS_CEILING``).
* **A win beats any loss**: it scores from ``LOSS_CEILING`` up, so the deal "loses" to every
  player who cleared it.
* **For a win, few actions against par**: the day's solver par (``DailyDeal.par``, the length
  of the solver's winning line) is the yardstick: ``LOSS_CEILING + (1 - LOSS_CEILING) *
  min(1, par / actions)``. A win in par actions or fewer scores 1, one in twice par 0.75.
  The solver's line is not always the shortest, so a player can beat par: capped at 1.
* Time never counts: it ranks ties on the board, but a rating is about play, and a slower
  win of the same length is no weaker play.

So a better rank that day (``games.ranking``: more cards, then fewer actions, then less time)
never gives a lower outcome (tests/ratings/test_outcome.py checks it with hypothesis): cards
only raise it, and among wins fewer actions only raise it. Ties in cards among losses score
alike (their actions are exploration, not progress).

Pure Python, no Django: the bench and the engine's users can import it.
"""

#: The most a game that is not won scores; a win scores from here up to 1.
LOSS_CEILING = 0.5

#: Cards on the foundations: the base card (1, from the deal) to all of them (52, a win).
FIRST_CARDS, ALL_CARDS = 1, 52


def game_outcome(*, cards: int, actions: int, par: int | None) -> float:
    """The score in [0, 1] of a game that ended (or stood at its day's close) with ``cards``
    on the foundations after ``actions`` actions, on a deal whose solver par is ``par``
    (None: unknown, a win then scores 1).

    >>> game_outcome(cards=52, actions=200, par=100)
    0.75
    >>> game_outcome(cards=27, actions=300, par=100)
    0.2549019607843137
    """
    if not FIRST_CARDS <= cards <= ALL_CARDS:
        raise ValueError(f"cards must be {FIRST_CARDS}..{ALL_CARDS}, not {cards}")
    if cards < ALL_CARDS:
        return LOSS_CEILING * (cards - FIRST_CARDS) / (ALL_CARDS - FIRST_CARDS)
    if par is None or actions <= par:
        return 1.0
    return LOSS_CEILING + (1 - LOSS_CEILING) * par / actions
