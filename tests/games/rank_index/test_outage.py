"""Redis down: reads answer from SQL (no 500), writes go on, and the index comes back right
once Redis does, whether it lost everything (a restart) or only missed updates."""

import random
from collections.abc import Callable

from django.conf import LazySettings
from rest_framework.test import APIClient

from games import live, rank_index
from games.models import LeaderboardEntry
from games.rank_index import store
from tests.conftest import Player
from tests.games.rank_index.boards import (
    CODE,
    assert_paths_agree,
    board_made,
    change_game,
    crowded_standing,
    index_answers,
)
from tests.robustness.faults import PrivateRedis
from tests.support.games import start_on_board
from tests.support.servers import free_port


def test_reads_use_sql_while_redis_is_down_and_the_index_is_rebuilt_after_a_restart(
    stoppable_redis: PrivateRedis,
    settings: LazySettings,
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    board_made([crowded_standing(random.Random(12)) for _ in range(15)])
    assert rank_index.board_build(CODE) == 15
    viewer = client_for(make_player("viewer"))
    before = viewer.get(f"/api/leaderboards/{CODE}/?limit=100").json()

    stoppable_redis.stop()
    down = viewer.get(f"/api/leaderboards/{CODE}/?limit=100")
    assert down.status_code == 200 and down.json() == before
    start_on_board(client_for(make_player("newcomer")), CODE)  # a write while Redis is down
    during = viewer.get(f"/api/leaderboards/{CODE}/", {"around": "newcomer"})
    assert during.status_code == 200 and during.json()["total"] == 16
    assert CODE in rank_index.health.stale

    stoppable_redis.start()  # same port, empty: Redis keeps nothing here
    assert not index_answers()  # not ready: SQL, and a build starts
    rank_index.background.wait()
    assert index_answers()
    assert_paths_agree(settings, limits=(6,))


def test_an_update_missed_while_redis_was_unreachable_forces_a_rebuild(
    stoppable_redis: PrivateRedis, settings: LazySettings
) -> None:
    players = board_made([crowded_standing(random.Random(13)) for _ in range(15)])
    assert rank_index.board_build(CODE) == 15
    reachable = settings.REDIS_URL
    settings.REDIS_URL = f"redis://127.0.0.1:{free_port()}/0"  # nothing listens: unreachable
    change_game(players[4], crowded_standing(random.Random(14)))  # its update is lost
    # Its announcement reads the board's ranks in the publisher's thread: done while Redis is
    # still unreachable, or that thread's first contact (not this test's) would find it back.
    assert live.wait_idle()
    assert CODE in rank_index.health.stale
    settings.REDIS_URL = reachable  # back, with the old index still marked ready

    assert not index_answers()  # first contact: declared stale, so SQL, and a rebuild
    assert not rank_index.health.stale
    rank_index.background.wait()
    assert index_answers()
    entry = LeaderboardEntry.objects.get(player=players[4])
    assert_paths_agree(settings, limits=(6,))
    assert entry.revision == 2


def test_a_batch_of_reads_reloads_the_scripts_redis_forgot(
    stoppable_redis: PrivateRedis, make_player: Callable[..., Player]
) -> None:
    """The publisher's batched reads go by script SHA alone (one round trip); a Redis that
    lost its scripts (a restart, ``SCRIPT FLUSH``) answers NOSCRIPT, and the batch loads
    them and reads again, with the same answers as one read at a time."""
    board_made([crowded_standing(random.Random(5)) for _ in range(6)])
    assert rank_index.board_build(CODE) == 6
    players = list(
        LeaderboardEntry.objects.filter(board=CODE).values_list("player_id", flat=True)[:3]
    )
    one_by_one = [
        rank_index.around(board=CODE, player_id=player, limit=0, total=6) for player in players
    ]
    assert all(page is not None for page in one_by_one)
    store.connection().script_flush()
    together = rank_index.entries_around(board=CODE, player_ids=players, limit=0, total=6)
    assert together == one_by_one
