"""Glicko-2, by the ``glicko2`` package, put to our use: a day's deal is a player of one
rating period (the day), rated from every game its players made of it, and each player is
rated against the deal as it came out of the day.

Pure Python, no Django: ``ratings.days`` calls it for the service, ``bench/ratings_models.py``
for the comparison with OpenSkill that chose it (docs/ratings.md).

The package's ``Player`` holds its numbers on the Glicko-2 internal scale; these functions
take and give the familiar one (1500, deviation 350 for someone new), as frozen values, so a
rating is data that a table and a test can compare.

One slip of the package is corrected here (``PaperPlayer``): its volatility step's ``f``
reads the rating where Glickman's paper reads the deviation. For an ordinary player it only
bends the volatility a little; for a deal met by hundreds of players it makes the step's
iteration diverge (``OverflowError``). With the paper's ``f`` the package reproduces the
paper's worked example to its printed digits (tests/ratings/test_glicko.py).
"""

import math
from collections.abc import Sequence
from dataclasses import dataclass

import glicko2

#: A newcomer, and the most uncertain anyone can be: inactivity widens a deviation up to here.
START_RATING, START_DEVIATION, START_VOLATILITY = 1500.0, 350.0, 0.06


@dataclass(frozen=True)
class Rating:
    """A Glicko-2 rating: ``rating`` (1500 average), ``deviation`` (RD: 350 unknown, about
    50 for a player of many days) and ``volatility`` (how erratic they are)."""

    rating: float
    deviation: float
    volatility: float


#: Glicko-2's internal unit on the familiar scale (Glickman's 173.7178, the package's too).
SCALE = 173.7178

NEWCOMER = Rating(START_RATING, START_DEVIATION, START_VOLATILITY)


class PaperPlayer(glicko2.Player):
    """The package's player with step 5's ``f`` as Glickman's paper writes it (the package's
    reads ``rating**2`` where the paper has the deviation's square)."""

    def _f(self, x: float, delta: float, v: float, a: float) -> float:
        ex = math.exp(x)
        phi_squared = self._Player__rd**2  # the package keeps it name-mangled
        num1 = ex * (delta**2 - phi_squared - v - ex)
        denom1 = 2 * ((phi_squared + v + ex) ** 2)
        return float(num1 / denom1 - (x - a) / self._tau**2)


def player_of(rating: Rating) -> PaperPlayer:
    return PaperPlayer(rating=rating.rating, rd=rating.deviation, vol=rating.volatility)


def rating_of(player: glicko2.Player) -> Rating:
    return Rating(
        rating=float(player.rating),
        deviation=min(float(player.rd), START_DEVIATION),
        volatility=float(player.vol),
    )


def widened(rating: Rating, *, idle_days: int) -> Rating:
    """``rating`` after ``idle_days`` rating periods without a game (Glicko-2's step 6: the
    deviation grows with the volatility, up to a newcomer's)."""
    if idle_days <= 0:
        return rating
    player = player_of(rating)
    for _ in range(idle_days):
        player.did_not_compete()
        if player.rd >= START_DEVIATION:
            break
    return rating_of(player)


def rated(rating: Rating, *, opponents: Sequence[Rating], scores: Sequence[float]) -> Rating:
    """``rating`` after one rating period against ``opponents`` with these ``scores`` (each in
    [0, 1], from its own point of view). No opponent: the period only widens it."""
    if not opponents:
        return widened(rating, idle_days=1)
    player = player_of(rating)
    player.update_player(
        [opponent.rating for opponent in opponents],
        [opponent.deviation for opponent in opponents],
        list(scores),
    )
    return rating_of(player)


def expected_score(rating: Rating, *, against: Rating) -> float:
    """What ``rating`` is expected to score against ``against`` (Glicko-2's E, the package's)."""
    # The package keeps E private and on its internal scale: ask it there, no maths here.
    internal = (against.rating - START_RATING) / SCALE, against.deviation / SCALE
    return float(player_of(rating)._E(*internal))
