"""The timing signal: think times too flat, or too fast, for a hand on a screen.

A person's time between actions varies a lot: a run of quick draws, then a long look at the
columns. A script that plays through the API with a fixed (or gently jittered) delay does
not. lichess flags a line whose move times have a coefficient of variation (standard
deviation over mean) below 0.25 over enough moves; the same measure fits here, with the
same floor of 36 actions before anything is said. Sustained speed is the other tell: a
median below ``FAST_SECONDS`` over ``MIN_ACTIONS`` actions in a row is faster than anyone
taps and reads a new card, game after game.

Times are the server's (``Action.created_at``, stamped when the action was stored), never a
client's. Pure Python: the fair-play signals (``fairplay.signals``) feed it and keep what it
measured as a flag's evidence.
"""

import statistics
from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from itertools import pairwise
from typing import Literal

#: No timing verdict on fewer think times than this (lichess's floor for move times).
MIN_ACTIONS = 36
#: Think times flatter than this (standard deviation / mean) are a machine's.
FLAT_CV = 0.25
#: A median think time below this over MIN_ACTIONS actions in a row is no hand's.
FAST_SECONDS = 0.15

Verdict = Literal["bot_like", "clear", "too_few"]


@dataclass(frozen=True)
class Timing:
    """What the think times of one game measured, and what that says."""

    actions: int
    mean: float
    median: float
    cv: float
    fastest_median: float

    @property
    def flat(self) -> bool:
        return self.actions >= MIN_ACTIONS and self.cv < FLAT_CV

    @property
    def fast(self) -> bool:
        return self.actions >= MIN_ACTIONS and self.fastest_median < FAST_SECONDS

    @property
    def verdict(self) -> Verdict:
        if self.actions < MIN_ACTIONS:
            return "too_few"
        return "bot_like" if self.flat or self.fast else "clear"

    def evidence(self) -> dict[str, object]:
        """The figures as a flag keeps them (JSON), with the thresholds they were held to."""
        return {
            "think_times": self.actions,
            "mean_seconds": round(self.mean, 3),
            "median_seconds": round(self.median, 3),
            "cv": round(self.cv, 3),
            "fastest_median_seconds": round(self.fastest_median, 3),
            "flat": self.flat,
            "fast": self.fast,
            "thresholds": {
                "min_actions": MIN_ACTIONS,
                "flat_cv_below": FLAT_CV,
                "fast_median_below_seconds": FAST_SECONDS,
            },
        }


def think_times(stamps: Sequence[datetime]) -> list[float]:
    """Seconds between consecutive actions (``stamps`` in log order)."""
    return [(later - earlier).total_seconds() for earlier, later in pairwise(stamps)]


def timing_of(times: Sequence[float]) -> Timing:
    """The measures of a game's think times (``think_times``)."""
    if not times:
        return Timing(actions=0, mean=0.0, median=0.0, cv=0.0, fastest_median=0.0)
    mean = statistics.fmean(times)
    spread = statistics.pstdev(times) if len(times) > 1 else 0.0
    cv = spread / mean if mean > 0 else 0.0
    windows = [
        statistics.median(times[start : start + MIN_ACTIONS])
        for start in range(0, len(times) - MIN_ACTIONS + 1)
    ]
    return Timing(
        actions=len(times),
        mean=mean,
        median=statistics.median(times),
        cv=cv,
        fastest_median=min(windows) if windows else statistics.median(times),
    )
