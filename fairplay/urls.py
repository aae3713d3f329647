"""Fair play's URLs: the staff API under /api/fair-play/ and the staff page /fair-play/."""

from django.urls import path

from fairplay import api, views

app_name = "fairplay"

api_urlpatterns = [
    path("flags/", api.FlagListView.as_view(), name="api-flags"),
    path("flags/<int:flag_id>/", api.FlagVerdictView.as_view(), name="api-verdict"),
    path("flags/<int:flag_id>/line/", api.FlagLineView.as_view(), name="api-line"),
]

urlpatterns = [
    path("", views.flags_page, name="flags"),
    path("flags/<int:flag_id>/", views.verdict_post, name="verdict"),
    path("flags/<int:flag_id>/line/", views.line_page, name="line"),
]
