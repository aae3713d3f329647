"""What one pytest process keeps to itself, so that several can share PostgreSQL and Redis.

``make test`` runs the suite in parallel (pytest-xdist: one process per core, ``gw0``,
``gw1``...), and several checkouts may run their suites on one machine at once. What the
processes would otherwise share, and how each gets its own:

* the test database: pytest-django suffixes its name with the worker (``test_x_gw0``), and
  the SQLite test file is named after the process id (``canfield_site.settings``);
* Redis keys and channels: the settings give every process the same prefix (``canfield``),
  and channels-redis's pub/sub ignores the database number, so two processes would bump
  each other's board versions and hear each other's live updates. ``isolate_redis_names``
  gives this process a prefix of its own (``PROCESS_PREFIX``) before anything uses Redis;
  tests still get a cache prefix of their own on top (tests/conftest.py), and the servers a
  test run starts get theirs (``tests.support.servers.RUN_PREFIX``);
* loopback ports: servers bind a free port the OS hands out (``servers.free_port``).
"""

from __future__ import annotations

import os
import uuid
from typing import Any

from django.conf import settings
from django.test.utils import override_settings

#: ``gw0``, ``gw1``... under pytest-xdist; ``main`` in a plain run.
WORKER = os.environ.get("PYTEST_XDIST_WORKER", "main")
#: This process's Redis key and channel prefix.
PROCESS_PREFIX = f"test-{WORKER}-{uuid.uuid4().hex[:12]}"


def isolate_redis_names() -> None:
    """Give this process's cache keys, board versions and channel-layer channels their own
    prefix (the settings' module read ``CANFIELD_CACHE_PREFIX`` before any conftest ran). For
    the whole session: through ``override_settings`` so Django and channels drop whatever
    they built from the old names."""
    caches = {
        name: {**config, "KEY_PREFIX": PROCESS_PREFIX} for name, config in settings.CACHES.items()
    }
    layers: dict[str, dict[str, Any]] = {
        name: dict(config) for name, config in settings.CHANNEL_LAYERS.items()
    }
    for config in layers.values():
        inner: dict[str, Any] = dict(config.get("CONFIG", {}))
        if "prefix" in inner:
            config["CONFIG"] = {**inner, "prefix": f"{PROCESS_PREFIX}-asgi"}
    override_settings(
        CACHE_KEY_PREFIX=PROCESS_PREFIX, CACHES=caches, CHANNEL_LAYERS=layers
    ).enable()
