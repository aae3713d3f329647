"""The idle loops of a won ranked line, counted with its telling moves; the lines counted
before are measured here from their logs (a replay each: milliseconds)."""

from typing import Any

from django.db import migrations, models

from engine import Deal
from engine.table_player.idle import idle_actions


def measure_counted_lines(apps: Any, schema_editor: Any) -> None:
    LineTelling = apps.get_model("fairplay", "LineTelling")
    Action = apps.get_model("games", "Action")
    for counted in LineTelling.objects.select_related("game").iterator():
        tokens = Action.objects.filter(game_id=counted.game_id).order_by("seq")
        line = list(tokens.values_list("token", flat=True))
        counted.idle = idle_actions(Deal.from_code(counted.game.code), line)
        counted.save(update_fields=["idle"])


class Migration(migrations.Migration):
    dependencies = [("fairplay", "0003_line_telling")]

    operations = [
        migrations.AddField(
            model_name="linetelling",
            name="idle",
            field=models.PositiveIntegerField(
                default=0, help_text="actions in idle loops (engine.table_player.idle)"
            ),
        ),
        migrations.RunPython(measure_counted_lines, migrations.RunPython.noop),
    ]
