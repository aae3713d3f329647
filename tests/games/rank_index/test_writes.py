"""Writes reach the index after their commit, in revision order whatever the order they
are published in."""

from collections.abc import Callable

import redis
from django.conf import LazySettings, settings
from rest_framework.test import APIClient

from engine import Game as EngineGame
from games import live, rank_index
from games.models import Game, LeaderboardEntry
from games.rank_index import background, store
from games.rank_index.members import member_of, row_of
from games.rank_index.store import board_keys
from games.rank_index.writes import INDEXED_COLUMNS, apply, change_of
from games.selectors.leaderboard_rows import Row
from tests.conftest import Player
from tests.games.rank_index.boards import CODE, assert_paths_agree, index_answers
from tests.support.games import play, start_on_board


def indexed_rows(code: str = CODE) -> dict[str, Row]:
    """The index's entries by player name, read from Redis directly."""
    client = index_client()
    rows = {}
    for member in client.zrange(board_keys(code).order, 0, -1):
        assert isinstance(member, bytes)  # no scores asked for: bare members, not decoded
        row = row_of(member, board=code)
        rows[row.player] = row
    return rows


def index_client() -> redis.Redis:
    return store.client_for(str(settings.REDIS_URL))


def built_once_settled(code: str = CODE) -> int | None:
    """``board_build(code)`` once the last move's announcement is sent and the build it may
    have started is over. The announcement reads the index, and a read of a board not yet
    indexed starts a build in the background; one still running empties the index and fills
    it again, so it could hide or overwrite what the test writes next."""
    assert live.wait_idle()
    background.wait()
    return rank_index.board_build(code)


def first_move(game_id: int) -> str:
    position = EngineGame.from_snapshot(Game.objects.get(pk=game_id).snapshot)
    return next(str(move) for move in position.legal_moves() if str(move) != "undo")


def test_new_games_moves_and_undo_through_the_api_update_the_index(
    index_redis: str,
    settings: LazySettings,
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    alice, bob = make_player("alice"), make_player("bob")
    first = start_on_board(client_for(alice), CODE)
    assert built_once_settled() == 1
    start_on_board(client_for(bob), CODE)  # joins the ready board
    assert set(indexed_rows()) == {"alice", "bob"}

    for _ in range(8):  # each move changes the entry (its actions at least)
        token = first_move(first["id"])
        assert play(client_for(alice), first["id"], token).status_code == 201
    entry = LeaderboardEntry.objects.get(board=CODE, player=alice.user)
    assert entry.revision > 1
    assert indexed_rows()["alice"].actions == entry.action_count == 9
    assert indexed_rows()["alice"].moves == entry.moves == 9
    assert_paths_agree(settings)

    assert play(client_for(alice), first["id"], "undo").status_code == 201
    assert indexed_rows()["alice"].moves == 8  # undo refunds the app's moves...
    assert indexed_rows()["alice"].actions == 10  # ...but counts as an action
    assert_paths_agree(settings)
    assert index_answers()


def test_an_older_revision_published_after_a_newer_one_is_ignored(
    index_redis: str, make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    alice = make_player("alice")
    start_on_board(client_for(alice), CODE)
    built_once_settled()
    values = LeaderboardEntry.objects.filter(board=CODE).values_list(*INDEXED_COLUMNS).get()
    player_id, revision, member = change_of(values)
    newer = member_of(row_of(member, board=CODE)._replace(actions=42))
    older = member_of(row_of(member, board=CODE)._replace(actions=41))
    client, keys = index_client(), board_keys(CODE)

    assert apply(client, keys, [(player_id, revision + 2, newer)]) == 1
    assert apply(client, keys, [(player_id, revision + 1, older)]) == 0  # late: ignored
    assert apply(client, keys, [(player_id, revision + 2, older)]) == 0  # same: ignored
    assert indexed_rows()["alice"].actions == 42
    assert client.zcard(keys.order) == 1  # replaced, not added

    assert apply(client, keys, [(player_id, 0, "")]) == 1  # the entry is gone: removed
    assert client.zcard(keys.order) == 0 and not client.hget(keys.members, player_id)


def test_an_entry_read_after_commit_replaces_the_players_member(
    index_redis: str, make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    alice = make_player("alice")
    start_on_board(client_for(alice), CODE)
    built_once_settled()
    LeaderboardEntry.objects.filter(player=alice.user).update(action_count=5, revision=9)
    rank_index.entry_changed(board=CODE, player_id=alice.user.id)
    assert indexed_rows()["alice"].actions == 5
    LeaderboardEntry.objects.filter(player=alice.user).delete()
    rank_index.entry_changed(board=CODE, player_id=alice.user.id)
    assert indexed_rows() == {}


def test_a_boards_keys_expire_some_days_after_its_last_write(
    index_redis: str, make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    start_on_board(client_for(make_player("alice")), CODE)
    built_once_settled()
    keys, client = board_keys(CODE), index_client()
    for key in (*keys.data, keys.ready):
        client.expire(key, 60)  # as if the last write were long ago
    start_on_board(client_for(make_player("bob")), CODE)
    for key in (*keys.data, keys.ready):
        assert store.IDLE_TTL_S - 60 < client.ttl(key) <= store.IDLE_TTL_S, key
