"""Sealed dailies named by CF2 layout codes, with commitments.

* Deal codes and board ids grow to 64 characters (a CF2 code has 54); a game's deal number is
  null for a CF2 deal.
* Daily deals are named by their codes (``code``, ``code_d1``) instead of CF1 numbers, and each
  board gets the salt of its commitment. Closed days keep the CF1 codes they were played on
  (and get salts now, so every day's codes can be checked the same way; a day closed before
  this release had no commitment shown while it was open).
* Days not yet closed were drawn from the 33-bit CF1 space, which the cards of one ranked game
  identify: they are dropped and drawn again, sealed, on first use. The ranked games already
  played on them were played on a deal that is no longer sealed: they move to that deal's own
  open board (their logs are untouched), and the entries of the boards concerned are derived
  again, as ``rebuild_projections`` would. Run ``manage.py rebuild_projections
  --rank-index-only`` after migrating a database that had such games and a rank index.
"""

import secrets
from typing import Any

from django.db import migrations, models
from django.db.models import Count, F
from django.utils import timezone

from engine.deal import make_code


def seal(apps: Any, schema_editor: Any) -> None:
    daily_model = apps.get_model("games", "DailyDeal")
    game_model = apps.get_model("games", "Game")
    today = timezone.now().date()
    for day in daily_model.objects.filter(date__lt=today):
        day.code = make_code(day.number, 3)
        day.code_d1 = make_code(day.number_d1, 1)
        day.salt, day.salt_d1 = secrets.token_hex(16), secrets.token_hex(16)
        day.save(update_fields=["code", "code_d1", "salt", "salt_d1"])
    resealed = list(daily_model.objects.filter(date__gte=today).values_list("date", flat=True))
    moved = game_model.objects.filter(daily__in=resealed)
    boards = set(moved.values_list("board", flat=True)) | set(moved.values_list("code", flat=True))
    moved.update(board=F("code"), daily=None)
    daily_model.objects.filter(date__in=resealed).delete()
    if boards:
        derive_entries(apps, boards)


def derive_entries(apps: Any, boards: set[str]) -> None:
    """The entries and counts of ``boards`` from their games (the ranking of 0007)."""
    game_model = apps.get_model("games", "Game")
    entry_model = apps.get_model("games", "LeaderboardEntry")
    standing_model = apps.get_model("games", "StandingCount")
    cards_model = apps.get_model("games", "CardsCount")
    helped = set(
        apps.get_model("games", "Assistance")
        .objects.filter(board__in=boards)
        .values_list("board", "player_id")
    )
    for model in (entry_model, standing_model, cards_model):
        model.objects.filter(board__in=boards).delete()
    best = game_model.objects.filter(board__in=boards, seq__gt=0).order_by(
        "board",
        "player_id",
        "-cards",
        "action_count",
        F("elapsed").asc(nulls_last=True),
        "reached_at",
        "id",
    )
    seen: set[tuple[str, int]] = set()
    for game in best.iterator():
        key = (game.board, game.player_id)
        if key not in seen:
            seen.add(key)
            entry_model.objects.create(
                board=game.board,
                player_id=game.player_id,
                game_id=game.id,
                cards=game.cards,
                action_count=game.action_count,
                elapsed=game.elapsed,
                moves=game.moves,
                score=game.score,
                won=game.won,
                status=game.status,
                reached_at=game.reached_at,
                assisted=key in helped,
            )
    entries = entry_model.objects.filter(board__in=boards)
    for fields, model in (
        (("board", "assisted", "cards", "action_count"), standing_model),
        (("board", "assisted", "cards"), cards_model),
    ):
        for row in entries.values(*fields).annotate(n=Count("id")):
            model.objects.create(**{name: row[name] for name in fields}, entries=row["n"])


def board_field() -> models.CharField:
    return models.CharField(max_length=64)


class Migration(migrations.Migration):
    dependencies = [("games", "0007_boards_ranking_fields")]

    operations = [
        migrations.AlterField(
            model_name="game",
            name="code",
            field=models.CharField(
                help_text="Deal code, e.g. CF1-D3-AAAAACL or a CF2 code", max_length=64
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="number",
            field=models.BigIntegerField(
                blank=True, help_text="a CF1 deal's number, 0 <= n < 26**7 (CF2: null)", null=True
            ),
        ),
        migrations.AlterField(
            model_name="game",
            name="board",
            field=models.CharField(
                help_text="the board it ranks on: its code, or a daily board (daily-<date>-D3)",
                max_length=64,
            ),
        ),
        migrations.AlterField(model_name="assistance", name="board", field=board_field()),
        migrations.AlterField(model_name="cardscount", name="board", field=board_field()),
        migrations.AlterField(model_name="leaderboardentry", name="board", field=board_field()),
        migrations.AlterField(model_name="standingcount", name="board", field=board_field()),
        migrations.AddField(
            model_name="dailydeal",
            name="code",
            field=models.CharField(
                db_index=True, default="", help_text="draw 3 deal", max_length=64
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="dailydeal",
            name="code_d1",
            field=models.CharField(
                db_index=True, default="", help_text="draw 1 deal", max_length=64
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="dailydeal",
            name="salt",
            field=models.CharField(
                default="", help_text="draw 3 commitment salt (hex)", max_length=64
            ),
            preserve_default=False,
        ),
        migrations.AddField(
            model_name="dailydeal",
            name="salt_d1",
            field=models.CharField(
                default="", help_text="draw 1 commitment salt (hex)", max_length=64
            ),
            preserve_default=False,
        ),
        migrations.RunPython(seal, migrations.RunPython.noop),
        migrations.RemoveField(model_name="dailydeal", name="number"),
        migrations.RemoveField(model_name="dailydeal", name="number_d1"),
    ]
