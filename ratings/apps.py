from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """A player's strength across days and a daily deal's difficulty: each ranked game is a
    match of its player against the day's deal, rated by Glicko-2 (docs/ratings.md)."""

    name = "ratings"
    verbose_name = "Canfield ratings"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Ratings rebuilt beside the projections they are read from (``rebuild_projections``,
        through ``games.hooks``), and rated as fair play's worker reviews the closed days
        (``fairplay.hooks``)."""
        from fairplay.hooks import FAIRPLAY_HOOKS
        from games.hooks import HOOKS
        from ratings.days import ratings_refresh
        from ratings.rebuild import ratings_rebuilt

        HOOKS.rebuilds["rating rows"] = lambda check, say: ratings_rebuilt(check=check, say=say)
        FAIRPLAY_HOOKS.days_reviewed.append(
            lambda today, through: ratings_refresh(today=today, through=through)
        )
