from django.apps import AppConfig


class WebConfig(AppConfig):
    """Pages and static assets of the browser client (no models of its own)."""

    default_auto_field = "django.db.models.BigAutoField"
    name = "web"
    verbose_name = "Canfield Arena web client"
