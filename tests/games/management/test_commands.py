"""verify_games catches tampering; rebuild_projections reproduces the live projections."""

from collections.abc import Callable
from io import StringIO
from typing import Any

import pytest
from django.core.management import CommandError, call_command
from rest_framework.test import APIClient

from games.models import Action, CardsCount, Game, LeaderboardEntry, StandingCount
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, play, start_game, tamper_action, won_logs

pytestmark = pytest.mark.django_db

SUMMARY_FIELDS = (
    "id", "code", "board", "player_id", "seq", "action_count", "elapsed", "score", "cards",
    "moves", "won", "status", "snapshot", "reached_at", "finished_at",
)  # fmt: skip
ENTRY_FIELDS = (
    "board", "player_id", "game_id", "cards", "action_count", "elapsed", "moves", "score",
    "won", "status", "reached_at", "assisted",
)  # fmt: skip


def run(command: str, *args: str) -> tuple[int, str]:
    """Run a management command; (exit status, output)."""
    out = StringIO()
    try:
        call_command(command, *args, stdout=out)
    except CommandError as error:
        return error.returncode, out.getvalue() + str(error)
    return 0, out.getvalue()


@pytest.fixture
def played(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> dict[str, Any]:
    """A small world: live games with moves, undo and a resignation, a won submission, two
    games of one player on one code, three players."""
    alice, bob, carol = (client_for(make_player(name)) for name in ("alice", "bob", "carol"))
    first = start_game(alice)
    for token in ("draw", "42", "draw", "undo"):
        assert play(alice, first["id"], token).status_code == 201
    second = start_game(alice)  # alice's second game on the same code
    play(alice, second["id"], "draw")
    resigned = start_game(bob)
    play(bob, resigned["id"], "draw")
    bob.post(f"/api/games/{resigned['id']}/resign/")
    won = won_logs()[0]
    submitted = carol.post("/api/submissions/", {"code": won["code"], "actions": won["tokens"]})
    assert submitted.status_code == 201
    start_game(carol)
    return {"first": first, "resigned": resigned, "won": submitted.json()}


def tables() -> tuple[list[tuple], ...]:
    games = list(Game.objects.order_by("id").values_list(*SUMMARY_FIELDS))
    entries = sorted(LeaderboardEntry.objects.values_list(*ENTRY_FIELDS))
    standings = sorted(
        StandingCount.objects.values_list("board", "cards", "action_count", "entries")
    )
    cards = sorted(CardsCount.objects.values_list("board", "cards", "entries"))
    return games, entries, standings, cards


def test_verify_games_passes_a_sound_database(played: dict) -> None:
    status, output = run("verify_games", "--progress", "2")
    assert status == 0, output
    assert f"checked {Game.objects.count()} games: {Game.objects.count()} ok, 0 bad" in output
    assert "checked 2/" in output  # progress lines


@pytest.mark.parametrize(
    ("change", "reason"),
    [
        ({"token": "42"}, "does not replay"),
        ({"token": "undo"}, "game row moves: 2, log gives 0"),  # legal, but not what was played
        ({"score_after": 5}, "score_after 5, replay gives 0"),
        ({"seq": 9}, "without gaps"),
    ],
)
def test_verify_games_catches_a_tampered_row(
    played: dict, change: dict[str, Any], reason: str
) -> None:
    game_id = played["first"]["id"]
    action = Action.objects.get(game_id=game_id, seq=3)  # a draw
    tamper_action(action.id, **change)
    status, output = run("verify_games")
    assert status == 1
    assert f"BAD game {game_id} " in output
    assert reason in output
    assert "1 bad" in output


def test_verify_games_catches_a_tampered_game_row(played: dict) -> None:
    Game.objects.filter(id=played["won"]["id"]).update(score=9999)
    status, output = run("verify_games")
    assert status == 1
    assert f"BAD game {played['won']['id']} " in output
    assert "game row score: 9999, log gives" in output


def test_rebuild_projections_reproduces_the_live_tables(played: dict) -> None:
    live = tables()
    assert all(live)  # games, entries and both count tables have rows to reproduce
    assert run("rebuild_projections", "--check")[0] == 0
    LeaderboardEntry.objects.all().delete()
    StandingCount.objects.all().delete()
    CardsCount.objects.update(entries=7)
    Game.objects.update(
        score=0, cards=1, moves=0, won=False, status="playing", snapshot={}, action_count=0,
        elapsed=None,
    )  # fmt: skip
    status, output = run("rebuild_projections", "--check")
    assert status == 1 and "differ" in output
    assert tables() != live  # --check wrote nothing
    status, output = run("rebuild_projections")
    assert status == 0, output
    assert "missing, created" in output
    assert tables() == live
    assert run("rebuild_projections", "--check")[0] == 0


def test_rebuild_removes_entries_no_game_backs_and_fixes_wrong_ones(played: dict) -> None:
    live = tables()
    entry = LeaderboardEntry.objects.get(player__username="alice")
    LeaderboardEntry.objects.filter(pk=entry.pk).update(cards=52, won=True)
    LeaderboardEntry.objects.create(
        board=SIMPLE_CODE.replace("D3", "D1"),
        player_id=entry.player_id,
        game_id=entry.game_id,
        cards=1, action_count=0, moves=0, score=0, won=False, status="playing",
        reached_at=entry.reached_at,
    )  # fmt: skip
    status, output = run("rebuild_projections")
    assert status == 0
    assert "not backed by any game, removed" in output
    assert tables() == live


def test_counts_only_recounts_boards_loaded_in_bulk(played: dict) -> None:
    live = tables()
    StandingCount.objects.all().delete()
    CardsCount.objects.all().delete()
    status, output = run("rebuild_projections", "--counts-only")
    assert status == 0 and "missing ->" in output
    assert tables() == live
