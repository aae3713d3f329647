"""The database side of "the action log is append-only".

The model refuses UPDATE and DELETE too, but raw SQL, a shell or another program would get
past it; a trigger makes the database itself refuse. These statements are shared by the
migration that installs the triggers, the SQLite backend that lifts them for ``flush`` and the
tests that tamper with a row on purpose.

PostgreSQL's TRUNCATE does not fire row triggers: it is the administrator's wipe (``flush``),
not an edit of history, and stays possible.
"""

ACTION_TABLE = "games_action"

POSTGRESQL_INSTALL = [
    f"""
    CREATE OR REPLACE FUNCTION {ACTION_TABLE}_append_only() RETURNS trigger
    LANGUAGE plpgsql AS $$
    BEGIN
        RAISE EXCEPTION '{ACTION_TABLE} is append-only: % refused', TG_OP
            USING ERRCODE = 'restrict_violation';
    END
    $$;
    """,
    f"""
    CREATE TRIGGER {ACTION_TABLE}_append_only
    BEFORE UPDATE OR DELETE ON {ACTION_TABLE}
    FOR EACH ROW EXECUTE FUNCTION {ACTION_TABLE}_append_only();
    """,
]

POSTGRESQL_UNINSTALL = [
    f"DROP TRIGGER IF EXISTS {ACTION_TABLE}_append_only ON {ACTION_TABLE};",
    f"DROP FUNCTION IF EXISTS {ACTION_TABLE}_append_only();",
]

SQLITE_INSTALL = [
    f"""
    CREATE TRIGGER IF NOT EXISTS {ACTION_TABLE}_no_{operation.lower()}
    BEFORE {operation} ON {ACTION_TABLE}
    BEGIN
        SELECT RAISE(ABORT, '{ACTION_TABLE} is append-only: {operation} refused');
    END;
    """
    for operation in ("UPDATE", "DELETE")
]

SQLITE_UNINSTALL = [
    f"DROP TRIGGER IF EXISTS {ACTION_TABLE}_no_{operation};" for operation in ("update", "delete")
]


def install_statements(vendor: str) -> list[str]:
    """The statements that make the action table append-only on this database vendor."""
    return {"postgresql": POSTGRESQL_INSTALL, "sqlite": SQLITE_INSTALL}.get(vendor, [])


def uninstall_statements(vendor: str) -> list[str]:
    """The statements that remove the triggers again (migration rollback, tests)."""
    return {"postgresql": POSTGRESQL_UNINSTALL, "sqlite": SQLITE_UNINSTALL}.get(vendor, [])
