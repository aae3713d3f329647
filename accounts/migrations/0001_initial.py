"""UsernameKey, and a key for every user made before it (legacy look-alike pairs keep the
first one's key; the later one of a pair keeps working, only new sign-ups are refused)."""

import django.db.models.deletion
from django.conf import settings
from django.db import migrations, models


def backfill(apps, schema_editor):
    from accounts.usernames import username_key

    User = apps.get_model(*settings.AUTH_USER_MODEL.split("."))
    UsernameKey = apps.get_model("accounts", "UsernameKey")
    taken = set(UsernameKey.objects.values_list("key", flat=True))
    for user_id, username in User.objects.order_by("pk").values_list("pk", "username"):
        key = username_key(username)
        if key not in taken:
            UsernameKey.objects.create(user_id=user_id, key=key)
            taken.add(key)


class Migration(migrations.Migration):
    initial = True

    dependencies = [migrations.swappable_dependency(settings.AUTH_USER_MODEL)]

    operations = [
        migrations.CreateModel(
            name="UsernameKey",
            fields=[
                (
                    "id",
                    models.BigAutoField(
                        auto_created=True, primary_key=True, serialize=False, verbose_name="ID"
                    ),
                ),
                ("key", models.TextField(unique=True)),
                (
                    "user",
                    models.OneToOneField(
                        on_delete=django.db.models.deletion.CASCADE,
                        related_name="username_key",
                        to=settings.AUTH_USER_MODEL,
                    ),
                ),
            ],
        ),
        migrations.RunPython(backfill, migrations.RunPython.noop),
    ]
