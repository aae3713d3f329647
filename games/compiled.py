"""Querysets compiled to SQL once per process, and rows written without the ORM's compiler.

Django compiles a queryset to SQL every time it runs it. For the statements of a move (lock
the game and its player, read the entry, write the action, the game and the entry) that
compilation was a quarter of a move's CPU in Django's thread (``SQLCompiler.as_sql``, 25% of a
py-spy profile of bench/move_cost.py), and the game lock took 940 us through the ORM against
226 us for the same SQL run raw. The statements of a move
are the same every time but for a few values, so:

* :class:`CompiledQuery` builds its queryset once, with placeholder values standing for the
  parameters, lets Django compile it, and keeps the SQL, which parameter is which, and what
  Django needs to turn a row back into model instances (its converters, the columns of
  ``select_related`` models, the annotations). Later runs only execute the SQL and build the
  instances: the queryset stays the one definition of the query.
* :func:`insert_row` and :func:`update_row` write a model instance's fields with one
  statement built from the model's own field definitions (cached per model and field list),
  with the values Django's ``save`` would send (``pre_save``, so ``auto_now`` fields are set,
  and ``get_db_prep_save``). They send no signals: they are for models that have none.

Each of them is a :class:`Statement` (its SQL, its parameters, how to read its result off the
cursor), and :func:`run` sends a sequence of statements: on PostgreSQL in one round trip. A
move's statements depend on one another's *effects* but not on their *results* (the entry is
read after the game row is written; the entry's UPDATE and the count changes follow the read),
so once the lock is held a move is two round trips of statements instead of six or seven.
``CompiledQuery.statement``, :func:`insert_statement` and :func:`update_statement` give the
statement unsent; ``all``/``first``, ``insert_row`` and ``update_row`` run it alone.

Everything runs through Django's cursor wrapper, so errors are Django's (an
``IntegrityError`` stays one), statements are logged under ``DEBUG`` and counted by tests
(a batch of statements is one entry: one round trip).
"""

from __future__ import annotations

import threading
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import cache
from typing import Any, Generic, TypeVar

from django.db import connections, transaction
from django.db.backends.base.base import BaseDatabaseWrapper
from django.db.models import Field, Model, QuerySet
from django.db.models.query import ModelIterable, ValuesListIterable, get_related_populators
from django.db.transaction import TransactionManagementError

Row = TypeVar("Row")
Result = TypeVar("Result")


@dataclass(frozen=True)
class Statement(Generic[Result]):
    """One SQL statement, unsent: what :func:`run` needs to send several in one round trip
    and still hand each its own result.

    ``sql`` is written for ``cursor.execute(sql, params)`` on the connection it is run on
    (``%s`` placeholders, ``%%`` for a literal percent sign, even with no parameters: joined
    with others, its text is interpolated with theirs). ``read`` is called with the cursor
    standing on this statement's result (rows to fetch, a ``rowcount``) and returns what the
    caller wants of it.
    """

    sql: str
    params: Sequence[Any]
    read: Callable[[Any], Result]


def _rowcount(cursor: Any) -> int:
    return int(cursor.rowcount)


def written(sql: str, params: Sequence[Any]) -> Statement[int]:
    """A statement that returns no rows; its result is how many rows it touched."""
    return Statement(sql, params, _rowcount)


#: Joins the statements of a batch (a newline, so that a logged batch reads one per line).
SEPARATOR = ";\n"


def batches(connection: BaseDatabaseWrapper) -> bool:
    """Whether ``connection`` runs several statements in one ``execute``: PostgreSQL through
    psycopg 3 with client-side binding (Django's default), whose cursor sends the text with
    the parameters bound in one simple-query message, each statement seeing the earlier ones'
    effects, one result set each (``nextset``). Server-side binding sends an extended-protocol
    message, one statement only; psycopg 2 has no ``nextset``; SQLite's ``execute`` takes one."""
    if connection.vendor != "postgresql":
        return False
    from django.db.backends.postgresql.psycopg_any import is_psycopg3  # needs a driver

    return is_psycopg3 and not connection.features.uses_server_side_binding  # type: ignore[attr-defined]


def run(statements: Sequence[Statement[Any]], *, using: str = "default") -> list[Any]:
    """Run ``statements`` in order, each seeing what the earlier ones wrote, and give each
    one's result (``read``), in order.

    Where the connection ``batches``, they go in one round trip. Elsewhere they run one by
    one on the same cursor. Either way the batch is all or nothing: a statement that fails
    raises Django's error for it, and whatever the earlier ones wrote goes when the
    transaction rolls back (PostgreSQL runs a multi-statement message as one transaction even
    in autocommit mode; one by one, several statements in autocommit mode are wrapped in one).
    """
    if not statements:
        return []
    connection = connections[using]
    together = len(statements) > 1 and batches(connection)
    if len(statements) > 1 and not together and connection.get_autocommit():
        with transaction.atomic(using=using):
            return run(statements, using=using)
    with connection.cursor() as cursor:
        if together:
            cursor.execute(
                SEPARATOR.join(statement.sql for statement in statements),
                [value for statement in statements for value in statement.params],
            )
            results = []
            for index, statement in enumerate(statements):
                if index and not cursor.nextset():
                    raise RuntimeError(f"{len(statements)} statements gave {index} results")
                results.append(statement.read(cursor))
            return results
        results = []
        for statement in statements:
            cursor.execute(statement.sql, statement.params)
            results.append(statement.read(cursor))
        return results


def run_one(statement: Statement[Result], *, using: str = "default") -> Result:
    """``statement`` alone, its result typed."""
    result: Result = run([statement], using=using)[0]
    return result


def _placeholder(kind: type, number: int) -> Any:
    """Stand-in number ``number`` for a parameter of type ``kind``. Integers stay small:
    Django turns a lookup with a value outside its column's range (a ``SmallIntegerField``
    ends at 32,767) into an empty result instead of SQL."""
    if kind is int:
        return 30_011 + number
    if kind is str:
        return f"\x1fcompiled-query-parameter-{number}\x1f"
    raise TypeError(f"no placeholder value for parameters of type {kind.__name__}")


@dataclass(frozen=True)
class _Compiled:
    sql: str
    #: Per SQL parameter: the name of the value that goes there, or None for a constant.
    slots: tuple[str | None, ...]
    constants: tuple[Any, ...]
    converters: tuple[tuple[int, tuple[Callable[..., Any], ...], Any], ...]
    #: The model whose instances the rows become; None: the rows are the values themselves
    #: (a ``values_list`` queryset).
    model: type[Model] | None
    width: int
    start: int
    end: int
    init_list: tuple[str, ...]
    related_populators: tuple[Any, ...]
    annotations: tuple[tuple[str, int], ...]
    locks: bool

    def params(self, values: dict[str, Any]) -> list[Any]:
        return [
            constant if slot is None else values[slot]
            for slot, constant in zip(self.slots, self.constants, strict=True)
        ]


class CompiledQuery(Generic[Row]):
    """``build(**placeholders)`` returns the queryset; ``kinds`` names its parameters and
    their types (``int`` or ``str``). ``first(**values)`` runs it with those values. The
    rows are what the queryset yields: model instances, or tuples for a ``values_list``.
    A ``bool`` parameter is compiled in (Django folds any value of a boolean field to True
    or False, so no placeholder can stand for it): one statement per combination.

    Example::

        game_by_id = CompiledQuery(lambda pk: Game.objects.filter(pk=pk)[:1], pk=int)
        game = game_by_id.first(pk=12)
    """

    def __init__(self, build: Callable[..., QuerySet[Any, Row]], **kinds: type) -> None:
        self._build = build
        self._kinds = kinds
        self._flags = tuple(name for name, kind in kinds.items() if kind is bool)
        self._compiled: dict[tuple[str, str, tuple[bool, ...]], _Compiled] = {}
        self._lock = threading.Lock()

    def first(self, *, using: str = "default", **values: Any) -> Row | None:
        rows = self.all(using=using, **values)
        return rows[0] if rows else None

    def all(self, *, using: str = "default", **values: Any) -> list[Row]:
        return run_one(self.statement(using=using, **values), using=using)

    def statement(self, *, using: str = "default", **values: Any) -> Statement[list[Row]]:
        """The query with these values, unsent (``run`` it, with others): its result is
        the list of rows, as ``all`` gives it."""
        if values.keys() != self._kinds.keys():
            raise TypeError(f"give exactly {sorted(self._kinds)}, not {sorted(values)}")
        connection = connections[using]
        flags = tuple(bool(values[name]) for name in self._flags)
        compiled = self._compiled.get((using, connection.vendor, flags)) or self._compile(
            using, flags
        )
        if compiled.locks and connection.get_autocommit():
            raise TransactionManagementError(
                "select_for_update cannot be used outside of a transaction."
            )

        def read(cursor: Any) -> list[Row]:
            return [self._row(compiled, list(row), connection, using) for row in cursor.fetchall()]

        return Statement(compiled.sql, compiled.params(values), read)

    def _compile(self, using: str, flags: tuple[bool, ...]) -> _Compiled:
        with self._lock:
            connection = connections[using]
            key = (using, connection.vendor, flags)
            if key in self._compiled:
                return self._compiled[key]
            # Compiled twice with different stand-ins: the parameters that differ are the
            # named ones (a constant of the query that happens to equal a stand-in stays put).
            named = [(name, kind) for name, kind in self._kinds.items() if kind is not bool]
            compiled_twice = []
            for first in (0, 500):
                values = {
                    name: _placeholder(kind, first + i) for i, (name, kind) in enumerate(named)
                }
                queryset = self._build(**values, **dict(zip(self._flags, flags, strict=True)))
                compiler = queryset.query.get_compiler(using=using)
                compiled_twice.append((values, *compiler.as_sql()))
            (values, sql, params), (other_values, other_sql, other_params) = compiled_twice
            if sql != other_sql or len(params) != len(other_params):
                raise ValueError("the queryset's SQL depends on its parameters' values")
            by_value = {value: name for name, value in values.items()}
            slots = tuple(
                by_value.get(value, "") if value != other else None
                for value, other in zip(params, other_params, strict=True)
            )
            if any(
                slot is not None and other_params[i] != other_values.get(slot)
                for i, slot in enumerate(slots)
            ):
                raise ValueError("a parameter of the queryset is not one of the values given")
            missing = set(values) - set(slots)
            if missing:
                raise ValueError(f"the queryset does not use {sorted(missing)}")
            select = compiler.select
            iterable = queryset._iterable_class
            if iterable not in (ModelIterable, ValuesListIterable):
                raise TypeError(f"a CompiledQuery yields instances or tuples, not {iterable}")
            klass_info = compiler.klass_info if iterable is ModelIterable else None
            fields = [column[0] for column in select[: compiler.col_count]]
            start, end = 0, 0
            if klass_info is not None:
                start, end = klass_info["select_fields"][0], klass_info["select_fields"][-1] + 1
            compiled = _Compiled(
                sql=sql,
                slots=slots,
                constants=tuple(
                    None if slot else value for slot, value in zip(slots, params, strict=True)
                ),
                converters=tuple(
                    (position, tuple(functions), expression)
                    for position, (functions, expression) in compiler.get_converters(fields).items()
                ),
                model=klass_info["model"] if klass_info is not None else None,
                width=compiler.col_count,
                start=start,
                end=end,
                init_list=tuple(column[0].target.attname for column in select[start:end]),
                related_populators=tuple(
                    get_related_populators(klass_info, select, using)  # type: ignore[call-arg]  # the stubs follow Django 6
                    if klass_info is not None
                    else ()
                ),
                annotations=tuple((compiler.annotation_col_map or {}).items()),
                locks=bool(queryset.query.select_for_update),
            )
            self._compiled[key] = compiled
            return compiled

    @staticmethod
    def _row(compiled: _Compiled, row: list[Any], connection: Any, using: str) -> Any:
        for position, functions, expression in compiled.converters:
            value = row[position]
            for function in functions:
                value = function(value, expression, connection)
            row[position] = value
        if compiled.model is None:
            return tuple(row[: compiled.width])
        instance = compiled.model.from_db(
            using, list(compiled.init_list), row[compiled.start : compiled.end]
        )
        for populator in compiled.related_populators:
            populator.populate(row, instance)
        for name, position in compiled.annotations:
            setattr(instance, name, row[position])
        return instance


def _field(model: type[Model], name: str) -> Field[Any, Any]:
    field = model._meta.get_field(name)
    if not isinstance(field, Field) or field.column is None:
        raise ValueError(f"{model.__name__}.{name} is not a column")
    return field


def _quote(vendor: str) -> Callable[[str], str]:
    return next(c for c in connections.all() if c.vendor == vendor).ops.quote_name


def _pk_column(model: type[Model]) -> str:
    pk = model._meta.pk
    assert pk is not None and pk.column is not None
    return pk.column


@cache
def _update_sql(model: type[Model], fields: tuple[str, ...], vendor: str) -> str:
    quote = _quote(vendor)
    columns = ", ".join(f"{quote(str(_field(model, name).column))} = %s" for name in fields)
    table, pk = quote(model._meta.db_table), quote(_pk_column(model))
    return f"UPDATE {table} SET {columns} WHERE {pk} = %s"


@cache
def _auto_now(model: type[Model]) -> tuple[str, ...]:
    return tuple(f.name for f in model._meta.concrete_fields if getattr(f, "auto_now", False))


def update_row(instance: Model, fields: Sequence[str], *, using: str = "default") -> None:
    """``instance.save(update_fields=fields)`` in one precompiled ``UPDATE``; ``auto_now``
    fields of the model are written too, as ``save`` writes them."""
    run_one(update_statement(instance, fields, using=using), using=using)


def update_statement(
    instance: Model, fields: Sequence[str], *, using: str = "default"
) -> Statement[int]:
    """``update_row``'s statement, unsent; the values are taken (and ``auto_now`` fields set
    on the instance) now. Its result is the number of rows updated."""
    names = (*fields, *(name for name in _auto_now(type(instance)) if name not in fields))
    connection = connections[using]
    values = []
    for name in names:
        field = _field(type(instance), name)
        values.append(field.get_db_prep_save(field.pre_save(instance, False), connection))
    return written(_update_sql(type(instance), names, connection.vendor), [*values, instance.pk])


@cache
def _insert_sql(model: type[Model], vendor: str, returning: bool) -> tuple[str, tuple[str, ...]]:
    quote = _quote(vendor)
    fields = tuple(f.name for f in model._meta.concrete_fields if not f.primary_key)
    columns = ", ".join(quote(str(_field(model, name).column)) for name in fields)
    values = ", ".join(["%s"] * len(fields))
    sql = f"INSERT INTO {quote(model._meta.db_table)} ({columns}) VALUES ({values})"
    if returning:
        sql += f" RETURNING {quote(_pk_column(model))}"
    return sql, fields


def insert_row(instance: Model, *, using: str = "default") -> None:
    """``instance.save(force_insert=True)`` for a model whose primary key the database
    assigns, in one precompiled ``INSERT``; the instance gets its key."""
    run_one(insert_statement(instance, using=using), using=using)


def insert_statement(instance: Model, *, using: str = "default") -> Statement[None]:
    """``insert_row``'s statement, unsent; the values are taken now, and the instance gets
    its key when the statement has run."""
    connection = connections[using]
    returning = connection.features.can_return_columns_from_insert
    sql, fields = _insert_sql(type(instance), connection.vendor, returning)
    values = []
    for name in fields:
        field = _field(type(instance), name)
        values.append(field.get_db_prep_save(field.pre_save(instance, True), connection))

    def read(cursor: Any) -> None:
        instance.pk = cursor.fetchone()[0] if returning else cursor.lastrowid
        instance._state.adding = False
        instance._state.db = using

    return Statement(sql, values, read)
