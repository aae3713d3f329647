"""The /api/ URL map: one view per operation (GET and POST of a log share its URL)."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games.api.views import (
    account,
    games,
    hints,
    live,
    players,
    practice,
    preferences,
    submissions,
    system,
)

urlpatterns = [
    path("health/", system.HealthView.as_view(), name="health"),
    path("players/", players.PlayerCreateView.as_view(), name="player-create"),
    path("players/<str:username>/", players.PlayerDetailView.as_view(), name="player-detail"),
    path("players/<str:username>/stats/", players.PlayerStatsView.as_view(), name="player-stats"),
    path("token/", players.TokenView.as_view(), name="token"),
    path("session/", players.SessionView.as_view(), name="session"),
    path("me/", players.MeView.as_view(), name="me"),
    path("me/bot/", players.BotDeclareView.as_view(), name="me-bot"),
    path("me/password/", account.PasswordChangeView.as_view(), name="me-password"),
    path("me/settings/", preferences.PreferencesView.as_view(), name="me-settings"),
    path("me/games/export/", account.GamesExportView.as_view(), name="me-games-export"),
    path("games/", games.GameCreateView.as_view(), name="game-create"),
    path("games/<int:game_id>/", games.GameDetailView.as_view(), name="game-detail"),
    path("games/<int:game_id>/actions/", games.GameActionsView.as_view(), name="game-actions"),
    path("games/<int:game_id>/resign/", games.GameResignView.as_view(), name="game-resign"),
    path("games/<int:game_id>/state/", games.GameStateView.as_view(), name="game-state"),
    path("games/<int:game_id>/hint/", hints.GameHintView.as_view(), name="game-hint"),
    path("submissions/", submissions.SubmissionCreateView.as_view(), name="submission-create"),
    path("practice/", practice.PracticeView.as_view(), name="practice"),
    path("live/", live.LiveNowView.as_view(), name="live-now"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    re_path(r"^.*$", system.ApiNotFoundView.as_view(), name="api-not-found"),
]
