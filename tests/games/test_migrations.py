"""Migration 0007 fills the new columns from the logs, as ``rebuild_projections`` would.

Rows are written at the schema of 0005 (before boards, actions and elapsed time), the
migration runs, and then a rebuild in ``--check`` mode must find nothing to change.
"""

from datetime import UTC, date, datetime, timedelta
from io import StringIO

import pytest
from django.core.management import call_command
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from engine import Game as EngineGame
from games.projections import engine_summary

BEFORE = [("games", "0005_entry_revision")]
AFTER = [("games", "0007_boards_ranking_fields")]
CODE = "CF1-D3-AAAAACL"
T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


def migrate(targets: list[tuple[str, str]]):
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.django_db(transaction=True)
def test_old_rows_get_boards_actions_elapsed_and_assistance_from_their_logs() -> None:
    old = migrate(BEFORE)
    user_model = old.get_model("auth", "User")
    game_model, action_model = old.get_model("games", "Game"), old.get_model("games", "Action")
    daily_model = old.get_model("games", "DailyDeal")
    alice = user_model.objects.create(username="alice")
    bob = user_model.objects.create(username="bob")

    def old_game(player, tokens, *, submitted, assisted=False, resign=False):
        engine = EngineGame.from_code(CODE)
        for token in tokens:
            engine.play(token)
        game = game_model.objects.create(
            code=CODE, draw=3, number=63, player=player, seq=len(tokens) + resign,
            status="resigned" if resign else "playing", assisted=assisted,
            finished_at=T0 + timedelta(seconds=9 * len(tokens)) if resign else None,
            created_at=T0, reached_at=T0 if submitted else T0 + timedelta(seconds=9 * len(tokens)),
            **{k: v for k, v in engine_summary(engine).items()},
        )  # fmt: skip
        for seq, token in enumerate([*tokens, *(["resign"] if resign else [])], start=1):
            at = T0 if submitted else T0 + timedelta(seconds=9 * min(seq, len(tokens)))
            action_model.objects.create(
                game=game, seq=seq, token=token, score_after=0, created_at=at
            )
        return game

    live = old_game(alice, ["draw", "draw", "undo"], submitted=False, assisted=True, resign=True)
    submitted = old_game(bob, ["draw", "draw"], submitted=True)
    old_game(bob, [], submitted=False)  # never moved: no entry any more
    daily_model.objects.create(date=date(2026, 11, 19), number=99, par=10, par_d1=12)
    daily_model.objects.create(date=date(2099, 1, 1), number=98, par=10, par_d1=12)

    new = migrate(AFTER)
    game_model = new.get_model("games", "Game")
    entry_model = new.get_model("games", "LeaderboardEntry")
    migrated = game_model.objects.get(pk=live.pk)
    assert (migrated.board, migrated.action_count, migrated.elapsed, migrated.offline) == (
        CODE,
        3,  # the resign is not an action of the position
        27,
        False,
    )
    offline = game_model.objects.get(pk=submitted.pk)
    assert (offline.action_count, offline.elapsed, offline.offline) == (2, None, True)
    entries = {e.player_id: e for e in entry_model.objects.all()}
    assert set(entries) == {alice.pk, bob.pk}
    assert entries[alice.pk].assisted and not entries[bob.pk].assisted
    assistance = new.get_model("games", "Assistance").objects.values_list("board", "player_id")
    assert list(assistance) == [(CODE, alice.pk)]
    days = new.get_model("games", "DailyDeal").objects.values_list("date", "number_d1")
    assert list(days) == [(date(2026, 11, 19), 99)]  # a day to come is chosen again, sealed

    call_command("migrate", verbosity=0)
    out = StringIO()
    call_command("rebuild_projections", "--check", stdout=out)
    assert "0 game rows differ, 0 leaderboard entries differ" in out.getvalue(), out.getvalue()
