"""How long the service lets the solver think (seconds), from settings or the environment.

``CANFIELD_DAILY_SOLVE_SECONDS`` (default 10) bounds each daily candidate: a deal not proven
winnable within it is skipped. ``CANFIELD_HINT_SECONDS`` (default 3) bounds one hint, which a
player waits for. A Django setting of that name wins over the environment variable, so tests
and deployments can set either.
"""

import os

from django.conf import settings


def seconds_setting(name: str, default: float) -> float:
    value = getattr(settings, name, None)
    if value is None:
        value = os.environ.get(name) or default
    seconds = float(value)
    if not seconds > 0:
        raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")
    return seconds


def daily_solve_seconds() -> float:
    return seconds_setting("CANFIELD_DAILY_SOLVE_SECONDS", 10.0)


def hint_seconds() -> float:
    return seconds_setting("CANFIELD_HINT_SECONDS", 3.0)
