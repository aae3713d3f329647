"""The WebSocket routes with the leagues' one: ``ws/leaderboards/<board>/?league=<id>`` is the
boards' socket for a league's board (``leagues.consumers``), the only board socket that
reads the session and its user (a league is its members'); without ``league`` the board's
feed is the global one, reading neither (``games.routing``)."""

from __future__ import annotations

from typing import Any

from channels.auth import AuthMiddlewareStack
from django.urls import path

from games.consumers import LeaderboardConsumer, query_value
from games.routing import websocket_urlpatterns as games_websocket_urlpatterns
from leagues.consumers import LeagueBoardConsumer


class BoardOrLeague:
    """The board socket's app: a league's (with the session) when the URL names ``league``."""

    def __init__(self) -> None:
        self.board = LeaderboardConsumer.as_asgi()
        self.league = AuthMiddlewareStack(LeagueBoardConsumer.as_asgi())

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> Any:
        app = self.league if query_value(scope, "league") is not None else self.board
        return await app(scope, receive, send)


websocket_urlpatterns = [
    path("ws/leaderboards/<str:board>/", BoardOrLeague()),
    *games_websocket_urlpatterns,
]
