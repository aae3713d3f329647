from django.apps import AppConfig


class GamesConfig(AppConfig):
    name = "games"
    verbose_name = "Canfield games"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        import canfield_site.checks  # noqa: F401  # registers the deployment's system checks
