"""``games.projections``: a game's summary from its log, a player's entry from their games,
the board counts from the entries; the live path and rebuilds share these definitions.

Games are played through the services on a stopped clock (``clock``), so times are exact.
Outcomes only: which game an entry shows, what it holds, what the count tables hold.
"""

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import pytest
import time_machine

from engine import Deal, replay
from engine import Game as EngineGame
from games.models import (
    Action,
    Assistance,
    CardsCount,
    Game,
    LeaderboardEntry,
    StandingCount,
)
from games.projections import (
    best_game,
    board_counts_from_entries,
    board_counts_move,
    elapsed_seconds,
    engine_summary,
    entry_refresh,
    entry_values,
    game_summary_from_log,
    is_assisted,
    position_at_close,
)
from games.ranking import row_key
from games.replaying import replay_log
from games.services.actions import action_append, game_resign
from games.services.games import game_create
from games.services.hints import game_mark_assisted
from games.services.submissions import submission_create
from tests.conftest import Player
from tests.games.conftest import CLOSE, NOON
from tests.support.games import SIMPLE_CODE
from tests.web.situations import tap_to_foundation

pytestmark = pytest.mark.django_db

#: A deal whose first action can send a card home (``HOME.token``: 2 cards on foundations).
HOME = tap_to_foundation()


def start(who: Player, code: str = HOME.code) -> Game:
    return game_create(player=who.user, code=code).game


def move(who: Player, game: Game, *tokens: str) -> Game:
    for token in tokens:
        action_append(game_id=game.id, player=who.user, token=token)
    return Game.objects.get(pk=game.id)


def entry_of(who: Player, board: str = HOME.code) -> LeaderboardEntry | None:
    return LeaderboardEntry.objects.filter(board=board, player_id=who.user.id).first()


def counts(board: str) -> tuple[dict[tuple[Any, ...], int], dict[tuple[Any, ...], int]]:
    """The count tables of ``board``: {(assisted, cards, actions): n}, {(assisted, cards): n}."""
    standing = {
        (row.assisted, row.cards, row.action_count): row.entries
        for row in StandingCount.objects.filter(board=board)
    }
    cards = {
        (row.assisted, row.cards): row.entries for row in CardsCount.objects.filter(board=board)
    }
    return standing, cards


# --- a game's summary ----------------------------------------------------------------------


def test_engine_summary_is_the_position_and_a_snapshot_that_restores_it() -> None:
    engine_game = replay(HOME.code, [HOME.token, "draw"])
    summary = engine_summary(engine_game)
    assert {k: summary[k] for k in ("score", "cards", "moves", "won")} == {
        "score": engine_game.score,
        "cards": 2,
        "moves": engine_game.moves,
        "won": False,
    }
    assert EngineGame.from_snapshot(summary["snapshot"]) == engine_game


def test_elapsed_is_whole_server_seconds_since_creation(
    player: Player, clock: time_machine.Traveller
) -> None:
    game = start(player)
    assert elapsed_seconds(game=game, reached_at=NOON + timedelta(seconds=90.9)) == 90
    assert elapsed_seconds(game=game, reached_at=NOON) == 0
    assert elapsed_seconds(game=game, reached_at=NOON - timedelta(seconds=5)) == 0  # never < 0


def test_a_submitted_game_has_no_elapsed_time(player: Player) -> None:
    game = submission_create(player=player.user, code=HOME.code, actions=[HOME.token])
    assert elapsed_seconds(game=game, reached_at=game.created_at + timedelta(hours=1)) is None
    assert game.elapsed is None


def summary_of(game: Game) -> dict[str, Any]:
    actions = list(game.actions.order_by("seq"))
    replayed = replay_log(code=game.code, tokens=[a.token for a in actions])
    return game_summary_from_log(game=game, replayed=replayed, actions=actions)


def test_the_summary_takes_its_times_from_the_rows_a_resign_is_no_action(
    player: Player, clock: time_machine.Traveller
) -> None:
    game = start(player)
    clock.shift(5)
    move(player, game, HOME.token)
    clock.shift(7)
    move(player, game, "draw")
    clock.shift(30)
    game_resign(game_id=game.id, player=player.user)
    summary = summary_of(Game.objects.get(pk=game.id))
    engine_game = replay(HOME.code, [HOME.token, "draw"])
    assert {k: v for k, v in summary.items() if k != "snapshot"} == {
        "seq": 3,
        "action_count": 2,
        "score": engine_game.score,
        "cards": 2,
        "moves": engine_game.moves,
        "won": False,
        "elapsed": 12,
        "status": "resigned",
        "reached_at": NOON + timedelta(seconds=12),
        "finished_at": NOON + timedelta(seconds=42),
    }
    assert EngineGame.from_snapshot(summary["snapshot"]) == engine_game


def test_the_summary_is_what_the_live_path_wrote(
    player: Player, clock: time_machine.Traveller
) -> None:
    """One definition: replaying the log gives the row the live moves left (what makes a
    rebuild find nothing to change)."""
    game = start(player)
    for token in (HOME.token, "draw", "draw", "undo"):
        clock.shift(3)
        move(player, game, token)
    row = Game.objects.get(pk=game.id)
    summary = summary_of(row)
    assert summary.pop("finished_at") is None
    assert EngineGame.from_snapshot(summary.pop("snapshot")) == EngineGame.from_snapshot(
        row.snapshot
    )
    assert summary == {name: getattr(row, name) for name in summary}


def test_a_game_without_actions_is_at_its_creation(
    player: Player, clock: time_machine.Traveller
) -> None:
    game = start(player)
    clock.shift(60)  # read a minute later: the position is still the creation's
    assert summary_of(game)["reached_at"] == NOON
    summary = summary_of(Game.objects.get(pk=game.id))
    assert (summary["seq"], summary["action_count"], summary["cards"]) == (0, 0, 1)
    assert (summary["reached_at"], summary["elapsed"], summary["finished_at"]) == (NOON, 0, None)
    assert summary["status"] == "playing"


def appended_past_the_close(game: Game, *tokens: str) -> Game:
    """Actions written after the close as servers did before ``day_closed`` (the service
    refuses them now; old logs may hold them): the rows alone, each with its score."""
    rows = list(game.actions.order_by("seq").values_list("token", flat=True))
    for token in tokens:
        rows.append(token)
        score = replay(game.code, rows).score
        Action.objects.create(game=game, seq=len(rows), token=token, score_after=score)
    return Game.objects.get(pk=game.pk)


def test_position_at_close_is_the_game_as_of_its_last_action_before_the_close(
    player: Player, start_daily: Callable[[Player], Game], clock: time_machine.Traveller
) -> None:
    game = start_daily(player)
    move(player, game, "draw")
    clock.move_to(CLOSE - timedelta(seconds=1))
    before_close = move(player, game, "42")
    clock.move_to(CLOSE)  # the close itself is after it
    played_on = appended_past_the_close(game, "draw", "draw")
    assert played_on.actions.count() == 4  # the log grew on
    closed = position_at_close(played_on)
    assert closed == {
        "cards": before_close.cards,
        "action_count": 2,
        "elapsed": before_close.elapsed,
        "moves": before_close.moves,
        "score": before_close.score,
        "won": False,
        "status": "playing",
        "reached_at": CLOSE - timedelta(seconds=1),
    }
    assert closed["elapsed"] == 12 * 3600 - 1


def test_position_at_close_of_a_game_first_played_after_it_is_none(
    player: Player,
    make_player: Callable[..., Player],
    start_daily: Callable[[Player], Game],
    clock: time_machine.Traveller,
) -> None:
    game, never_played = start_daily(player), start_daily(make_player())
    clock.move_to(CLOSE + timedelta(minutes=5))
    assert position_at_close(appended_past_the_close(game, "draw")) is None
    assert position_at_close(never_played) is None


# --- the best game, by the ranking rule ---------------------------------------------------


def test_more_cards_beat_fewer_actions(player: Player) -> None:
    few = move(player, start(player), "draw")
    home = move(player, start(player), "draw", "undo", HOME.token)
    assert (home.cards, home.action_count) == (2, 3)
    assert best_game(board=HOME.code, player_id=player.user.id) == home
    assert entry_of(player).game_id == home.id  # type: ignore[union-attr]
    assert few.cards == 1


def test_with_equal_cards_fewer_actions_win_every_action_counts(player: Player) -> None:
    """An undo counts too: draw, undo is two actions, even though nothing is in effect."""
    undone = move(player, start(player), "draw", "undo")
    drawn = move(player, start(player), "draw")
    assert undone.moves <= drawn.moves  # what ``moves`` says would rank them the other way
    assert best_game(board=HOME.code, player_id=player.user.id) == drawn


def test_with_equal_actions_the_shorter_time_wins_then_the_earlier_position(
    player: Player, clock: time_machine.Traveller
) -> None:
    slow = start(player)
    clock.shift(10)
    fast = start(player)
    clock.shift(10)
    fast = move(player, fast, "draw")  # elapsed 10, reached at +20
    clock.shift(80)
    slow = move(player, slow, "draw")  # elapsed 100
    clock.shift(1)
    late = start(player)
    clock.shift(10)
    late = move(player, late, "draw")  # elapsed 10 too, reached later
    assert [g.elapsed for g in (fast, slow, late)] == [10, 100, 10]
    assert best_game(board=HOME.code, player_id=player.user.id) == fast


def test_a_submitted_game_ranks_after_any_time(
    player: Player, clock: time_machine.Traveller
) -> None:
    live = start(player)
    submitted = submission_create(player=player.user, code=HOME.code, actions=["draw"])
    clock.shift(3600)
    live = move(player, live, "draw")
    assert (live.elapsed, submitted.elapsed) == (3600, None)
    assert best_game(board=HOME.code, player_id=player.user.id) == live


def test_the_best_game_is_the_first_by_the_ranking_rule_and_needs_an_action(
    player: Player, make_player: Callable[..., Player], clock: time_machine.Traveller
) -> None:
    assert best_game(board=HOME.code, player_id=player.user.id) is None
    start(player)  # no action: never best, never on the board
    assert best_game(board=HOME.code, player_id=player.user.id) is None
    # Ahead of all the games below (earlier, as few actions, as many cards), but not theirs:
    other = make_player()
    move(other, start(other), HOME.token)  # another player's
    same_layout = HOME.code.replace("-D3-", "-D1-")
    move(player, start(player, code=same_layout), HOME.token)  # on another board
    games = []
    for tokens in (["draw"], [HOME.token, "draw"], ["draw", "draw"], [HOME.token], ["draw"]):
        clock.shift(7)
        games.append(move(player, start(player), *tokens))
    ranked = sorted(games, key=lambda g: (row_key(g), g.id))
    assert best_game(board=HOME.code, player_id=player.user.id) == ranked[0]
    assert ranked[0].action_count == 1 and ranked[0].cards == 2


# --- assistance and the entry's values -----------------------------------------------------


def test_a_hint_marks_the_player_on_that_board_only(
    player: Player, make_player: Callable[..., Player]
) -> None:
    game = move(player, start(player), "draw")
    other = make_player()
    move(other, start(other), "draw")
    assert not is_assisted(board=HOME.code, player_id=player.user.id)
    game_mark_assisted(game_id=game.id, player=player.user)
    assert is_assisted(board=HOME.code, player_id=player.user.id)
    assert not is_assisted(board=SIMPLE_CODE, player_id=player.user.id)
    assert not is_assisted(board=HOME.code, player_id=other.user.id)


def test_the_entry_holds_its_game_s_values_and_the_player_s_assistance(player: Player) -> None:
    game = move(player, start(player), HOME.token, "draw")
    game_mark_assisted(game_id=game.id, player=player.user)
    game = Game.objects.get(pk=game.id)
    values = entry_values(game, assisted=True)
    assert values["game_id"] == game.id and values["assisted"] is True
    assert entry_values(game, assisted=False)["assisted"] is False
    for name in ("cards", "action_count", "elapsed", "moves", "score", "won", "status"):
        assert values[name] == getattr(game, name), name
    assert values["reached_at"] == game.reached_at
    entry = entry_of(player)
    assert entry is not None
    assert {name: getattr(entry, name) for name in values} == values


# --- refreshing an entry -------------------------------------------------------------------


def test_no_game_with_an_action_no_entry(player: Player) -> None:
    start(player)
    refreshed = entry_refresh(board=HOME.code, player_id=player.user.id)
    assert (refreshed.changed, refreshed.entry) == (False, None)
    assert entry_of(player) is None


def test_a_missing_entry_is_written_once_then_left_alone(player: Player) -> None:
    game = move(player, start(player), HOME.token)
    LeaderboardEntry.objects.all().delete()  # as a rebuild starts: no entries, no counts
    StandingCount.objects.all().delete()
    CardsCount.objects.all().delete()
    first = entry_refresh(board=HOME.code, player_id=player.user.id)
    assert first.changed and first.entry is not None and first.entry.game_id == game.id
    assert counts(HOME.code) == ({(False, 2, 1): 1}, {(False, 2): 1})
    again = entry_refresh(board=HOME.code, player_id=player.user.id)
    assert not again.changed and again.entry is not None
    assert (again.entry.id, again.entry.revision) == (first.entry.id, first.entry.revision)
    assert counts(HOME.code) == ({(False, 2, 1): 1}, {(False, 2): 1})


def test_a_move_behind_the_entry_changes_nothing(player: Player) -> None:
    best = move(player, start(player), HOME.token)
    behind = move(player, start(player), "draw")
    entry = entry_of(player)
    assert entry is not None and entry.game_id == best.id
    behind = move(player, behind, "draw")
    unchanged = entry_of(player)
    assert unchanged is not None
    assert (unchanged.game_id, unchanged.revision) == (best.id, entry.revision)
    refreshed = entry_refresh(board=HOME.code, player_id=player.user.id, moved=behind)
    assert not refreshed.changed and refreshed.entry is not None
    assert refreshed.entry.game_id == best.id
    assert counts(HOME.code) == ({(False, 2, 1): 1}, {(False, 2): 1})


def test_a_better_move_takes_the_entry(player: Player) -> None:
    first = move(player, start(player), "draw")
    revision = entry_of(player).revision  # type: ignore[union-attr]
    better = move(player, start(player), HOME.token)
    entry = entry_of(player)
    assert entry is not None
    assert (entry.game_id, entry.cards, entry.revision) == (better.id, 2, revision + 1)
    assert counts(HOME.code) == ({(False, 2, 1): 1}, {(False, 2): 1})
    assert first.cards == 1


def test_when_the_entry_s_game_falls_back_another_game_may_take_over(
    player: Player, clock: time_machine.Traveller
) -> None:
    """Every action counts: the best game's draw puts it behind the player's other game."""
    leader = move(player, start(player), HOME.token)
    clock.shift(1)
    second = move(player, start(player), HOME.token)
    assert entry_of(player).game_id == leader.id  # type: ignore[union-attr]
    move(player, leader, "draw")
    entry = entry_of(player)
    assert entry is not None and (entry.game_id, entry.action_count) == (second.id, 1)
    assert not entry_refresh(board=HOME.code, player_id=player.user.id).changed


def test_the_entry_s_own_game_moving_is_written_even_when_it_falls_back(player: Player) -> None:
    game = move(player, start(player), HOME.token)
    game = move(player, game, "draw", "undo")
    entry = entry_of(player)
    assert entry is not None and (entry.game_id, entry.action_count) == (game.id, 3)
    assert counts(HOME.code) == ({(False, 2, 3): 1}, {(False, 2): 1})


def test_an_entry_whose_games_have_no_action_is_removed(player: Player) -> None:
    game = move(player, start(player), "draw")
    Game.objects.filter(pk=game.id).update(seq=0)  # a rebuild found its log empty
    refreshed = entry_refresh(board=HOME.code, player_id=player.user.id)
    assert (refreshed.changed, refreshed.entry) == (True, None)
    assert entry_of(player) is None
    assert counts(HOME.code) == ({}, {})


def test_a_hint_moves_the_entry_to_the_assisted_counts(player: Player) -> None:
    game = move(player, start(player), HOME.token)
    other = start(player)  # the hint is asked on a game with no action: the board is marked
    game_mark_assisted(game_id=other.id, player=player.user)
    entry = entry_of(player)
    assert entry is not None and (entry.game_id, entry.assisted) == (game.id, True)
    assert Assistance.objects.filter(board=HOME.code, player_id=player.user.id).exists()
    assert counts(HOME.code) == ({(True, 2, 1): 1}, {(True, 2): 1})


# --- the board counts ----------------------------------------------------------------------

BOARD = Deal.from_number(12345, draw=1).code


def test_board_counts_move_adds_moves_and_removes_one_entry_at_a_time() -> None:
    board_counts_move(board=BOARD, before=None, after=(False, 2, 1))
    board_counts_move(board=BOARD, before=None, after=(False, 2, 1))
    assert counts(BOARD) == ({(False, 2, 1): 2}, {(False, 2): 2})
    board_counts_move(board=BOARD, before=(False, 2, 1), after=(False, 2, 3))  # same cards
    assert counts(BOARD) == ({(False, 2, 1): 1, (False, 2, 3): 1}, {(False, 2): 2})
    board_counts_move(board=BOARD, before=(False, 2, 3), after=(False, 5, 4))
    assert counts(BOARD) == ({(False, 2, 1): 1, (False, 5, 4): 1}, {(False, 2): 1, (False, 5): 1})
    board_counts_move(board=BOARD, before=(False, 2, 1), after=(True, 2, 1))  # a hint
    assert counts(BOARD) == ({(True, 2, 1): 1, (False, 5, 4): 1}, {(True, 2): 1, (False, 5): 1})
    board_counts_move(board=BOARD, before=(True, 2, 1), after=(True, 2, 1))  # no move
    assert counts(BOARD) == ({(True, 2, 1): 1, (False, 5, 4): 1}, {(True, 2): 1, (False, 5): 1})
    board_counts_move(board=BOARD, before=(True, 2, 1), after=None)
    board_counts_move(board=BOARD, before=(False, 5, 4), after=None)
    assert counts(BOARD) == ({}, {})  # a count that reaches 0 is no row: a GROUP BY
    assert counts(HOME.code) == ({}, {})  # and no other board was touched


def test_the_counts_stay_a_group_by_of_the_entries_through_play(
    make_player: Callable[..., Player],
) -> None:
    logs = [
        ["draw", HOME.token, "draw", "undo", HOME.take_back],
        [HOME.token, "draw"],
        ["draw", "draw"],
    ]
    players = [make_player() for _ in logs]
    games = [start(who) for who in players]
    for step in range(max(map(len, logs))):
        for who, game, log in zip(players, games, logs, strict=True):
            if step < len(log):
                move(who, game, log[step])
        standing, cards = board_counts_from_entries()
        assert counts(HOME.code) == (
            {key[1:]: n for key, n in standing.items() if key[0] == HOME.code},
            {key[1:]: n for key, n in cards.items() if key[0] == HOME.code},
        )
    assert counts(HOME.code) == (
        {(False, 1, 5): 1, (False, 2, 2): 1, (False, 1, 2): 1},
        {(False, 1): 2, (False, 2): 1},
    )
