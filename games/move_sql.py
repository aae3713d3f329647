"""Every SQL statement on a move's way, written out: the one home of the hot path's SQL.

A move sends the same few statements every time but for their values: the token's player
(REST), the lock of the game and its player, the action's INSERT, the game's UPDATE, the
entry's read (with the id of the player's best game), the entry's UPDATE and the board's count
changes; its announcement reads the board's counts. Built by the ORM they cost a compilation
each (a quarter of a move's CPU in a profile), so they are written here once, as text, with
the columns taken from the models' own field definitions, and rows come back through the
models' own ``from_db`` and their fields' converters (a JSON snapshot, SQLite's dates).

A :class:`Statement` is one statement unsent; :func:`send` sends several in one round trip
on PostgreSQL (psycopg 3, client-side binding: one simple-query message, each statement
seeing the earlier ones' effects). :class:`Writes` holds the statements nobody waits on
until the next read, which carries them: a unit of work (``games.services.unit_of_work``)
is one, which is how a move is two round trips once its lock is held.

The log stays append-only here too: the only statement on ``games_action`` is
:func:`action_insert`, which refuses a row that is not new, as ``Action.save`` does (and the
database's trigger refuses any UPDATE or DELETE: ``games.append_only``).

Everything runs through Django's cursor, so errors are Django's (an ``IntegrityError`` stays
one) and statements are logged and counted by tests (a batch is one entry: one round trip).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from functools import cache
from typing import Any, Generic, TypeVar

from django.contrib.auth.models import User
from django.db import connection, transaction
from django.db.models import Model
from django.db.models.fields import Field
from django.db.transaction import TransactionManagementError
from rest_framework.authtoken.models import Token

from games.boards import BOTS_SUFFIX
from games.kernel import CountChange, EntryPlan, Projection
from games.models import Action, CardsCount, Game, LeaderboardEntry, StandingCount
from games.move_function import FUNCTION
from games.ranking import order_by
from games.sql_rows import auto_now, columns, instance_of, quote, select_list, value_of

Result = TypeVar("Result")


@dataclass(frozen=True)
class Statement(Generic[Result]):
    """One statement, unsent: its SQL (``%s`` placeholders, ``%%`` for a percent sign), its
    parameters, and how to read its result off the cursor standing on it."""

    sql: str
    params: Sequence[Any]
    read: Callable[[Any], Result]


def _rowcount(cursor: Any) -> int:
    return int(cursor.rowcount)


def written(sql: str, params: Sequence[Any]) -> Statement[int]:
    """A statement that returns no rows; its result is how many rows it touched."""
    return Statement(sql, params, _rowcount)


#: Joins the statements of a round trip (a newline: a logged batch reads one per line).
SEPARATOR = ";\n"


def batches() -> bool:
    """Whether the connection runs several statements in one ``execute``: PostgreSQL through
    psycopg 3 with client-side binding (Django's default). Server-side binding sends one
    statement per message; SQLite's ``execute`` takes one."""
    if connection.vendor != "postgresql":
        return False
    from django.db.backends.postgresql.psycopg_any import is_psycopg3  # needs a driver

    return is_psycopg3 and not connection.features.uses_server_side_binding  # type: ignore[attr-defined]


def send(statements: Sequence[Statement[Any]]) -> list[Any]:
    """Run ``statements`` in order, each seeing what the earlier ones wrote, and give each
    one's result. All or nothing: a failing statement raises Django's error for it, and
    what the earlier ones wrote goes when the transaction rolls back (several statements
    outside a transaction are wrapped in one)."""
    if not statements:
        return []
    together = len(statements) > 1 and batches()
    if len(statements) > 1 and not together and connection.get_autocommit():
        with transaction.atomic():
            return send(statements)
    with connection.cursor() as cursor:
        if not together:
            results = []
            for statement in statements:
                cursor.execute(statement.sql, statement.params)
                results.append(statement.read(cursor))
            return results
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


def send_one(statement: Statement[Result]) -> Result:
    """``statement`` alone, its result typed."""
    result: Result = send([statement])[0]
    return result


@dataclass
class Writes:
    """Statements whose results nobody waits for, held until something must be read: the
    read then carries them in its round trip. ``hold=False`` sends each write at once (a
    caller with no unit of work). Holding ones are a unit of work's, which installs
    :meth:`carry_held` for its transaction."""

    hold: bool = True
    pending: list[Statement[Any]] = field(default_factory=list)

    def write(self, *statements: Statement[Any]) -> None:
        if self.hold:
            self.pending.extend(statements)
        else:
            send(statements)

    def read(self, statement: Statement[Result]) -> Result:
        """``statement``'s result, the held writes sent ahead of it in the same round trip."""
        statements, self.pending = [*self.pending, statement], []
        *_, result = send(statements)
        return result

    def flush(self) -> None:
        """Send what is held (a unit of work's last statements, before its COMMIT)."""
        statements, self.pending = self.pending, []
        send(statements)

    def carry_held(
        self, execute: Callable[..., Any], sql: str, params: Any, many: bool, context: Any
    ) -> Any:
        """A ``connection.execute_wrapper`` that sends what is held ahead of any statement
        that does not go through here (the ORM's, a savepoint), so that statements reach
        the database in the order they were made without their caller flushing by hand.
        The held ones are taken before they are sent, so their own statements pass."""
        if self.pending:
            self.flush()
        return execute(sql, params, many, context)


# --- Token: the player of a REST request ---------------------------------------------------


@cache
def _token_sql(vendor: str) -> str:
    return (
        f"SELECT {select_list(Token, 't')}, {select_list(User, 'u')}"
        f" FROM {quote(Token._meta.db_table)} t"
        f" JOIN {quote(User._meta.db_table)} u ON u.{quote('id')} = t.{quote('user_id')}"
        f" WHERE t.{quote('key')} = %s"
    )


def token_with_user(key: str) -> Token | None:
    """The API token ``key`` with its user (``Token.objects.select_related("user")``)."""
    with connection.cursor() as cursor:
        cursor.execute(_token_sql(connection.vendor), [key])
        row = cursor.fetchone()
    if row is None:
        return None
    width = len(columns(Token))
    token = instance_of(Token, row[:width])
    token.user = instance_of(User, row[width:])
    return token


# --- The game's lock ------------------------------------------------------------------------


@cache
def _lock_sql(vendor: str, with_player: bool) -> str:
    game, user = quote(Game._meta.db_table), quote(User._meta.db_table)
    sql = f"SELECT {select_list(Game, 'g')} FROM {game} g"
    if with_player:
        sql += f" JOIN {user} u ON u.{quote('id')} = g.{quote('player_id')}"
    sql += f" WHERE g.{quote('id')} = %s"
    if connection.features.has_select_for_update:
        of = connection.features.has_select_for_update_of and with_player
        sql += " FOR UPDATE OF g, u" if of else " FOR UPDATE"
    return sql


def game_lock(game_id: int, *, with_player: bool) -> Game | None:
    """The game row, locked until the transaction ends; ``with_player``: its player's row
    locked too, in the same statement (game first, then player: the one lock order). The
    player's columns are not read: the caller knows who is playing."""
    if connection.get_autocommit():
        raise TransactionManagementError("a row lock needs a transaction")
    with connection.cursor() as cursor:
        cursor.execute(_lock_sql(connection.vendor, with_player), [game_id])
        row = cursor.fetchone()
    return None if row is None else instance_of(Game, row)


# --- The one-statement move (PostgreSQL): its read and its write -----------------------------


@cache
def _game_with_entry_sql(vendor: str) -> str:
    game, entry = quote(Game._meta.db_table), quote(LeaderboardEntry._meta.db_table)
    return (
        f"SELECT {select_list(Game, 'g')}, {select_list(LeaderboardEntry, 'e')} FROM {game} g"
        f" LEFT JOIN {entry} e ON e.{quote('player_id')} = g.{quote('player_id')}"
        f" AND e.{quote('board')} = CASE WHEN g.{quote('bot')}"
        f" THEN g.{quote('board')} || %s ELSE g.{quote('board')} END"
        f" WHERE g.{quote('id')} = %s"
    )


def game_with_entry(game_id: int) -> tuple[Game | None, LeaderboardEntry | None]:
    """The game row and its player's entry on the game's ranking board (``entry_board``), in
    one statement and without a lock: what the move kernel decides an optimistic move from."""
    with connection.cursor() as cursor:
        cursor.execute(_game_with_entry_sql(connection.vendor), [BOTS_SUFFIX, game_id])
        row = cursor.fetchone()
    if row is None:
        return None, None
    width = len(columns(Game))
    game = instance_of(Game, row[:width])
    entry = None if row[width] is None else instance_of(LeaderboardEntry, row[width:])
    return game, entry


def _count_json(change: CountChange) -> dict[str, Any]:
    board, assisted, cards, *actions = change.key
    return {
        "table": change.table.value,
        "board": board,
        "assisted": assisted,
        "cards": cards,
        "actions": actions[0] if actions else None,
        "delta": change.delta,
    }


def move_write(
    *,
    game: Game,
    player_id: int,
    held: bool,
    projection: Projection,
    take: bool,
    entry: LeaderboardEntry,
) -> Statement[int | None]:
    """``canfield_move`` (``games.move_function``) on ``projection``: the action's id, or
    None when the game row was not as read (``held``: its flag as read); ``take``: the entry
    takes the moved game's values (else it is only checked, its revision as read, with the
    count rows unchanged). It raises ``move_function.STALE`` when the player's entry or
    games were not as read."""
    fields = projection.game_fields
    snapshot = Game._meta.get_field("snapshot")
    assert isinstance(snapshot, Field)
    params = [
        game.id,
        player_id,
        projection.seq,
        held,
        projection.token,
        projection.score_after,
        projection.at,
        fields["score"],
        fields["cards"],
        fields["moves"],
        fields["won"],
        snapshot.get_db_prep_save(fields["snapshot"], connection),
        fields["elapsed"],
        entry.id,
        entry.revision,
        take,
        projection.entry is EntryPlan.TAKE_IF_ALONE,
        game.board,
        json.dumps([_count_json(change) for change in projection.counts] if take else []),
    ]
    placeholders = ", ".join(["%s"] * (len(params) - 1))
    sql = f"SELECT {FUNCTION}({placeholders}, %s::jsonb)"
    return Statement(sql, params, lambda cursor: cursor.fetchone()[0])


# --- Writes of a model's fields -------------------------------------------------------------


def row_update(instance: Model, fields: Sequence[str]) -> Statement[int]:
    """``instance.save(update_fields=fields)`` as one ``UPDATE``: the values ``save`` would
    send (``pre_save``, so an ``auto_now`` field, always written, is set on the instance
    now). For models whose saves send no signal."""
    model = type(instance)
    names = (*fields, *(name for name in auto_now(model) if name not in fields))
    assignments, values = [], []
    for name in names:
        f = model._meta.get_field(name)
        assert isinstance(f, Field)
        assignments.append(f"{quote(str(f.column))} = %s")
        values.append(f.get_db_prep_save(f.pre_save(instance, False), connection))
    pk = model._meta.pk
    assert pk is not None
    sql = (
        f"UPDATE {quote(model._meta.db_table)} SET {', '.join(assignments)}"
        f" WHERE {quote(str(pk.column))} = %s"
    )
    return written(sql, [*values, instance.pk])


@cache
def _action_insert_sql(vendor: str) -> str:
    names = [f for f in columns(Action) if not f.primary_key]
    sql = (
        f"INSERT INTO {quote(Action._meta.db_table)}"
        f" ({', '.join(quote(str(f.column)) for f in names)})"
        f" VALUES ({', '.join(['%s'] * len(names))})"
    )
    if connection.features.can_return_columns_from_insert:
        sql += f" RETURNING {quote('id')}"
    return sql


def action_insert(action: Action) -> Statement[None]:
    """The action row's INSERT; the row gets its id once the statement has run. A row that
    is not new is refused here, as ``Action.save`` refuses it: the log is append-only."""
    action.append_only_check()
    values = [
        f.get_db_prep_save(f.pre_save(action, True), connection)
        for f in columns(Action)
        if not f.primary_key
    ]
    returning = connection.features.can_return_columns_from_insert

    def read(cursor: Any) -> None:
        action.pk = cursor.fetchone()[0] if returning else cursor.lastrowid
        action._state.adding = False
        action._state.db = connection.alias

    return Statement(_action_insert_sql(connection.vendor), values, read)


# --- The entry ------------------------------------------------------------------------------


@cache
def _best_game_order(alias: str) -> str:
    """``games.ranking.order_by`` (a player's own games: assistance is theirs) as SQL."""
    terms = []
    for term in order_by(with_assisted=False):
        name: str = getattr(term.expression, "name")  # noqa: B009  # an F() of a field
        f = Game._meta.get_field(name)
        assert isinstance(f, Field)
        terms.append(
            f"{alias}.{quote(str(f.column))} {'DESC' if term.descending else 'ASC'}"
            + (" NULLS LAST" if term.nulls_last else "")
        )
    return ", ".join(terms)


@cache
def _entry_sql(vendor: str, with_best_game: bool) -> str:
    sql = f"SELECT {select_list(LeaderboardEntry, 'e')}"
    if with_best_game:
        # The games that make entries (``games.projections.ranking_games``), best first.
        sql += (
            f", (SELECT b.{quote('id')} FROM {quote(Game._meta.db_table)} b"
            f" WHERE b.{quote('board')} = %s AND b.{quote('player_id')} = e.{quote('player_id')}"
            f" AND b.{quote('seq')} > 0 AND NOT b.{quote('held')}"
            f" ORDER BY {_best_game_order('b')} LIMIT 1)"
        )
    return (
        sql + f" FROM {quote(LeaderboardEntry._meta.db_table)} e"
        f" WHERE e.{quote('board')} = %s AND e.{quote('player_id')} = %s LIMIT 1"
    )


@dataclass(frozen=True)
class EntryRead:
    """The player's entry on a board (None: they have none) and, when asked for, the id of
    their best game on the board's games (None: no game of theirs ranks there)."""

    entry: LeaderboardEntry | None
    best_game_id: int | None = None


def entry_read(
    *, board: str, player_id: int, games_board: str | None = None
) -> Statement[EntryRead]:
    """The read of the player's entry on ``board``; with ``games_board`` (the board id of
    the games, not a partition's), their best game's id there in the same statement."""
    with_best = games_board is not None
    params = [games_board, board, player_id] if with_best else [board, player_id]

    def read(cursor: Any) -> EntryRead:
        row = cursor.fetchone()
        if row is None:
            return EntryRead(entry=None)
        width = len(columns(LeaderboardEntry))
        return EntryRead(
            entry=instance_of(LeaderboardEntry, row[:width]),
            best_game_id=row[width] if with_best else None,
        )

    return Statement(_entry_sql(connection.vendor, with_best), params, read)


# --- The board's counts ---------------------------------------------------------------------

CountModel = type[CardsCount] | type[StandingCount]

#: The key fields of the two count tables, in the order of their keys.
STANDING_KEY = ("board", "assisted", "cards", "action_count")
CARDS_KEY = ("board", "assisted", "cards")


def count_key(model: CountModel) -> tuple[str, ...]:
    return STANDING_KEY if model is StandingCount else CARDS_KEY


def count_change(model: CountModel, key: tuple[Any, ...], delta: int) -> Statement[int]:
    """Add ``delta`` to the row ``key`` of ``model``: an ``INSERT ... ON CONFLICT DO
    UPDATE`` for a +1, an ``UPDATE`` for a -1 (the entries never make a row negative)."""
    table, names = quote(model._meta.db_table), [quote(name) for name in count_key(model)]
    if delta > 0:
        columns = ", ".join(names)
        placeholders = ", ".join(["%s"] * (len(key) + 1))
        sql = (
            f"INSERT INTO {table} ({columns}, entries) VALUES ({placeholders})"
            f" ON CONFLICT ({columns}) DO UPDATE SET entries = {table}.entries + EXCLUDED.entries"
        )
        return written(sql, [*key, delta])
    where = " AND ".join(f"{name} = %s" for name in names)
    return written(f"UPDATE {table} SET entries = entries + %s WHERE {where}", [delta, *key])


def count_delete(model: CountModel, key: tuple[Any, ...]) -> Statement[int]:
    """The ``DELETE`` of the row ``key`` of ``model`` if it fell to 0."""
    where = " AND ".join(f"{quote(name)} = %s" for name in count_key(model))
    return written(
        f"DELETE FROM {quote(model._meta.db_table)} WHERE {where} AND entries <= 0", list(key)
    )


def tier_counts(board: str) -> list[tuple[bool, int, int]]:
    """``(assisted, cards, entries)`` of a board's count rows, in board order: what every
    leaderboard read and every announced entry's rank starts from."""
    sql = (
        f"SELECT assisted, cards, entries FROM {quote(CardsCount._meta.db_table)}"
        " WHERE board = %s ORDER BY assisted ASC, cards DESC"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [board])
        rows = cursor.fetchall()
    return [(value_of(CardsCount, "assisted", a), c, n) for a, c, n in rows]


def standing_counts(board: str, *, assisted: bool, cards: int) -> list[tuple[int, int]]:
    """``(actions, entries)`` of one tier of a board, fewest actions first."""
    sql = (
        f"SELECT action_count, entries FROM {quote(StandingCount._meta.db_table)}"
        " WHERE board = %s AND assisted = %s AND cards = %s ORDER BY action_count ASC"
    )
    with connection.cursor() as cursor:
        cursor.execute(sql, [board, assisted, cards])
        return [(actions, entries) for actions, entries in cursor.fetchall()]
