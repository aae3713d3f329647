"""The /api/ URL map: one view per operation."""

from django.urls import path, re_path
from drf_spectacular.views import SpectacularAPIView, SpectacularSwaggerView

from games.api.views import players, system

urlpatterns = [
    path("health/", system.HealthView.as_view(), name="health"),
    path("players/", players.PlayerCreateView.as_view(), name="player-create"),
    path("token/", players.TokenView.as_view(), name="token"),
    path("session/", players.SessionView.as_view(), name="session"),
    path("me/", players.MeView.as_view(), name="me"),
    path("schema/", SpectacularAPIView.as_view(), name="schema"),
    path("docs/", SpectacularSwaggerView.as_view(url_name="schema"), name="docs"),
    re_path(r"^.*$", system.ApiNotFoundView.as_view(), name="api-not-found"),
]
