"""WebSocket URL patterns (protocol in the README's live-updates section).

Path parts are taken as any text so that the consumer, not the router, answers a malformed
board or id: with a clear close code (4400) instead of an error logged by the router.
"""

from django.urls import path, re_path

from games.consumers import GameConsumer, LeaderboardConsumer, NotFoundConsumer

websocket_urlpatterns = [
    path("ws/leaderboards/<str:board>/", LeaderboardConsumer.as_asgi()),
    path("ws/games/<str:game_id>/", GameConsumer.as_asgi()),
    re_path(r"^", NotFoundConsumer.as_asgi()),
]
