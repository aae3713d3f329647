"""Live boards of declared bots: ``ws/leaderboards/<board>/?who=bots`` watches the board's
bots partition (its snapshot, its messages, its versions); the people's socket (no ``who``,
or ``who=humans``) never hears of a bot; ``who=all`` and unknown values close with 4400.
"""

from collections.abc import Callable

import pytest

from games import live
from games.boards import ranking_board
from games.consumers import CLOSE_BAD_REQUEST
from games.services.players import player_bot_declare
from tests.conftest import Player
from tests.games.live.conftest import close_code_of, play_first_legal, receive, start, websocket

pytestmark = pytest.mark.django_db(transaction=True)

CODE = "CF1-D3-ABCDEFG"


@pytest.fixture
def human_and_bot(make_player: Callable[..., Player]) -> tuple[Player, Player]:
    """A person, and a player who declared itself a bot before playing."""
    bot = make_player("robot")
    player_bot_declare(user=bot.user)
    return make_player("human"), bot


async def test_a_bots_moves_reach_the_bots_socket_and_never_the_peoples(
    human_and_bot: tuple[Player, Player],
) -> None:
    human, bot = human_and_bot
    await start(human, CODE)
    bot_game = await start(bot, CODE)
    async with (
        websocket(f"/ws/leaderboards/{CODE}/") as people,
        websocket(f"/ws/leaderboards/{CODE}/?who=humans") as humans,
        websocket(f"/ws/leaderboards/{CODE}/?who=bots") as bots,
    ):
        people_snapshot = await receive(people)
        assert await receive(humans) == people_snapshot
        bots_snapshot = await receive(bots)
        assert [e["player"] for e in people_snapshot["entries"]] == ["human"]
        assert people_snapshot["who"] == "humans" and people_snapshot["total"] == 1
        assert (bots_snapshot["board"], bots_snapshot["who"], bots_snapshot["total"]) == (
            CODE,
            "bots",
            1,
        )
        assert [(e["player"], e["bot"]) for e in bots_snapshot["entries"]] == [("robot", True)]
        versions = live.versions()
        assert bots_snapshot["version"] == versions.current(ranking_board(CODE, bot=True))

        await play_first_legal(bot, bot_game)
        update = await receive(bots)
        assert (update["type"], update["board"], update["who"]) == ("entry", CODE, "bots")
        assert update["version"] == bots_snapshot["version"] + 1  # consecutive per partition
        assert (update["entry"]["player"], update["entry"]["bot"]) == ("robot", True)
        assert await people.receive_nothing(timeout=0.3)
        assert await humans.receive_nothing(timeout=0.1)


@pytest.mark.parametrize("query", ["?who=all", "?who=robots", "?who="])
async def test_who_all_and_unknown_values_close_with_4400(query: str) -> None:
    assert await close_code_of(f"/ws/leaderboards/{CODE}/{query}") == CLOSE_BAD_REQUEST
