"""Ratings: projections of the ranked daily games, computed day by day after each day closes
(``ratings.days``) and recomputed identically by ``manage.py rebuild_projections``.

* ``RatingDay``: a player's rating in one draw mode after one day they played: the history
  (a chart), and what the current rating is restored from when a day is rated again.
* ``PlayerRating``: the latest of those per (player, draw); ``LadderPlace``: where it stands
  on its ladder as of the day after the last rated one (none while provisional).
* ``DealRating``: a daily board's deal, rated as a player of the day from its players' games:
  its difficulty.
* ``RatedDay``: the days rated, and when: a fair-play flag or verdict on one of its games
  after that time makes the day (and the days after it) rated again.
"""

from typing import ClassVar

from django.conf import settings
from django.db import models
from django.utils import timezone

from games.models import BOARD_MAX_LENGTH


class RatingDay(models.Model):
    """A player's Glicko-2 rating in draw mode ``draw`` after ``day`` (a day they played)."""

    id = models.BigAutoField(primary_key=True)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="rating_days",
        db_index=False,  # the unique (player, draw, day) leads with it
    )
    draw = models.PositiveSmallIntegerField()
    day = models.DateField()
    bot = models.BooleanField(default=False, help_text="a declared bot (rated apart)")
    outcome = models.FloatField(help_text="the day's game against the deal, 0..1")
    rating = models.FloatField()
    deviation = models.FloatField()
    volatility = models.FloatField()
    games = models.PositiveIntegerField(help_text="days rated so far, this one included")

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["player", "draw", "day"], name="rating_day_unique_player_draw_day"
            ),
        ]
        indexes: ClassVar = [models.Index(fields=["day"], name="rating_day_by_day")]

    def __str__(self) -> str:
        return f"{self.player_id} D{self.draw} {self.day}: {self.rating:.0f}"


class PlayerRating(models.Model):
    """A player's current rating in one draw mode (their latest ``RatingDay``) and ladder
    place."""

    id = models.BigAutoField(primary_key=True)
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL,
        on_delete=models.CASCADE,
        related_name="ratings",
        db_index=False,  # the unique (player, draw) leads with it
    )
    draw = models.PositiveSmallIntegerField()
    bot = models.BooleanField(default=False)
    rating = models.FloatField()
    deviation = models.FloatField(help_text="as of last_day; inactivity widens it after")
    volatility = models.FloatField()
    games = models.PositiveIntegerField()
    last_day = models.DateField()
    settled_until = models.DateField(
        null=True,
        blank=True,
        help_text="the last day it stays settled (idle days widen the deviation)",
    )

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["player", "draw"], name="rating_unique_player_draw"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} D{self.draw}: {self.rating:.0f} ± {self.deviation:.0f}"


class LadderPlace(models.Model):
    """A settled rating's place on its ladder (one draw mode, people or bots), as of the day
    after the last rated day: ``position`` one per row, ``rank`` shared by ties.

    A narrow table of its own, rewritten whole when a day is rated
    (``ratings.days.ladders_placed``): writing a million small fresh rows is several times
    cheaper than updating a million wide rating rows in place, and a page is a range of
    positions in the unique index whatever its depth."""

    # The rating is the key: one index fewer to write for a million rows a day.
    rating = models.OneToOneField(
        PlayerRating, on_delete=models.CASCADE, primary_key=True, related_name="place"
    )
    draw = models.PositiveSmallIntegerField()
    bot = models.BooleanField()
    position = models.PositiveIntegerField()
    rank = models.PositiveIntegerField()

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["draw", "bot", "position"], name="ladder_place_unique_position"
            ),
        ]

    def __str__(self) -> str:
        return f"D{self.draw} {'bots' if self.bot else 'people'} #{self.position}"


class DealRating(models.Model):
    """A daily board's deal rated from the games people played on it: how hard it was."""

    id = models.BigAutoField(primary_key=True)
    board = models.CharField(max_length=BOARD_MAX_LENGTH, unique=True)
    day = models.DateField(db_index=True)
    draw = models.PositiveSmallIntegerField()
    rating = models.FloatField()
    deviation = models.FloatField()
    players = models.PositiveIntegerField(help_text="people whose games rated it")

    def __str__(self) -> str:
        return f"{self.board}: {self.rating:.0f}"


class RatedDay(models.Model):
    """A closed day whose ranked games are rated."""

    id = models.BigAutoField(primary_key=True)
    day = models.DateField(unique=True)
    rated_at = models.DateTimeField(default=timezone.now)
    games = models.PositiveIntegerField(help_text="ranked games rated, both modes")

    def __str__(self) -> str:
        return f"rated {self.day}"


class Season(models.Model):
    """A week (ISO) or a calendar month of rated days: its standings are ``SeasonPlace``.

    Written when one of its days is rated (``ratings.seasons``); ``final`` once its last day
    has been rated, after which nothing moves it (an archived season) unless a fair-play
    verdict makes its days rated again, as for any day."""

    id = models.BigAutoField(primary_key=True)
    period = models.CharField(max_length=5, help_text="week or month")
    key = models.CharField(max_length=8, help_text="2026-W49 or 2026-12")
    first_day = models.DateField()
    last_day = models.DateField()
    days_rated = models.PositiveSmallIntegerField(help_text="its days rated so far")
    final = models.BooleanField(default=False, help_text="its last day has been rated")

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["period", "key"], name="season_unique_period_key"),
        ]

    def __str__(self) -> str:
        return f"{self.key}{' (final)' if self.final else ''}"


class SeasonPlace(models.Model):
    """A player's standing in one season, draw mode and kind (people or bots): the score
    (``ratings.seasons.SEASON_SQL``), its tie-breaks, and the place they give."""

    id = models.BigAutoField(primary_key=True)
    season = models.ForeignKey(Season, on_delete=models.CASCADE, related_name="places")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="season_places"
    )
    draw = models.PositiveSmallIntegerField()
    bot = models.BooleanField()
    score = models.FloatField(help_text="the sum of the best days' outcomes")
    days = models.PositiveSmallIntegerField(help_text="days played in the season")
    total = models.FloatField(help_text="the sum of every day's outcome")
    position = models.PositiveIntegerField()
    rank = models.PositiveIntegerField()

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(
                fields=["season", "draw", "bot", "position"], name="season_place_unique_position"
            ),
            models.UniqueConstraint(
                fields=["season", "draw", "bot", "player"], name="season_place_unique_player"
            ),
        ]

    def __str__(self) -> str:
        return f"{self.season_id} D{self.draw} #{self.position}"
