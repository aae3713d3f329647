"""The browser tests of fair play run on the browser suite's own fixtures (tests/web): the
real ASGI server on the test database, Chromium, players in separate browser contexts."""

from tests.web.conftest import (  # noqa: F401 (fixtures, registered here by import)
    _asgi_server,
    browser,
    new_player,
    server_url,
)
