from django.apps import AppConfig


class LeaguesConfig(AppConfig):
    """Leagues: named groups of signed-in players, each with its own ranking of every daily
    board (the global entries, members only), live on the boards' socket (docs/contracts.md,
    "Leagues")."""

    name = "leagues"
    verbose_name = "Canfield leagues"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        # A changed entry is also announced to the leagues its player is in: the games'
        # publisher hands each batch's changed entries to the hooks it holds (games.live).
        from games.live.publishing import entry_followers
        from leagues import signals  # noqa: F401 (a deleted account leaves its leagues)
        from leagues.live import league_entry_events

        if league_entry_events not in entry_followers:
            entry_followers.append(league_entry_events)
