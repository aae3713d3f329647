"""Rows read and written in plain SQL, as Django would: the one home of the Django internals
the hot path's SQL (``games.move_sql``) leans on.

A statement written out as text still takes its columns from the models' field definitions
and gives its rows back through the models' ``from_db`` and the converters Django applies to
a value read from this database (a JSON snapshot, SQLite's dates and booleans), so a model
changed in one place changes here too. ``converters`` reads Django's per-backend converter
lists (``connection.ops.get_db_converters``, a column's ``get_db_converters``): not a public
API, so it is kept here alone, and ``tests/games/test_move_sql.py`` checks what comes back
against what the ORM's querysets read, on SQLite and PostgreSQL both.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import cache
from typing import Any, TypeVar

from django.db import connection
from django.db.models import Model
from django.db.models.fields import Field

Instance = TypeVar("Instance", bound=Model)


def quote(name: str) -> str:
    """A table's or a column's name as this database quotes it."""
    return connection.ops.quote_name(name)


@cache
def columns(model: type[Model]) -> tuple[Field[Any, Any], ...]:
    """``model``'s concrete fields, in the order its rows are read."""
    return tuple(f for f in model._meta.concrete_fields if isinstance(f, Field))


@cache
def attnames(model: type[Model]) -> list[str]:
    return [f.attname for f in columns(model)]


@cache
def select_list(model: type[Model], alias: str) -> str:
    return ", ".join(f"{alias}.{quote(str(f.column))}" for f in columns(model))


def _field_converters(f: Field[Any, Any]) -> tuple[Callable[..., Any], ...]:
    """What Django applies to a value of ``f`` read from this connection's database."""
    return (
        *connection.ops.get_db_converters(f.cached_col),
        *f.cached_col.get_db_converters(connection),
    )


@cache
def _converters(model: type[Model], vendor: str) -> tuple[tuple[Callable[..., Any], ...], ...]:
    """Per column of ``model``: its converters on this vendor (kept per vendor: the tests
    run both databases in one process)."""
    return tuple(_field_converters(f) for f in columns(model))


def instance_of(model: type[Instance], values: Sequence[Any]) -> Instance:
    """The model instance of a row read with ``select_list(model, ...)``'s columns."""
    converted = list(values)
    for index, (f, functions) in enumerate(
        zip(columns(model), _converters(model, connection.vendor), strict=True)
    ):
        for function in functions:
            converted[index] = function(converted[index], f.cached_col, connection)
    return model.from_db(connection.alias, attnames(model), converted)


def value_of(model: type[Model], name: str, value: Any) -> Any:
    """A value of the column ``name`` of ``model`` as Python (SQLite gives 0/1 for a bool)."""
    f = model._meta.get_field(name)
    assert isinstance(f, Field)
    for function in _field_converters(f):
        value = function(value, f.cached_col, connection)
    return value


@cache
def auto_now(model: type[Model]) -> tuple[str, ...]:
    """The fields ``save`` writes on every save (``auto_now``)."""
    return tuple(f.name for f in columns(model) if getattr(f, "auto_now", False))
