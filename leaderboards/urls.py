"""The boards' API routes (mounted under /api/ by ``canfield_site.urls``, before the games')."""

from django.urls import URLPattern, path

from leaderboards import views as boards

urlpatterns: list[URLPattern] = [
    path("daily/", boards.DailyView.as_view(), name="daily"),
    path("daily/<str:day>/", boards.DailyDayView.as_view(), name="daily-day"),
    path("daily/<str:day>/<str:mode>/line/", boards.DailyLineView.as_view(), name="daily-line"),
    path("leaderboards/<str:board>/", boards.LeaderboardView.as_view(), name="leaderboard"),
    path(
        "leaderboards/<str:board>/field/",
        boards.LeaderboardFieldView.as_view(),
        name="leaderboard-field",
    ),
]
