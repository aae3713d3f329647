from django.apps import AppConfig


class AccountsConfig(AppConfig):
    """Keeps a normalised key per user so that look-alike names cannot both register."""

    name = "accounts"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        from accounts import signals  # noqa: F401  (connects the key upkeep)
