"""The one-statement move on PostgreSQL (``games.services.move_write``): the write happens
whole, once, or not at all, and whatever it does not write the locked path answers as it
always has. Real PostgreSQL, real threads: two tabs racing, a read gone stale, an entry
changed behind the read, the counts after many moves."""

from __future__ import annotations

import threading
from collections.abc import Callable

import pytest
from django.db import DatabaseError, connection
from django.utils import timezone

from games import move_sql
from games.boards import entry_board
from games.errors import StaleSeq
from games.kernel import Decision, EntryPlan, decide_move, move_projection
from games.models import CardsCount, Game, LeaderboardEntry, StandingCount
from games.move_function import STALE
from games.projections import board_counts_from_entries
from games.services.actions import action_append
from games.services.games import game_create
from games.services.move_rules import Appended
from games.services.move_write import move_written, one_statement_moves
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.skipif(
        connection.vendor != "postgresql",
        reason="canfield_move is PostgreSQL's; SQLite takes the locked path (tests/games/api)",
    ),
]


def stored(game_id: int) -> tuple[int, list[tuple[int, str]]]:
    game = Game.objects.get(pk=game_id)
    return game.seq, list(game.actions.order_by("seq").values_list("seq", "token"))


def prepared_write(game_id: int, token: str) -> move_sql.Statement[int | None]:
    """The write of ``token`` on the game as it stands now, not sent: what ``move_written``
    sends after its read, for a test to change the rows between the two."""
    game, entry = move_sql.game_with_entry(game_id)
    assert game is not None and entry is not None
    decision = decide_move(snapshot=game.snapshot, seq=game.seq, token=token, tap=None)
    assert isinstance(decision, Decision)
    projection = move_projection(
        decision, game=game, entry=entry, board=entry_board(game), at=timezone.now()
    )
    assert projection.entry in (EntryPlan.TAKE, EntryPlan.TAKE_IF_ALONE)
    return move_sql.move_write(
        game=game,
        player_id=game.player_id,
        held=game.held,
        projection=projection,
        take=True,
        entry=entry,
    )


def test_a_move_is_written_by_the_one_statement(player: Player) -> None:
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")  # the entry: locked path
    assert one_statement_moves()
    written = move_written(
        game_id=game.id,
        player=player.user,
        token="draw",
        tap=None,
        double_click=True,
        expected_seq=2,
    )
    assert written is not None and written.action.seq == 2 and written.action.pk is not None
    assert stored(game.id) == (2, [(1, "draw"), (2, "draw")])
    entry = LeaderboardEntry.objects.get(board=SIMPLE_CODE, player=player.user)
    assert (entry.action_count, entry.revision) == (2, written.game.seq)


def test_a_write_on_a_stale_read_writes_nothing(player: Player) -> None:
    """The read said seq 1; another writer moved the game before the write: no row of the
    write stays, and the caller is told (None) to take the locked path."""
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")
    late = prepared_write(game.id, "draw")
    action_append(game_id=game.id, player=player.user, token="draw")  # another tab
    counts = board_counts_from_entries()
    assert move_sql.send_one(late) is None
    assert stored(game.id) == (2, [(1, "draw"), (2, "draw")])
    assert board_counts_from_entries() == counts


def test_an_entry_changed_since_the_read_undoes_the_whole_write(player: Player) -> None:
    """The entry's revision is not the one read (a hint, another game of the player): the
    function raises ``STALE`` and the game row and action it had written roll back."""
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")
    late = prepared_write(game.id, "draw")
    entry = LeaderboardEntry.objects.get(board=SIMPLE_CODE, player=player.user)
    LeaderboardEntry.objects.filter(pk=entry.pk).update(revision=entry.revision + 1)
    with pytest.raises(DatabaseError) as raised:
        move_sql.send_one(late)
    assert getattr(raised.value.__cause__, "sqlstate", None) == STALE
    assert stored(game.id) == (1, [(1, "draw")])
    # The move itself, asked again, goes through the locked path: written once.
    action_append(game_id=game.id, player=player.user, token="draw", expected_seq=2)
    assert stored(game.id) == (2, [(1, "draw"), (2, "draw")])


def race(players: int, act: Callable[[], Appended]) -> list[Appended | Exception]:
    """Run ``act`` in ``players`` threads at once (each on its own connection)."""
    barrier = threading.Barrier(players)
    results: list[Appended | Exception] = []

    def run() -> None:
        try:
            barrier.wait()
            results.append(act())
        except Exception as error:  # the outcome is the test's
            results.append(error)
        finally:
            connection.close()

    threads = [threading.Thread(target=run) for _ in range(players)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    return results


def test_two_tabs_sending_the_same_seq_write_one_action(player: Player) -> None:
    """Two tabs send their move as seq N at the same moment, ten times over: each time one
    is written and the other refused as a stale seq, never both, never a lost one."""
    game = game_create(player=player.user, code=SIMPLE_CODE).game
    action_append(game_id=game.id, player=player.user, token="draw")
    for round_ in range(10):
        seq = 2 + round_

        def act(seq: int = seq) -> Appended:
            return action_append(
                game_id=game.id, player=player.user, token="draw", expected_seq=seq
            )

        results = race(2, act)
        written = [result for result in results if isinstance(result, Appended)]
        refused = [result for result in results if isinstance(result, StaleSeq)]
        assert (len(written), len(refused)) == (1, 1), results
        assert written[0].action.seq == seq
        game_seq, actions = stored(game.id)
        assert game_seq == seq and [s for s, _ in actions] == list(range(1, seq + 1))


def test_the_counts_stay_the_entries_after_many_moves(make_player: Callable[..., Player]) -> None:
    """Players move on one board, each move through the one statement: the count tables are
    exactly a GROUP BY of the entries, rows at 0 gone, and every entry shows its game."""
    players = [make_player(name) for name in ("ann", "ben", "cat")]
    games = [game_create(player=who.user, code=SIMPLE_CODE).game for who in players]
    for round_ in range(6):
        for who, game in zip(players, games, strict=True):
            action_append(
                game_id=game.id, player=who.user, token="undo" if round_ % 3 == 2 else "draw"
            )
    standing, cards = board_counts_from_entries()
    stored_standing = {
        (row.board, row.assisted, row.cards, row.action_count): row.entries
        for row in StandingCount.objects.all()
    }
    stored_cards = {
        (row.board, row.assisted, row.cards): row.entries for row in CardsCount.objects.all()
    }
    assert (stored_standing, stored_cards) == (standing, cards)
    for game in games:
        entry = LeaderboardEntry.objects.get(board=SIMPLE_CODE, player_id=game.player_id)
        row = Game.objects.get(pk=game.id)
        assert (entry.game_id, entry.action_count, entry.revision) == (game.id, row.seq, row.seq)
