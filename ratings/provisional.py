"""Provisional until sure: a rating shows with "?" and stays off the ladders while its
deviation is above ``PROVISIONAL_DEVIATION``; days without a game widen it again.

110 is lichess's line, on the same Glicko-2 scale (a newcomer's deviation is 350; a player of
a few weeks of days is below 110). We rate with Glicko-2 itself (``ratings.glicko``), so the
deviation is the library's RD and needs no mapping.

A rating is as of the end of the last day its player played (``last_day``); each whole day
since without a game is one idle rating period (Glicko-2 step 6). So a player's deviation is
settled up to a day that follows from their rating alone: ``settled_until``, kept on the row,
which the ladders compare with the day they are for. Pure: no Django.
"""

import math
from datetime import date, timedelta

from ratings.glicko import SCALE, Rating, widened

#: lichess's line: a deviation above it is provisional ("?").
PROVISIONAL_DEVIATION = 110.0


def is_provisional(deviation: float) -> bool:
    return deviation > PROVISIONAL_DEVIATION


def idle_days(*, last_day: date, day: date) -> int:
    """Whole rating periods without a game between ``last_day`` (played) and ``day``."""
    return max(0, (day - last_day).days - 1)


def rating_on(rating: Rating, *, last_day: date, day: date) -> Rating:
    """``rating`` (as of the end of ``last_day``) as it stands on ``day``: widened by the idle
    days between."""
    return widened(rating, idle_days=idle_days(last_day=last_day, day=day))


def settled_until(rating: Rating, *, last_day: date) -> date | None:
    """The last day on which ``rating`` (as of the end of ``last_day``) is still settled,
    None if it is provisional already."""
    if is_provisional(rating.deviation):
        return None
    # Each idle period adds the volatility's square to the deviation's (step 6, in the
    # package's own units): the number of them that keeps it settled, without stepping
    # through them one by one for every player of a day. tests/ratings/test_glicko.py checks
    # it against the package's own steps (``rating_on``).
    room = (PROVISIONAL_DEVIATION / SCALE) ** 2 - (rating.deviation / SCALE) ** 2
    idle = math.floor(room / rating.volatility**2)
    return last_day + timedelta(days=idle + 1)
