"""The closed days' reviews (``fairplay.review``). The days that closed before reviews existed
count as reviewed (rated already, or rated as they were): only days closing from now on wait
for the worker's review before they are rated."""

from datetime import UTC, datetime

import django.utils.timezone
from django.apps.registry import Apps
from django.db import migrations, models
from django.db.backends.base.schema import BaseDatabaseSchemaEditor


def closed_days_reviewed(apps: Apps, schema_editor: BaseDatabaseSchemaEditor) -> None:
    DailyDeal = apps.get_model("games", "DailyDeal")
    DayReview = apps.get_model("fairplay", "DayReview")
    today = datetime.now(UTC).date()
    closed = DailyDeal.objects.filter(date__lt=today).values_list("date", flat=True)
    DayReview.objects.bulk_create(
        [DayReview(day=day, boards={"before_reviews": True}) for day in closed]
    )


class Migration(migrations.Migration):
    dependencies = [
        ("fairplay", "0004_line_idle"),
        ("games", "0012_daily_par_optimiser"),
    ]

    operations = [
        migrations.CreateModel(
            name="DayReview",
            fields=[
                ("id", models.BigAutoField(primary_key=True, serialize=False)),
                ("day", models.DateField(unique=True)),
                (
                    "boards",
                    models.JSONField(
                        default=dict, help_text="per board: best known line, runs, judged"
                    ),
                ),
                ("reviewed_at", models.DateTimeField(default=django.utils.timezone.now)),
            ],
        ),
        migrations.RunPython(closed_days_reviewed, migrations.RunPython.noop),
    ]
