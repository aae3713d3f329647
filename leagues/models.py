"""A league: a named group of signed-in players with an owner and an invite token.

A league keeps no entries of its own: its board for a daily board is the global board's
entries of its members (``leagues.selectors``), so it can never disagree with the global
one, and a held entry (on no board) is on no league's either. ``LeagueRank`` is an index of
those entries per league, kept by the database itself (its triggers), not a second copy
anyone writes.
"""

from typing import ClassVar

from django.conf import settings
from django.db import models

from games.models import BOARD_MAX_LENGTH, LeaderboardEntry
from leagues.limits import NAME_MAX_LENGTH


class League(models.Model):
    name = models.CharField(max_length=NAME_MAX_LENGTH, help_text="as shown (NFKC, trimmed)")
    owner = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="leagues_owned"
    )
    #: Renewed by the owner: the old token then opens nothing.
    invite = models.CharField(max_length=64, unique=True)
    created_at = models.DateTimeField(auto_now_add=True)

    def __str__(self) -> str:
        return f"league {self.id} {self.name!r}"


class Membership(models.Model):
    league = models.ForeignKey(League, on_delete=models.CASCADE, related_name="memberships")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="league_memberships"
    )
    joined_at = models.DateTimeField(auto_now_add=True)

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["league", "player"], name="membership_unique"),
        ]
        indexes: ClassVar = [
            # A player's leagues (home, the limit per player, the live announcement).
            models.Index(fields=["player", "league"], name="membership_by_player"),
        ]

    def __str__(self) -> str:
        return f"{self.player_id} in league {self.league_id}"


class LeagueRank(models.Model):
    """A member's entry on one board, filed under their league in the ranking order: a
    league's board is one range of ``league_rank_order`` (its members' ranking keys, best
    first) instead of one probe of the global board per member (``bench/league_board.py``).

    Exactly the join of ``Membership`` and ``LeaderboardEntry`` on the player, at every
    commit, whoever writes either table and in whatever order: triggers on both tables
    (``leagues/migrations/0002_leaguerank.py``, PostgreSQL's and SQLite's) insert, update and
    delete these rows in the statement that changes an entry or a membership. Nothing in
    Python writes them. The ranking keys are the entry's own columns, copied as they are; the
    rule that orders them stays ``games.ranking.order_by`` (``tiebreak="entry_id"``). A held
    game makes no entry, so it has no rank row either.
    """

    league = models.ForeignKey(
        League, on_delete=models.CASCADE, related_name="+", db_index=False
    )  # the league's range: ``league_rank_order`` and the unique pair lead with it
    entry = models.ForeignKey(LeaderboardEntry, on_delete=models.CASCADE, related_name="+")
    player = models.ForeignKey(
        settings.AUTH_USER_MODEL, on_delete=models.CASCADE, related_name="+", db_index=False
    )  # ``league_rank_by_player`` leads with it
    board = models.CharField(max_length=BOARD_MAX_LENGTH)
    assisted = models.BooleanField()
    cards = models.PositiveSmallIntegerField()
    action_count = models.PositiveIntegerField()
    elapsed = models.PositiveIntegerField(null=True, blank=True)
    reached_at = models.DateTimeField()

    class Meta:
        constraints: ClassVar = [
            models.UniqueConstraint(fields=["league", "entry"], name="league_rank_unique"),
        ]
        indexes: ClassVar = [
            # games.ranking.order_by over the copied keys, the entry's id last: the global
            # board's order, within one league and board.
            models.Index(
                fields=[
                    "league",
                    "board",
                    "assisted",
                    "-cards",
                    "action_count",
                    "elapsed",
                    "reached_at",
                    "entry",
                ],
                name="league_rank_order",
            ),
            # A membership's rows (leaving, removal): the player's, then the league.
            models.Index(fields=["player", "league"], name="league_rank_by_player"),
        ]

    def __str__(self) -> str:
        return f"entry {self.entry_id} in league {self.league_id}"
