"""How long the service lets the solver think (seconds), from settings or the environment.

``CANFIELD_DAILY_SOLVE_SECONDS`` (default 10) bounds each daily candidate: a deal not proven
winnable within it is skipped (``CANFIELD_DAILY_SOLVE_NODES``, a Django setting, adds a node
budget). ``CANFIELD_HINT_SECONDS`` (default 3) bounds one hint, which a
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


def daily_solve_nodes() -> int | None:
    """A node budget per daily candidate on top of the time budget (None: time only). A
    choice bounded by nodes alone does not depend on how busy the machine is, which tests
    (and an operator comparing two installs) need."""
    value = getattr(settings, "CANFIELD_DAILY_SOLVE_NODES", None)
    return None if value is None else int(value)


def hint_seconds() -> float:
    return seconds_setting("CANFIELD_HINT_SECONDS", 3.0)
