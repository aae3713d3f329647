"""Declared bots (``accounts.models.Bot``): no account so far declared itself one."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


class Migration(migrations.Migration):
    dependencies = [
        ("accounts", "0002_guest"),
        migrations.swappable_dependency(settings.AUTH_USER_MODEL),
    ]

    operations = [
        migrations.CreateModel(
            name="Bot",
            fields=[
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        primary_key=True,
                        related_name="bot",
                        serialize=False,
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
                ("declared_at", models.DateTimeField(auto_now_add=True)),
            ],
        ),
    ]
