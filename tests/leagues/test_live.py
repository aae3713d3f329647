"""A league's board live on the boards' socket (``ws/leaderboards/<board>/?league=<id>``):
its members only, ranks within the league, messages for its members' changes alone, a
removed member's socket closed at once, and an API client's token named by a first hello
(a bad one refused, then closed with 4401)."""

import json
from collections.abc import AsyncIterator, Callable
from contextlib import asynccontextmanager
from typing import Any

import pytest
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator

from games.socket_moves import CLOSE_BAD_TOKEN
from leagues.routing import websocket_urlpatterns
from leagues.services import league_create, league_join, member_remove
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, act, start_ranked
from tests.games.live.conftest import RECEIVE_TIMEOUT_S, play_first_legal, receive, start
from tests.support.games import SIMPLE_CODE

pytestmark = pytest.mark.django_db(transaction=True)


def communicator(path: str, user: Any = None) -> WebsocketCommunicator:
    socket = WebsocketCommunicator(URLRouter(websocket_urlpatterns), path)
    if user is not None:
        socket.scope["user"] = user
    return socket


@asynccontextmanager
async def watching(path: str, user: Any) -> AsyncIterator[WebsocketCommunicator]:
    socket = communicator(path, user)
    connected, _ = await socket.connect(timeout=RECEIVE_TIMEOUT_S)
    assert connected
    try:
        yield socket
    finally:
        await socket.disconnect()


async def close_code(path: str, user: Any = None) -> int:
    socket = communicator(path, user)
    connected, _ = await socket.connect(timeout=RECEIVE_TIMEOUT_S)
    assert connected
    output = await socket.receive_output(timeout=RECEIVE_TIMEOUT_S)
    await socket.disconnect(code=output.get("code", 1000))
    assert output["type"] == "websocket.close", output
    return int(output["code"])


@database_sync_to_async
def league_of(owner: Player, *members: Player) -> int:
    league = league_create(owner=owner.user, name="Office")
    for member in members:
        league_join(player=member.user, invite=league.invite)
    return int(league.pk)


async def test_members_watch_their_league_board_live_and_strangers_are_refused(
    make_player: Callable[..., Player],
) -> None:
    alice, bob, eve = [
        await database_sync_to_async(make_player)(n) for n in ("alice", "bob", "eve")
    ]
    lid = await league_of(alice, bob)
    await start(eve, SIMPLE_CODE)  # on the global board, not in the league
    alice_game = await start(alice, SIMPLE_CODE)
    path = f"/ws/leaderboards/{SIMPLE_CODE}/?league={lid}"
    assert await close_code(path, eve.user) == 4404  # a stranger
    assert (
        await close_code(f"/ws/leaderboards/{SIMPLE_CODE}/?league={lid + 99}", alice.user) == 4404
    )
    assert await close_code(f"/ws/leaderboards/{SIMPLE_CODE}/?league=x", alice.user) == 4400
    assert await close_code(f"{path}&who=all", alice.user) == 4400
    async with watching(path, bob.user) as socket:
        snapshot = await receive(socket)
        assert (snapshot["type"], snapshot["league"], snapshot["total"]) == ("snapshot", lid, 1)
        assert [(e["rank"], e["player"]) for e in snapshot["entries"]] == [(1, "alice")]
        await play_first_legal(eve, (await start(eve, SIMPLE_CODE)))  # no league message
        await start(bob, SIMPLE_CODE)
        message = await receive(socket)
        assert (message["type"], message["league"]) == ("entry", lid)
        assert message["entry"]["player"] == "bob" and message["entry"]["rank"] in (1, 2)
        assert message["version"] == snapshot["version"] + 1
        await play_first_legal(alice, alice_game)
        message = await receive(socket)
        assert message["entry"]["player"] == "alice"
        assert message["version"] == snapshot["version"] + 2
        assert await socket.receive_nothing(timeout=0.3)


async def test_a_removed_members_socket_stops_getting_the_league(
    make_player: Callable[..., Player],
) -> None:
    alice, bob = [await database_sync_to_async(make_player)(n) for n in ("alice", "bob")]
    lid = await league_of(alice, bob)
    path = f"/ws/leaderboards/{SIMPLE_CODE}/?league={lid}"
    socket = communicator(path, bob.user)
    connected, _ = await socket.connect(timeout=RECEIVE_TIMEOUT_S)
    assert connected
    assert (await receive(socket))["type"] == "snapshot"
    await database_sync_to_async(member_remove)(player=alice.user, league_id=lid, username="bob")
    output = await socket.receive_output(timeout=RECEIVE_TIMEOUT_S)
    assert (output["type"], output["code"]) == ("websocket.close", 4404)
    await socket.disconnect(code=4404)
    await start(alice, SIMPLE_CODE)
    assert await close_code(path, bob.user) == 4404


async def closed_after_refusal(socket: WebsocketCommunicator) -> tuple[dict[str, Any], int]:
    """The ``refused`` message a socket sent, and the code it then closed with."""
    refused = await receive(socket)
    output = await socket.receive_output(timeout=RECEIVE_TIMEOUT_S)
    await socket.disconnect(code=output.get("code", 1000))
    assert output["type"] == "websocket.close", output
    return refused, int(output["code"])


async def test_an_api_client_names_its_player_by_a_token_in_a_first_hello(
    make_player: Callable[..., Player],
) -> None:
    alice, bob, eve = [
        await database_sync_to_async(make_player)(n) for n in ("alice", "bob", "eve")
    ]
    lid = await league_of(alice, bob)
    path = f"/ws/leaderboards/{SIMPLE_CODE}/?league={lid}"
    async with watching(path, None) as socket:
        assert await socket.receive_nothing(timeout=0.3)  # no snapshot before the hello
        await socket.send_json_to({"type": "hello", "token": bob.token})
        assert await receive(socket) == {"type": "hello", "player": "bob"}
        snapshot = await receive(socket)
        assert (snapshot["type"], snapshot["league"], snapshot["total"]) == ("snapshot", lid, 0)
        await start(alice, SIMPLE_CODE)
        message = await receive(socket)
        assert (message["type"], message["entry"]["player"]) == ("entry", "alice")
        await socket.send_json_to({"type": "hello", "token": "ignored now"})
        assert await socket.receive_nothing(timeout=0.3)
    # A stranger's valid token: named, then refused as a stranger's session is.
    socket = communicator(path)
    assert (await socket.connect(timeout=RECEIVE_TIMEOUT_S))[0]
    await socket.send_json_to({"type": "hello", "token": eve.token})
    assert await receive(socket) == {"type": "hello", "player": "eve"}
    output = await socket.receive_output(timeout=RECEIVE_TIMEOUT_S)
    assert (output["type"], output["code"]) == ("websocket.close", 4404)
    await socket.disconnect(code=4404)


@pytest.mark.parametrize(
    "first",
    [
        {"type": "hello", "token": "not-a-token"},
        {"type": "hello", "token": ""},
        {"type": "hello", "token": 42},
        {"type": "hello"},
        {"type": "hello", "token": "x" * 300},
        {"type": "move", "action": "draw"},
        "not json",
    ],
)
async def test_a_bad_first_message_is_refused_then_the_socket_closed(
    make_player: Callable[..., Player], first: object
) -> None:
    alice = await database_sync_to_async(make_player)("alice")
    lid = await league_of(alice)
    socket = communicator(f"/ws/leaderboards/{SIMPLE_CODE}/?league={lid}")
    assert (await socket.connect(timeout=RECEIVE_TIMEOUT_S))[0]
    if isinstance(first, str):
        await socket.send_to(text_data=first)
    else:
        await socket.send_json_to(first)
    refused, code = await closed_after_refusal(socket)
    assert code == CLOSE_BAD_TOKEN
    assert refused["type"] == "refused" and refused["status"] in (400, 401), refused
    assert refused["error"]["error"] and refused["error"]["detail"], refused


@pytest.mark.usefixtures("day")
async def test_a_sealed_boards_league_socket_names_no_game_before_the_close(
    make_player: Callable[..., Player], client_at: Callable[..., Any]
) -> None:
    """Today's ranked board within a league, live: the members' entries with no game id, in
    the snapshot and in each change, as the global board's socket tells them."""
    alice, bob = [await database_sync_to_async(make_player)(n) for n in ("alice", "bob")]
    lid = await league_of(alice, bob)
    clients = {
        "alice": await database_sync_to_async(client_at)(alice, "203.0.113.5"),
        "bob": await database_sync_to_async(client_at)(bob, "198.51.100.1"),
    }
    games = {}
    games["alice"] = (await database_sync_to_async(start_ranked)(clients["alice"]))["id"]
    await database_sync_to_async(act)(clients["alice"], games["alice"])
    async with watching(f"/ws/leaderboards/{BOARD}/?league={lid}", bob.user) as socket:
        snapshot = await receive(socket)
        assert [(e["player"], e["game"]) for e in snapshot["entries"]] == [("alice", None)]
        games["bob"] = (await database_sync_to_async(start_ranked)(clients["bob"]))["id"]
        await database_sync_to_async(act)(clients["bob"], games["bob"])
        texts = [json.dumps(snapshot)]
        seen: set[str] = set()
        while "bob" not in seen:
            message = await receive(socket)
            texts.append(json.dumps(message))
            seen.add(message["entry"]["player"])
            assert message["league"] == lid and message["entry"]["game"] is None
    for game_id in games.values():
        assert all(f'"game": {game_id}' not in text for text in texts)
