"""A submission replays its log once, writes its game row once and announces once: its last
action with the board it ends on, its entry, its end (a 1,000-action log sent 1,001 PUBLISH
and replayed twice before: ``bench/submission.py``)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any
from unittest.mock import patch

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from games import live
from games.events import ActionAppended, EntryChanged, Event, GameFinished
from games.live import publishing
from games.services import submissions
from games.services.submissions import submission_create
from tests.conftest import Player
from tests.support.games import won_logs


def test_a_won_submission_is_announced_once_with_its_last_board(
    player: Player,
    monkeypatch: pytest.MonkeyPatch,
    django_capture_on_commit_callbacks: Callable[..., Any],
) -> None:
    log = won_logs()[0]
    announced: list[Sequence[Event]] = []
    monkeypatch.setattr(live, "game_changed", announced.append)
    with django_capture_on_commit_callbacks(execute=True):
        game = submission_create(player=player.user, code=log["code"], actions=log["tokens"])
    (events,) = announced
    entry, action, finished = events
    assert isinstance(entry, EntryChanged) and entry.player_id == player.user.id
    assert isinstance(action, ActionAppended)
    assert (action.seq, action.token) == (game.seq, log["tokens"][-1])
    assert action.state == live.game_snapshot(game).state
    assert finished == GameFinished(
        game_id=game.id, board=game.board, player_id=player.user.id, seq=game.seq, status="won"
    )


@pytest.mark.django_db(transaction=True)  # the publisher's thread reads the committed game
def test_a_submission_replays_once_and_writes_its_game_row_once(
    player: Player, django_capture_on_commit_callbacks: Callable[..., Any]
) -> None:
    log = won_logs()[0]
    replays: list[object] = []
    original = submissions.replay_log

    def counted(**kwargs: Any) -> Any:
        replays.append(kwargs)
        return original(**kwargs)

    def replayed_states(*args: object) -> dict[int, object]:
        replays.append(args)
        return {}

    with (
        patch.object(submissions, "replay_log", counted),
        patch.object(publishing, "states_after", replayed_states),
        CaptureQueriesContext(connection) as queries,
    ):
        with django_capture_on_commit_callbacks(execute=True):
            submission_create(player=player.user, code=log["code"], actions=log["tokens"])
        assert live.wait_idle()  # the announcement replays nothing either
    game_writes = [
        query["sql"]
        for query in queries.captured_queries
        if query["sql"].startswith(('INSERT INTO "games_game"', 'UPDATE "games_game"'))
    ]
    assert len(replays) == 1  # the service's, not the announcement's
    assert len(game_writes) == 1 and game_writes[0].startswith("INSERT")
