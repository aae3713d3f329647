"""Django's ASGI handler with the middleware run as one synchronous chain.

Django builds the ASGI middleware chain in async mode. Its own middleware (sessions, locale,
CSRF, auth...) is async-capable through ``MiddlewareMixin``, which then runs every
``process_request`` and ``process_response`` through ``sync_to_async``: two hops between the
event loop and a thread per middleware, and more wherever a sync-only middleware sits between
async ones. Every view of this project but the hint is synchronous, so a request crossed the
thread boundary 18 times for a health check; measured, those hops cost more server CPU than the move
itself (bench/load.py, docs/operations.md).

This handler loads the chain in sync mode, as the WSGI handler does, and runs the whole of it
in one ``sync_to_async`` call: the request enters its thread once, where the middleware, the
view and the database work run as plain function calls. The async hint view still works:
Django runs an async view met on a sync chain with ``async_to_sync``, back on the server's
loop, and its own ``sync_to_async(thread_sensitive=True)`` calls come back to this thread.
The rest (reading the body, request_started/finished, sending the response, noticing a client
that went away) is Django's ASGI handler unchanged.
"""

from typing import Any

from asgiref.sync import sync_to_async
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler
from django.http import HttpRequest, HttpResponseBase


class SyncChainASGIHandler(ASGIHandler):
    def __init__(self) -> None:
        base.BaseHandler.__init__(self)
        self.load_middleware(is_async=False)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        response: Any = await sync_to_async(self.get_response, thread_sensitive=True)(request)
        return response


def get_asgi_application() -> SyncChainASGIHandler:
    """``django.core.asgi.get_asgi_application`` with this handler."""
    import django

    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
