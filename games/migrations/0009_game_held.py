"""A game held for fair-play review (``fairplay``) makes no leaderboard entry; a confirmed
hold also refuses further actions. Both start False: no game so far was held."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0008_sealed_layouts")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="held",
            field=models.BooleanField(
                default=False,
                help_text="held for fair-play review: the game makes no leaderboard entry "
                "(fairplay)",
            ),
        ),
        migrations.AddField(
            model_name="game",
            name="hold_confirmed",
            field=models.BooleanField(
                default=False,
                help_text="staff confirmed the hold: out of the ranking, no more actions",
            ),
        ),
    ]
