"""SQLite backend whose ``flush`` lifts the append-only triggers for the length of the wipe.

Django flushes SQLite with ``DELETE FROM`` (PostgreSQL uses TRUNCATE, which row triggers do
not see), so the triggers would abort every ``manage.py flush`` and every teardown of a
transactional test. The statements run in one transaction: the triggers are back before it
commits.
"""

from typing import Any

from django.db.backends.sqlite3 import base, operations

from games.append_only import ACTION_TABLE, SQLITE_INSTALL, SQLITE_UNINSTALL


class DatabaseOperations(operations.DatabaseOperations):
    def sql_flush(self, style: Any, tables: Any, **kwargs: Any) -> list[str]:
        statements = super().sql_flush(style, tables, **kwargs)
        if ACTION_TABLE not in tables:
            return statements
        return [*SQLITE_UNINSTALL, *statements, *SQLITE_INSTALL]


class DatabaseWrapper(base.DatabaseWrapper):
    ops_class = DatabaseOperations
