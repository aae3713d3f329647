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
  (``shared.request_threads``, which the sockets' work shares). Requests
  beyond it wait on the event loop, in order, instead of as threads competing for the GIL
  and for database connections: with fewer request threads than pooled connections
  (``CANFIELD_DB_POOL_MAX_SIZE``, checked by the settings), a request never waits for a
  connection, so a burst costs latency, not a 503 from the pool's timeout.

A request thread outlives its request, so its database connection is given back to the pool
when the response is built (Django's ``request_finished`` runs on another thread here, and
would close that thread's connections, not this one's).

A view whose answer waits on something slow that is not this process's CPU (a hint waits for
its solver, up to the length of the hint queue) must not hold a request thread meanwhile:
served as an async view on the sync chain (``async_to_sync``), each hint held its thread while
it waited, nine queued hints held all six, and a health check on a busy CPU waited 12-15 s
behind them (issue 38, F7). Such a view answers with a response that has a ``finish_on_loop``
coroutine (``finish_on_loop``): the chain runs as for any request, its middleware included,
and the thread is given back; the handler then awaits ``finish_on_loop`` on the event loop,
which fills in the response's body. Outside this handler (the test client, WSGI) there is no
loop to finish on: ``finishes_on_loop(request)`` is false and the view finishes in place.
The rest (reading the body, sending the response, noticing a client that went away) is
Django's ASGI handler unchanged.
"""

import logging
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from typing import Any

from asgiref.sync import sync_to_async
from django.conf import settings
from django.core.handlers import base
from django.core.handlers.asgi import ASGIHandler
from django.db import close_old_connections
from django.http import HttpRequest, HttpResponseBase, JsonResponse

from shared.request_threads import request_executor

logger = logging.getLogger(__name__)

INTERNAL_ERROR = {"error": "internal_error", "detail": "an unexpected error happened on the server"}
#: The request attribute that says this handler will finish a deferred response on its loop.
ON_LOOP = "canfield_finishes_on_loop"


def finishes_on_loop(request: HttpRequest) -> bool:
    """Whether ``request`` is served by ``SyncChainASGIHandler``, which awaits a response's
    ``finish_on_loop`` on the event loop once its thread is given back."""
    return bool(getattr(request, ON_LOOP, False))


def finish_on_loop(
    response: HttpResponseBase, finish: Callable[[HttpResponseBase], Awaitable[None]]
) -> HttpResponseBase:
    """Mark ``response`` to be finished by ``finish`` (which fills in its body) on the loop."""
    response.finish_on_loop = finish  # type: ignore[attr-defined]
    return response


class SyncChainASGIHandler(ASGIHandler):
    def __init__(self, threads: int | None = None) -> None:
        """On the process's request threads (``shared.request_threads``, shared with
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
        setattr(request, ON_LOOP, True)
        serve = sync_to_async(self.serve, thread_sensitive=False, executor=self._executor)
        response: HttpResponseBase = await serve(request)
        finish = getattr(response, "finish_on_loop", None)
        if finish is not None:
            response.finish_on_loop = None  # type: ignore[attr-defined]
            try:
                await finish(response)
            except Exception:
                logger.exception("unhandled error finishing %s", request.path)
                return JsonResponse(INTERNAL_ERROR, status=500)
            if response.has_header("Content-Length"):  # CommonMiddleware's, of the placeholder
                response["Content-Length"] = str(len(response.content))  # type: ignore[attr-defined]
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
