"""What one move costs: the engine restored once, each row read once, a bounded set of queries.

A review traced a move through 29 hops (the engine restored three times, the game row read
twice, the entry read three times). These tests pin the work down so it does not creep back:
they count the snapshot restores of a whole move (service, answer, announcement) and the
queries of the append itself and of what follows the commit.
"""

import json
from collections.abc import Iterator, Mapping, Sequence
from typing import Any
from unittest.mock import patch

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from rest_framework import serializers
from rest_framework.test import APIClient

from engine import Game as EngineGame
from games import live
from games.api.serializers.actions import ActionIn, ActionOut
from games.api.serializers.games import GameOut
from games.errors import StaleSeq
from games.events import ActionAppended, Event
from games.models import Action, Game, LeaderboardEntry
from games.move_sql import SEPARATOR
from games.projections import leaderboard_entry_refresh
from games.selectors.games import game_position, game_summary
from games.services.actions import action_append
from games.services.games import game_create
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, play, start_game

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.fixture
def restores() -> Iterator[list[object]]:
    """Every ``EngineGame.from_snapshot`` call of the test."""
    calls: list[object] = []
    original = EngineGame.from_snapshot

    def counted(snapshot: Mapping[str, Any]) -> EngineGame:
        calls.append(snapshot)
        return original(snapshot)

    with patch.object(EngineGame, "from_snapshot", staticmethod(counted)):
        yield calls


def test_a_move_restores_the_engine_once(player_client: APIClient, restores: list[object]) -> None:
    game = start_game(player_client)
    play(player_client, game["id"], "draw", seq=1)
    assert live.wait_idle()
    restores.clear()
    answer = play(player_client, game["id"], "draw", seq=2)
    assert answer.status_code == 201
    assert live.wait_idle()  # the announcement is built too
    assert len(restores) == 1


def test_the_announced_state_is_the_answer_s(player: Player) -> None:
    started = game_create(player=player.user, code=SIMPLE_CODE).game
    announced: list[Sequence[Event]] = []
    with patch.object(live, "game_changed", announced.append):
        appended = action_append(game_id=started.id, player=player.user, token="draw")
    actions = [event for event in announced[-1] if isinstance(event, ActionAppended)]
    assert actions[-1].state is appended.state
    assert actions[-1].player_id == player.user.id


#: What only a best-game query of its own says (``games.projections.best_game``); the
#: entry's read names the same table as ``U0`` in its subquery.
BEST_GAME = '"games_game"."seq" > 0'
#: The best game's id read with the entry (``games.move_sql.entry_read``: its games are ``b``).
BEST_GAME_WITH_ENTRY = 'b."seq" > 0'


#: What Django logs of the transaction itself (``debug_transaction``; SQLite's ``BEGIN
#: IMMEDIATE``), not a statement of ours.
TRANSACTION = ("BEGIN", "COMMIT", "ROLLBACK")


def round_trips(captured: CaptureQueriesContext) -> list[str]:
    """The SQL of each round trip a block made (a batch of ``games.move_sql.send`` is one)."""
    return [
        query["sql"]
        for query in captured.captured_queries
        if query["sql"].split(" ")[0] not in TRANSACTION
    ]


def statements(trips: list[str]) -> list[str]:
    """Each statement of those round trips, a batch split into its statements."""
    return [sql for trip in trips for sql in trip.split(SEPARATOR)]


def append_queries(player: Player, game_id: int, token: str) -> list[str]:
    """The statements of one append, in order."""
    with CaptureQueriesContext(connection) as captured:
        action_append(game_id=game_id, player=player.user, token=token)
    return statements(round_trips(captured))


def test_a_move_of_the_best_game_reads_no_best_game(player: Player) -> None:
    """A move that falls back on a ranked daily game, or that improves a game, is decided
    from the entry: no best-game query, no assistance query."""
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")  # joins the board
    other = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=other.id, player=player.user, token="draw")  # behind the entry
    queries = append_queries(player, other.id, "draw")  # still behind: nothing written
    assert not any("games_assistance" in sql for sql in queries)
    assert not any(BEST_GAME in sql for sql in queries)
    assert not any(
        sql.lstrip().upper().startswith("UPDATE") and "leaderboardentry" in sql for sql in queries
    )
    entry = LeaderboardEntry.objects.get(board=SIMPLE_CODE, player=player.user)
    assert entry.game_id == game.id


@pytest.fixture
def locked_path(settings: Any) -> None:
    """Every move through the locked unit of work (``games.services.actions``), as SQLite's
    always are: on PostgreSQL a move is otherwise written in one statement
    (``games.services.move_write``, pinned below)."""
    settings.CANFIELD_MOVE_ONE_STATEMENT = False


@pytest.mark.usefixtures("locked_path")
def test_a_move_costs_a_bounded_number_of_queries(player: Player) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")
    queries = append_queries(player, game.id, "draw")
    # The move fell back (a draw puts up no card): another game of the player could be
    # ahead now, which the entry's read says (the best game's id in a subquery), so there is
    # no best-game query of its own. Lock game and player (one statement), insert action,
    # update game, read entry, update entry, the count -1, the delete of a count at 0, the +1.
    assert not any(BEST_GAME in sql for sql in queries)
    assert sum(BEST_GAME_WITH_ENTRY in sql for sql in queries) == 1
    assert len(queries) == 8, "\n".join(queries)
    assert not any("games_assistance" in sql for sql in queries)
    locks = [sql for sql in queries if "FOR UPDATE" in sql]
    if connection.vendor == "postgresql":
        assert len(locks) == 1 and '"auth_user"' in locks[0]


@pytest.mark.usefixtures("locked_path")
def test_a_live_move_is_four_round_trips(player_client: APIClient) -> None:
    """Through the API on PostgreSQL: the token's user; the lock of game and player; the
    action INSERT, the game UPDATE and the entry's read; the entry's UPDATE and the counts
    (``games.move_sql.send`` sends each group in one round trip). Elsewhere the same
    statements go one by one."""
    game = start_game(player_client)
    play(player_client, game["id"], "draw", seq=1)
    with CaptureQueriesContext(connection) as captured:
        assert play(player_client, game["id"], "draw", seq=2).status_code == 201
    trips = round_trips(captured)
    kinds = [[sql.split()[0] for sql in trip.split(SEPARATOR)] for trip in trips]
    if connection.vendor != "postgresql":
        assert len(trips) == 9, "\n".join(trips)
        return
    assert kinds == [
        ["SELECT"],  # the token
        ["SELECT"],  # FOR UPDATE
        ["INSERT", "UPDATE", "SELECT"],
        ["UPDATE", "UPDATE", "DELETE", "INSERT"],
    ], "\n".join(trips)
    assert '"authtoken_token"' in trips[0] and "FOR UPDATE" in trips[1]
    assert '"games_action"' in trips[2].split(SEPARATOR)[0]
    assert '"games_leaderboardentry"' in trips[3].split(SEPARATOR)[0]


def test_a_live_move_on_postgresql_is_one_read_and_one_write(player_client: APIClient) -> None:
    """Through the API on PostgreSQL: the token's user, the game read with its player's entry
    (no lock), and ``canfield_move``, which writes the action, the game, the entry and the
    counts in autocommit: no BEGIN, no COMMIT of its own (``games.services.move_write``)."""
    if connection.vendor != "postgresql":
        pytest.skip("the one-statement write is PostgreSQL's (SQLite: the locked path above)")
    game = start_game(player_client)
    play(player_client, game["id"], "draw", seq=1)
    with CaptureQueriesContext(connection) as captured:
        assert play(player_client, game["id"], "draw", seq=2).status_code == 201
    sent = [query["sql"] for query in captured.captured_queries]
    assert len(sent) == 3, "\n".join(sent)
    assert '"authtoken_token"' in sent[0]
    assert '"games_game" g LEFT JOIN "games_leaderboardentry" e' in sent[1]
    assert "FOR UPDATE" not in sent[1]
    assert sent[2].startswith("SELECT canfield_move(")
    stored = Game.objects.get(pk=game["id"])
    entry = LeaderboardEntry.objects.get(board=stored.board, player_id=stored.player_id)
    assert (stored.seq, entry.action_count, entry.revision) == (2, 2, 2)
    assert list(stored.actions.values_list("seq", "token")) == [(1, "draw"), (2, "draw")]


def test_a_duplicate_seq_from_the_batch_is_a_stale_seq(player: Player) -> None:
    """unique(game, seq) refuses the action's row in the batch that also writes the game row
    and reads the entry: that is a stale seq (the unit of work finds the constraint's name in
    the error), and nothing of the batch stays."""
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")
    Action.objects.create(game=game, seq=2, token="draw", score_after=0)  # behind its back
    with pytest.raises(StaleSeq):
        action_append(game_id=game.id, player=player.user, token="draw")
    stored = Game.objects.get(pk=game.id)
    assert (stored.seq, stored.moves) == (1, 1)
    entry = LeaderboardEntry.objects.get(board=SIMPLE_CODE, player=player.user)
    assert (entry.action_count, entry.revision) == (1, 1)


@pytest.mark.usefixtures("locked_path")
def test_a_move_updates_only_what_it_changed(player: Player) -> None:
    """The game row's UPDATE writes the fields a move changes, not the code, the player or
    the board; the entry's, the fields whose values changed."""
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")
    queries = append_queries(player, game.id, "draw")
    updates = [sql.split(" WHERE ")[0] for sql in queries if sql.startswith("UPDATE")]
    game_update = next(sql for sql in updates if '"games_game"' in sql)
    assert '"code" =' not in game_update and '"player_id" =' not in game_update
    assert '"seq" =' in game_update and '"snapshot" =' in game_update
    entry_update = next(sql for sql in updates if '"games_leaderboardentry"' in sql)
    assert '"game_id" =' not in entry_update and '"won" =' not in entry_update
    assert '"action_count" =' in entry_update and '"revision" =' in entry_update


@pytest.mark.parametrize("moves", [["draw", "draw"], ["draw", "undo"], ["draw", "draw", "draw"]])
def test_the_shortcut_gives_what_a_full_refresh_gives(player: Player, moves: list[str]) -> None:
    """Whatever the live path decided without the best-game query, a refresh from scratch
    (what ``rebuild_projections`` does) finds nothing to change."""
    first = game_create(player=player.user, code=SIMPLE_CODE).game
    second = game_create(player=player.user, code=SIMPLE_CODE).game
    for token in moves:
        action_append(game_id=first.id, player=player.user, token=token)
        action_append(game_id=second.id, player=player.user, token=token)
    action_append(game_id=first.id, player=player.user, token="draw")
    before = LeaderboardEntry.objects.values().get(board=SIMPLE_CODE, player=player.user)
    assert leaderboard_entry_refresh(board=SIMPLE_CODE, player_id=player.user.id) is False
    after = LeaderboardEntry.objects.values().get(board=SIMPLE_CODE, player=player.user)
    assert before == after
    best = Game.objects.get(pk=before["game_id"])
    assert best.id in (first.id, second.id)


def test_a_ranked_daily_game_that_falls_back_reads_no_best_game(
    player: Player, settings: object
) -> None:
    """A ranked daily game is its player's only game on its board (one per player and board),
    so even an action that puts up no card leaves it the best: decided without a query, on
    the sealed board's live rules (the entry follows it until the close)."""
    import time_machine

    from games.daily.choosing import choose_daily

    settings.DAILY_SECRET = "canfield tests"  # type: ignore[attr-defined]
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 2  # type: ignore[attr-defined]
    choose_daily.cache_clear()
    with time_machine.travel("2026-01-02 12:00Z", tick=True):
        game = game_create(player=player.user, daily="D3").game
        action_append(game_id=game.id, player=player.user, token="draw")
        queries = append_queries(player, game.id, "draw")
        entry = LeaderboardEntry.objects.get(board=game.board, player=player.user)
        assert leaderboard_entry_refresh(board=game.board, player_id=player.user.id) is False
    assert not any(BEST_GAME in sql for sql in queries)
    assert (entry.game_id, entry.action_count) == (game.id, 2)


def test_a_move_s_answer_builds_no_serializer_field(player_client: APIClient) -> None:
    """The answer's serializers are built once per process (``games.api.representation``):
    a move builds only the fields of its input's validation, not the ~70 of a game's
    answer; and the answer is what a freshly built serializer gives."""
    game = start_game(player_client)
    play(player_client, game["id"], "draw", seq=1)
    built: list[str] = []
    original = serializers.Field.__init__

    def counted(field: serializers.Field, *args: Any, **kwargs: Any) -> None:
        built.append(type(field).__name__)
        original(field, *args, **kwargs)

    with patch.object(serializers.Field, "__init__", counted):
        answer = play(player_client, game["id"], "draw", seq=2)
    assert answer.status_code == 201
    assert len(built) <= 1 + len(ActionIn().fields), built  # the serializer is a field too
    stored = Game.objects.get(pk=game["id"])
    position = game_position(game=stored)
    fresh = GameOut(
        {
            **game_summary(stored),
            "state": position.state,
            "legal_moves": position.legal_moves,
            "finish": position.finish,
        }
    ).data
    body = answer.json()
    assert body["action"] == json.loads(
        json.dumps(ActionOut(Action.objects.filter(game=stored).last()).data)
    )
    del body["action"]
    assert body == json.loads(json.dumps(fresh))
