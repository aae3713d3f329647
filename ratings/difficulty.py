"""A deal's difficulty as players read it: its rating (as a player of its day, rated from the
people who met it) and a tier from easy to fiendish.

The tiers say what a player rated 1500 (everyone's start, and about the middle of the field)
can expect of the deal: Glicko-2 expects them to score more than 0.64 against a deal rated
below 1400 (easy), more than half below 1500 (medium), less than half from 1500 (hard), less
than 0.36 from 1600 (very hard) and less than 0.24 from 1700 (fiendish).
"""

from django.utils.functional import Promise
from django.utils.translation import gettext_lazy as _

#: (upper bound of the rating, tier code), easiest first; the last tier has no bound.
TIERS: tuple[tuple[float, str], ...] = (
    (1400.0, "easy"),
    (1500.0, "medium"),
    (1600.0, "hard"),
    (1700.0, "very_hard"),
    (float("inf"), "fiendish"),
)

TIER_WORDS: dict[str, Promise] = {
    "easy": _("easy"),
    "medium": _("medium"),
    "hard": _("hard"),
    "very_hard": _("very hard"),
    "fiendish": _("fiendish"),
}


def tier_of(rating: float) -> str:
    """The tier code of a deal rated ``rating``.

    >>> tier_of(1390.0), tier_of(1500.0), tier_of(1700.0)
    ('easy', 'hard', 'fiendish')
    """
    return next(tier for bound, tier in TIERS if rating < bound)
