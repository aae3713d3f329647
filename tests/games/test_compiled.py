"""Querysets compiled once and rows written without the ORM's compiler (games.compiled).

Each compiled query is checked against what Django's own queryset returns for the same
values, on whichever database the suite runs (PostgreSQL in CI, SQLite in test-fast). The
statement runner (``run``) is checked the same way, and on PostgreSQL also with its batching
turned off: one round trip or several, the answers and the effects are the same.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.models import Count
from django.db.transaction import TransactionManagementError
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games import compiled
from games.compiled import (
    CompiledQuery,
    Statement,
    insert_row,
    insert_statement,
    run,
    run_one,
    update_row,
    update_statement,
    written,
)
from games.models import Action, Game
from games.services.actions import SEQ_CONSTRAINT_NAMES
from games.services.games import game_create

pytestmark = pytest.mark.django_db

CODE = "CF1-D3-AAAAACL"


def new_game(player: User) -> Game:
    return game_create(player=player, code=CODE).game


@pytest.fixture
def players() -> list[User]:
    return [User.objects.create_user(name, password="x") for name in ("ana", "budi")]


GAME_WITH_PLAYER = CompiledQuery(
    lambda pk: Game.objects.select_related("player").filter(pk=pk)[:1], pk=int
)
GAMES_OF = CompiledQuery(
    lambda name, board: (
        Game.objects.filter(player__username=name, board=board)
        .annotate(actions_n=Count("actions"))
        .order_by("id")
    ),
    name=str,
    board=str,
)


def test_a_compiled_query_builds_what_the_queryset_builds(players: list[User]) -> None:
    games = [new_game(player) for player in players]
    for game in games:
        fetched = GAME_WITH_PLAYER.first(pk=game.pk)
        expected = Game.objects.select_related("player").get(pk=game.pk)
        assert fetched is not None
        assert [getattr(fetched, f.attname) for f in Game._meta.concrete_fields] == [
            getattr(expected, f.attname) for f in Game._meta.concrete_fields
        ]
        assert fetched.snapshot == expected.snapshot  # a JSON column, through its converter
        with CaptureQueriesContext(connection) as queries:
            assert fetched.player.username == expected.player.username  # loaded with the game
        assert len(queries) == 0
        assert not fetched._state.adding and fetched._state.db == "default"
    assert GAME_WITH_PLAYER.first(pk=games[-1].pk + 1000) is None


def test_each_run_takes_its_own_values_and_one_statement(players: list[User]) -> None:
    ana, budi = players
    new_game(ana), new_game(ana), new_game(budi)
    with CaptureQueriesContext(connection) as queries:
        ana_games = GAMES_OF.all(name="ana", board=CODE)
        budi_games = GAMES_OF.all(name="budi", board=CODE)
    assert len(queries) == 2
    assert [g.player_id for g in ana_games] == [ana.pk, ana.pk]
    assert [g.player_id for g in budi_games] == [budi.pk]
    assert [g.actions_n for g in ana_games] == [0, 0]  # the annotation
    assert GAMES_OF.all(name="nobody", board=CODE) == []


def test_values_must_be_the_declared_ones() -> None:
    with pytest.raises(TypeError, match="give exactly"):
        GAME_WITH_PLAYER.first(id=1)


def test_a_query_must_use_every_declared_value() -> None:
    unused = CompiledQuery(lambda pk, other: Game.objects.filter(pk=pk), pk=int, other=int)
    with pytest.raises(ValueError, match="does not use"):
        unused.first(pk=1, other=2)


@pytest.mark.django_db(transaction=True)  # not inside the test's own transaction
def test_a_locking_query_refuses_to_run_outside_a_transaction(players: list[User]) -> None:
    game = new_game(players[0])
    lock = CompiledQuery(lambda pk: Game.objects.select_for_update().filter(pk=pk), pk=int)
    with transaction.atomic():
        assert lock.first(pk=game.pk) == game
    with pytest.raises(TransactionManagementError):
        lock.first(pk=game.pk)


def test_update_row_writes_the_fields_named_and_the_automatic_ones(players: list[User]) -> None:
    game = new_game(players[0])
    before = Game.objects.get(pk=game.pk)
    game.score, game.moves = 15, 3  # two fields changed...
    game.code = "changed in memory only"  # ...and one not named
    with CaptureQueriesContext(connection) as queries:
        update_row(game, ["score", "moves"])
    assert len(queries) == 1
    stored = Game.objects.get(pk=game.pk)
    assert (stored.score, stored.moves, stored.code) == (15, 3, CODE)
    assert stored.updated_at > before.updated_at  # auto_now, as save() writes it


def test_insert_row_gives_the_row_its_key_and_keeps_the_constraints(players: list[User]) -> None:
    game = new_game(players[0])
    at = timezone.now() - timedelta(seconds=5)
    action = Action(game=game, seq=1, token="draw", score_after=0, created_at=at)
    insert_row(action)
    assert action.pk is not None and not action._state.adding
    stored = Action.objects.get(pk=action.pk)
    assert (stored.game_id, stored.seq, stored.token, stored.created_at) == (game.pk, 1, "draw", at)
    with pytest.raises(IntegrityError), transaction.atomic():
        insert_row(Action(game=game, seq=1, token="draw", score_after=0))


SCORES_OF = CompiledQuery(
    lambda player_id, won: (
        Game.objects.filter(player_id=player_id, won=won)
        .order_by("id")
        .values_list("id", "won", "snapshot")
    ),
    player_id=int,
    won=bool,
)


def test_values_come_as_tuples_and_a_flag_is_compiled_in(players: list[User]) -> None:
    ana = players[0]
    games = [new_game(ana), new_game(ana)]
    Game.objects.filter(pk=games[1].pk).update(won=True)
    for won in (False, True):
        expected = list(
            Game.objects.filter(player_id=ana.pk, won=won)
            .order_by("id")
            .values_list("id", "won", "snapshot")
        )
        assert SCORES_OF.all(player_id=ana.pk, won=won) == expected
        assert len(expected) == 1 and isinstance(expected[0][2], dict)  # JSON, converted


def test_a_value_the_query_transforms_is_refused() -> None:
    """``__contains`` sends ``%value%``: no stand-in survives, so the query cannot be
    compiled once (it would send the stand-in's text)."""
    transformed = CompiledQuery(lambda name: User.objects.filter(username__contains=name), name=str)
    with pytest.raises(ValueError, match="not one of the values given"):
        transformed.all(name="an")


# --- the statement runner --------------------------------------------------------------------


@pytest.fixture(params=["batched", "one by one"])
def batching(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test as the connection runs it (batched on PostgreSQL), then one by one."""
    if request.param == "one by one":
        monkeypatch.setattr(compiled, "batches", lambda connection: False)
    return compiled.batches(connection)


def a_move_of(game: Game, seq: int) -> Action:
    return Action(game=game, seq=seq, token="draw", score_after=0, created_at=timezone.now())


def test_run_gives_each_statement_its_result_in_one_round_trip_where_it_can(
    players: list[User], batching: bool
) -> None:
    game = new_game(players[0])
    game.score = 7
    action = a_move_of(game, 1)
    statements: list[Statement[Any]] = [
        insert_statement(action),
        update_statement(game, ["score"]),
        written('UPDATE "games_game" SET "moves" = "moves" WHERE "id" = %s', [-1]),
        GAME_WITH_PLAYER.statement(pk=game.pk),
        GAMES_OF.statement(name="nobody", board=CODE),
    ]
    with CaptureQueriesContext(connection) as queries:
        inserted, updated, untouched, (fetched,), nothing = run(statements)
    assert len(queries) == (1 if batching else len(statements))
    assert inserted is None and action.pk is not None and not action._state.adding
    assert (updated, untouched, nothing) == (1, 0, [])
    assert isinstance(fetched, Game) and fetched.player.username == "ana"
    assert Action.objects.get(pk=action.pk).seq == 1
    assert run([]) == []


def test_a_later_statement_sees_what_an_earlier_one_wrote(
    players: list[User], batching: bool
) -> None:
    game = new_game(players[0])
    game.score, game.seq = 15, 1
    first, second = a_move_of(game, 1), a_move_of(game, 2)
    seqs = CompiledQuery(
        lambda pk: Action.objects.filter(game_id=pk).order_by("seq").values_list("seq"), pk=int
    )
    _, _, (fetched,), rows, _, after = run(
        [
            insert_statement(first),
            update_statement(game, ["score", "seq"]),
            GAME_WITH_PLAYER.statement(pk=game.pk),  # the UPDATE's values
            seqs.statement(pk=game.pk),  # the INSERT's row
            insert_statement(second),
            seqs.statement(pk=game.pk),
        ]
    )
    assert (fetched.score, fetched.seq) == (15, 1)
    assert (rows, after) == ([(1,)], [(1,), (2,)])


def test_a_failure_mid_batch_is_django_s_error_and_leaves_nothing_written(
    players: list[User], batching: bool
) -> None:
    """The duplicate (game, seq) is the batch's second statement: the first one's UPDATE and
    the third one's INSERT do not survive the rollback, and the error names the constraint
    (what ``appending`` turns into a stale seq)."""
    game = new_game(players[0])
    insert_row(a_move_of(game, 1))
    game.score = 99
    with pytest.raises(IntegrityError) as raised, transaction.atomic():
        run([update_statement(game, ["score"]), insert_statement(a_move_of(game, 1))])
    assert any(name in str(raised.value) for name in SEQ_CONSTRAINT_NAMES)
    with pytest.raises(DatabaseError), transaction.atomic():
        run(
            [
                update_statement(game, ["score"]),
                written('UPDATE "games_game" SET "no_such_column" = 1 WHERE "id" = %s', [game.pk]),
                insert_statement(a_move_of(game, 2)),
            ]
        )
    assert Game.objects.get(pk=game.pk).score == 0
    assert list(Action.objects.filter(game=game).values_list("seq", flat=True)) == [1]


@pytest.mark.django_db(transaction=True)  # autocommit: no transaction of the test's own
def test_a_batch_outside_a_transaction_is_still_all_or_nothing(
    players: list[User], batching: bool
) -> None:
    game = new_game(players[0])
    insert_row(a_move_of(game, 1))
    game.score = 99
    with pytest.raises(IntegrityError):
        run([update_statement(game, ["score"]), insert_statement(a_move_of(game, 1))])
    assert Game.objects.get(pk=game.pk).score == 0
    assert run_one(update_statement(game, ["score"])) == 1  # alone, it commits
    assert Game.objects.get(pk=game.pk).score == 99
