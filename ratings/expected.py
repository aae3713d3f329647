"""A daily deal's expected difficulty: its prior (``ratings.prior``) read from the board's
stored table par, for the day's rating and for the pages.

The table par is computed ahead of the day (``manage.py prepare_daily``, or the fair-play
worker for today and tomorrow) and never changes once stored, so a board's prior is fixed
before the day opens, costs a request one cached read (``fairplay.table_pars``), and a day
rated again (``rebuild_projections``) starts from the same prior.

Before the close the pages show the prior's **tier only**, never its number: the tier is a
few bits about the deal that everyone is told alike (docs/ratings.md, "Before the close",
says why that is safe on a sealed table and what it does not tell).
"""

from typing import Any

from engine.table_player.par import TablePar
from fairplay.models import TableParRecord
from fairplay.table_pars import board_table_par
from ratings.difficulty import TIER_WORDS, tier_of
from ratings.glicko import Rating
from ratings.prior import deal_prior


def board_prior(board: str) -> Rating:
    """The rating a daily board's deal is rated from (read afresh: rating is no request)."""
    stored = TableParRecord.objects.filter(board=board).values_list("par", flat=True).first()
    return deal_prior(None if stored is None else TablePar.from_json(stored))


def expected_difficulty(board: str) -> dict[str, Any] | None:
    """A daily board's expected tier as a client reads it (a code and words, no number),
    None while its table par is not stored."""
    par = board_table_par(board)
    if par is None or not par.runs:
        return None
    tier = tier_of(deal_prior(par).rating)
    return {"tier": tier, "tier_words": str(TIER_WORDS[tier])}
