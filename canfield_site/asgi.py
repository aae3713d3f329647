"""ASGI entry point: HTTP (with static files) and WebSocket in one application.

uvicorn serves both (started by ``canfield_site.serve``, with the project's options), and
drains the live updates still queued when it stops (``canfield_site.lifespan``). Static files
are served by Django's own handler wrapped around the HTTP app, so the embedded default and a
container need no CDN and no separate web server. The client address of every scope is decided
first, by the one rule of ``shared.client_address``.
"""

import os

from shared.http_handler import get_asgi_application

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "canfield_site.settings")
# Set up Django (apps, models) before anything imports a consumer.
django_http_application = get_asgi_application()

from channels.routing import ProtocolTypeRouter, URLRouter  # noqa: E402
from django.contrib.staticfiles.handlers import ASGIStaticFilesHandler  # noqa: E402

from canfield_site.body_limit import BodyLimitMiddleware  # noqa: E402
from canfield_site.lifespan import lifespan  # noqa: E402
from canfield_site.websocket_guard import WebSocketGuard  # noqa: E402
from leagues.routing import websocket_urlpatterns  # noqa: E402  (games' routes and the leagues')
from shared.client_address import ClientAddressMiddleware  # noqa: E402

router = ProtocolTypeRouter(
    {
        # Bodies over the limit are refused before Django spools them (body_limit).
        "http": BodyLimitMiddleware(ASGIStaticFilesHandler(django_http_application)),
        # Origin (none, or exactly this site) and open sockets per address (websocket_guard).
        # The session and user are read by the sockets that need them (games.routing).
        "websocket": WebSocketGuard(URLRouter(websocket_urlpatterns)),
        "lifespan": lifespan,
    }
)
# Outermost: every layer below (and the server's access log) sees the one client address.
application = ClientAddressMiddleware(router)
