"""The leagues' request and response shapes (docs/contracts.md, "Leagues")."""

from rest_framework import serializers

from games.api.fields import StrictCharField
from games.api.serializers.boards import LeaderboardIn
from games.api.serializers.stats import StreakOut
from leaderboards.serializers import LeaderboardOut
from leagues.limits import INVITE_MAX_LENGTH, NAME_MAX_LENGTH
from ratings.serializers import SeasonOut


class LeagueNameIn(serializers.Serializer):
    name = StrictCharField(
        max_length=NAME_MAX_LENGTH * 4,  # checked again once normalised (leagues.names)
        trim_whitespace=False,
        help_text=f"3 to {NAME_MAX_LENGTH} characters, letters or digits among them",
    )


class InviteIn(serializers.Serializer):
    invite = StrictCharField(max_length=INVITE_MAX_LENGTH, help_text="the invite link's token")


class PlayerIn(serializers.Serializer):
    player = StrictCharField(max_length=150, help_text="a member's username")


class LeagueSummaryOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField()
    members = serializers.IntegerField(help_text="how many members it has")
    owned = serializers.BooleanField(help_text="the asker owns it")


class LimitsOut(serializers.Serializer):
    leagues_per_player = serializers.IntegerField()
    members_per_league = serializers.IntegerField()


class LeaguesOut(serializers.Serializer):
    leagues = LeagueSummaryOut(many=True)
    limits = LimitsOut()


class MemberOut(serializers.Serializer):
    player = serializers.CharField()
    owner = serializers.BooleanField()
    joined_at = serializers.DateTimeField()
    streak = StreakOut(help_text="days in a row with a ranked daily, closed days only")


class LeagueOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    owner = serializers.CharField()
    owned = serializers.BooleanField(help_text="the asker owns it")
    invite = serializers.CharField(help_text="the invite token (members see it)")
    invite_url = serializers.CharField(help_text="the invite link's path")
    url = serializers.CharField(help_text="the league page's path")
    created_at = serializers.DateTimeField()
    boards = serializers.DictField(
        child=serializers.CharField(), help_text="today's daily boards by mode (D3, D1)"
    )
    members = MemberOut(many=True)
    limits = LimitsOut()


class JoinOut(LeagueOut):
    joined = serializers.BooleanField(help_text="false: already a member, nothing written")


class LeftOut(serializers.Serializer):
    league = serializers.IntegerField()
    left = serializers.BooleanField()
    deleted = serializers.BooleanField(help_text="the last member left: the league is gone")


class RemovedOut(serializers.Serializer):
    league = serializers.IntegerField()
    removed = serializers.CharField()


class LeagueSeasonPlaceOut(serializers.Serializer):
    rank = serializers.IntegerField(help_text="within the league, ties sharing one")
    player = serializers.CharField()
    score = serializers.FloatField()
    days = serializers.IntegerField()


class LeagueSeasonOut(serializers.Serializer):
    season = SeasonOut(allow_null=True)
    entries = LeagueSeasonPlaceOut(many=True)


class LeagueSeasonsModesOut(serializers.Serializer):
    D3 = LeagueSeasonOut()
    D1 = LeagueSeasonOut()


class LeagueSeasonsOut(serializers.Serializer):
    league = serializers.IntegerField()
    week = LeagueSeasonsModesOut()
    month = LeagueSeasonsModesOut()


class LeagueBoardIn(LeaderboardIn):
    league = serializers.IntegerField(min_value=1, max_value=2**62)


class LeagueRefOut(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class LeagueBoardOut(LeaderboardOut):
    """A board's answer; with ``?league=`` also ``league``: the global board's entries of its
    members, ranked within it (``total`` counts the members with an entry)."""

    league = LeagueRefOut(required=False, help_text="the league read (only with ?league=)")
