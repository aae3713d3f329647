from django.apps import AppConfig


class SiteConfig(AppConfig):
    """The project's wiring as an app of its own, so its system checks register themselves
    rather than through an app below that would have to import the wiring above it."""

    name = "canfield_site"
    verbose_name = "Canfield Arena site"

    def ready(self) -> None:
        import canfield_site.checks  # noqa: F401  # registers the deployment's system checks
