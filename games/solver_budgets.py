"""How long the service lets the solver think, from settings (``canfield_site.settings`` reads
and checks ``CANFIELD_DAILY_SOLVE_SECONDS`` and ``CANFIELD_HINT_SECONDS`` from the environment
once, at start).

``CANFIELD_DAILY_SOLVE_SECONDS`` (default 10) bounds each daily candidate: a deal not proven
winnable within it is skipped (``CANFIELD_DAILY_SOLVE_NODES`` adds a node budget).
``CANFIELD_HINT_SECONDS`` (default 3) bounds one hint, which a player waits for. Read on every
call, so a test's settings override takes effect.
"""

from django.conf import settings


def positive_seconds(name: str) -> float:
    """The setting ``name`` as seconds; a non-positive override is refused here as the
    environment's value is refused at start."""
    value = getattr(settings, name)
    seconds = float(value)
    if not seconds > 0:
        raise ValueError(f"{name} must be a positive number of seconds, not {value!r}")
    return seconds


def daily_solve_seconds() -> float:
    return positive_seconds("CANFIELD_DAILY_SOLVE_SECONDS")


def daily_solve_nodes() -> int | None:
    """A node budget per daily candidate on top of the time budget (None: time only). A
    choice bounded by nodes alone does not depend on how busy the machine is, which tests
    (and an operator comparing two installs) need."""
    value = settings.CANFIELD_DAILY_SOLVE_NODES
    return None if value is None else int(value)


def hint_seconds() -> float:
    return positive_seconds("CANFIELD_HINT_SECONDS")
