"""Page URLs of the browser client; everything under /api/ and /ws/ belongs to `games`."""

from django.urls import path
from django.views.i18n import JavaScriptCatalog

from web import installable, views

app_name = "web"

urlpatterns = [
    path("", views.home, name="home"),
    # The pages' strings in the reader's language (a classic script: gettext, ngettext, ...).
    path("jsi18n/", JavaScriptCatalog.as_view(packages=["web"]), name="jsi18n"),
    path("rules/", views.rules, name="rules"),
    path("ratings/", views.ratings_ladder, name="ratings"),
    path("seasons/", views.seasons, name="seasons"),
    # The installed app (web.installable): its manifest, its service worker, the offline page.
    path("manifest.webmanifest", installable.manifest, name="manifest"),
    path("sw.js", installable.service_worker, name="service-worker"),
    path("offline/", installable.offline, name="offline"),
    path("play/<str:code>/", views.play, name="play"),
    path("games/<int:game_id>/", views.table, name="table"),
    path("boards/<str:code>/", views.board, name="board"),
    path("players/<str:username>/", views.player, name="player"),
    path("replay/<int:game_id>/", views.replay, name="replay"),
    path("daily/", views.archive, name="archive"),
    path("live/", views.live_now, name="live"),
    path("daily/<str:day>/<str:mode>/line/", views.daily_line, name="daily-line"),
]
