"""The ratings API's shapes: what a ladder page, a player's ratings and a deal's difficulty
read like, and the ladder's query."""

from typing import Any

from django.utils.translation import gettext
from rest_framework import serializers

from games.boards import Who
from ratings.difficulty import TIERS
from ratings.seasons import MONTH, PERIODS, WEEK, period_named

#: Ladders are per kind: people and declared bots are rated apart.
LADDER_WHO = (Who.HUMANS, Who.BOTS)


class LadderIn(serializers.Serializer):
    draw = serializers.ChoiceField(choices=[3, 1], default=3, help_text="the draw mode")
    who = serializers.ChoiceField(
        choices=list(Who),
        default=Who.HUMANS.value,
        help_text="people (default) or declared bots: rated apart, so no ladder mixes them "
        "(all: 400)",
    )
    limit = serializers.IntegerField(min_value=1, max_value=100, default=50)
    offset = serializers.IntegerField(min_value=0, max_value=10_000_000, default=0)
    around = serializers.CharField(
        required=False, max_length=150, help_text="centre the page on this player"
    )

    def validate_who(self, who: str) -> str:
        # One set of choices for every ``who`` of the API (one enum in the schema); a ladder
        # takes two of them.
        if who not in LADDER_WHO:
            raise serializers.ValidationError(
                gettext('who must be "humans" or "bots", not "%(who)s"') % {"who": who}
            )
        return who


class ShownRatingOut(serializers.Serializer):
    rating = serializers.IntegerField(help_text="Glicko-2, 1500 to start")
    deviation = serializers.IntegerField(
        help_text="how sure (RD): 350 unknown; widened by the days since the player last played"
    )
    provisional = serializers.BooleanField(
        help_text='deviation above 110: shown with "?", and on no ladder'
    )


class LadderEntryOut(ShownRatingOut):
    rank = serializers.IntegerField(help_text="ties share a rank")
    player = serializers.CharField()
    games = serializers.IntegerField(help_text="days rated in this mode")
    last_day = serializers.DateField(help_text="the last day they played this mode")


class LadderOut(serializers.Serializer):
    draw = serializers.IntegerField()
    who = serializers.ChoiceField(choices=list(Who))
    day = serializers.DateField(
        allow_null=True, help_text="the day the ladder stands for (after the last rated day)"
    )
    total = serializers.IntegerField(help_text="settled ratings on this ladder")
    offset = serializers.IntegerField()
    limit = serializers.IntegerField()
    around = serializers.CharField(allow_null=True)
    entries = LadderEntryOut(many=True)


class RatingDayOut(ShownRatingOut):
    day = serializers.DateField()
    outcome = serializers.FloatField(help_text="that day's game against the deal, 0..1")


class DealTierOut(serializers.Serializer):
    """A deal's difficulty as every page shows it: its rating and its tier."""

    rating = serializers.IntegerField(help_text="the deal's rating: its difficulty")
    tier = serializers.ChoiceField(choices=[tier for _, tier in TIERS])
    tier_words = serializers.CharField(help_text="the tier in the reader's language")


class BestDayOut(serializers.Serializer):
    day = serializers.DateField()
    board = serializers.CharField()
    outcome = serializers.FloatField(help_text="the highest of the player's outcomes, 0..1")
    deal = DealTierOut(allow_null=True, help_text="null: the deal was not rated")


class BeatenDealOut(serializers.Serializer):
    day = serializers.DateField()
    board = serializers.CharField()
    players = serializers.IntegerField(help_text="people on the board")
    winners = serializers.IntegerField(help_text="of them, how many won: fewer than half")
    deal = DealTierOut(allow_null=True, help_text="null: the deal was not rated")


class ModeRatingOut(ShownRatingOut):
    bot = serializers.BooleanField()
    games = serializers.IntegerField()
    last_day = serializers.DateField()
    rank = serializers.IntegerField(allow_null=True, help_text="on the ladder; null: not on it")
    ladder_total = serializers.IntegerField(
        allow_null=True, help_text="settled players on that ladder; null: not on it"
    )
    percentile = serializers.IntegerField(
        allow_null=True,
        help_text="percent of the ladder's settled players ranked below them; null: not on it",
    )
    best_day = BestDayOut(
        allow_null=True, help_text="the day of the highest outcome (the hardest deal, then latest)"
    )
    beaten = BeatenDealOut(
        many=True, help_text="won days whose board most of its people lost, rarest wins first"
    )
    history = RatingDayOut(many=True, help_text="the rating after each day played, oldest first")


class PlayerModesOut(serializers.Serializer):
    D3 = ModeRatingOut(allow_null=True)
    D1 = ModeRatingOut(allow_null=True)


class ExpectedTierOut(serializers.Serializer):
    """A daily deal's expected difficulty, from its prior (``ratings.prior``): a tier, never
    a number (what it tells of a sealed deal: docs/ratings.md)."""

    tier = serializers.ChoiceField(choices=[tier for _, tier in TIERS])
    tier_words = serializers.CharField(help_text="the tier in the reader's language")


class DifficultyOut(DealTierOut):
    """A daily deal's difficulty, once its day has closed and been rated."""

    deviation = serializers.IntegerField()
    players = serializers.IntegerField(help_text="people whose games rated it")


class SeasonIn(LadderIn):
    period = serializers.ChoiceField(
        choices=list(PERIODS), default=WEEK, help_text="an ISO week or a calendar month"
    )
    season = serializers.CharField(
        required=False,
        max_length=8,
        help_text="2026-W49 (a week) or 2026-12 (a month); the current season if absent",
    )

    def validate(self, attrs: dict[str, Any]) -> dict[str, Any]:
        key = attrs.get("season")
        if key is not None and period_named(key, attrs["period"]) is None:
            raise serializers.ValidationError(
                {
                    "season": gettext('"%(season)s" is no %(period)s: write %(example)s')
                    % {
                        "season": key,
                        "period": attrs["period"],
                        "example": KEY_EXAMPLES[attrs["period"]],
                    }
                }
            )
        return attrs


#: How a season's key is written, as a refusal shows it.
KEY_EXAMPLES = {WEEK: "2026-W49", MONTH: "2026-12"}


class SeasonsArchiveIn(serializers.Serializer):
    period = serializers.ChoiceField(choices=list(PERIODS), default=WEEK)
    limit = serializers.IntegerField(min_value=1, max_value=100, default=50)
    offset = serializers.IntegerField(min_value=0, max_value=10_000_000, default=0)


class SeasonOut(serializers.Serializer):
    key = serializers.CharField(help_text="2026-W49 or 2026-12")
    first_day = serializers.DateField()
    last_day = serializers.DateField()
    final = serializers.BooleanField(help_text="its last day has been rated: archived")
    days_rated = serializers.IntegerField(help_text="its days rated so far (counted)")
    days = serializers.IntegerField(help_text="its days: 7, or the month's")
    best_of = serializers.IntegerField(help_text="the score sums this many best days")


class SeasonEntryOut(serializers.Serializer):
    rank = serializers.IntegerField(help_text="ties share a rank")
    player = serializers.CharField()
    score = serializers.FloatField(help_text="the sum of the best best_of days' outcomes")
    days = serializers.IntegerField(help_text="days played (first tie-break)")
    total = serializers.FloatField(help_text="the sum of every day's outcome (second)")


class SeasonPageOut(serializers.Serializer):
    period = serializers.ChoiceField(choices=list(PERIODS))
    draw = serializers.IntegerField()
    who = serializers.ChoiceField(choices=list(Who))
    season = SeasonOut(allow_null=True, help_text="null: no day rated yet")
    total = serializers.IntegerField(help_text="players with a place")
    offset = serializers.IntegerField()
    limit = serializers.IntegerField()
    around = serializers.CharField(allow_null=True)
    entries = SeasonEntryOut(many=True)


class SeasonsArchiveOut(serializers.Serializer):
    period = serializers.ChoiceField(choices=list(PERIODS))
    total = serializers.IntegerField()
    offset = serializers.IntegerField()
    limit = serializers.IntegerField()
    seasons = SeasonOut(many=True)


class SeasonStandingOut(SeasonOut):
    rank = serializers.IntegerField()
    of = serializers.IntegerField(help_text="players with a place in it")
    score = serializers.FloatField()
    days_played = serializers.IntegerField()


class PlayerSeasonsOut(serializers.Serializer):
    week = SeasonStandingOut(required=False, help_text="absent: no place this week")
    month = SeasonStandingOut(required=False, help_text="absent: no place this month")


class PlayerSeasonModesOut(serializers.Serializer):
    D3 = PlayerSeasonsOut()
    D1 = PlayerSeasonsOut()


class PlayerRatingsOut(serializers.Serializer):
    username = serializers.CharField()
    ratings = PlayerModesOut(help_text="per draw mode; null: never rated there")
    seasons = PlayerSeasonModesOut(
        help_text="per draw mode, their place this week and this month (rated days only)"
    )
