"""The ratings' API URLs, under /api/ (before the games' API and its catch-all 404)."""

from django.urls import path

from ratings import api

api_urlpatterns = [
    path("ratings/", api.LadderView.as_view(), name="ratings-ladder"),
    path("seasons/", api.SeasonView.as_view(), name="seasons"),
    path("seasons/archive/", api.SeasonsArchiveView.as_view(), name="seasons-archive"),
    path(
        "players/<str:username>/ratings/",
        api.PlayerRatingsView.as_view(),
        name="player-ratings",
    ),
]
