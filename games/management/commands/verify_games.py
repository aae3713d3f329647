"""``manage.py verify_games``: replay every game and report each one its rows disagree with."""

from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from games.models import Game
from games.verification import iter_game_checks


class Command(BaseCommand):
    help = (
        "Replay every game's log with the rules engine and compare every stored row (seq "
        "continuity, tokens, score_after, the game's summary). Prints each bad game with "
        "its reasons; exits with status 1 if any game is bad."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--progress", type=int, default=1000, help="print progress every N games"
        )

    def handle(self, *args: Any, progress: int, **options: Any) -> None:
        total = Game.objects.count()
        checked = bad = 0
        for check in iter_game_checks():
            checked += 1
            if not check.ok:
                bad += 1
                self.stdout.write(f"BAD game {check.game.id} ({check.game.code}):")
                for problem in check.problems:
                    self.stdout.write(f"    {problem}")
            if progress and checked % progress == 0:
                self.stdout.write(f"checked {checked}/{total} games, {bad} bad")
        self.stdout.write(f"checked {checked} games: {checked - bad} ok, {bad} bad")
        if bad:
            raise CommandError(f"{bad} of {checked} games disagree with their logs", returncode=1)
