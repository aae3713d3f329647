"""A write's unit of work (games.services.unit_of_work): its statements, its locks, its events.

What a move's path relies on: held writes reach the database before the COMMIT even when
nothing reads after them, a player's row is locked once per unit, the events are handed
over after the commit and never for a rollback, and only unique(game, seq) becomes a stale
seq.
"""

from __future__ import annotations

from collections.abc import Sequence
from unittest.mock import patch

import pytest
from django.db import IntegrityError, connection, transaction
from django.test.utils import CaptureQueriesContext
from django.utils import timezone

from games.errors import StaleSeq
from games.events import EntryChanged, Event
from games.models import Action, Game
from games.services import announcing
from games.services.games import game_create
from games.services.unit_of_work import unit_of_work
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE

pytestmark = pytest.mark.django_db(transaction=True)


def test_held_writes_are_sent_before_the_commit(player: Player) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    with unit_of_work() as unit:
        locked = unit.lock_game(game_id=game.id)
        locked.score = 5
        unit.save_game(locked, ["score"])
        assert unit.pending  # nothing read after it: still held
    assert Game.objects.get(pk=game.id).score == 5


def test_a_statement_the_unit_does_not_send_goes_after_the_held_ones(player: Player) -> None:
    """The ORM's statements (a read, a write, a savepoint) within a unit reach the database
    after the writes the unit holds, in the order they were made, with no flush by hand."""
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    with unit_of_work() as unit:
        locked = unit.lock_game(game_id=game.id)
        locked.seq = 1
        unit.append(Action(game=locked, seq=1, token="draw", score_after=0))
        unit.save_game(locked, ["seq"])
        assert len(unit.pending) == 2
        assert list(Action.objects.filter(game=locked).values_list("seq", flat=True)) == [1]
        assert unit.pending == []
        Game.objects.filter(pk=game.id).update(score=3)  # the ORM's write, after the unit's
        unit.save_game(locked, ["seq"])
        with transaction.atomic():  # a savepoint: the held UPDATE goes before it
            assert unit.pending == []
    assert Game.objects.values_list("seq", "score").get(pk=game.id) == (1, 3)


def test_a_player_locked_with_the_game_is_not_locked_again(player: Player) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    with CaptureQueriesContext(connection) as queries, unit_of_work() as unit:
        unit.lock_game(game_id=game.id, with_player=True)
        assert unit.lock_player(player_id=player.user.id)
    locks = [query["sql"] for query in queries.captured_queries if "FOR UPDATE" in query["sql"]]
    assert len(locks) == (1 if connection.features.has_select_for_update else 0)


def test_a_unit_moves_a_game_only_by_appending_to_its_log(player: Player) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    other = game_create(player=player.user, code=SIMPLE_CODE).game
    with unit_of_work() as unit:
        locked = unit.lock_game(game_id=game.id, with_player=True)
        unit.save_game(locked, ["score"])
        assert not unit.moved(locked)  # written, but no action: a hint, a hold
        locked.seq += 1
        unit.append(Action(game=locked, seq=locked.seq, token="draw", score_after=0))
        assert unit.moved(locked)
        unit.save_game(unit.lock_game(game_id=other.id), ["score"])
        assert not unit.moved(locked)  # two games changed


def test_events_are_handled_after_the_commit_and_never_after_a_rollback(player: Player) -> None:
    heard: list[Sequence[Event]] = []
    event = EntryChanged(board=SIMPLE_CODE, player_id=player.user.id)
    with patch.object(announcing, "WRITE_HANDLERS", (heard.append,)):
        with unit_of_work() as unit:
            unit.raise_events([event])
            assert heard == []
        assert heard == [(event,)]
        with pytest.raises(RuntimeError), unit_of_work() as unit:
            unit.raise_events([event])
            raise RuntimeError("the write fails")
    assert heard == [(event,)]


def test_only_the_seq_constraint_is_a_stale_seq(player: Player) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    Action.objects.create(game=game, seq=1, token="draw", score_after=0)
    with pytest.raises(StaleSeq), unit_of_work() as unit:
        unit.append(Action(game=game, seq=1, token="draw", score_after=0))
    with pytest.raises(IntegrityError), unit_of_work() as unit:  # not an action's seq
        Game.objects.create(
            code=game.code,
            draw=game.draw,
            board=game.board,
            player_id=player.user.id + 1000,  # no such player: a foreign key
            snapshot=game.snapshot,
            created_at=timezone.now(),
        )
        unit.flush()
