"""The live board leaves a held entry out (snapshot and messages) and announces it when
staff clear it, at the place it earned."""

from collections.abc import Callable

import pytest
from channels.db import database_sync_to_async

from fairplay.models import Flag
from fairplay.services import flag_decide
from games.models import Game
from games.services.actions import action_append
from games.services.games import game_create
from shared.origins import origin_of
from tests.conftest import Player
from tests.fairplay.conftest import BOARD
from tests.games.live.conftest import announced, receive, websocket

pytestmark = pytest.mark.usefixtures("day")

HOME = origin_of(address="203.0.113.5", device_id=None)


@database_sync_to_async
def start_and_draw(who: Player, draws: int) -> int:
    game = game_create(player=who.user, daily="D3", origin=HOME).game
    for _ in range(draws):
        announced(action_append(game_id=game.id, player=who.user, token="draw"))
    return int(game.id)


@database_sync_to_async
def draw(who: Player, game_id: int) -> None:
    announced(action_append(game_id=game_id, player=who.user, token="draw"))


@database_sync_to_async
def clear(game_id: int, staff: Player) -> None:
    flag = Flag.objects.get(game_id=game_id)
    announced(flag_decide(flag_id=flag.id, staff=staff.user, verdict="clear"))


@database_sync_to_async
def is_held(game_id: int) -> bool:
    return Game.objects.get(pk=game_id).held


async def test_the_socket_leaves_a_held_entry_out_until_staff_clear_it(
    make_player: Callable[..., Player], staff: Player
) -> None:
    alice = await database_sync_to_async(make_player)("alice")
    bob = await database_sync_to_async(make_player)("bob")
    alice_game = await start_and_draw(alice, 2)
    bob_game = await start_and_draw(bob, 1)
    assert await is_held(bob_game) and await is_held(alice_game)  # the link binds both
    await clear(alice_game, staff)  # staff clear alice's apart
    async with websocket(f"/ws/leaderboards/{BOARD}/") as socket:
        snapshot = await receive(socket)
        assert snapshot["total"] == 1
        assert [entry["player"] for entry in snapshot["entries"]] == ["alice"]
        await draw(bob, bob_game)  # the held player plays on: no message
        await draw(alice, alice_game)
        message = await receive(socket)
        assert (message["type"], message["entry"]["player"]) == ("entry", "alice")
        await clear(bob_game, staff)
        message = await receive(socket)
        assert message["type"] == "entry"
        assert (message["entry"]["player"], message["entry"]["rank"]) == ("bob", 1)
        assert message["entry"]["actions"] == 2
        assert message["version"] == snapshot["version"] + 2


@database_sync_to_async
def start_linked(who: Player) -> int:
    game = game_create(player=who.user, daily="D3", origin=HOME)
    announced(game)
    return int(game.game.id)


async def test_a_game_in_play_linked_by_a_later_start_leaves_the_live_board_at_once(
    make_player: Callable[..., Player],
) -> None:
    """The earlier game of a link is held the moment the later one starts: watchers see its
    entry go, and its next actions send nothing."""
    alice = await database_sync_to_async(make_player)("alice")
    bob = await database_sync_to_async(make_player)("bob")
    alice_game = await start_and_draw(alice, 2)
    async with websocket(f"/ws/leaderboards/{BOARD}/") as socket:
        snapshot = await receive(socket)
        assert [entry["player"] for entry in snapshot["entries"]] == ["alice"]
        await start_linked(bob)
        assert await is_held(alice_game)
        message = await receive(socket)
        assert (message["type"], message["total"], message["entries"]) == ("snapshot", 0, [])
        assert message["version"] > snapshot["version"]
        await draw(alice, alice_game)  # held: its actions send nothing on the board
