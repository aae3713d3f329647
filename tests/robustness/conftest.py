"""Fixtures of the robustness tests: real services, real server processes.

These tests prove properties of the production stack (PostgreSQL row locks, Redis, several
uvicorn workers), so without PostgreSQL and Redis they skip, saying why, and with
``CANFIELD_REQUIRE_SERVICES=1`` (CI) they fail instead: a proof that did not run must not
look like one that passed.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator

import pytest

from tests.robustness.faults import missing_service
from tests.support.servers import CHEAP_HASHING, run_asgi_server, server_env_for_test_db

#: Throttles stay in the request path but no test client can reach them.
UNREACHABLE_RATE = "1000000/minute"


def redis_url() -> str:
    """The shared Redis of the test run (``REDIS_URL``), checked to answer."""
    url = os.environ.get("REDIS_URL", "")
    if not url:
        missing_service("REDIS_URL is not set: these tests need Redis")
    import redis

    try:
        redis.Redis.from_url(url, socket_timeout=2).ping()
    except redis.RedisError as error:
        missing_service(f"Redis at {url} does not answer: {error}")
    return url


@pytest.fixture
def postgres(transactional_db: None) -> None:
    """The test database is PostgreSQL (committed rows, visible to server processes)."""
    from django.db import connection

    if connection.vendor != "postgresql":
        missing_service(f"DATABASE_URL is not PostgreSQL (the tests run on {connection.vendor})")


@pytest.fixture
def server_env(postgres: None) -> dict[str, str]:
    """Environment of a server process on the test database, with Redis and open throttles."""
    return {
        **server_env_for_test_db(),
        "REDIS_URL": redis_url(),
        "CANFIELD_THROTTLE_ANON": UNREACHABLE_RATE,
        "CANFIELD_THROTTLE_USER": UNREACHABLE_RATE,
    }


@pytest.fixture
def redis_server_binary() -> str:
    """The ``redis-server`` program, to run a private Redis that a test may stop."""
    binary = shutil.which("redis-server")
    if binary is None:
        missing_service("redis-server is not installed: the Redis outage test runs its own")
    return str(binary)


@pytest.fixture
def server_url(server_env: dict[str, str]) -> Iterator[str]:
    """One uvicorn worker serving the app on the test database (PostgreSQL and Redis)."""
    with run_asgi_server(env=server_env) as base_url:
        yield base_url


@pytest.fixture
def any_server_url(transactional_db: None) -> Iterator[str]:
    """One uvicorn worker on whatever database the tests run on (the embedded SQLite
    default too), with Redis when ``REDIS_URL`` is set: for checks of the API's contract,
    which must hold on every supported stack."""
    env = {
        **server_env_for_test_db(),
        **CHEAP_HASHING,
        "CANFIELD_THROTTLE_ANON": UNREACHABLE_RATE,
        "CANFIELD_THROTTLE_USER": UNREACHABLE_RATE,
    }
    if os.environ.get("REDIS_URL"):
        env["REDIS_URL"] = redis_url()
    with run_asgi_server(env=env) as base_url:
        yield base_url
