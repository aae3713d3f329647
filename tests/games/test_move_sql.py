"""The hot path's SQL written out (games.move_sql), checked against what the ORM reads and writes.

Each read is compared with Django's own queryset for the same values, on whichever database
the suite runs (PostgreSQL in CI, SQLite in test-fast); the best game read with the entry is
compared with ``games.projections.best_game`` over games that tie, lack an action, are held
or have no elapsed time. The statement sender (``send``) is checked as the connection runs it
(batched on PostgreSQL) and one by one: the answers and the effects are the same.
"""

from __future__ import annotations

from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.db import DatabaseError, IntegrityError, connection, transaction
from django.db.transaction import TransactionManagementError
from django.forms.models import model_to_dict
from django.test.utils import CaptureQueriesContext
from django.utils import timezone
from rest_framework.authtoken.models import Token

from games import move_sql
from games.models import Action, AppendOnlyError, CardsCount, Game, LeaderboardEntry, StandingCount
from games.move_sql import Statement, Writes, send, send_one, written
from games.projections import best_game, leaderboard_entry_refresh
from games.services.games import game_create
from games.services.unit_of_work import SEQ_CONSTRAINT_NAMES

pytestmark = pytest.mark.django_db

CODE = "CF1-D3-AAAAACL"


def new_game(player: User) -> Game:
    return game_create(player=player, code=CODE).game


@pytest.fixture
def players() -> list[User]:
    return [User.objects.create_user(name, password="x") for name in ("ana", "budi")]


def columns(instance: Any) -> dict[str, Any]:
    """Every column of a row as Python values (``model_to_dict`` leaves out some fields)."""
    return {f.attname: getattr(instance, f.attname) for f in type(instance)._meta.concrete_fields}


def a_move_of(game: Game, seq: int) -> Action:
    return Action(game=game, seq=seq, token="draw", score_after=0, created_at=timezone.now())


# --- reads ------------------------------------------------------------------------------------


def test_the_game_lock_reads_the_row_the_orm_reads(players: list[User]) -> None:
    game = new_game(players[0])
    Game.objects.filter(pk=game.pk).update(elapsed=None, held=True)  # a null, a true flag
    for with_player in (False, True):
        with transaction.atomic():
            locked = move_sql.game_lock(game.pk, with_player=with_player)
            assert locked is not None
            assert columns(locked) == columns(Game.objects.get(pk=game.pk))
            assert isinstance(locked.snapshot, dict) and not locked._state.adding
            assert move_sql.game_lock(game.pk + 1000, with_player=with_player) is None


@pytest.mark.django_db(transaction=True)  # autocommit: no transaction of the test's own
def test_a_lock_outside_a_transaction_is_refused(players: list[User]) -> None:
    game = new_game(players[0])
    with pytest.raises(TransactionManagementError):
        move_sql.game_lock(game.pk, with_player=True)


def test_the_token_reads_its_user_as_drf_does(players: list[User]) -> None:
    token = Token.objects.create(user=players[1])
    found = move_sql.token_with_user(token.key)
    expected = Token.objects.select_related("user").get(key=token.key)
    assert found is not None and columns(found) == columns(expected)
    assert columns(found.user) == columns(expected.user)
    assert move_sql.token_with_user("no such key") is None


def test_the_entry_and_the_counts_read_what_the_orm_reads(players: list[User]) -> None:
    for player in players:
        game = new_game(player)
        game.seq = game.action_count = 1
        game.save()
        leaderboard_entry_refresh(board=CODE, player_id=player.pk)
    for player in players:
        read = send_one(move_sql.entry_read(board=CODE, player_id=player.pk))
        expected = LeaderboardEntry.objects.get(board=CODE, player=player)
        assert read.entry is not None and model_to_dict(read.entry) == model_to_dict(expected)
        assert columns(read.entry) == columns(expected) and read.best_game_id is None
    nobody = send_one(move_sql.entry_read(board="CF1-D3-AAAAAAB", player_id=players[0].pk))
    assert nobody == move_sql.EntryRead(entry=None)
    tiers = list(
        CardsCount.objects.filter(board=CODE)
        .order_by("assisted", "-cards")
        .values_list("assisted", "cards", "entries")
    )
    assert move_sql.tier_counts(CODE) == tiers and tiers
    assisted, cards, _ = tiers[0]
    standings = list(
        StandingCount.objects.filter(board=CODE, assisted=assisted, cards=cards)
        .order_by("action_count")
        .values_list("action_count", "entries")
    )
    assert move_sql.standing_counts(CODE, assisted=assisted, cards=cards) == standings


def test_the_best_game_read_with_the_entry_is_the_ranking_rule_s(players: list[User]) -> None:
    """Games that tie on everything but their id, one with no action, a held one that would
    be best, one with no elapsed time: the subquery picks what ``best_game`` picks."""
    player = players[0]
    now = timezone.now()
    games = [new_game(player) for _ in range(6)]
    shapes: list[dict[str, Any]] = [
        {"seq": 3, "action_count": 3, "cards": 5, "elapsed": 40, "reached_at": now},
        {"seq": 3, "action_count": 3, "cards": 5, "elapsed": 40, "reached_at": now},  # a tie
        {"seq": 0, "action_count": 0, "cards": 9, "elapsed": 1, "reached_at": now},  # no action
        {"seq": 2, "action_count": 2, "cards": 9, "elapsed": 1, "reached_at": now, "held": True},
        {"seq": 3, "action_count": 3, "cards": 5, "elapsed": None, "reached_at": now},
        {"seq": 4, "action_count": 4, "cards": 5, "elapsed": 2, "reached_at": now},
    ]
    for game, shape in zip(games, shapes, strict=True):
        Game.objects.filter(pk=game.pk).update(**shape)
    leaderboard_entry_refresh(board=CODE, player_id=player.pk)

    def best_read() -> int | None:
        read = send_one(move_sql.entry_read(board=CODE, player_id=player.pk, games_board=CODE))
        return read.best_game_id

    expected = best_game(board=CODE, player_id=player.pk)
    assert expected is not None and best_read() == expected.id == games[0].id
    Game.objects.filter(pk=games[0].pk).update(reached_at=now + timedelta(seconds=1))
    expected = best_game(board=CODE, player_id=player.pk)
    assert expected is not None and best_read() == expected.id == games[1].id
    Game.objects.filter(pk__in=[games[0].pk, games[1].pk]).update(held=True)
    expected = best_game(board=CODE, player_id=player.pk)
    assert expected is not None and best_read() == expected.id == games[4].id  # fewer actions


# --- writes -----------------------------------------------------------------------------------


def test_an_action_that_is_not_new_is_refused_before_any_sql(players: list[User]) -> None:
    game = new_game(players[0])
    action = a_move_of(game, 1)
    send_one(move_sql.action_insert(action))
    assert action.pk is not None and not action._state.adding
    with CaptureQueriesContext(connection) as queries, pytest.raises(AppendOnlyError):
        move_sql.action_insert(action)  # the same row again: an update of the log
    assert len(queries) == 0
    stored = Action.objects.get(pk=action.pk)
    assert (stored.game_id, stored.seq, stored.token) == (game.pk, 1, "draw")


def test_a_row_update_writes_its_fields_and_the_auto_now_ones(players: list[User]) -> None:
    game = new_game(players[0])
    before = Game.objects.get(pk=game.pk)
    game.score, game.code = 42, "CF1-D3-AAAAAAB"  # the code changed in memory only
    assert send_one(move_sql.row_update(game, ["score"])) == 1
    after = Game.objects.get(pk=game.pk)
    assert (after.score, after.code) == (42, CODE)
    assert after.updated_at > before.updated_at and after.updated_at == game.updated_at


# --- the sender and the held writes -------------------------------------------------------


@pytest.fixture(params=["batched", "one by one"])
def batching(request: pytest.FixtureRequest, monkeypatch: pytest.MonkeyPatch) -> bool:
    """Run a test as the connection runs it (batched on PostgreSQL), then one by one."""
    if request.param == "one by one":
        monkeypatch.setattr(move_sql, "batches", lambda: False)
    return move_sql.batches()


def test_send_gives_each_statement_its_result_in_one_round_trip_where_it_can(
    players: list[User], batching: bool
) -> None:
    game = new_game(players[0])
    game.score = 7
    action = a_move_of(game, 1)
    statements: list[Statement[Any]] = [
        move_sql.action_insert(action),
        move_sql.row_update(game, ["score"]),
        written('UPDATE "games_game" SET "moves" = "moves" WHERE "id" = %s', [-1]),
        move_sql.entry_read(board=CODE, player_id=players[0].pk, games_board=CODE),
    ]
    with CaptureQueriesContext(connection) as queries:
        inserted, updated, untouched, read = send(statements)
    assert len(queries) == (1 if batching else len(statements))
    assert inserted is None and action.pk is not None
    assert (updated, untouched, read.entry) == (1, 0, None)
    assert Action.objects.get(pk=action.pk).seq == 1 and Game.objects.get(pk=game.pk).score == 7
    assert send([]) == []


def test_held_writes_go_with_the_next_read_which_sees_them(
    players: list[User], batching: bool
) -> None:
    game = new_game(players[0])
    game.seq = game.action_count = 1
    writes = Writes()
    with CaptureQueriesContext(connection) as queries:
        writes.write(move_sql.action_insert(a_move_of(game, 1)), move_sql.row_update(game, ["seq"]))
        assert len(queries) == 0 and len(writes.pending) == 2
        read = writes.read(
            move_sql.entry_read(board=CODE, player_id=game.player_id, games_board=CODE)
        )
    assert len(queries) == (1 if batching else 3) and writes.pending == []
    assert read.entry is None  # no entry yet: the best game is not read without one
    leaderboard_entry_refresh(board=CODE, player_id=game.player_id)
    read = writes.read(move_sql.entry_read(board=CODE, player_id=game.player_id, games_board=CODE))
    assert read.best_game_id == game.pk  # the UPDATE's seq made it rank
    right_away = Writes(hold=False)
    right_away.write(move_sql.row_update(game, ["seq"]))
    assert right_away.pending == []


def test_a_failure_mid_batch_is_django_s_error_and_leaves_nothing_written(
    players: list[User], batching: bool
) -> None:
    """The duplicate (game, seq) is the batch's second statement: the first one's UPDATE
    does not survive the rollback, and the error names the constraint (what the unit of
    work turns into a stale seq)."""
    game = new_game(players[0])
    send_one(move_sql.action_insert(a_move_of(game, 1)))
    game.score = 99
    with pytest.raises(IntegrityError) as raised, transaction.atomic():
        send([move_sql.row_update(game, ["score"]), move_sql.action_insert(a_move_of(game, 1))])
    assert any(name in str(raised.value) for name in SEQ_CONSTRAINT_NAMES)
    with pytest.raises(DatabaseError), transaction.atomic():
        send(
            [
                move_sql.row_update(game, ["score"]),
                written('UPDATE "games_game" SET "no_such_column" = 1 WHERE "id" = %s', [game.pk]),
                move_sql.action_insert(a_move_of(game, 2)),
            ]
        )
    assert Game.objects.get(pk=game.pk).score == 0
    assert list(Action.objects.filter(game=game).values_list("seq", flat=True)) == [1]


@pytest.mark.django_db(transaction=True)  # autocommit: no transaction of the test's own
def test_a_batch_outside_a_transaction_is_still_all_or_nothing(
    players: list[User], batching: bool
) -> None:
    game = new_game(players[0])
    send_one(move_sql.action_insert(a_move_of(game, 1)))
    game.score = 99
    with pytest.raises(IntegrityError):
        send([move_sql.row_update(game, ["score"]), move_sql.action_insert(a_move_of(game, 1))])
    assert Game.objects.get(pk=game.pk).score == 0
    assert send_one(move_sql.row_update(game, ["score"])) == 1  # alone, it commits
    assert Game.objects.get(pk=game.pk).score == 99
