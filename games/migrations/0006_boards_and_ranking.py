"""Boards apart from codes (sealed daily boards), the ranking by actions and elapsed time,
assistance per player and board, a deal number per daily mode.

Schema first (renames keep the data), then ``0007`` fills the new columns from the logs.
"""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("games", "0005_entry_revision"),
    ]

    operations = [
        migrations.RemoveIndex(model_name="game", name="game_best_of_player"),
        migrations.RemoveIndex(model_name="leaderboardentry", name="entry_ranking"),
        migrations.RemoveConstraint(model_name="leaderboardentry", name="entry_unique_code_player"),
        migrations.RemoveConstraint(
            model_name="standingcount", name="standing_unique_code_assisted_cards_moves"
        ),
        migrations.RemoveConstraint(
            model_name="cardscount", name="cards_unique_code_assisted_cards"
        ),
        migrations.RenameField(model_name="leaderboardentry", old_name="code", new_name="board"),
        migrations.RenameField(model_name="standingcount", old_name="code", new_name="board"),
        migrations.RenameField(
            model_name="standingcount", old_name="moves", new_name="action_count"
        ),
        migrations.RenameField(model_name="cardscount", old_name="code", new_name="board"),
        # Placeholders until 0007 computes them from the logs.
        migrations.AddField(
            model_name="game", name="board", field=models.CharField(default="", max_length=24)
        ),
        migrations.AddField(
            model_name="leaderboardentry",
            name="action_count",
            field=models.PositiveIntegerField(default=0),
        ),
        migrations.AddField(
            model_name="dailydeal",
            name="number_d1",
            field=models.BigIntegerField(db_index=True, default=0),
        ),
    ]
