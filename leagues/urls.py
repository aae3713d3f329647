"""The leagues' pages, under /leagues/."""

from django.urls import path

from leagues import views

app_name = "leagues"

urlpatterns = [
    path("<int:league_id>/", views.league, name="league"),
    path("join/<str:invite>/", views.join, name="join"),
]
