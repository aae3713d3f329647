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
from django.db.migrations.state import StateApps
from django.db.models import Model

from engine import Game as EngineGame
from games.projections import engine_summary

BEFORE = [("games", "0005_entry_revision")]
AFTER = [("games", "0007_boards_ranking_fields")]
CODE = "CF1-D3-AAAAACL"
T0 = datetime(2026, 11, 20, 9, 0, tzinfo=UTC)


def migrate(targets: list[tuple[str, str]]) -> StateApps:
    executor = MigrationExecutor(connection)
    executor.migrate(targets)
    return executor.loader.project_state(targets).apps


@pytest.mark.slow  # migrations run back and forth: 2.7 s of CPU
@pytest.mark.django_db(transaction=True)
def test_old_rows_get_boards_actions_elapsed_and_assistance_from_their_logs() -> None:
    old = migrate(BEFORE)
    user_model = old.get_model("auth", "User")
    game_model, action_model = old.get_model("games", "Game"), old.get_model("games", "Action")
    daily_model = old.get_model("games", "DailyDeal")
    alice = user_model.objects.create(username="alice")
    bob = user_model.objects.create(username="bob")

    def old_game(
        player: Model,
        tokens: list[str],
        *,
        submitted: bool,
        assisted: bool = False,
        resign: bool = False,
    ) -> Model:
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


SEALED_BEFORE = [("games", "0007_boards_ranking_fields")]
SEALED_AFTER = [("games", "0008_sealed_layouts")]


@pytest.mark.slow  # migrations run back and forth: 1.6 s of CPU
@pytest.mark.django_db(transaction=True)
def test_days_not_yet_closed_are_drawn_again_and_their_games_move_to_the_open_deal() -> None:
    """0008: a closed day keeps its CF1 codes (and gets salts); today's CF1 deal is no longer
    sealed (its 33 bits identify it), so the day is dropped, drawn again on first use, and the
    ranked games played on it move to that deal's own open board, logs untouched."""
    old = migrate(SEALED_BEFORE)
    user_model = old.get_model("auth", "User")
    game_model, action_model = old.get_model("games", "Game"), old.get_model("games", "Action")
    daily_model = old.get_model("games", "DailyDeal")
    entry_model = old.get_model("games", "LeaderboardEntry")
    alice = user_model.objects.create(username="alice")
    closed_day, today = date(2026, 11, 19), datetime.now(UTC).date()
    daily_model.objects.create(date=closed_day, number=99, number_d1=98, par=10, par_d1=12)
    daily_model.objects.create(date=today, number=63, number_d1=64, par=10, par_d1=12)
    engine = EngineGame.from_code(CODE)
    engine.play("draw")
    board = f"daily-{today.isoformat()}-D3"
    game = game_model.objects.create(
        code=CODE, draw=3, number=63, player=alice, seq=1, action_count=1, elapsed=0,
        board=board, daily=today, created_at=T0, reached_at=T0, **engine_summary(engine),
    )  # fmt: skip
    action_model.objects.create(game=game, seq=1, token="draw", score_after=0, created_at=T0)
    entry_model.objects.create(
        board=board, player=alice, game=game, cards=1, action_count=1, elapsed=0, moves=1,
        score=0, won=False, status="playing", reached_at=T0,
    )  # fmt: skip

    new = migrate(SEALED_AFTER)
    days = new.get_model("games", "DailyDeal").objects.all()
    assert [(d.date, d.code, d.code_d1) for d in days] == [
        (closed_day, "CF1-D3-AAAAADV", "CF1-D1-AAAAADU")
    ]
    assert len(days[0].salt) == len(days[0].salt_d1) == 32 and days[0].salt != days[0].salt_d1
    moved = new.get_model("games", "Game").objects.get(pk=game.pk)
    assert (moved.board, moved.daily) == (CODE, None)
    entries = new.get_model("games", "LeaderboardEntry").objects.values_list("board", "game_id")
    assert list(entries) == [(CODE, game.pk)]
    assert new.get_model("games", "Action").objects.get(game_id=game.pk).token == "draw"

    call_command("migrate", verbosity=0)
    out = StringIO()
    call_command("rebuild_projections", "--check", stdout=out)
    assert "0 game rows differ, 0 leaderboard entries differ" in out.getvalue(), out.getvalue()
