"""``manage.py rebuild_projections``: recompute game summaries and leaderboards from logs."""

import time
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction
from django.db.models import F

from games import rank_index
from games.boards import day_sealed, entry_board
from games.hooks import rebuilt_beside
from games.models import Assistance, CardsCount, Game, LeaderboardEntry, StandingCount
from games.projections import (
    CARDS_KEY,
    STANDING_KEY,
    board_counts_from_entries,
    entry_at_close,
    entry_current_values,
    entry_values,
    ranking_games,
)
from games.ranking import order_by
from games.verification import iter_game_checks

#: A line of progress every this many entries loaded into the rank index.
PROGRESS_EVERY = 100_000


class Command(BaseCommand):
    help = (
        "Rebuild every game's summary (seq, score, cards, moves, status, snapshot, times), "
        "every leaderboard entry and the boards' rank counts from the action logs alone, "
        "the ratings of every closed day in day order from those entries, "
        "printing what changed, then the rank index of every board (when enabled). "
        "With --check nothing is written and the exit status is 1 if anything differs."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--check", action="store_true", help="only compare; exit 1 on any difference"
        )
        parser.add_argument(
            "--counts-only",
            action="store_true",
            help="only recount the boards' rank counts from the entries (after a bulk load)",
        )
        parser.add_argument(
            "--rank-index-only",
            action="store_true",
            help="only rebuild the rank index (Redis) of every board from the entries",
        )

    def handle(
        self, *args: Any, check: bool, counts_only: bool, rank_index_only: bool, **options: Any
    ) -> None:
        if rank_index_only:
            self.rebuild_rank_index()
            return
        # One transaction: readers see the old or the new projections, never a mix. --check
        # does the same work and rolls it back, so it compares exactly what a rebuild writes.
        with transaction.atomic():
            broken, game_changes = (0, 0) if counts_only else self.rebuild_games()
            entry_changes = 0 if counts_only else self.rebuild_entries()
            entry_changes += self.rebuild_board_counts()
            # The rebuilds registered beside (ratings: games.hooks), none with --counts-only.
            beside = rebuilt_beside(check=check, say=self.stdout.write, skip=counts_only)
            if check:
                transaction.set_rollback(True)
        verb = "differ" if check else "rebuilt"
        self.stdout.write(
            f"{game_changes} game rows {verb}, {entry_changes} leaderboard entries {verb}, "
            + "".join(f"{changes} {what} {verb}, " for what, changes in beside.items())
            + f"{broken} games whose log does not replay (run verify_games)"
        )
        if broken or (check and (game_changes or entry_changes or any(beside.values()))):
            raise CommandError("projections differ from the logs", returncode=1)
        if not check and not counts_only:
            self.rebuild_rank_index()

    def rebuild_rank_index(self) -> None:
        """Clear every board's index, then load each board from its (committed) entries.
        Cleared first: entries recreated by a rebuild restart their revisions, which the
        index would otherwise take for older than what it holds."""
        if not rank_index.enabled():
            self.stdout.write("rank index: not enabled (REDIS_URL, CANFIELD_RANK_INDEX), skipped")
            return
        rank_index.index_clear()
        boards = list(
            LeaderboardEntry.objects.order_by("board").values_list("board", flat=True).distinct()
        )
        for number, board in enumerate(boards, 1):
            start = time.perf_counter()

            def progress(loaded: int, board: str = board) -> None:
                if loaded % PROGRESS_EVERY == 0:
                    self.stdout.write(f"rank index: {board}: {loaded:,} entries loaded")

            loaded = rank_index.board_build(board, wait=True, progress=progress)
            took = time.perf_counter() - start
            if loaded is None:
                raise CommandError(f"rank index: {board}: another build holds it, try again")
            self.stdout.write(
                f"rank index: {board}: {loaded:,} entries in {took:.1f} s "
                f"(board {number} of {len(boards)})"
            )

    def rebuild_games(self) -> tuple[int, int]:
        """Recompute each game row's derived fields; (games whose log fails, rows changed)."""
        broken = changed = 0
        for result in iter_game_checks():
            if result.expected is None:
                broken += 1
                self.stdout.write(f"game {result.game.id}: log does not replay, left as is")
                continue
            differences = result.summary_differences()
            if not differences:
                continue
            changed += 1
            for name, (stored, wanted) in differences.items():
                if name == "snapshot":
                    stored, wanted = "(stored)", "(replayed)"
                self.stdout.write(f"game {result.game.id}: {name} {stored} -> {wanted}")
            Game.objects.filter(pk=result.game.id).update(**result.expected)
        return broken, changed

    def rebuild_entries(self) -> int:
        """Make the entries exactly the best game of each (board, player), a closed daily
        board's as its one game stood at the close; entries changed."""
        wanted = self.wanted_entries()
        changed = 0
        for entry in LeaderboardEntry.objects.order_by("id").iterator():
            key = (entry.board, entry.player_id)
            values = wanted.pop(key, None)
            if values is None:
                changed += 1
                self.stdout.write(f"entry {key}: not backed by any game, removed")
                entry.delete()
            elif entry_current_values(entry) != values:
                changed += 1
                self.stdout.write(f"entry {key}: {entry_current_values(entry)} -> {values}")
                # A new revision: the rank index takes only newer states of an entry.
                LeaderboardEntry.objects.filter(pk=entry.pk).update(
                    **values, revision=F("revision") + 1
                )
        for (board, player_id), values in wanted.items():
            changed += 1
            self.stdout.write(f"entry {(board, player_id)}: missing, created")
            LeaderboardEntry.objects.create(board=board, player_id=player_id, **values)
        return changed

    @staticmethod
    def wanted_entries() -> dict[tuple[str, int], dict[str, Any]]:
        """What every entry must hold, from the (rebuilt) game rows that rank (none held for
        review), the logs of closed daily games and the assistance facts, keyed by ranking
        board (a bot's games on the bots partition) and player."""
        helped = set(Assistance.objects.values_list("board", "player_id"))
        games = ranking_games().order_by("board", "player_id", *order_by(with_assisted=False))
        wanted: dict[tuple[str, int], dict[str, Any]] = {}
        for game in games.iterator():
            key = (entry_board(game), game.player_id)
            if key in wanted:
                continue
            assisted = (game.board, game.player_id) in helped
            if game.daily is not None and not day_sealed(game.daily):
                at_close = entry_at_close(game, assisted=assisted)
                if at_close is not None:
                    wanted[key] = at_close
                continue
            wanted[key] = entry_values(game, assisted=assisted)
        return wanted

    def rebuild_board_counts(self) -> int:
        """Make the rank count tables a GROUP BY of the (rebuilt) entries; rows changed."""
        standings, cards = board_counts_from_entries()
        return self.sync_counts(StandingCount, STANDING_KEY, standings) + (
            self.sync_counts(CardsCount, CARDS_KEY, cards)
        )

    def sync_counts(
        self,
        model: type[StandingCount] | type[CardsCount],
        key_fields: tuple[str, ...],
        wanted: dict[tuple, int],
    ) -> int:
        changed = 0
        for row in model.objects.order_by("id"):
            key = tuple(getattr(row, name) for name in key_fields)
            entries = wanted.pop(key, None)
            if entries == row.entries:
                continue
            changed += 1
            self.stdout.write(f"{model.__name__} {key}: {row.entries} -> {entries or 0}")
            if entries is None:
                row.delete()
            else:
                model.objects.filter(pk=row.pk).update(entries=entries)
        for key, entries in wanted.items():
            changed += 1
            self.stdout.write(f"{model.__name__} {key}: missing -> {entries}")
            model.objects.create(**dict(zip(key_fields, key, strict=True)), entries=entries)
        return changed
