"""Top-level URL map: the JSON API under /api/, the admin, then the web pages."""

from django.contrib import admin
from django.urls import include, path

urlpatterns = [
    path("api/", include("games.api.urls")),
    path("admin/", admin.site.urls),
    path("", include("web.urls")),
]
