"""The ratings API's shapes: what a ladder page, a player's ratings and a deal's difficulty
read like, and the ladder's query."""

from django.utils.translation import gettext
from rest_framework import serializers

from games.boards import Who
from ratings.difficulty import TIERS

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


class PlayerRatingsOut(serializers.Serializer):
    username = serializers.CharField()
    ratings = PlayerModesOut(help_text="per draw mode; null: never rated there")


class ExpectedTierOut(serializers.Serializer):
    """A daily deal's expected difficulty, from its prior (``ratings.prior``): a tier, never
    a number (what it tells of a sealed deal: docs/ratings.md)."""

    tier = serializers.ChoiceField(choices=[tier for _, tier in TIERS])
    tier_words = serializers.CharField(help_text="the tier in the reader's language")


class DifficultyOut(DealTierOut):
    """A daily deal's difficulty, once its day has closed and been rated."""

    deviation = serializers.IntegerField()
    players = serializers.IntegerField(help_text="people whose games rated it")
