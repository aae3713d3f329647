"""A daily deal's prior: the rating its day starts it from, before any player has met it.

The server already knows one thing about how hard a sealed deal is before anyone plays it:
the table par (``engine.table_player.par.TablePar``), computed ahead of the day for the
fair-play signals: 20 to 60 runs of a strong player who sees only the table, each ending
won or lost with some cards home. Its **win share** is the prior's signal: the deal's
rating is what makes a fixed reference player (``REFERENCE``) expect that share,

    prior = REFERENCE - SLOPE * logit(clamp(won / runs, FLOOR, 1 - FLOOR))

(Glicko-2's own logistic link, ``SCALE`` per logit unit, with a slope and reference fitted
on simulated days by ``bench/deal_prior.py``: docs/ratings.md has the figures). A deal no run
won (the share clamped at ``FLOOR``) is made harder by the cards its runs left out, up to
``LOSS_SPAN``; no other deal has that term, so a deal won more often is never harder.

What is left out, and why: the solver's verdict is the same for every daily (each is chosen
as proven winnable); the solver's par and the runs' actions (less their idle loops) measure
how long a win is, which moves a won game's outcome by at most a half, much less than won
or lost does; and both are already shown. A par whose runs ran out of time still counts: its
runs are honest games, only fewer.

The deviation is wide (``DEVIATION``, the prior's measured error on the simulated days) so
the players' games, not the prior, decide the rated difficulty of a deal many people met.

Pure Python, no Django: the service (``ratings.expected``) and the bench call it alike.
"""

import math

from engine.table_player.par import TablePar
from ratings.glicko import NEWCOMER, START_VOLATILITY, Rating

#: The rating of a player whose expected outcome equals the table-view player's win share
#: on the deal; and how many rating points a logit of that share is worth (fitted).
REFERENCE, SLOPE = 1575.0, 70.0
#: The least (and one less the most) win share the prior believes: a share of 0 or 1 from a
#: few dozen runs is not a certainty.
FLOOR = 1 / 50
#: At most this much harder for a deal no run won, by the share of cards its runs left out.
LOSS_SPAN = 100.0
#: The prior's deviation: its measured error against the players' rating of the day.
DEVIATION = 200.0
#: The cards a run has home from the deal (the base card): the least a run ends with.
FIRST_CARDS, ALL_CARDS = 1, 52


def clamped_share(won: int, runs: int) -> float:
    return min(max(won / runs, FLOOR), 1 - FLOOR)


def prior_rating(par: TablePar) -> float:
    """The prior rating of the deal whose table par is ``par`` (see the module).

    >>> from engine.table_player.par import TablePar
    >>> def par_of(runs): return TablePar(3, tuple(runs), 200, None, None, "no_edge")
    >>> prior_rating(par_of([(52, 200)] * 10)) < prior_rating(par_of([(52, 200), (20, 90)]))
    True
    """
    won = sum(1 for cards, _ in par.runs if cards == ALL_CARDS)
    share = clamped_share(won, len(par.runs))
    rating = REFERENCE - SLOPE * math.log(share / (1 - share))
    if won == 0:
        left_out = sum(ALL_CARDS - cards for cards, _ in par.runs)
        rating += LOSS_SPAN * left_out / ((ALL_CARDS - FIRST_CARDS) * len(par.runs))
    return rating


def deal_prior(par: TablePar | None) -> Rating:
    """What a day's deal is rated from: its prior (``DEVIATION`` wide), or a newcomer's
    (1500 ± 350) when it has no table par or one with no runs."""
    if par is None or not par.runs:
        return NEWCOMER
    return Rating(prior_rating(par), DEVIATION, START_VOLATILITY)
