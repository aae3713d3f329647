"""Top-level URL map: the JSON API under /api/, the admin if enabled, then the web pages.

The Django admin is a second login form and a large surface nobody needs by default: it is
served only with ``CANFIELD_ADMIN=1`` (its login then counts against django-axes like ours).
"""

from django.conf import settings
from django.contrib import admin
from django.urls import URLPattern, URLResolver, include, path

from fairplay.urls import api_urlpatterns as fair_play_api
from leagues.api.urls import api_urlpatterns as leagues_api
from ratings.urls import api_urlpatterns as ratings_api

urlpatterns: list[URLPattern | URLResolver] = [
    path("api/fair-play/", include((fair_play_api, "fairplay_api"))),
    path("api/", include((ratings_api, "ratings_api"))),
    path("api/", include((leagues_api, "leagues_api"))),
    path("api/", include("leaderboards.urls")),
    path("api/", include("games.api.urls")),
]
if settings.CANFIELD_ADMIN:
    urlpatterns.append(path("admin/", admin.site.urls))
# The language switch: POST /i18n/setlang/ (Django's set_language) keeps the choice in a cookie.
urlpatterns.append(path("i18n/", include("django.conf.urls.i18n")))
urlpatterns.append(path("fair-play/", include("fairplay.urls")))
urlpatterns.append(path("leagues/", include("leagues.urls")))
urlpatterns.append(path("", include("web.urls")))

#: A path with no page gets one in the site's look (the API's paths answer their own JSON 404).
handler404 = "web.views.page_not_found"
