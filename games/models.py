"""The event store: games (aggregates), their append-only action logs, and projections.

``Action`` rows are the truth. ``Game`` keeps a summary and an engine snapshot of its log so
a move costs O(1) in the log's length; ``LeaderboardEntry`` is derived from ``Game`` rows.
Both derived tables can be recomputed from the logs alone (``manage.py rebuild_projections``).
Writes go through ``games.services``; nothing here holds game logic.
"""

from typing import Any, ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

#: Ids are 64-bit: a bigger number in a URL is simply not a game (not a database error).
MAX_ID = 2**63 - 1
#: A deal code: ``CF1-D3-AAAAACL`` (14) or a CF2 layout code (54), with room to spare.
CODE_MAX_LENGTH = 64
#: A board id: a deal code or a daily board, ``daily-2026-12-01-D3`` (19).
BOARD_MAX_LENGTH = CODE_MAX_LENGTH


class AppendOnlyError(Exception):
    """Raised on any attempt to change or delete an action row through the ORM."""


class Game(models.Model):
    class Status(models.TextChoices):
        PLAYING = "playing"
        WON = "won"
        RESIGNED = "resigned"

    id = models.BigAutoField(primary_key=True)
    code = models.CharField(
        max_length=CODE_MAX_LENGTH, help_text="Deal code, e.g. CF1-D3-AAAAACL or a CF2 code"
    )
    draw = models.PositiveSmallIntegerField()
    number = models.BigIntegerField(
        null=True, blank=True, help_text="a CF1 deal's number, 0 <= n < 26**7 (CF2: null)"
    )
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="games"
    )
    board = models.CharField(
        max_length=BOARD_MAX_LENGTH,
        help_text="the board it ranks on: its code, or a daily board (daily-<date>-D3)",
    )
    daily = models.DateField(
        null=True, blank=True, help_text="the UTC day of a ranked daily game (sealed until it ends)"
    )
    offline = models.BooleanField(
        default=False, help_text="a submitted log: no server clock, so no elapsed time"
    )
    seq = models.PositiveIntegerField(default=0, help_text="seq of the last action (0: none)")
    action_count = models.PositiveIntegerField(
        default=0, help_text="actions that made the position (the log less a final resign)"
    )
    elapsed = models.PositiveIntegerField(
        null=True, blank=True, help_text="seconds from creation to the position (null: offline)"
    )
    score = models.PositiveIntegerField(default=0)
    cards = models.PositiveSmallIntegerField(default=1, help_text="cards on foundations, 1..52")
    moves = models.PositiveIntegerField(default=0)
    won = models.BooleanField(default=False)
    status = models.CharField(max_length=8, choices=Status.choices, default=Status.PLAYING)
    assisted = models.BooleanField(default=False, help_text="a solver helped (hints)")
    held = models.BooleanField(
        default=False,
        help_text="held for fair-play review: the game makes no leaderboard entry (fairplay)",
    )
    hold_confirmed = models.BooleanField(
        default=False, help_text="staff confirmed the hold: out of the ranking, no more actions"
    )
    bot = models.BooleanField(
        default=False,
        help_text="its player is a declared bot (copied at creation): it ranks on the board's "
        "bots partition (games.boards.ranking_board)",
    )
    snapshot = models.JSONField(help_text="engine snapshot after the last action")
    created_at = models.DateTimeField(default=timezone.now)
    updated_at = models.DateTimeField(auto_now=True)
    finished_at = models.DateTimeField(null=True, blank=True)
    reached_at = models.DateTimeField(
        default=timezone.now, help_text="when the current position was reached"
    )

    class Meta:
        indexes: ClassVar = [
            # A player's best game on a board (the leaderboard projection's source).
            models.Index(
                fields=["board", "player", "-cards", "action_count", "elapsed", "reached_at"],
                name="game_best_on_board",
            ),
            models.Index(fields=["player", "-created_at"], name="game_by_player_recent"),
            # Open games being played, by their last action (games.selectors.live_now): the
            # few rows of "now" are the newest end of a small index, never a scan of games.
            models.Index(
                fields=["-reached_at"],
                name="game_playing_open",
                condition=models.Q(status="playing", daily__isnull=True, offline=False, seq__gt=0),
            ),
        ]
        constraints: ClassVar = [
            # One ranked game per player and daily board: a daily has no restart.
            models.UniqueConstraint(
                fields=["board", "player"],
                condition=models.Q(daily__isnull=False),
                name="game_one_ranked_daily",
            ),
        ]

    def __str__(self) -> str:
        return f"game {self.id} {self.code} ({self.status})"


class ActionQuerySet(models.QuerySet):
    """Refuses bulk UPDATE and DELETE: the log only grows."""

    def update(self, **kwargs: Any) -> int:
        raise AppendOnlyError("actions are append-only: update refused")

    def delete(self) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("actions are append-only: delete refused")

    # The admin and some helpers use the private variant for deletes and raw updates.
    def _raw_delete(self, using: Any) -> int:
        raise AppendOnlyError("actions are append-only: delete refused")

    def _update(self, values: Any) -> int:
        raise AppendOnlyError("actions are append-only: update refused")


class Action(models.Model):
    """One entry of a game's log: the concrete move token (or ``resign``) at position ``seq``."""

    id = models.BigAutoField(primary_key=True)
    game = models.ForeignKey(Game, on_delete=models.PROTECT, related_name="actions")
    seq = models.PositiveIntegerField(help_text="1 for the first action")
    token = models.CharField(max_length=16)
    score_after = models.PositiveIntegerField()
    created_at = models.DateTimeField(default=timezone.now)

    objects = ActionQuerySet.as_manager()

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["game", "seq"], name="action_unique_game_seq"),
        ]
        ordering: ClassVar = ["game", "seq"]

    def __str__(self) -> str:
        return f"game {self.game_id} #{self.seq} {self.token}"

    def append_only_check(self) -> None:
        """Refuse to write this row unless it is new: the one rule of every write of an
        action (``save`` here, the INSERT of ``games.move_sql``)."""
        if not self._state.adding:
            raise AppendOnlyError("actions are append-only: update refused")

    def save(self, *args: Any, **kwargs: Any) -> None:
        self.append_only_check()
        kwargs["force_insert"] = True
        super().save(*args, **kwargs)

    def delete(self, *args: Any, **kwargs: Any) -> tuple[int, dict[str, int]]:
        raise AppendOnlyError("actions are append-only: delete refused")


class LeaderboardEntry(models.Model):
    """A player's best game on one board (projection of ``Game`` rows and ``Assistance``)."""

    id = models.BigAutoField(primary_key=True)
    board = models.CharField(max_length=BOARD_MAX_LENGTH)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="leaderboard_entries"
    )
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    cards = models.PositiveSmallIntegerField()
    action_count = models.PositiveIntegerField()
    elapsed = models.PositiveIntegerField(null=True, blank=True)
    moves = models.PositiveIntegerField()
    score = models.PositiveIntegerField()
    won = models.BooleanField()
    status = models.CharField(max_length=8, choices=Game.Status.choices)
    reached_at = models.DateTimeField()
    assisted = models.BooleanField(default=False, help_text="the player asked for a hint here")
    #: +1 at every change of the entry (writes of one player are serialized by their lock):
    #: the rank index applies an update only if it is newer than the one it holds, so two
    #: processes publishing one player's commits in the wrong order cannot leave the older.
    revision = models.BigIntegerField(default=1, db_default=1)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["board", "player"], name="entry_unique_board_player"),
        ]
        indexes: ClassVar = [
            # The ranking order (games.ranking): pages are range scans, a rank is a count of
            # the entries strictly before an entry in this index.
            models.Index(
                fields=[
                    "board",
                    "assisted",
                    "-cards",
                    "action_count",
                    "elapsed",
                    "reached_at",
                    "id",
                ],
                name="entry_ranking",
            ),
        ]
        verbose_name_plural = "leaderboard entries"

    def __str__(self) -> str:
        return f"{self.board} {self.player_id}: {self.cards} cards, {self.action_count} actions"


class StandingCount(models.Model):
    """How many entries of a board stand at exactly (assisted, cards, actions).

    Ranks and deep pages are sums of these counts instead of counts over the entries, so a
    read costs O(standings of one cards value + one page) whatever the board's size. Kept in
    the same transaction as the entries (``games.projections.board_counts_move``); a row
    that falls to zero is deleted, so the table is exactly a GROUP BY of the entries.
    """

    id = models.BigAutoField(primary_key=True)
    board = models.CharField(max_length=BOARD_MAX_LENGTH)
    assisted = models.BooleanField(default=False)
    cards = models.PositiveSmallIntegerField()
    action_count = models.PositiveIntegerField()
    entries = models.PositiveIntegerField()

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["board", "assisted", "cards", "action_count"],
                name="standing_unique_board_assisted_cards_actions",
            ),
        ]


class CardsCount(models.Model):
    """How many entries of a board have exactly ``cards`` on the foundations, unassisted and
    assisted apart (at most 104 rows per board: the first level of the rank sums, see
    ``StandingCount``)."""

    id = models.BigAutoField(primary_key=True)
    board = models.CharField(max_length=BOARD_MAX_LENGTH)
    assisted = models.BooleanField(default=False)
    cards = models.PositiveSmallIntegerField()
    entries = models.PositiveIntegerField()

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["board", "assisted", "cards"], name="cards_unique_board_assisted_cards"
            ),
        ]


class Assistance(models.Model):
    """A player asked the solver for help on a board: every entry of theirs there is
    assisted for good, whatever they play or submit later. A fact, like the logs: kept as
    is by rebuilds, never derived."""

    id = models.BigAutoField(primary_key=True)
    board = models.CharField(max_length=BOARD_MAX_LENGTH)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="assistances"
    )
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["board", "player"], name="assistance_unique_board_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} assisted on {self.board}"


class DailyDeal(models.Model):
    """The two sealed deals of one UTC day, drawn once and kept.

    Each code is the first layout of its mode's keyed stream (``games.daily.drawing``) that the
    solver proved winnable in that mode, a CF2 layout code; days drawn before sealed layouts
    keep the CF1 codes they were played on. The winning lines are kept so anyone can
    re-verify the pars with ``engine.replay`` once the day has closed. Each board's ``salt``
    makes its published commitment, SHA-256 of ``"<code>\n<salt>"``, impossible to check
    against guessed codes; the codes and salts are told after the close, so anyone can check
    that the deal was fixed before anyone played it. Until then nothing of this row leaves
    the server but the commitments and, from the day itself on, the pars.
    """

    id = models.BigAutoField(primary_key=True)
    date = models.DateField(unique=True)
    code = models.CharField(max_length=CODE_MAX_LENGTH, db_index=True, help_text="draw 3 deal")
    code_d1 = models.CharField(max_length=CODE_MAX_LENGTH, db_index=True, help_text="draw 1 deal")
    salt = models.CharField(max_length=64, help_text="draw 3 commitment salt (hex)")
    salt_d1 = models.CharField(max_length=64, help_text="draw 1 commitment salt (hex)")
    par = models.PositiveIntegerField(
        null=True, blank=True, help_text="draw 3: actions of the solver's winning line"
    )
    par_d1 = models.PositiveIntegerField(
        null=True, blank=True, help_text="draw 1: actions of the solver's winning line"
    )
    line = models.JSONField(default=list, help_text="draw 3 winning line (tokens)")
    line_d1 = models.JSONField(default=list, help_text="draw 1 winning line (tokens)")
    candidates = models.PositiveIntegerField(
        default=1, help_text="candidates tried in both modes (the chosen ones are the last)"
    )
    solver_calls = models.PositiveIntegerField(default=0, help_text="solver runs it took")
    solve_seconds = models.FloatField(default=0.0, help_text="time the solver took in all")

    class ParSource(models.TextChoices):
        #: the first winning line the solver found (days stored before the optimiser)
        SOLVER = "solver"
        #: chosen, the optimiser not run yet: no par is told (``games.daily.pars``)
        PENDING = "pending"
        #: the line optimiser's shortest line within its budget
        OPTIMISER = "optimiser"

    par_source = models.CharField(
        max_length=9,
        choices=ParSource.choices,
        default=ParSource.SOLVER,
        help_text="where line/par come from: the first solver line, or the optimiser's",
    )
    solver_par = models.PositiveIntegerField(
        null=True, blank=True, help_text="draw 3: the first solver line's actions (kept)"
    )
    solver_par_d1 = models.PositiveIntegerField(
        null=True, blank=True, help_text="draw 1: the first solver line's actions (kept)"
    )
    par_proven = models.BooleanField(
        default=False, help_text="draw 3: no winning line is shorter (the optimiser proved it)"
    )
    par_proven_d1 = models.BooleanField(
        default=False, help_text="draw 1: no winning line is shorter (the optimiser proved it)"
    )
    par_seconds = models.FloatField(default=0.0, help_text="CPU the optimiser took, both modes")
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"daily {self.date}"
