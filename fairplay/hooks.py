"""Fair play's hook table: what apps above it run as its worker goes, without fair play
importing them (docs/architecture.md, "Layers").

Ratings rate a day once fair play's worker has reviewed it (a held game is rated as held);
fair play sits below ratings, so the worker calls what ratings registered here in its
``AppConfig.ready()`` rather than importing it. Nothing registered: nothing is rated.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date

#: Days reviewed up to ``through`` (inclusive) as of ``today``: the days this call acted on.
DaysReviewed = Callable[[date, date | None], list[date]]


@dataclass
class FairPlayHooks:
    days_reviewed: list[DaysReviewed] = field(default_factory=list)


FAIRPLAY_HOOKS = FairPlayHooks()


def days_reviewed(*, today: date, through: date | None) -> list[date]:
    """Every hook's answer to the days reviewed through ``through``, in registration order."""
    acted: list[date] = []
    for hook in FAIRPLAY_HOOKS.days_reviewed:
        acted.extend(hook(today, through))
    return acted
