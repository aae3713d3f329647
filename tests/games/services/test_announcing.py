"""A committed write's events reach their handlers once, after the commit, in the order of
``games.services.announcing.HANDLERS`` (by event type), then ``WRITE_HANDLERS``: the rank
index before the live announcement."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

import pytest

from games import live, rank_index
from games.events import ActionAppended, Event, GameFinished
from games.services.actions import action_append, game_resign
from games.services.games import game_create
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE


@pytest.fixture
def announced(monkeypatch: pytest.MonkeyPatch) -> list[Sequence[Event]]:
    """The events each committed write hands to the live announcement, in order."""
    heard: list[Sequence[Event]] = []
    monkeypatch.setattr(live, "game_changed", heard.append)
    return heard


def test_the_rank_index_hears_of_an_entry_before_the_watchers_do(
    player: Player,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    heard: list[str] = []
    monkeypatch.setattr(rank_index, "entry_changed", lambda **_: heard.append("rank index"))
    monkeypatch.setattr(live, "game_changed", lambda _events: heard.append("watchers"))
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    with django_capture_on_commit_callbacks(execute=True):
        action_append(game_id=game.id, player=player.user, token="draw")
    assert heard == ["rank index", "watchers"]


def test_a_handler_that_fails_does_not_keep_the_next_from_hearing(
    player: Player,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Callable[..., Any],
    caplog: pytest.LogCaptureFixture,
    announced: list[Sequence[Event]],
) -> None:
    def broken(**_: object) -> None:
        raise RuntimeError("the index is broken")

    monkeypatch.setattr(rank_index, "entry_changed", broken)
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    with django_capture_on_commit_callbacks(execute=True):
        action_append(game_id=game.id, player=player.user, token="draw")
    assert len(announced) == 1
    assert "index_entry failed" in caplog.text


def test_a_resignation_raises_the_game_s_end_after_its_action(
    player: Player,
    django_capture_on_commit_callbacks: Callable[..., Any],
    announced: list[Sequence[Event]],
) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")
    announced.clear()
    with django_capture_on_commit_callbacks(execute=True):
        game_resign(game_id=game.id, player=player.user)
    (events,) = announced
    kinds = [type(event) for event in events]
    assert kinds[-2:] == [ActionAppended, GameFinished]
    assert events[-1] == GameFinished(
        game_id=game.id, board=SIMPLE_CODE, player_id=player.user.id, seq=2, status="resigned"
    )


def test_a_write_that_raises_nothing_is_not_announced(
    player: Player,
    django_capture_on_commit_callbacks: Callable[..., Any],
    announced: list[Sequence[Event]],
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        game_create(player=player.user, code=SIMPLE_CODE)  # no action: no entry, no watcher
    assert announced == []
