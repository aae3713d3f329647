"""PostgreSQL connections come from a bounded pool per process (``CANFIELD_DB_POOL_MAX_SIZE``).

Why it matters: under ASGI each request runs on a thread of its own, so a connection per
request cost most of a cheap request, and persistent connections (``CONN_MAX_AGE > 0``) were
kept per dead thread until PostgreSQL ran out of slots. The pool must be on by default, bounded,
and a server under concurrent load must hold no more connections than the bound.
"""

import asyncio
from typing import Any

import httpx
import pytest
from django.db import connection

from tests.support.servers import run_asgi_server, server_env_for_test_db
from tests.support.settings_module import settings_from


def configured_database(**env: str) -> dict[str, Any]:
    """``DATABASES["default"]`` as the settings build it from this environment."""
    database: dict[str, Any] = settings_from(env)["DATABASES"]["default"]
    return database


POSTGRES = "postgresql://app@db.invalid:5432/canfield"


def test_postgresql_gets_a_bounded_pool_by_default() -> None:
    database = configured_database(DATABASE_URL=POSTGRES)
    assert database["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 8, "timeout": 3.0}
    assert database["CONN_MAX_AGE"] == 0  # Django refuses a pool with persistent connections


def test_pool_size_and_timeout_come_from_the_environment() -> None:
    database = configured_database(
        DATABASE_URL=POSTGRES, CANFIELD_DB_POOL_MAX_SIZE="3", CANFIELD_DB_POOL_TIMEOUT="2.5"
    )
    assert database["OPTIONS"]["pool"] == {"min_size": 2, "max_size": 3, "timeout": 2.5}


def test_zero_turns_the_pool_off() -> None:
    database = configured_database(DATABASE_URL=POSTGRES, CANFIELD_DB_POOL_MAX_SIZE="0")
    assert "pool" not in database.get("OPTIONS", {})


def test_sqlite_has_no_pool() -> None:
    assert "pool" not in configured_database()["OPTIONS"]


#: The server's connections name themselves so (libpq reads ``PGAPPNAME``).
SERVER_APP = "canfield-pool-test"


def server_connections(name: str) -> int:
    """Connections of the server to the database ``name`` (not this test process's pool)."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s AND application_name = %s",
            [name, SERVER_APP],
        )
        return int(cursor.fetchone()[0])


@pytest.mark.e2e  # a real server process
@pytest.mark.django_db(transaction=True)
def test_a_server_under_concurrent_requests_stays_within_its_pool() -> None:
    if connection.vendor != "postgresql":
        pytest.skip("the pool is PostgreSQL's")
    name = str(connection.settings_dict["NAME"])
    env = {**server_env_for_test_db(), "CANFIELD_DB_POOL_MAX_SIZE": "3", "PGAPPNAME": SERVER_APP}
    with run_asgi_server(env=env) as base_url:

        async def burst() -> list[int]:
            async with httpx.AsyncClient(base_url=base_url, timeout=30) as client:
                answers = await asyncio.gather(*(client.get("/api/health/") for _ in range(60)))
                return [answer.status_code for answer in answers]

        statuses = asyncio.run(burst())
        held = server_connections(name)
    assert statuses == [200] * 60
    assert 1 <= held <= 3  # the pool's connections stay open for the next requests
