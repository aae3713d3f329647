"""Django's ASGI handler, with the middleware run as one synchronous chain on a fixed set of
request threads.

Django builds the ASGI middleware chain in async mode. Its own middleware (sessions, locale,
CSRF, auth...) is async-capable through ``MiddlewareMixin``, which then runs every
``process_request`` and ``process_response`` through ``sync_to_async``: two hops between the
event loop and a thread per middleware, and more wherever a sync-only middleware sits between
async ones (18 for a health check). And it gives every request a thread of its own, created
and torn down with it. Every view of this project but the hint is synchronous, so:

* the chain is loaded in sync mode, as the WSGI handler does, and the whole of it runs in one
  call: the request enters a thread once, where the middleware, the view and the database
  work are plain function calls;
* that thread comes from a fixed pool of ``CANFIELD_REQUEST_THREADS`` per process
  (``canfield_site.request_threads``, which the sockets' work shares). Requests
  beyond it wait on the event loop, in order, instead of as threads competing for the GIL
  and for database connections: with fewer request threads than pooled connections
  (``CANFIELD_DB_POOL_MAX_SIZE``, checked by the settings), a request never waits for a
  connection, so a burst costs latency, not a 503 from the pool's timeout.

A request thread outlives its request, so its database connection is given back to the pool
when the response is built (Django's ``request_finished`` runs on another thread here, and
would close that thread's connections, not this one's).

The async hint view still works: Django runs an async view met on a sync chain with
``async_to_sync``, back on the server's loop, and its ``sync_to_async(thread_sensitive=True)``
calls come back to the request's thread. The thread waits for the solver meanwhile; hints
are few at once (one per free solver, ``hints_busy`` beyond), so most threads stay free.
The rest (reading the body, sending the response, noticing a client that went away) is
Django's ASGI handler unchanged.
"""

from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler
from django.db import close_old_connections
from django.http import HttpRequest, HttpResponseBase

from canfield_site.request_threads import request_executor


class SyncChainASGIHandler(ASGIHandler):
    def __init__(self, threads: int | None = None) -> None:
        """On the process's request threads (``canfield_site.request_threads``, shared with
        the sockets), or on a pool of ``threads`` of its own (tests)."""
        base.BaseHandler.__init__(self)
        self.load_middleware(is_async=False)
        self.threads = threads or settings.CANFIELD_REQUEST_THREADS
        self._executor = (
            ThreadPoolExecutor(threads, thread_name_prefix="request")
            if threads
            else request_executor()
        )

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        """Django's, without the ``ThreadSensitiveContext`` that gives each request a thread
        of its own: requests run on the pool's threads."""
        if scope["type"] != "http":
            raise ValueError(f"Django can only handle ASGI/HTTP connections, not {scope['type']}.")
        await self.handle(scope, receive, send)

    async def get_response_async(self, request: HttpRequest) -> HttpResponseBase:
        serve = sync_to_async(self.serve, thread_sensitive=False, executor=self._executor)
        response: HttpResponseBase = await serve(request)
        return response

    def serve(self, request: HttpRequest) -> HttpResponseBase:
        try:
            return self.get_response(request)
        finally:
            close_old_connections()  # this thread's: back to the pool


def get_asgi_application() -> SyncChainASGIHandler:
    """``django.core.asgi.get_asgi_application`` with this handler."""
    import django

    django.setup(set_prefix=False)
    return SyncChainASGIHandler()
