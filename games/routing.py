"""WebSocket URL patterns (filled in by the live-updates work)."""

websocket_urlpatterns: list = []
