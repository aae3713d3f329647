"""The live publisher on the real database and channel layer: order, folding, lost changes.

Moves commit in the test; their announcements go out on the publisher's thread, through the
same channel layer the consumers listen on (Redis with ``REDIS_URL``, else in memory).
"""

import asyncio
import json
import threading
from collections.abc import Callable, Sequence
from typing import Any
from unittest.mock import patch

import pytest
import redis.connection
from channels.db import database_sync_to_async
from django.db import connection
from django.test.utils import CaptureQueriesContext

from engine import Game as EngineGame
from games import live, rank_index
from games.events import Event
from games.live import publishing
from games.live.background import BackgroundPublisher
from games.models import Game
from games.selectors.leaderboards import leaderboard_page
from games.services.actions import action_append
from games.services.games import game_create
from tests.conftest import Player
from tests.games.live.conftest import receive, start, websocket

pytestmark = pytest.mark.django_db(transaction=True)

CODE = "CF1-D3-ABCDEFG"
BURST = 15


@pytest.fixture
def alice(make_player: Callable[..., Player]) -> Player:
    return make_player("alice")


def stock_moves(player: Player, game_id: int, count: int) -> list[str]:
    """``count`` draw/recycle moves committed back to back, without waiting for the
    publisher (as a fast client would); their tokens."""
    tokens = []
    for _ in range(count):
        position = EngineGame.from_snapshot(Game.objects.get(pk=game_id).snapshot)
        legal = [str(move) for move in position.legal_moves()]
        token = "draw" if "draw" in legal else "recycle"
        action_append(game_id=game_id, player=player.user, token=token)
        tokens.append(token)
    return tokens


def page_entries(code: str) -> list[Any]:
    return list(leaderboard_page(board=code).entries)


@database_sync_to_async
def board_entries(code: str) -> list[dict[str, Any]]:
    return [live.entry_json(entry) for entry in leaderboard_page(board=code).entries]


async def test_a_burst_of_moves_arrives_in_seq_order_and_versions_follow_each_other(
    alice: Player,
) -> None:
    game_id = await start(alice, CODE)
    async with (
        websocket(f"/ws/leaderboards/{CODE}/") as board,
        websocket(f"/ws/games/{game_id}/") as spectator,
    ):
        version = (await receive(board))["version"]
        assert (await receive(spectator))["seq"] == 1  # start played one
        tokens = await database_sync_to_async(stock_moves)(alice, game_id, BURST)
        assert await database_sync_to_async(live.wait_idle)()
        actions = [await receive(spectator) for _ in range(BURST)]
        entries = []
        while not await board.receive_nothing(timeout=0.3):
            entries.append(await receive(board))
    assert [(a["seq"], a["token"]) for a in actions] == list(enumerate(tokens, start=2))
    assert 1 <= len(entries) <= BURST
    # Folding may merge changes (fewer messages) but never skips or reorders a version.
    assert [e["version"] for e in entries] == list(range(version + 1, version + 1 + len(entries)))
    counted = [e["entry"]["actions"] for e in entries]
    assert counted == sorted(counted)
    assert entries[-1]["entry"] == (await board_entries(CODE))[0]


async def test_a_batch_of_one_players_changes_sends_one_entry_with_the_latest_state(
    alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    game_id = await start(alice, CODE)
    loop = asyncio.get_running_loop()
    reported: list[Sequence[Event]] = []

    async with (
        websocket(f"/ws/leaderboards/{CODE}/") as board,
        websocket(f"/ws/games/{game_id}/") as spectator,
    ):
        version = (await receive(board))["version"]
        await receive(spectator)
        # The service's three announcements, held back and handed over as one batch, as the
        # publisher's thread gets them when moves commit while it is busy.
        with monkeypatch.context() as patch:
            patch.setattr(live, "game_changed", reported.append)
            tokens = await database_sync_to_async(stock_moves)(alice, game_id, 3)
        changes = [live.GameChange(events=tuple(events), loop=loop) for events in reported]
        assert len(changes) == 3 and all(change.boards_changed() == [CODE] for change in changes)
        await database_sync_to_async(live.publish_changes)(changes)
        entry = await receive(board)
        actions = [await receive(spectator) for _ in range(3)]
        assert await board.receive_nothing(timeout=0.3)
    assert entry["version"] == version + 1
    assert entry["entry"] == (await board_entries(CODE))[0]
    assert entry["entry"]["actions"] == 4  # start's action and these three
    assert [(a["seq"], a["token"]) for a in actions] == list(enumerate(tokens, start=2))


def test_a_change_dropped_on_a_full_queue_leaves_a_version_gap(
    alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    from games.services.games import game_create

    game = game_create(player=alice.user, code=CODE).game
    assert live.wait_idle()
    before = live.versions().current(CODE)

    release = threading.Event()

    def held(batch: list[object]) -> None:
        release.wait(10)

    full = BackgroundPublisher(handle_batch=held, capacity=1)
    with monkeypatch.context() as patch:
        patch.setattr(publishing, "publisher", full)  # what game_changed submits to
        action_append(game_id=game.id, player=alice.user, token="draw")  # queued, held
        action_append(game_id=game.id, player=alice.user, token="draw")  # dropped
        assert full.dropped == 1
        release.set()
    assert live.versions().current(CODE) == before  # neither was announced

    action_append(game_id=game.id, player=alice.user, token="draw")
    assert live.wait_idle()
    # One version for the gap, one for the entry message: a watcher that saw ``before``
    # sees ``before + 2`` and re-fetches.
    assert live.versions().current(CODE) == before + 2


def test_a_batch_reads_a_board_s_changed_entries_together(make_player: Any) -> None:
    """Several players' changes on one board in one batch: one ``entry`` message each, with
    the entry and rank a page of the board gives; the board's count rows are read once and,
    with the rank index, its entries in one Redis round trip, the versions' bump first in
    the same one."""
    players = [make_player(f"batch{n}") for n in range(3)]
    for count, player in enumerate(players, start=1):
        game = game_create(player=player.user, code=CODE).game
        for _ in range(count):
            action_append(game_id=game.id, player=player.user, token="draw")
    assert live.wait_idle()
    indexed = rank_index.enabled()
    if indexed:
        rank_index.background.wait()
        assert rank_index.board_build(CODE) == 3
    changed = [(CODE, player.user.id) for player in players]
    sent: list[object] = []
    original = redis.connection.Connection.send_packed_command

    def counted(connection: Any, *args: Any, **kwargs: Any) -> None:
        sent.append(args)
        original(connection, *args, **kwargs)

    with (
        CaptureQueriesContext(connection) as queries,
        patch.object(redis.connection.Connection, "send_packed_command", counted),
    ):
        events = publishing.entry_events(changed)
    page = {entry["player"]: entry for entry in map(live.entry_json, page_entries(CODE))}
    assert [json.loads(event["text"])["entry"] for _, event in events] == [
        page[player.user.username] for player in players
    ]
    if indexed:  # the count rows in SQL, then the versions and the three entries in Redis
        assert len(queries) == 1 and len(sent) == 1
    assert len(events) == 3
