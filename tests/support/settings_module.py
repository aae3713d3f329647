"""The settings module run afresh in this process, with an environment of the test's choosing.

Settings are read once per process, so checking what they make of an environment used to need
a new interpreter per case: 3 to 4 s each on a loaded machine. Running the module's file again
(``runpy``) under a patched ``os.environ`` gives the same dict in milliseconds; a few tests
keep one real start of each kind (``tests/canfield_site/test_settings.py``'s ``django_setup``).
"""

import os
import runpy
from pathlib import Path
from typing import Any
from unittest import mock

REPO_ROOT = Path(__file__).resolve().parents[2]
SETTINGS_FILE = REPO_ROOT / "canfield_site" / "settings.py"

#: Variables the settings read that the test run itself may have set (CI sets the services').
SETTINGS_VARIABLES = frozenset(
    {
        "SECRET_KEY",
        "DAILY_SECRET",
        "DEBUG",
        "CANFIELD_DATA_DIR",
        "DATABASE_URL",
        "REDIS_URL",
        "CANFIELD_WORKERS",
        "CANFIELD_DB_POOL_MAX_SIZE",
        "CANFIELD_DB_POOL_TIMEOUT",
    }
)


def settings_from(env: dict[str, str]) -> dict[str, Any]:
    """What ``django.setup()`` would load with exactly this extra environment (none of the
    run's own ``SETTINGS_VARIABLES``), or the ``ImproperlyConfigured`` it would stop with."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    with mock.patch.dict(os.environ, {**clean, **env}, clear=True):
        return runpy.run_path(str(SETTINGS_FILE))
