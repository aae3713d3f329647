"""WebSocket URL patterns (protocol in docs/contracts.md, "Live updates").

Path parts are taken as any text so that the consumer, not the router, answers a malformed
board or id: with a clear close code (4400) instead of an error logged by the router.

Only a game's socket reads the session and its user (a sealed game is its owner's alone).
A board's feed is the same for everyone, so it reads neither: no session or user query per
watcher at connect, and none of the session middleware's checks on each message sent, which
were a tenth of a fan-out's server CPU with 10,000 watchers (py-spy, ``bench/ws_fanout.py``).
"""

from channels.auth import AuthMiddlewareStack
from django.urls import path, re_path

from games.consumers import GameConsumer, LeaderboardConsumer, NotFoundConsumer

websocket_urlpatterns = [
    path("ws/leaderboards/<str:board>/", LeaderboardConsumer.as_asgi()),
    path("ws/games/<str:game_id>/", AuthMiddlewareStack(GameConsumer.as_asgi())),
    re_path(r"^", NotFoundConsumer.as_asgi()),
]
