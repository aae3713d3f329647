"""What a move's announcement costs in Redis, counted where it lands (``MONITOR``).

The announcement of a move is its board's version bump, the read of the entry it announces
(the rank index's ``AROUND``) and the publishing of its messages (the board's ``entry``, the
game's ``action``): two commands from one connection, the bump and the reads run in one script
(``rank_index.scripts.combined``), the ``PUBLISH``es inside another (``games.live.direct``),
per batch of the publisher and not per move (three, the bump and each read its own command in
one pipeline, before the reads went into the bump's script). Before that, a move cost a
pipeline of ``INCR`` and ``EXPIRE``, the read on the rank index's connection and one
``PUBLISH`` per message sent on the server's event loop on the channel layer's connection: 5
commands on 3 connections in 4 round trips. Redis only: the in-memory layer has no commands to
count.
"""

from __future__ import annotations

import hashlib
import os
import threading
from collections.abc import Callable, Sequence
from typing import Any
from unittest.mock import patch

import pytest
import redis.connection
from channels.db import database_sync_to_async
from django.conf import LazySettings, settings

from engine import random_code
from games import live, rank_index
from games.events import Event
from games.quotas import MOVE_LIMITS
from games.rank_index import scripts
from games.services.games import game_create
from tests.conftest import Player
from tests.games.live.conftest import receive, start, websocket
from tests.games.live.test_publishing import CODE, board_entries, stock_moves
from tests.support.redis_monitor import Command, RedisMonitor, connections, sent

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(not os.environ.get("REDIS_URL"), reason="counts Redis commands"),
]

#: Words only the announcement's commands carry: a board's version key, a group's channel.
ANNOUNCING = (":live:board-version:", "__group__")
#: What a client sends on a new connection before any command of its own.
SETUP = frozenset({"HELLO", "CLIENT", "SELECT", "AUTH", "PING"})
#: The rank index's read of an entry (its script's SHA, in the ``EVALSHA`` that runs it).
AROUND_SHA = hashlib.sha1(scripts.AROUND.encode()).hexdigest()
#: A move's throttle and quota (``games.quotas``), and the rank index's write of its entry.
LIMITS_SHA = hashlib.sha1(MOVE_LIMITS.encode()).hexdigest()
APPLY_SHA = hashlib.sha1(scripts.APPLY.encode()).hexdigest()


def monitor() -> RedisMonitor:
    """A monitor keeping this test's commands (its scripts' by the prefixes it uses)."""
    layer_prefix = str(settings.CHANNEL_LAYERS["default"]["CONFIG"]["prefix"])  # type: ignore[index]
    cache_prefix = str(settings.CACHES["default"].get("KEY_PREFIX") or settings.CACHE_KEY_PREFIX)
    markers = (settings.CACHE_KEY_PREFIX, layer_prefix, cache_prefix)  # the last: the index's
    return RedisMonitor(os.environ["REDIS_URL"], markers=markers)


def announcing(commands: list[Command]) -> list[Command]:
    """The commands clients sent for the announcement (the versions, the messages)."""
    return [c for c in sent(commands) if any(word in c.line for word in ANNOUNCING)]


def published(commands: list[Command], group_word: str) -> list[Command]:
    """The ``PUBLISH``es (sent or run by a script) to channels naming ``group_word``."""
    return [c for c in commands if c.name == "PUBLISH" and f"__group__{group_word}" in c.line]


def reads_ran(commands: list[Command]) -> list[Command]:
    """The rank index's reads a script ran: each ``AROUND`` begins by asking whether its board
    is ready (``EXISTS`` of its ``ready`` key)."""
    return [c for c in commands if c.client == "lua" and c.name == "EXISTS" and ":ready" in c.line]


def board_indexed(code: str) -> None:
    """The board's rank index built now (with Redis's index on), so that no build of it runs
    while commands are counted."""
    if rank_index.enabled():
        rank_index.background.wait()
        rank_index.board_build(code)


@pytest.fixture
def bob(make_player: Callable[..., Player]) -> Player:
    return make_player("bob")


async def test_a_socket_move_is_announced_in_two_redis_commands_on_one_connection(
    alice: Player, settings: LazySettings
) -> None:
    # The move's own limits on, as a server has them (the tests' settings turn them off).
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": "1200/minute"}
    settings.CANFIELD_MAX_ACTIONS_PER_HOUR = 20_000
    game_id = await start(alice, CODE)
    moves = 4
    await database_sync_to_async(board_indexed)(CODE)
    async with (
        websocket(f"/ws/leaderboards/{CODE}/") as board,
        websocket(f"/ws/games/{game_id}/", user=alice.user) as game,
    ):
        version = (await receive(board))["version"]
        seq = (await receive(game))["seq"]
        # A first move loads the scripts (a NOSCRIPT answer, a SCRIPT LOAD) in this process.
        await game.send_json_to({"type": "move", "seq": seq + 1, "action": "draw"})
        frames = [await receive(game) for _ in range(2)]
        assert {frame["type"] for frame in frames} == {"ack", "action"}
        assert (await receive(board))["version"] == version + 1
        assert await database_sync_to_async(live.wait_idle)()
        with monitor() as redis_commands:
            for number in range(moves):
                move = {"type": "move", "seq": seq + 2 + number, "action": "draw"}
                await game.send_json_to(move)
                frames = [await receive(game) for _ in range(2)]  # the ack and the action
                assert {frame["type"] for frame in frames} == {"ack", "action"}
                entry = await receive(board)
                assert entry["version"] == version + 2 + number
                assert await database_sync_to_async(live.wait_idle)()
            mine = redis_commands.mine()
    announced = announcing(mine)
    assert len(announced) == 2 * moves, [c.line[:120] for c in announced]
    assert {c.name for c in announced} == {"EVALSHA"}
    assert len(connections(announced)) == 1  # the bump with the read, the messages
    # The entry's read runs in the bump's command, never as one of its own.
    assert len(reads_ran(mine)) == moves
    assert not [c for c in sent(mine) if AROUND_SHA in c.line]
    # The messages themselves: two a move, both run by the script, none sent one by one.
    assert len(published(mine, "leaderboard.")) == moves
    assert len(published(mine, "game.")) == moves
    assert not [c for c in sent(mine) if c.name == "PUBLISH"]
    # The whole move, throttle, quota and rank index included (9, then 7, then 5 before the
    # move's limits went in one script and the reads in the bump's); a connection a pool
    # opens meanwhile says hello first, which is no command of the move's.
    commands = [c for c in sent(mine) if c.name not in SETUP]
    assert len(commands) <= 4 * moves, sorted(c.name for c in commands)
    # The request thread's share: the throttle and the quota in one command, the rank index's
    # write after the commit, both on the cache's connection (3 commands on 2 before).
    limits = [c for c in commands if LIMITS_SHA in c.line]
    writes = [c for c in commands if APPLY_SHA in c.line]
    assert (len(limits), len(writes)) == (moves, moves)
    assert len(connections(limits + writes)) == 1
    assert len(connections(commands)) == 2  # the request thread's, the publisher's


async def test_a_burst_on_one_board_is_announced_in_one_publish_call_and_ends_on_the_latest(
    alice: Player, bob: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    alice_game, bob_game = await start(alice, CODE), await start(bob, CODE)
    reported: list[Sequence[Event]] = []
    async with (
        websocket(f"/ws/leaderboards/{CODE}/") as board,
        websocket(f"/ws/games/{alice_game}/") as spectator,
    ):
        version = (await receive(board))["version"]
        await receive(spectator)
        # The writes' announcements held back and handed over as one batch, as the
        # publisher's thread gets moves that commit while it is busy.
        with monkeypatch.context() as patch:
            patch.setattr(live, "game_changed", reported.append)
            tokens = await database_sync_to_async(stock_moves)(alice, alice_game, 6)
            await database_sync_to_async(stock_moves)(bob, bob_game, 4)
        changes = [live.GameChange(events=tuple(events), loop=None) for events in reported]
        assert len(changes) == 10
        with monitor() as redis_commands:  # the scripts are loaded: ``start`` announced
            await database_sync_to_async(live.publish_changes)(changes)
            mine = redis_commands.mine()
        entries = [await receive(board) for _ in range(2)]
        actions = [await receive(spectator) for _ in range(6)]
        assert await board.receive_nothing(timeout=0.3)
        assert await spectator.receive_nothing(timeout=0.1)
    announced = announcing(mine)
    assert [c.name for c in announced] == ["EVALSHA", "EVALSHA"]  # the versions, the messages
    assert len(reads_ran(mine)) == 2  # alice's and bob's entries, in the bump's command
    assert not [c for c in sent(mine) if AROUND_SHA in c.line]
    assert len(connections(announced)) == 1
    # Ten moves on one board: one entry message per player and batch, every action its own.
    assert len(published(mine, "leaderboard.")) == 2 < len(changes)
    assert len(published(mine, "game.")) == 10
    # Versions never go backwards, and the last of each player is the board as it is now.
    assert [entry["version"] for entry in entries] == [version + 1, version + 2]
    page = {entry["player"]: entry for entry in await board_entries(CODE)}
    latest = {entry["entry"]["player"]: entry["entry"] for entry in entries}
    names = (alice.user.username, bob.user.username)
    assert latest == {name: page[name] for name in names}
    assert [(a["seq"], a["token"]) for a in actions] == list(enumerate(tokens, start=2))


def test_a_batch_over_two_boards_bumps_reads_and_publishes_in_two_round_trips(
    alice: Player, bob: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The versions' bump and every board's entries go in one pipeline, the messages in one
    script: two round trips from the publishing thread, however many boards."""
    other = random_code(draw=3)
    games = [game_create(player=p.user, code=c).game.id for p, c in ((alice, CODE), (bob, other))]
    assert live.wait_idle()
    before = [live.versions().current(code) for code in (CODE, other)]
    reported: list[Sequence[Event]] = []
    with monkeypatch.context() as held:
        held.setattr(live, "game_changed", reported.append)
        stock_moves(alice, games[0], 2)
        stock_moves(bob, games[1], 2)
    changes = [live.GameChange(events=tuple(events), loop=None) for events in reported]
    assert {board for change in changes for board in change.boards_changed()} == {CODE, other}
    here = threading.get_ident()
    trips: list[object] = []
    original = redis.connection.Connection.send_packed_command

    def counted(connection: Any, *args: Any, **kwargs: Any) -> None:
        if threading.get_ident() == here:
            trips.append(args)
        original(connection, *args, **kwargs)

    with patch.object(redis.connection.Connection, "send_packed_command", counted):
        live.publish_changes(changes)
    assert len(trips) == 2
    assert [live.versions().current(code) for code in (CODE, other)] == [v + 1 for v in before]
