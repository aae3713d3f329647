from django.apps import AppConfig


class FairPlayConfig(AppConfig):
    """One person, one ranked game: where ranked games were played from, the entries held
    for review because of it, and what staff decided (DESIGN.md, *Fair play*)."""

    name = "fairplay"
    verbose_name = "Canfield fair play"
    default_auto_field = "django.db.models.BigAutoField"
