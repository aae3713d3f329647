"""Past positions come from the nearest kept snapshot: the same board as a replay from the
deal, for a bounded cost (``games.past_positions``). Before, ``?at=9999`` of a 10,000-action
game replayed (and read) all 9,999 actions on every request."""

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from engine import State
from games.models import Game
from games.past_positions import CHECKPOINT_EVERY
from games.replaying import replay_log
from games.selectors.games import game_state_at
from games.services.submissions import submission_create
from tests.conftest import Player
from tests.engine.walks import stock_cycles

pytestmark = pytest.mark.django_db

CODE = "CF1-D3-ABCDEFG"


@pytest.fixture
def long_game(player: Player) -> tuple[Game, list[str]]:
    tokens = [*stock_cycles(CODE, 5 * CHECKPOINT_EVERY + 37), "resign"]
    return submission_create(player=player.user, code=CODE, actions=tokens), tokens


def replayed_state(tokens: list[str], at: int) -> State:
    return replay_log(code=CODE, tokens=[t for t in tokens[:at] if t != "resign"]).game.state()


def test_every_past_position_is_the_replays(long_game: tuple[Game, list[str]]) -> None:
    game, tokens = long_game
    seqs = [0, 1, CHECKPOINT_EVERY - 1, CHECKPOINT_EVERY, CHECKPOINT_EVERY + 1]
    seqs += [3 * CHECKPOINT_EVERY + 5, game.seq - 2, game.seq - 1, game.seq]
    for _ in range(2):  # the first pass keeps the checkpoints, the second reads from them
        for at in seqs:
            assert game_state_at(game=game, at=at) == replayed_state(tokens, at), at


def rows_read(call: Callable[[], Any]) -> int:
    total = 0

    def count(execute: Any, sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
        nonlocal total
        result = execute(sql, params, many, context)
        if sql.lstrip().upper().startswith("SELECT"):
            total += max(0, context["cursor"].rowcount)
        return result

    with connection.execute_wrapper(count):
        call()
    return total


def test_a_late_position_reads_at_most_one_checkpoints_span(
    long_game: tuple[Game, list[str]], api_client: APIClient
) -> None:
    game, tokens = long_game
    at = game.seq - 2
    path = f"/api/games/{game.id}/state/?at={at}"
    api_client.get(path)  # the first read of the game keeps its checkpoints
    answers: list[Any] = []
    rows = rows_read(lambda: answers.append(api_client.get(path)))
    assert answers[0].status_code == 200
    assert answers[0].json()["state"] == replayed_state(tokens, at)
    assert rows < CHECKPOINT_EVERY + 10, rows  # was every action up to `at`
    latest = rows_read(lambda: api_client.get(f"/api/games/{game.id}/state/?at={game.seq}"))
    assert latest < 10  # the row's own snapshot: no action read at all
