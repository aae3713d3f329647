"""System checks of the deployment's settings (``manage.py check``), said at start too.

``canfield_site.W001``: a PostgreSQL ``DATABASE_URL`` with no ``CANFIELD_ENV`` runs in
development mode: secrets generated into a file beside the data, none of production's checks
(secrets, DEBUG, Redis with several workers). A deployment nearly always means production, and
the missing variable went unsaid (issue 38, N13). It stays a warning, not a refusal: a developer
may well run PostgreSQL on their machine; setting ``CANFIELD_ENV=development`` says so and
silences it.
"""

from __future__ import annotations

import logging
from typing import Any

from django.conf import settings
from django.core.checks import Warning, register

logger = logging.getLogger("canfield.settings")


def environment_warnings() -> list[Warning]:
    """What the settings' environment leaves unsaid that a deployment should say."""
    if settings.CANFIELD_ENV_GIVEN or settings.DATABASES["default"]["ENGINE"] != (
        "django.db.backends.postgresql"
    ):
        return []
    return [
        Warning(
            "DATABASE_URL names PostgreSQL but CANFIELD_ENV is not set: running in development "
            "mode (generated secrets, none of production's checks)",
            hint="set CANFIELD_ENV=production for a deployment, or CANFIELD_ENV=development "
            "to say this is a developer's PostgreSQL",
            id="canfield_site.W001",
        )
    ]


@register("canfield")
def check_environment(app_configs: Any = None, **kwargs: Any) -> list[Warning]:
    return environment_warnings()


def log_environment_warnings() -> None:
    """Say the checks' warnings in the log, once, as the server starts (a server runs no
    system checks of its own)."""
    for warning in environment_warnings():
        logger.warning("%s (%s; %s)", warning.msg, warning.id, warning.hint)
