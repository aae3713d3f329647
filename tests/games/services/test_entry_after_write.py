"""``games.services.entry_after_write``: after every write, the player's entry in the same
transaction, the watchers after the commit; a daily board final from its close on.

The clock is time-machine's (``clock``, stopped at noon of the daily's day).
"""

from collections.abc import Callable, Sequence
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from django.db import transaction

from games import live
from games.errors import DayClosed
from games.events import ActionAppended, EntryChanged, Event
from games.models import Action, Game, LeaderboardEntry
from games.services.actions import action_append, game_resign
from games.services.entry_after_write import board_is_final, entry_after_write
from games.services.games import game_create
from games.services.hints import game_mark_assisted
from games.services.unit_of_work import unit_of_work
from tests.conftest import Player
from tests.games.conftest import CLOSE, NOON
from tests.support.games import SIMPLE_CODE

pytestmark = pytest.mark.django_db


def entry_of(game: Game) -> LeaderboardEntry | None:
    return LeaderboardEntry.objects.filter(board=game.board, player_id=game.player_id).first()


def test_a_daily_board_is_final_from_its_close_on(
    player: Player, start_daily: Callable[[Player], Game]
) -> None:
    game = start_daily(player)
    assert not board_is_final(game=game, at=NOON)
    assert not board_is_final(game=game, at=CLOSE - timedelta(microseconds=1))
    assert board_is_final(game=game, at=CLOSE)
    assert board_is_final(game=game, at=CLOSE + timedelta(days=30))


def test_an_open_board_is_never_final(player: Player, clock: time_machine.Traveller) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    for at in (NOON, CLOSE, CLOSE + timedelta(days=3650)):
        assert not board_is_final(game=game, at=at)


def test_a_daily_entry_follows_its_game_until_the_close_then_stays(
    player: Player, start_daily: Callable[[Player], Game], clock: time_machine.Traveller
) -> None:
    game = start_daily(player)
    action_append(game_id=game.id, player=player.user, token="draw")
    clock.move_to(CLOSE - timedelta(seconds=1))
    action_append(game_id=game.id, player=player.user, token="42")
    at_close = entry_of(game)
    assert at_close is not None and at_close.action_count == 2
    clock.move_to(CLOSE)
    for token in ("draw", "undo"):
        with pytest.raises(DayClosed):  # the close ends the ranked game
            action_append(game_id=game.id, player=player.user, token=token)
    with pytest.raises(DayClosed):
        game_resign(game_id=game.id, player=player.user)
    assert Game.objects.get(pk=game.id).seq == 2
    final = entry_of(game)
    assert final is not None
    assert (final.action_count, final.revision, final.reached_at) == (
        2,
        at_close.revision,
        CLOSE - timedelta(seconds=1),
    )


def test_a_daily_game_first_played_after_the_close_never_joins_the_board(
    player: Player, start_daily: Callable[[Player], Game], clock: time_machine.Traveller
) -> None:
    game = start_daily(player)
    clock.move_to(CLOSE + timedelta(hours=1))
    with pytest.raises(DayClosed):
        action_append(game_id=game.id, player=player.user, token="draw")
    assert entry_of(game) is None
    assert not Action.objects.filter(game_id=game.id).exists()


def test_a_game_without_an_action_makes_no_entry(player: Player) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    with unit_of_work() as unit:
        entry_after_write(unit=unit, game=game)
    assert entry_of(game) is None


def test_a_hint_on_a_game_without_actions_marks_the_entry_of_another(player: Player) -> None:
    played = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=played.id, player=player.user, token="draw")
    unplayed = game_create(player=player.user, code=SIMPLE_CODE).game
    game_mark_assisted(game_id=unplayed.id, player=player.user)
    entry = entry_of(played)
    assert entry is not None and (entry.game_id, entry.assisted) == (played.id, True)


def test_entry_after_write_writes_the_entry_in_the_write_s_own_transaction(
    player: Player,
) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")
    before = entry_of(game)
    assert before is not None
    with pytest.raises(RuntimeError), transaction.atomic():
        action_append(game_id=game.id, player=player.user, token="42")
        assert entry_of(game).action_count == 2  # type: ignore[union-attr]
        raise RuntimeError("the write fails after the refresh")
    after = entry_of(game)
    assert after is not None
    assert (after.action_count, after.revision) == (1, before.revision)


def test_watchers_hear_of_the_actions_after_the_commit_only(
    player: Player,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    """``games.live`` is where a test may listen (its docstring): the announcement is
    queued for after the commit, so a rolled-back write is never heard of."""
    heard: list[Sequence[Event]] = []
    monkeypatch.setattr(live, "game_changed", heard.append)
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    with django_capture_on_commit_callbacks(execute=True), transaction.atomic():
        appended = action_append(game_id=game.id, player=player.user, token="draw")
        assert heard == []  # not before the commit
    assert len(heard) == 1
    entry, action = heard[0]  # the entry first: the game joined its board
    assert isinstance(entry, EntryChanged)
    assert (entry.board, entry.player_id) == (SIMPLE_CODE, player.user.id)
    assert action == ActionAppended(
        game_id=game.id,
        board=SIMPLE_CODE,
        player_id=player.user.id,
        seq=1,
        token="draw",
        score_after=appended.action.score_after,
        state=appended.state,
    )
    heard.clear()
    with (
        django_capture_on_commit_callbacks(execute=True),
        pytest.raises(RuntimeError),
        transaction.atomic(),
    ):
        action_append(game_id=game.id, player=player.user, token="draw")
        raise RuntimeError("rolled back")
    assert heard == []
