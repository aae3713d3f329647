from django.apps import AppConfig


class FairPlayConfig(AppConfig):
    """One person, one ranked game: where ranked games were played from, the entries held
    for review because of it, and what staff decided (DESIGN.md, *Fair play*)."""

    name = "fairplay"
    verbose_name = "Canfield fair play"
    default_auto_field = "django.db.models.BigAutoField"

    def ready(self) -> None:
        """Fair play's hooks in the games' transactions (``games.hooks``): it judges every
        ranked action, keeps where each ranked game came from, and tells an owner why a game
        of theirs is held."""
        from fairplay.selectors import owner_holds
        from fairplay.services import ranked_game_started
        from fairplay.signals import action_judged
        from games.hooks import HOOKS

        HOOKS.action_judges.append(lambda game, stamp: action_judged(game=game, stamp=stamp))
        HOOKS.ranked_game_started.append(
            lambda game, origin: ranked_game_started(game=game, origin=origin)
        )
        HOOKS.owner_holds.append(owner_holds)
