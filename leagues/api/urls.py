"""The leagues' API URLs, under /api/ (before the games' API and its catch-all 404), and
``leaderboards/<board>/``, which answers a league's board with ``?league=`` and the global
board otherwise (``LeagueAwareLeaderboardView``)."""

from django.urls import path

from leagues.api import views

api_urlpatterns = [
    path("leagues/", views.LeaguesView.as_view(), name="leagues"),
    path("leagues/join/", views.LeagueJoinView.as_view(), name="league-join"),
    path("leagues/<int:league_id>/", views.LeagueDetailView.as_view(), name="league"),
    path("leagues/<int:league_id>/leave/", views.LeagueLeaveView.as_view(), name="league-leave"),
    path(
        "leagues/<int:league_id>/members/<str:username>/",
        views.LeagueMemberView.as_view(),
        name="league-member",
    ),
    path("leagues/<int:league_id>/invite/", views.LeagueInviteView.as_view(), name="league-invite"),
    path("leagues/<int:league_id>/owner/", views.LeagueOwnerView.as_view(), name="league-owner"),
    path(
        "leagues/<int:league_id>/seasons/",
        views.LeagueSeasonsView.as_view(),
        name="league-seasons",
    ),
    path(
        "leaderboards/<str:board>/",
        views.LeagueAwareLeaderboardView.as_view(),
        name="leaderboard-league",
    ),
]
