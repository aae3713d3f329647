from django.apps import AppConfig


class RatingsConfig(AppConfig):
    """A player's strength across days and a daily deal's difficulty: each ranked game is a
    match of its player against the day's deal, rated by Glicko-2 (docs/ratings.md)."""

    name = "ratings"
    verbose_name = "Canfield ratings"
    default_auto_field = "django.db.models.BigAutoField"
