"""A declared bot's games rank apart (``Game.bot``, copied from the player at creation). Every
game so far is a person's: False."""

from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [("games", "0009_game_held")]

    operations = [
        migrations.AddField(
            model_name="game",
            name="bot",
            field=models.BooleanField(
                default=False,
                help_text="its player is a declared bot (copied at creation): it ranks on the "
                "board's bots partition (games.boards.ranking_board)",
            ),
        ),
    ]
