"""Builds: racing with writes, one at a time across processes, started by the first read of
a board that is not ready, refused the ready mark when the board went stale meanwhile."""

import random

import pytest
import redis
from django.conf import LazySettings
from django.contrib.auth.models import User

from games import rank_index
from games.models import Game, LeaderboardEntry
from games.rank_index import building, reads
from games.rank_index.store import BoardKeys, board_keys, client_for, declare_stale
from games.rank_index.writes import Change
from games.selectors.leaderboards import leaderboard_page
from games.services.holds import game_hold_set
from tests.games.rank_index.boards import (
    CODE,
    assert_paths_agree,
    board_made,
    change_game,
    crowded_standing,
    index_answers,
)


def redis_client(url: str) -> redis.Redis:
    return client_for(url)


def test_writes_during_a_build_are_never_undone_by_it(
    index_redis: str, settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    rng = random.Random(7)
    players = {
        player.id: player for player in board_made([crowded_standing(rng) for _ in range(40)])
    }
    monkeypatch.setattr(building, "BATCH", 5)
    real_apply = building.apply
    changed: list[int] = []

    def apply_after_a_write(client: redis.Redis, keys: BoardKeys, batch: list[Change]) -> int:
        # The batch was read from the database; before it reaches Redis, one of its players
        # and one of a later batch move on (committed, and their updates applied): the
        # build's older copy of the first must not win.
        ids = sorted(players)
        later = ids[min(ids.index(batch[-1][0]) + 3, len(ids) - 1)]
        for player_id in (batch[0][0], later):
            change_game(players[player_id], crowded_standing(rng))
            changed.append(player_id)
        return real_apply(client, keys, batch)

    monkeypatch.setattr(building, "apply", apply_after_a_write)
    assert rank_index.board_build(CODE) == 40
    assert len(changed) == 16
    assert_paths_agree(settings, limits=(7,))


def test_a_board_not_ready_is_read_from_sql_and_built_in_the_background(
    index_redis: str, settings: LazySettings
) -> None:
    board_made([crowded_standing(random.Random(8)) for _ in range(25)])
    assert not index_answers()  # starts the build
    rank_index.background.wait()
    assert index_answers()
    assert_paths_agree(settings, limits=(5,))


def test_one_build_at_a_time_per_board(index_redis: str, settings: LazySettings) -> None:
    board_made([crowded_standing(random.Random(9)) for _ in range(5)])
    keys = board_keys(CODE)
    client = redis_client(index_redis)
    client.set(keys.building, "another process", ex=60)
    assert rank_index.board_build(CODE) is None
    leaderboard_page(board=CODE)  # would start a background build: it finds the lock
    rank_index.background.wait()
    assert not client.exists(keys.ready)
    client.delete(keys.building)  # the other process is done (or its lock expired)
    rank_index.background.forget()
    assert not index_answers()
    rank_index.background.wait()
    assert index_answers()


def test_an_entry_taken_out_during_a_build_does_not_come_back_with_it(
    index_redis: str, settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    """A build reads a batch, the entry of one of its players is taken out (its game held
    for review: committed, its removal applied), then the batch reaches Redis: a removal
    leaves no revision for the older copy to lose to, so the board must not be marked ready
    with it (the removal moves the epoch, as a stale declaration does); the next build has
    it right."""
    players = board_made([crowded_standing(random.Random(12)) for _ in range(12)])
    monkeypatch.setattr(building, "BATCH", 5)
    real_apply = building.apply
    taken: list[int] = []

    def apply_after_a_removal(client: redis.Redis, keys: BoardKeys, batch: list[Change]) -> int:
        if not taken:
            player_id = batch[0][0]
            game_hold_set(game_id=Game.objects.get(player_id=player_id).pk, held=True)
            assert not LeaderboardEntry.objects.filter(board=CODE, player_id=player_id).exists()
            taken.append(player_id)
        return real_apply(client, keys, batch)

    monkeypatch.setattr(building, "apply", apply_after_a_removal)
    assert rank_index.board_build(CODE) is None
    client = redis_client(index_redis)
    assert not client.exists(board_keys(CODE).ready)
    monkeypatch.setattr(building, "apply", real_apply)
    rank_index.background.wait()  # no build of an earlier test's still running
    assert rank_index.board_build(CODE) == len(players) - 1
    assert client.hget(board_keys(CODE).members, taken[0]) is None
    assert_paths_agree(settings, limits=(5,))


def test_a_board_declared_stale_during_its_build_is_not_marked_ready(
    index_redis: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    board_made([crowded_standing(random.Random(10)) for _ in range(12)])
    monkeypatch.setattr(building, "BATCH", 5)
    client = redis_client(index_redis)

    def stale(loaded: int) -> None:
        if loaded == 5:  # another process lost an update of this board
            declare_stale(client, {CODE})

    assert rank_index.board_build(CODE, progress=stale) is None
    assert not client.exists(board_keys(CODE).ready)
    assert rank_index.board_build(CODE) == 12  # the next build may


def test_an_index_that_lost_an_entry_is_read_from_sql_then_rebuilt(
    index_redis: str, settings: LazySettings, monkeypatch: pytest.MonkeyPatch
) -> None:
    board_made([crowded_standing(random.Random(11)) for _ in range(10)])
    assert rank_index.board_build(CODE) == 10
    client, keys = redis_client(index_redis), board_keys(CODE)
    lost = User.objects.get(username="p0003").id
    member = client.hget(keys.members, lost)
    assert member is not None
    client.zrem(keys.order, member)  # as if its process died
    assert not index_answers()  # sizes differ: SQL answers
    assert client.exists(keys.ready)  # within the grace, a late update may still land
    monkeypatch.setattr(reads, "MISMATCH_GRACE_S", 0.0)
    assert not index_answers()  # the difference lasted: declared stale
    assert not client.exists(keys.ready)
    assert not index_answers()  # the next read starts the rebuild
    rank_index.background.wait()
    assert index_answers()
    assert_paths_agree(settings, limits=(4,))
