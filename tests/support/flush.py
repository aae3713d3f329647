"""Emptying the PostgreSQL test database between transactional tests with DELETE, not TRUNCATE.

A test that commits (``transactional_db``: every test with a server process, a socket or a
browser) ends with Django's ``flush``, which on PostgreSQL is one ``TRUNCATE`` of every table.
TRUNCATE gives each table a new file and drops the old one at commit: about 0.3 s per test on
a quiet 2-core machine and over a second on a loaded one, for tables that hold a few rows.
``DELETE FROM`` each table in one transaction empties the same tables in milliseconds.

Two things TRUNCATE skips and DELETE would run are switched off for that one transaction with
``session_replication_role = replica``: the action log's append-only trigger
(``games.append_only``: TRUNCATE is the administrator's wipe, allowed) and the foreign key
checks (every table is emptied, so none could fail). Setting that role needs a superuser,
which is what the suite's ``postgres`` role is; under any other role the flush stays Django's.
Sequences are not reset either way (pytest-django flushes with ``reset_sequences=False``).
"""

from __future__ import annotations

from collections.abc import Callable
from functools import wraps
from typing import Any

from django.db.backends.postgresql.operations import DatabaseOperations


def flush_with_delete() -> None:
    """Make the PostgreSQL backend's ``sql_flush`` delete rows (for this test process)."""
    truncate = DatabaseOperations.sql_flush
    if getattr(truncate, "deletes_rows", False):
        return
    DatabaseOperations.sql_flush = _deleting(truncate)  # type: ignore[method-assign]


def _deleting(truncate: Callable[..., list[str]]) -> Callable[..., list[str]]:
    @wraps(truncate)
    def sql_flush(
        self: DatabaseOperations,
        style: Any,
        tables: list[str],
        *,
        reset_sequences: bool = False,
        allow_cascade: bool = False,
    ) -> list[str]:
        if reset_sequences or not tables or not _is_superuser(self):
            return truncate(
                self, style, tables, reset_sequences=reset_sequences, allow_cascade=allow_cascade
            )
        return [
            "SET LOCAL session_replication_role = replica;",
            *(f"DELETE FROM {self.quote_name(table)};" for table in tables),
        ]

    sql_flush.deletes_rows = True  # type: ignore[attr-defined]
    return sql_flush


def _is_superuser(operations: DatabaseOperations) -> bool:
    with operations.connection.cursor() as cursor:
        cursor.execute("SELECT rolsuper FROM pg_roles WHERE rolname = current_user")
        row = cursor.fetchone()
    return bool(row and row[0])
