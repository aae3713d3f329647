"""``manage.py delete_idle_guests``: the rule for guests who came and went."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser

from games.services.guests import idle_guests_delete


class Command(BaseCommand):
    help = (
        "Delete guests (players without an account) with nothing new for --days days whose "
        "games hold no action, with those empty games. Guests who played are kept: their logs "
        "are append-only, like every player's. Run it daily (cron, a timer)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--days", type=int, default=30, help="idle for this long (30)")

    def handle(self, *args: Any, days: int, **options: Any) -> None:
        deleted = idle_guests_delete(days=days)
        self.stdout.write(f"deleted {deleted} idle guest{'' if deleted == 1 else 's'}")
