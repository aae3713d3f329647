from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Canfield games"
    default_auto_field = "django.db.models.BigAutoField"
