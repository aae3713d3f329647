"""The WebSocket consumers against the real channel layer and database.

``transaction=True``: updates are published from ``transaction.on_commit``, which only fires
when a transaction really commits (not inside a test wrapped in one).
"""

import json
from typing import Any

import pytest
import time_machine
from channels.db import database_sync_to_async
from channels.layers import BaseChannelLayer, get_channel_layer
from django.conf import LazySettings
from django.db import transaction

from engine import Game as EngineGame
from games import live
from games.consumers import CLOSE_BAD_REQUEST, CLOSE_NOT_FOUND, CLOSE_SERVER_ERROR
from games.models import Game
from games.selectors.leaderboards import leaderboard_page
from games.services.actions import action_append, game_resign
from games.services.games import game_create
from games.services.submissions import submission_create
from tests.conftest import Player
from tests.games.live.conftest import (
    RECEIVE_TIMEOUT_S,
    assert_strangers_refused,
    close_code_of,
    communicator_for,
    play_first_legal,
    ranked_game,
    receive,
    start,
    websocket,
)
from tests.support.games import SIMPLE_CODE, won_logs

pytestmark = pytest.mark.django_db(transaction=True)

CODE = "CF1-D3-ABCDEFG"


@database_sync_to_async
def board_entries(code: str) -> list[dict]:
    return [live.entry_json(entry) for entry in leaderboard_page(board=code).entries]


@database_sync_to_async
def game_row(game_id: int) -> Game:
    return Game.objects.get(pk=game_id)


def first_token(game_id: int) -> str:
    return Game.objects.get(pk=game_id).actions.get(seq=1).token


async def test_a_board_watcher_gets_a_snapshot_of_the_top_entries(
    alice: Player, bob: Player
) -> None:
    alice_game = await start(alice, CODE)
    await start(bob, CODE)
    await play_first_legal(alice, alice_game)
    async with websocket(f"/ws/leaderboards/{CODE}/") as socket:
        snapshot = await receive(socket)
    assert snapshot["type"] == "snapshot"
    assert snapshot["board"] == CODE
    assert snapshot["total"] == 2
    assert snapshot["entries"] == await board_entries(CODE)
    assert {entry["player"] for entry in snapshot["entries"]} == {"alice", "bob"}
    assert snapshot["version"] == live.versions().current(CODE)


async def test_a_lower_case_code_watches_the_same_board(alice: Player) -> None:
    await start(alice, CODE)
    async with websocket(f"/ws/leaderboards/{CODE.lower()}/") as socket:
        snapshot = await receive(socket)
    assert snapshot["board"] == CODE
    assert [entry["player"] for entry in snapshot["entries"]] == ["alice"]


async def test_an_empty_board_is_a_board(alice: Player) -> None:
    async with websocket(f"/ws/leaderboards/{CODE}/") as socket:
        snapshot = await receive(socket)
        assert (snapshot["total"], snapshot["entries"]) == (0, [])
        game_id = await start(alice, CODE)
        joined = await receive(socket)
    assert joined["version"] == snapshot["version"] + 1
    assert joined["entry"]["player"] == "alice"
    assert joined["entry"]["game"] == game_id
    assert joined["entry"]["rank"] == 1


async def test_each_committed_move_sends_the_new_entry_with_the_next_version(
    alice: Player,
) -> None:
    game_id = await start(alice, CODE)
    async with websocket(f"/ws/leaderboards/{CODE}/") as socket:
        snapshot = await receive(socket)
        await play_first_legal(alice, game_id)
        update = await receive(socket)
        assert await socket.receive_nothing(timeout=0.2)
    row = await game_row(game_id)
    assert update == {
        "type": "entry",
        "board": CODE,
        "who": "humans",
        "version": snapshot["version"] + 1,
        "entry": (await board_entries(CODE))[0],
    }
    assert update["entry"]["moves"] == row.moves
    assert update["entry"]["game"] == game_id


async def test_versions_follow_each_other_across_players_and_ranks_move(
    alice: Player, bob: Player
) -> None:
    alice_game = await start(alice, CODE)
    bob_game = await start(bob, CODE)
    async with websocket(f"/ws/leaderboards/{CODE}/") as socket:
        snapshot = await receive(socket)
        for who, game_id in [(alice, alice_game), (bob, bob_game)] * 3:
            await play_first_legal(who, game_id)
        updates = [await receive(socket) for _ in range(6)]
    versions = [update["version"] for update in updates]
    assert versions == list(range(snapshot["version"] + 1, snapshot["version"] + 7))
    assert [u["entry"]["player"] for u in updates] == ["alice", "bob"] * 3
    # Applying the updates to the snapshot by player, then sorting by the board's key,
    # gives today's board; the last update's rank is exact, earlier ones may be stale.
    board = {entry["player"]: entry for entry in snapshot["entries"]}
    for update in updates:
        board[update["entry"]["player"]] = update["entry"]
    applied = sorted(board.values(), key=lambda e: (-e["cards"], e["moves"], e["reached_at"]))
    today = await board_entries(CODE)
    assert [e["player"] for e in applied] == [e["player"] for e in today]
    assert updates[-1]["entry"] in today


async def test_every_watcher_of_a_board_gets_updates_and_one_leaving_stops_none(
    alice: Player,
) -> None:
    game_id = await start(alice, CODE)
    async with websocket(f"/ws/leaderboards/{CODE}/") as staying:
        snapshot = await receive(staying)
        async with websocket(f"/ws/leaderboards/{CODE}/") as leaving:
            assert (await receive(leaving))["version"] == snapshot["version"]
            await play_first_legal(alice, game_id)
            assert (await receive(leaving))["version"] == snapshot["version"] + 1
            assert (await receive(staying))["version"] == snapshot["version"] + 1
        await play_first_legal(alice, game_id)
        assert (await receive(staying))["version"] == snapshot["version"] + 2


async def test_a_malformed_event_on_a_board_group_changes_nothing(alice: Player) -> None:
    game_id = await start(alice, CODE)
    async with websocket(f"/ws/leaderboards/{CODE}/") as socket:
        snapshot = await receive(socket)
        group = live.leaderboard_group(CODE)
        await get_channel_layer().group_send(group, {"type": live.ENTRY_EVENT, "group": group})
        await play_first_legal(alice, game_id)
        assert (await receive(socket))["version"] == snapshot["version"] + 1


async def test_a_rolled_back_move_is_never_announced(alice: Player) -> None:
    game_id = await start(alice, CODE)

    @database_sync_to_async
    def play_then_roll_back() -> None:
        with transaction.atomic():
            position = EngineGame.from_snapshot(Game.objects.get(pk=game_id).snapshot)
            token = str(position.legal_moves()[0])
            action_append(game_id=game_id, player=alice.user, token=token)
            transaction.set_rollback(True)

    async with websocket(f"/ws/leaderboards/{CODE}/") as board_socket:
        await receive(board_socket)
        async with websocket(f"/ws/games/{game_id}/") as game_socket:
            await receive(game_socket)
            await play_then_roll_back()
            assert await game_socket.receive_nothing(timeout=0.5)
        assert await board_socket.receive_nothing(timeout=0.1)
    assert (await game_row(game_id)).seq == 1  # start's first action only


async def test_a_spectator_gets_the_board_then_every_action(alice: Player) -> None:
    game_id = await start(alice, SIMPLE_CODE)
    async with websocket(f"/ws/games/{game_id}/") as socket:
        first = await receive(socket)
        tokens = [await play_first_legal(alice, game_id) for _ in range(3)]
        actions = [await receive(socket) for _ in range(3)]
    expected = EngineGame.from_code(SIMPLE_CODE)
    expected.play(await database_sync_to_async(first_token)(game_id))
    assert first == {
        "type": "state",
        "game": game_id,
        "seq": 1,
        "status": "playing",
        "state": expected.state(),
    }
    for seq, (token, action) in enumerate(zip(tokens, actions, strict=True), start=2):
        expected.play(token)
        assert action == {
            "type": "action",
            "game": game_id,
            "seq": seq,
            "token": token,
            "score": expected.score,
            "status": "playing",
            "state": expected.state(),
        }


async def test_a_spectator_joining_late_starts_from_the_current_seq(alice: Player) -> None:
    game_id = await start(alice, SIMPLE_CODE)
    await play_first_legal(alice, game_id)
    await play_first_legal(alice, game_id)
    async with websocket(f"/ws/games/{game_id}/") as socket:
        first = await receive(socket)
        await database_sync_to_async(game_resign)(game_id=game_id, player=alice.user)
        resigned = await receive(socket)
    row = await game_row(game_id)
    assert first["seq"] == 3
    assert first["state"] == EngineGame.from_snapshot(row.snapshot).state()
    assert (resigned["seq"], resigned["token"], resigned["state"]) == (4, "resign", first["state"])
    assert (first["status"], resigned["status"]) == ("playing", "resigned")


async def test_a_submission_is_announced_on_its_board(alice: Player) -> None:
    won = won_logs()[0]
    async with websocket(f"/ws/leaderboards/{won['code']}/") as socket:
        snapshot = await receive(socket)
        await database_sync_to_async(submission_create)(
            player=alice.user, code=won["code"], actions=won["tokens"]
        )
        update = await receive(socket)
    assert update["version"] == snapshot["version"] + 1
    assert (update["entry"]["player"], update["entry"]["won"]) == ("alice", True)
    assert update["entry"]["cards"] == 52


def test_a_board_snapshot_is_reused_until_the_board_changes(alice: Player) -> None:
    game = game_create(player=alice.user, code=CODE).game
    action_append(game_id=game.id, player=alice.user, token="draw")
    assert live.wait_idle()
    first = live.board_snapshot(CODE)
    assert live.board_snapshot(CODE) is first
    action_append(game_id=game.id, player=alice.user, token="draw")
    assert live.wait_idle()
    second = live.board_snapshot(CODE)
    assert second.version == first.version + 1
    assert second.json()["entries"][0]["actions"] == first.json()["entries"][0]["actions"] + 1


def test_states_of_a_batch_are_replayed_once_per_action(alice: Player) -> None:
    won = won_logs()[0]
    game = submission_create(player=alice.user, code=won["code"], actions=won["tokens"][:5])
    states = live.states_after(game, [1, 2, 3, 4, 5])
    expected = EngineGame.from_code(won["code"])
    for seq, token in enumerate(won["tokens"][:5], start=1):
        expected.play(token)
        assert states[seq] == expected.state()


async def test_garbage_from_a_client_is_ignored_and_updates_go_on(alice: Player) -> None:
    game_id = await start(alice, CODE)
    async with websocket(f"/ws/leaderboards/{CODE}/") as socket:
        snapshot = await receive(socket)
        await socket.send_to(text_data="{not json")
        await socket.send_to(bytes_data=b"\x00\xff" * 1000)
        await socket.send_json_to({"type": "entry", "version": 10**9})
        await play_first_legal(alice, game_id)
        update = await receive(socket)
    assert update["version"] == snapshot["version"] + 1


@pytest.mark.parametrize(
    ("path", "close_code"),
    [
        ("/ws/leaderboards/NOT-A-CODE/", CLOSE_BAD_REQUEST),
        ("/ws/leaderboards/CF1-D2-AAAAAAA/", CLOSE_BAD_REQUEST),
        ("/ws/games/abc/", CLOSE_BAD_REQUEST),
        ("/ws/games/-1/", CLOSE_BAD_REQUEST),
        ("/ws/games/99999999999999999999999/", CLOSE_BAD_REQUEST),
        ("/ws/games/987654321/", CLOSE_NOT_FOUND),
        ("/ws/games/0/", CLOSE_NOT_FOUND),
        ("/ws/nothing-here/", CLOSE_NOT_FOUND),
    ],
)
async def test_a_bad_path_is_closed_with_a_clear_code(path: str, close_code: int) -> None:
    assert await close_code_of(path) == close_code


async def test_a_watcher_whose_snapshot_fails_is_closed_as_a_server_error(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def unavailable(code: str) -> live.protocol.SnapshotMessage:
        raise ConnectionError("Redis is down")

    monkeypatch.setattr(live, "board_snapshot", unavailable)
    assert await close_code_of(f"/ws/leaderboards/{CODE}/") == CLOSE_SERVER_ERROR


def test_group_names_of_the_longest_code_and_id_are_valid() -> None:
    # Channels' own rule (ASCII letters, digits, "-", "_", "."; under 100 characters): the
    # core Redis layer asserts it, the pub/sub one does not check, so check it here.
    layer = BaseChannelLayer()
    for group in (live.leaderboard_group("CF1-D3-ZZZZZZZ"), live.game_group(2**63 - 1)):
        assert layer.require_valid_group_name(group)


async def test_a_sealed_game_is_watched_by_its_owner_alone_with_no_face_down_card(
    alice: Player, bob: Player, sealed_day: str
) -> None:
    """The spectator socket was the third way to read a leader's cards and log."""
    game_id = await ranked_game(alice)
    await assert_strangers_refused(game_id, bob)
    async with websocket(f"/ws/games/{game_id}/", user=alice.user) as socket:
        first = await receive(socket)
        await play_first_legal(alice, game_id)
        moved = await receive(socket)
    async with websocket(f"/ws/leaderboards/daily-{sealed_day}-D3/") as board_socket:
        snapshot = await receive(board_socket)
    full = (await game_row(game_id)).snapshot
    hidden = set(EngineGame.from_snapshot(full).state()["stock"])
    for message in (first, moved):
        state = message["state"]
        assert state["code"] is None
        assert set(state["stock"]) <= {None} and set(state["reserve"][:-1]) <= {None}
        assert not any(f'"{card}"' in json.dumps(message) for card in hidden)
    assert [(e["player"], e["game"]) for e in snapshot["entries"]] == [("alice", None)]
    assert (await game_row(game_id)).code not in json.dumps(snapshot)


async def test_a_board_feed_reads_no_session_and_a_game_socket_reads_its_owners(
    alice: Player, settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through the deployed application with a signed-in browser's cookie: a board's feed
    is everyone's, so it reads no session (nor user) per watcher; a sealed game's socket
    still knows its owner from the session."""
    from channels.testing import WebsocketCommunicator
    from django.contrib.auth import BACKEND_SESSION_KEY, HASH_SESSION_KEY, SESSION_KEY
    from django.contrib.sessions.backends.db import SessionStore

    from canfield_site.asgi import application

    settings.DAILY_SECRET = "canfield tests"
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 2
    session = SessionStore()
    session[SESSION_KEY] = str(alice.user.pk)
    session[BACKEND_SESSION_KEY] = "django.contrib.auth.backends.ModelBackend"
    session[HASH_SESSION_KEY] = alice.user.get_session_auth_hash()
    await database_sync_to_async(session.save)()
    loads: list[str] = []
    load = SessionStore.load

    def counted_load(store: SessionStore) -> dict[str, Any]:
        loads.append("load")
        return load(store)

    monkeypatch.setattr(SessionStore, "load", counted_load)
    cookie = [(b"cookie", f"{settings.SESSION_COOKIE_NAME}={session.session_key}".encode())]

    async def opened(path: str) -> dict:
        socket = WebsocketCommunicator(application, path, headers=cookie)
        connected, _ = await socket.connect(timeout=3)
        assert connected, path
        try:
            return await receive(socket)
        finally:
            await socket.disconnect()

    with time_machine.travel("2026-01-02 12:00Z", tick=False):
        game = await database_sync_to_async(game_create)(player=alice.user, daily="D3")
        board = await opened("/ws/leaderboards/daily-2026-01-02-D3/")
        assert (board["type"], loads) == ("snapshot", [])
        spectated = await opened(f"/ws/games/{game.game.id}/")  # 4404 to anyone but alice
    assert (spectated["type"], spectated["game"], loads) == ("state", game.game.id, ["load"])


async def test_sockets_take_no_channel_of_their_own(
    alice: Player, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Three watchers of a board and a spectator: the process's fan-out makes the one
    channel it listens on; channels' per-consumer channel (with the Redis pub/sub layer a
    SUBSCRIBE per socket, a queue and a waiting task) is not made for any of them, and every
    socket still gets its updates."""
    layer = get_channel_layer()
    made: list[str] = []
    new_channel = layer.new_channel

    async def counted(*args: object, **kwargs: object) -> str:
        made.append(await new_channel(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(layer, "new_channel", counted)
    game_id = await start(alice, CODE)
    async with (
        websocket(f"/ws/leaderboards/{CODE}/") as first,
        websocket(f"/ws/leaderboards/{CODE}/") as second,
        websocket(f"/ws/leaderboards/{CODE}/") as third,
        websocket(f"/ws/games/{game_id}/") as spectator,
    ):
        sockets = (first, second, third)
        versions = [(await receive(socket))["version"] for socket in sockets]
        assert (await receive(spectator))["type"] == "state"
        await play_first_legal(alice, game_id)
        assert [(await receive(socket))["version"] for socket in sockets] == [
            version + 1 for version in versions
        ]
        assert (await receive(spectator))["type"] == "action"
    assert len(made) == 1


@pytest.mark.django_db(transaction=True)
async def test_a_boards_socket_opens_only_where_its_rest_board_exists() -> None:
    """Issue 38, N14: tomorrow's board answered 404 over REST while its socket opened. One
    rule now (``games.selectors.board_shown``): today's board opens, tomorrow's and a past
    day's without deals close 4404 as REST says 404, and a deal code whose layout is a sealed
    daily's closes 4403 as REST refuses it."""
    from datetime import timedelta

    from rest_framework.test import APIClient

    from games.boards import utc_today
    from games.consumers import CLOSE_OFFSET
    from tests.support.games import store_simple_day

    today = utc_today()
    await database_sync_to_async(store_simple_day)(today)
    rest = APIClient()

    def rest_status(board: str) -> int:
        return int(rest.get(f"/api/leaderboards/{board}/").status_code)

    tomorrow = f"daily-{(today + timedelta(days=1)).isoformat()}-D3"
    long_ago = f"daily-{(today - timedelta(days=400)).isoformat()}-D1"
    for board in (tomorrow, long_ago, SIMPLE_CODE):
        status = await database_sync_to_async(rest_status)(board)
        assert status in (403, 404), (board, status)
        assert await close_code_of(f"/ws/leaderboards/{board}/") == CLOSE_OFFSET + status, board
    today_board = f"daily-{today.isoformat()}-D3"
    assert await database_sync_to_async(rest_status)(today_board) == 200
    communicator = communicator_for(f"/ws/leaderboards/{today_board}/", None)
    connected, _ = await communicator.connect(timeout=RECEIVE_TIMEOUT_S)
    snapshot = await receive(communicator)
    await communicator.disconnect()
    assert connected and snapshot["type"] == "snapshot"
