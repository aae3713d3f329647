"""Fixtures of the rank index tests: a real Redis (the shared one, or a private one a test
may stop), a clean slate of the index's per-process memory, committed rows.

Without Redis these tests skip, saying why; with ``CANFIELD_REQUIRE_SERVICES=1`` they fail.
Each test has its own cache key prefix (tests/conftest.py), hence its own index keys.
"""

from __future__ import annotations

import shutil
from collections.abc import Iterator

import pytest
from django.conf import LazySettings

from games.rank_index import background, health, store
from games.rank_index.reads import mismatches
from tests.robustness.conftest import redis_url
from tests.robustness.faults import PrivateRedis, missing_service, private_redis
from tests.support.redis_keys import delete_keys


def forget_process_state() -> None:
    background.wait()
    background.forget()
    health.reset()
    with mismatches.lock:
        mismatches.since.clear()


def use_redis(settings: LazySettings, url: str) -> None:
    settings.REDIS_URL = url
    settings.CANFIELD_RANK_INDEX = True


def delete_index_keys() -> None:
    delete_keys(store.client_for(store.settings.REDIS_URL), f"{store.key_prefix()}*")


@pytest.fixture
def index_redis(
    settings: LazySettings, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> Iterator[str]:
    """The shared Redis (``REDIS_URL``) with the index on; rows are committed (writes
    update the index after their commit)."""
    url = redis_url()
    monkeypatch.setattr(store, "BACKOFF_S", 0.0)  # tests switch Redis on and off at once
    use_redis(settings, url)
    forget_process_state()
    yield url
    forget_process_state()
    delete_index_keys()


@pytest.fixture
def stoppable_redis(
    settings: LazySettings, transactional_db: None, monkeypatch: pytest.MonkeyPatch
) -> Iterator[PrivateRedis]:
    """A private ``redis-server`` holding the index, which the test may stop and restart."""
    if shutil.which("redis-server") is None:
        missing_service("redis-server is not installed: the outage tests run their own")
    monkeypatch.setattr(store, "BACKOFF_S", 0.0)
    with private_redis() as server:
        use_redis(settings, server.url)
        forget_process_state()
        yield server
        forget_process_state()
