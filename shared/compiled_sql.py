"""A query's SQL compiled by Django once, sent by a hot read with its own values.

Building and compiling a queryset costs about a millisecond of CPU, more than the indexed
read it sends (``bench/league_board.py``: a board's answer made 7 such reads). A read whose
shape never changes compiles it once, with placeholder values standing for the ones that
change, and sends that SQL with each call's values in their places: the same statement the
ORM would send, without building it again.
"""

from __future__ import annotations

from dataclasses import dataclass
from datetime import date
from typing import Any

from django.db import connection
from django.db.models import QuerySet


@dataclass(frozen=True)
class CompiledSql:
    """A compiled query: its SQL, and for each of its parameters either the index of the
    call's value that fills it or None (a constant of the query, kept as compiled)."""

    sql: str
    slots: tuple[int | None, ...]
    constants: tuple[Any, ...]

    def params(self, values: tuple[Any, ...]) -> list[Any]:
        return [
            values[slot] if slot is not None else constant
            for slot, constant in zip(self.slots, self.constants, strict=True)
        ]

    def rows(self, *values: Any) -> list[tuple[Any, ...]]:
        """The query's rows with ``values`` in the placeholders' places (raw rows: the
        database's own types, SQLite's booleans 0 and 1)."""
        with connection.cursor() as cursor:
            cursor.execute(self.sql, self.params(values))
            return cursor.fetchall()


def date_param(day: date) -> Any:
    """A date as the backend's parameters carry it (SQLite's: text), for a placeholder and
    for the values that replace it alike."""
    return connection.ops.adapt_datefield_value(day)


def compiled(query: QuerySet[Any], *placeholders: Any) -> CompiledSql:
    """``query``'s SQL, its parameters equal to one of ``placeholders`` (same type and
    value, as the backend's parameters carry it: ``date_param``; choose values no real call
    compares equal to) filled by the call's value at that index. Each placeholder must be a
    parameter: a value the ORM folded into the SQL text could not be replaced."""
    sql, params = query.query.sql_with_params()

    def slot(param: Any) -> int | None:
        found = [
            index
            for index, placeholder in enumerate(placeholders)
            if type(placeholder) is type(param) and placeholder == param
        ]
        return found[0] if found else None

    slots = tuple(slot(param) for param in params)
    missing = set(range(len(placeholders))) - set(slots)
    assert not missing, f"placeholders not among the parameters: {missing} of {params}"
    return CompiledSql(sql=sql, slots=slots, constants=tuple(params))
