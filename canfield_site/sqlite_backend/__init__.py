"""Django's SQLite backend, with a ``flush`` that works on the append-only action table."""
