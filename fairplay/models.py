"""Where ranked games were played from, the flags raised on them, and staff verdicts.

``GameOrigin`` holds keyed hashes only (``shared.origins``), never an address or a cookie,
and only for ``ORIGIN_DAYS`` (``fairplay.services.origins_purge``). A ``Flag`` is kept with
its evidence (the other games, not the hashes; or what a signal measured); ``Verdict`` rows
are its history, never changed: the flag's status is its latest verdict's. A game has at
most one flag per reason. ``TableParRecord`` keeps the table-view player's result on a
sealed board's deal (``fairplay.table_pars``): the yardstick of the ``clairvoyant`` signal;
``LineTelling`` the telling moves of a won ranked line, counted once (``fairplay.telling``);
``LineEngineLike`` a finished ranked line's engine-likeness, judged once (``fairplay.engine_like``).
"""

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models import BOARD_MAX_LENGTH, Game


class GameOrigin(models.Model):
    """Where one ranked game was started from: its network and (pages only) its device."""

    id = models.BigAutoField(primary_key=True)
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    board = models.CharField(max_length=BOARD_MAX_LENGTH)
    network = models.CharField(max_length=64, help_text="keyed hash of the client's network")
    device = models.CharField(
        max_length=64, blank=True, help_text="keyed hash of the device cookie ('': none)"
    )
    created_at = models.DateTimeField(default=timezone.now, db_index=True)

    class Meta:
        indexes: ClassVar = [
            models.Index(fields=["board", "network"], name="origin_board_network"),
            models.Index(fields=["board", "device"], name="origin_board_device"),
        ]

    def __str__(self) -> str:
        return f"origin of game {self.game_id}"


class Flag(models.Model):
    """A ranked game flagged for review, why, and where its review stands: ``held`` (out of
    the ranking until a verdict), ``listed`` (a borderline signal: shown to staff, the entry
    stays on the board), ``cleared`` or ``confirmed``."""

    class Reason(models.TextChoices):
        LINKED = "linked"
        CLAIRVOYANT = "clairvoyant"
        BOT_LIKE = "bot_like"
        ENGINE_LIKE = "engine_like"
        PROVISIONAL = "provisional"

    class Status(models.TextChoices):
        HELD = "held"
        LISTED = "listed"
        CLEARED = "cleared"
        CONFIRMED = "confirmed"

    id = models.BigAutoField(primary_key=True)
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="+")
    board = models.CharField(max_length=BOARD_MAX_LENGTH, db_index=True)
    reason = models.CharField(max_length=16, choices=Reason.choices)
    evidence = models.JSONField(
        default=list,
        help_text="linked: the links found (kind, game, player); a signal: what it measured",
    )
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.HELD)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["game", "reason"], name="flag_unique_game_reason")
        ]

    def __str__(self) -> str:
        return f"flag {self.id}: game {self.game_id} {self.reason} ({self.status})"


class Verdict(models.Model):
    """One decision of a staff member on a flag; all of them are kept, in order."""

    class Decision(models.TextChoices):
        CLEAR = "clear"
        CONFIRM = "confirm"

    id = models.BigAutoField(primary_key=True)
    flag = models.ForeignKey(Flag, on_delete=models.CASCADE, related_name="verdicts")
    verdict = models.CharField(max_length=8, choices=Decision.choices)
    staff = models.ForeignKey(settings.AUTH_USER_MODEL, on_delete=models.PROTECT, related_name="+")
    note = models.TextField(blank=True)
    created_at = models.DateTimeField(default=timezone.now)

    class Meta:
        ordering: ClassVar = ["flag", "id"]

    def __str__(self) -> str:
        return f"{self.verdict} of flag {self.flag_id} by {self.staff_id}"


class TableParRecord(models.Model):
    """The table-view player's runs on one sealed board's deal (``engine.table_player``'s
    ``TablePar`` as JSON), computed ahead of the day or by the fair-play worker, never on a
    request. Kept for good: it is the measure a ``clairvoyant`` flag was raised against."""

    id = models.BigAutoField(primary_key=True)
    board = models.CharField(max_length=BOARD_MAX_LENGTH, unique=True)
    par = models.JSONField(help_text="engine.table_player.par.TablePar.to_json()")
    seconds = models.FloatField(help_text="CPU seconds the runs took")
    computed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"table par of {self.board}"


class LineTelling(models.Model):
    """A won ranked game's telling moves (``engine.table_player.telling``) and idle loops
    (``engine.table_player.idle``): counted once by the fair-play worker (seconds of CPU per
    game, never on a request), read by every later judgement of the game's line
    (``fairplay.signals``)."""

    id = models.BigAutoField(primary_key=True)
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    telling = models.JSONField(help_text="engine.table_player.telling.Telling.to_json()")
    idle = models.PositiveIntegerField(
        default=0, help_text="actions in idle loops (engine.table_player.idle)"
    )
    seconds = models.FloatField(help_text="CPU seconds the count took")
    counted_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"telling moves of game {self.game_id}"


class DayReview(models.Model):
    """A closed day's last review by the fair-play worker (``fairplay.review``): its lines
    judged once more against the final measures, before the day is rated. ``boards`` keeps,
    per board, the best known line (the par, or a shorter verified line played on the board)
    and what the review did; a day with no row is not rated yet."""

    id = models.BigAutoField(primary_key=True)
    day = models.DateField(unique=True)
    boards = models.JSONField(default=dict, help_text="per board: best known line, runs, judged")
    reviewed_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"review of {self.day}"


class LineEngineLike(models.Model):
    """A finished ranked line's engine-likeness (``engine.table_player.engine_like``): judged
    once by the fair-play worker (seconds of CPU, never on a request) and kept for good, so
    an account's lines accumulate across its ranked days and staff read the decisions that
    told. Keyed by game: deleting an account keeps its games, so this stays too."""

    id = models.BigAutoField(primary_key=True)
    game = models.OneToOneField(Game, on_delete=models.CASCADE, related_name="+")
    figures = models.JSONField(help_text="engine.table_player.engine_like.EngineLike.to_json()")
    verdict = models.CharField(max_length=12, help_text="the line's own verdict")
    steps = models.JSONField(
        default=dict,
        help_text="think times, difficulties; the decisions that mattered",
    )
    seconds = models.FloatField(help_text="CPU seconds the judge took")
    judged_at = models.DateTimeField(default=timezone.now)

    def __str__(self) -> str:
        return f"engine-likeness of game {self.game_id}"
