"""Fair-play signals: a game may have one flag per reason (linked, clairvoyant, bot_like), a
borderline signal is listed without a hold, and each sealed board keeps its table par."""

import django.db.models.deletion
import django.utils.timezone
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("fairplay", "0001_initial"),
        ("games", "0010_game_bot"),
    ]

    operations = [
        migrations.CreateModel(
            name="TableParRecord",
            fields=[
                ("id", models.BigAutoField(primary_key=True, serialize=False)),
                ("board", models.CharField(max_length=64, unique=True)),
                ("par", models.JSONField(help_text="engine.table_player.par.TablePar.to_json()")),
                ("seconds", models.FloatField(help_text="CPU seconds the runs took")),
                ("computed_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
        ),
        migrations.AlterField(
            model_name="flag",
            name="evidence",
            field=models.JSONField(
                default=list,
                help_text=(
                    "linked: the links found (kind, game, player); a signal: what it measured"
                ),
            ),
        ),
        migrations.AlterField(
            model_name="flag",
            name="game",
            field=models.ForeignKey(
                on_delete=django.db.models.deletion.CASCADE, related_name="+", to="games.game"
            ),
        ),
        migrations.AlterField(
            model_name="flag",
            name="reason",
            field=models.CharField(
                choices=[
                    ("linked", "Linked"),
                    ("clairvoyant", "Clairvoyant"),
                    ("bot_like", "Bot Like"),
                ],
                max_length=16,
            ),
        ),
        migrations.AlterField(
            model_name="flag",
            name="status",
            field=models.CharField(
                choices=[
                    ("held", "Held"),
                    ("listed", "Listed"),
                    ("cleared", "Cleared"),
                    ("confirmed", "Confirmed"),
                ],
                default="held",
                max_length=10,
            ),
        ),
        migrations.AddConstraint(
            model_name="flag",
            constraint=models.UniqueConstraint(
                fields=("game", "reason"), name="flag_unique_game_reason"
            ),
        ),
    ]
