"""Moves over a game's socket against the real channel layer and database: who may move,
the answers (the REST answers, byte for byte where the moves are the same), resends, and
a socket that sends garbage or too much.

``transaction=True``: the moves commit, and their announcements go out after the commit.
"""

import asyncio
import threading
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager
from typing import Any

import pytest
import time_machine
from asgiref.sync import sync_to_async
from channels.db import database_sync_to_async
from channels.routing import URLRouter
from channels.testing import WebsocketCommunicator
from django.conf import LazySettings
from django.conf import settings as django_settings
from django.utils import translation
from django.utils.translation import gettext
from rest_framework.test import APIClient

from engine import Game as EngineGame
from engine import IllegalMove
from games.models import Action, Game
from games.routing import websocket_urlpatterns
from games.services.games import game_create
from games.socket_moves import CLOSE_BAD_TOKEN, CLOSE_GARBAGE
from games.socket_moves.messages import MAX_FRAME_CHARS
from tests.conftest import Player
from tests.games.live.conftest import (
    RECEIVE_TIMEOUT_S,
    assert_strangers_refused,
    ranked_game,
    receive,
    websocket,
)
from tests.support.games import SIMPLE_CODE

pytestmark = pytest.mark.django_db(transaction=True)

#: An illegal move at the start of SIMPLE_CODE's deal (its reserve's top cannot go home).
ILLEGAL = "RF"


@database_sync_to_async
def new_game(player: Player, code: str = SIMPLE_CODE) -> int:
    return int(game_create(player=player.user, code=code).game.id)


@database_sync_to_async
def stored_tokens(game_id: int) -> list[str]:
    return list(
        Action.objects.filter(game_id=game_id).order_by("seq").values_list("token", flat=True)
    )


@database_sync_to_async
def rest_post(
    who: Player, path: str, body: dict[str, Any], language: str = "en", cookie: str | None = None
) -> Any:
    """POST as ``who`` with ``language`` as Accept-Language and ``cookie`` as the language
    cookie (the switch's choice, which wins)."""
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Token {who.token}", HTTP_ACCEPT_LANGUAGE=language)
    if cookie is not None:
        client.cookies[django_settings.LANGUAGE_COOKIE_NAME] = cookie
    return client.post(path, body, format="json")


def reason_in(language: str) -> str:
    """The engine's reason for ILLEGAL at the deal's start, in ``language``."""
    with pytest.raises(IllegalMove) as refused:
        EngineGame.from_code(SIMPLE_CODE).play(ILLEGAL)
    with translation.override(language):
        return refused.value.reason.sentence(gettext)


def legal_tokens(code: str = SIMPLE_CODE) -> list[str]:
    return [str(move) for move in EngineGame.from_code(code).legal_moves()]


@asynccontextmanager
async def game_socket(
    game_id: int, *, user: Any = None, headers: list[tuple[bytes, bytes]] | None = None
) -> AsyncIterator[WebsocketCommunicator]:
    """A socket on the game, past its ``state`` message."""
    if headers is None:
        async with websocket(f"/ws/games/{game_id}/", user=user) as socket:
            assert (await receive(socket))["type"] == "state"
            yield socket
        return
    socket = WebsocketCommunicator(
        URLRouter(websocket_urlpatterns), f"/ws/games/{game_id}/", headers=headers
    )
    if user is not None:
        socket.scope["user"] = user
    connected, _ = await socket.connect(timeout=RECEIVE_TIMEOUT_S)
    assert connected
    try:
        assert (await receive(socket))["type"] == "state"
        yield socket
    finally:
        await socket.disconnect()


async def answer(socket: WebsocketCommunicator) -> dict[str, Any]:
    """The next ack, refused or hello (the game's own ``action`` messages are skipped)."""
    while True:
        message = await receive(socket)
        if message["type"] != "action":
            return message


async def closed_with(socket: WebsocketCommunicator) -> int:
    output = await socket.receive_output(timeout=RECEIVE_TIMEOUT_S)
    while output["type"] == "websocket.send":
        output = await socket.receive_output(timeout=RECEIVE_TIMEOUT_S)
    assert output["type"] == "websocket.close", output
    return int(output["code"])


async def test_a_hello_with_a_token_names_the_player_who_then_plays(alice: Player) -> None:
    game_id = await new_game(alice)
    token = legal_tokens()[0]
    async with game_socket(game_id) as socket:
        await socket.send_json_to({"type": "hello", "token": alice.token})
        assert await answer(socket) == {"type": "hello", "player": "alice"}
        await socket.send_json_to({"type": "move", "seq": 1, "action": token})
        ack = await answer(socket)
    assert (ack["type"], ack["seq"], ack["action"]["token"]) == ("ack", 1, token)
    assert await stored_tokens(game_id) == [token]


@pytest.mark.parametrize("token", ["not-a-token", "", 42, None, "x" * 300])
async def test_a_bad_token_is_refused_then_the_socket_closes_with_4401(
    alice: Player, token: object
) -> None:
    game_id = await new_game(alice)
    async with game_socket(game_id) as socket:
        await socket.send_json_to({"type": "hello", "token": token})
        refused = await answer(socket)
        assert await closed_with(socket) == CLOSE_BAD_TOKEN
    assert (refused["type"], refused["status"]) == ("refused", 401), refused
    assert refused["error"]["error"] and refused["error"]["detail"], refused


async def test_the_signed_in_owner_plays_taps_and_moves_without_a_hello(alice: Player) -> None:
    game_id = await new_game(alice)
    async with game_socket(game_id, user=alice.user) as socket:
        await socket.send_json_to({"type": "move", "seq": 1, "tap": "stock"})
        drawn = await answer(socket)
        await socket.send_json_to({"type": "move", "action": "undo"})  # seq is optional
        undone = await answer(socket)
    assert (drawn["action"]["token"], drawn["seq"]) == ("draw", 1)
    assert (undone["action"]["token"], undone["seq"]) == ("undo", 2)
    assert await stored_tokens(game_id) == ["draw", "undo"]


async def test_a_watchers_moves_are_refused_and_nothing_is_stored(
    alice: Player, bob: Player
) -> None:
    game_id = await new_game(alice)
    for user in (None, bob.user):
        async with game_socket(game_id, user=user) as socket:
            await socket.send_json_to({"type": "move", "seq": 1, "action": "draw"})
            refused = await answer(socket)
            assert refused["type"] == "refused"
            assert (refused["seq"], refused["status"]) == (1, 403)
            assert refused["error"]["error"] == "not_owner"
    async with game_socket(game_id) as socket:  # a hello makes bob bob, still not the owner
        await socket.send_json_to({"type": "hello", "token": bob.token})
        assert (await answer(socket))["player"] == "bob"
        await socket.send_json_to({"type": "move", "seq": 1, "action": "draw"})
        assert (await answer(socket))["error"]["error"] == "not_owner"
    assert await stored_tokens(game_id) == []


async def test_an_ack_is_the_rest_answer_to_the_same_move_and_watchers_hear_of_it(
    alice: Player,
) -> None:
    token = legal_tokens()[0]
    with time_machine.travel("2026-03-04 05:06:07Z", tick=False):
        over_rest, over_socket = await new_game(alice), await new_game(alice)
        rest = await rest_post(alice, f"/api/games/{over_rest}/actions/", {"action": token})
        async with (
            game_socket(over_socket) as watcher,
            game_socket(over_socket, user=alice.user) as socket,
        ):
            await socket.send_json_to({"type": "move", "seq": 1, "action": token})
            ack = await answer(socket)
            announced = await receive(watcher)
    assert rest.status_code == 201
    expected = {**rest.json(), "id": over_socket}
    assert {key: value for key, value in ack.items() if key != "type"} == expected
    assert announced["type"] == "action"
    assert (announced["seq"], announced["token"]) == (1, token)
    assert announced["state"] == ack["state"]


async def test_a_resent_move_is_acked_again_and_stored_once(alice: Player) -> None:
    game_id = await new_game(alice)
    async with game_socket(game_id, user=alice.user) as socket:
        for message in (
            {"type": "move", "seq": 1, "tap": "stock"},
            {"type": "move", "seq": 2, "action": "undo"},
        ):
            await socket.send_json_to(message)
            first = await answer(socket)
            await socket.send_json_to(message)  # no ack came (as the client sees it): again
            again = await answer(socket)
            assert again["type"] == "ack"
            assert again["action"] == first["action"]
            assert again["state"] == first["state"]
    async with game_socket(game_id, user=alice.user) as socket:  # after a reconnect, too
        await socket.send_json_to({"type": "move", "seq": 1, "tap": "stock"})
        late = await answer(socket)
    assert await stored_tokens(game_id) == ["draw", "undo"]
    # A resend of a move others came after: acked, with the game as it stands.
    assert (late["type"], late["action"]["seq"], late["seq"]) == ("ack", 1, 2)


async def test_another_move_at_a_stored_seq_is_refused_as_rest_refuses_it(alice: Player) -> None:
    game_id = await new_game(alice)
    async with game_socket(game_id, user=alice.user) as socket:
        await socket.send_json_to({"type": "move", "seq": 1, "action": "draw"})
        await answer(socket)
        await socket.send_json_to({"type": "move", "seq": 1, "action": "undo"})
        refused = await answer(socket)
    rest = await rest_post(alice, f"/api/games/{game_id}/actions/", {"action": "undo", "seq": 1})
    assert rest.status_code == 409
    assert refused == {"type": "refused", "seq": 1, "status": 409, "error": rest.json()}
    assert refused["error"]["error"] == "stale_seq"
    assert await stored_tokens(game_id) == ["draw"]


@pytest.mark.parametrize(
    ("accept", "cookie", "language"),
    [("en", None, "en"), ("ja", None, "ja"), ("ja", "id", "id")],
    ids=["english", "japanese", "the-cookie-wins"],
)
async def test_an_illegal_move_is_refused_with_the_rest_422_body(
    alice: Player, accept: str, cookie: str | None, language: str
) -> None:
    game_id = await new_game(alice)
    headers = [(b"accept-language", accept.encode())]
    if cookie is not None:
        headers.append((b"cookie", f"{django_settings.LANGUAGE_COOKIE_NAME}={cookie}".encode()))
    async with game_socket(game_id, user=alice.user, headers=headers) as socket:
        await socket.send_json_to({"type": "move", "seq": 1, "action": ILLEGAL})
        refused = await answer(socket)
    path = f"/api/games/{game_id}/actions/"
    rest = await rest_post(alice, path, {"action": ILLEGAL}, accept, cookie)
    assert rest.status_code == 422
    assert refused == {"type": "refused", "seq": 1, "status": 422, "error": rest.json()}
    assert refused["error"]["error"] == "illegal_action"
    assert refused["error"]["detail"] == reason_in(language)
    assert await stored_tokens(game_id) == []


async def test_a_resignation_is_acked_and_ends_the_game(alice: Player) -> None:
    game_id = await new_game(alice)
    async with game_socket(game_id, user=alice.user) as socket:
        await socket.send_json_to({"type": "resign", "seq": 1})
        first = await answer(socket)  # nothing to resign before a first action
        await socket.send_json_to({"type": "move", "seq": 1, "action": "draw"})
        await answer(socket)
        await socket.send_json_to({"type": "resign", "seq": 2})
        ack = await answer(socket)
        await socket.send_json_to({"type": "resign", "seq": 2})
        again = await answer(socket)
        await socket.send_json_to({"type": "move", "seq": 3, "action": "draw"})
        over = await answer(socket)
    assert (first["status"], first["error"]["error"]) == (409, "nothing_to_resign")
    assert (ack["status"], ack["action"]["token"], again["type"]) == ("resigned", "resign", "ack")
    assert (over["status"], over["error"]["error"]) == (409, "game_finished")
    assert await stored_tokens(game_id) == ["draw", "resign"]


GARBAGE: list[tuple[dict[str, Any], str]] = [
    ({"text_data": "{not json"}, "bad_message"),
    ({"bytes_data": b"\x00\xff" * 10}, "bad_message"),
    ({"text_data": "[1, 2]"}, "bad_message"),
    ({"text_data": '{"type": "dance"}'}, "unknown_message"),
    ({"text_data": '{"type": "move", "game": 0, "action": "draw"}'}, "wrong_game"),
    ({"text_data": '{"type": "move", "seq": "one", "action": "draw"}'}, "invalid_input"),
    ({"text_data": '{"type": "move", "seq": 1}'}, "invalid_input"),
    ({"text_data": '{"type": "move", "action": "draw", "tap": "stock"}'}, "invalid_input"),
    ({"text_data": "[" * 5000}, "message_too_large"),
]


@pytest.mark.parametrize(("frame", "code"), GARBAGE, ids=[code for _, code in GARBAGE])
async def test_garbage_is_refused_with_a_code_and_nothing_is_stored(
    alice: Player, frame: dict[str, Any], code: str
) -> None:
    game_id = await new_game(alice)
    async with game_socket(game_id, user=alice.user) as socket:
        await socket.send_to(**frame)
        refused = await answer(socket)
        await socket.send_json_to({"type": "move", "seq": 1, "action": "draw"})
        assert (await answer(socket))["type"] == "ack"  # the socket goes on
    assert refused["type"] == "refused"
    assert refused["error"]["error"] == code
    assert refused["status"] == (413 if code == "message_too_large" else 400)
    assert await stored_tokens(game_id) == ["draw"]


async def test_a_huge_frame_is_refused_unread(alice: Player) -> None:
    game_id = await new_game(alice)
    huge = '{"type": "move", "seq": 1, "action": "draw", "pad": "' + "x" * MAX_FRAME_CHARS + '"}'
    async with game_socket(game_id, user=alice.user) as socket:
        await socket.send_to(text_data=huge)
        refused = await answer(socket)
    assert (refused["status"], refused["error"]["error"]) == (413, "message_too_large")
    assert refused["error"]["limit"] == MAX_FRAME_CHARS
    assert refused["seq"] is None
    assert await stored_tokens(game_id) == []


async def test_five_malformed_frames_in_a_row_close_the_socket(alice: Player) -> None:
    game_id = await new_game(alice)
    async with game_socket(game_id, user=alice.user) as socket:
        for _ in range(4):
            await socket.send_to(text_data="{not json")
            assert (await answer(socket))["error"]["error"] == "bad_message"
        await socket.send_json_to({"type": "move", "seq": 1, "action": ILLEGAL})
        assert (await answer(socket))["status"] == 422  # well formed: the run starts again
        for _ in range(4):
            await socket.send_to(text_data="{not json")
            assert (await answer(socket))["type"] == "refused"
        await socket.send_to(text_data="{not json")
        assert (await answer(socket))["error"]["error"] == "bad_message"
        assert await closed_with(socket) == CLOSE_GARBAGE
    assert await stored_tokens(game_id) == []


async def test_moves_over_the_rate_are_refused_with_the_throttles_wait(
    alice: Player, settings: LazySettings
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": "3/minute"}
    game_id = await new_game(alice)
    async with game_socket(game_id, user=alice.user) as socket:
        answers = []
        for seq in range(1, 5):
            await socket.send_json_to({"type": "move", "seq": seq, "action": "draw"})
            answers.append(await answer(socket))
    assert [a["type"] for a in answers] == ["ack", "ack", "ack", "refused"]
    refused = answers[-1]
    assert (refused["seq"], refused["status"], refused["error"]["error"]) == (4, 429, "throttled")
    assert refused["error"]["retry_after"] >= 1 and refused["error"]["wait"] > 0
    # The player's own count is REST's too: their next REST move is refused as well.
    rest = await rest_post(alice, f"/api/games/{game_id}/actions/", {"action": "draw"})
    assert rest.status_code == 429
    assert await stored_tokens(game_id) == ["draw"] * 3


async def test_a_socket_has_a_rate_of_its_own_whoever_sends(
    alice: Player, settings: LazySettings
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": "3/minute"}
    game_id = await new_game(alice)
    async with game_socket(game_id) as socket:  # an anonymous watcher
        codes = []
        for _ in range(4):
            await socket.send_json_to({"type": "move", "seq": 1, "action": "draw"})
            codes.append((await answer(socket))["error"]["error"])
    assert codes == ["not_owner"] * 3 + ["throttled"]


async def test_the_rate_setting_off_turns_both_limits_off(
    alice: Player, settings: LazySettings
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None}
    game_id = await new_game(alice)
    async with game_socket(game_id, user=alice.user) as socket:
        for seq in range(1, 21):
            token = "draw" if seq % 2 else "undo"
            await socket.send_json_to({"type": "move", "seq": seq, "action": token})
            assert (await answer(socket))["type"] == "ack"
    assert len(await stored_tokens(game_id)) == 20


async def test_a_sealed_game_is_its_owners_alone_on_the_socket_too(
    alice: Player, bob: Player, sealed_day: str
) -> None:
    game_id = await ranked_game(alice)
    await assert_strangers_refused(game_id, bob)  # no hello gets a stranger in: no socket
    async with game_socket(game_id, user=alice.user) as socket:
        await socket.send_json_to({"type": "move", "seq": 1, "tap": "stock"})
        ack = await answer(socket)
    row = await database_sync_to_async(Game.objects.get)(pk=game_id)
    hidden = EngineGame.from_snapshot(row.snapshot).state()["stock"]
    assert ack["type"] == "ack" and ack["code"] is None and ack["state"]["code"] is None
    assert set(ack["state"]["stock"]) == {None}
    assert row.code not in str(ack) and not any(f"'{card}'" in str(ack) for card in hidden)


async def test_a_move_is_answered_while_the_thread_sensitive_thread_is_busy(
    alice: Player,
) -> None:
    """A frame hops to a request thread only: channels' dispatch would first queue it behind
    whatever holds the process's one thread-sensitive thread (to close database connections
    the socket never holds), so one slow sync call there would stall every socket's moves."""
    game_id = await new_game(alice)
    token = legal_tokens()[0]
    release = threading.Event()

    def hold() -> None:
        release.wait(timeout=3 * RECEIVE_TIMEOUT_S)

    async with game_socket(game_id) as socket:
        held = asyncio.ensure_future(sync_to_async(hold, thread_sensitive=True)())
        try:
            await socket.send_json_to({"type": "hello", "token": alice.token})
            assert await answer(socket) == {"type": "hello", "player": "alice"}
            await socket.send_json_to({"type": "move", "seq": 1, "action": token})
            ack = await answer(socket)
            assert not held.done()
        finally:
            release.set()
            await held
    assert (ack["type"], ack["seq"]) == ("ack", 1)
    assert await stored_tokens(game_id) == [token]
