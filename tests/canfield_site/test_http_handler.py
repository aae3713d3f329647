"""The ASGI handler runs the middleware as one synchronous chain, in one thread per request.

Django's own ASGI handler builds the chain in async mode and hops between the event loop and
a thread around every middleware (``shared.http_handler``). These tests call the real
ASGI application (``canfield_site.asgi``) the way a server does and record, from inside a
middleware and from inside the view, which thread ran them.
"""

from __future__ import annotations

import asyncio
import json
import threading
from typing import Any

import pytest
from asgiref.sync import SyncToAsync
from asgiref.testing import ApplicationCommunicator
from django.db import connection
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.urls import path

from shared.http_handler import SyncChainASGIHandler

pytestmark = pytest.mark.django_db(transaction=True)

SEEN: dict[str, int | set[int]] = {}


class OuterMiddleware:
    """A sync-only middleware, as this project's own are."""

    name = "outer"

    def __init__(self, get_response: Any) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        SEEN[self.name] = threading.get_ident()
        return self.get_response(request)


class InnerMiddleware(OuterMiddleware):
    name = "inner"


#: Sync-only middleware around Django's async-capable ones: where Django's handler switches
#: between the loop and a thread at every boundary.
MIDDLEWARE = [
    f"{__name__}.OuterMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    f"{__name__}.InnerMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
]


def sync_view(request: HttpRequest) -> HttpResponse:
    SEEN["view"] = threading.get_ident()
    return JsonResponse({"thread": "view"})


async def async_view(request: HttpRequest) -> HttpResponse:
    SEEN["async_view"] = threading.get_ident()
    await asyncio.sleep(0)
    return JsonResponse({"async": True})


def database_view(request: HttpRequest) -> HttpResponse:
    with connection.cursor() as cursor:
        cursor.execute("SELECT 1")
    SEEN.setdefault("threads", set()).add(threading.get_ident())  # type: ignore[union-attr]
    return JsonResponse({"database": True})


urlpatterns = [
    path("sync/", sync_view),
    path("async/", async_view),
    path("database/", database_view),
]


def http_scope(url: str) -> dict[str, Any]:
    return {
        "type": "http",
        "asgi": {"version": "3.0"},
        "http_version": "1.1",
        "method": "GET",
        "scheme": "http",
        "path": url,
        "raw_path": url.encode(),
        "query_string": b"",
        "root_path": "",
        "headers": [(b"host", b"testserver")],
        "client": ("127.0.0.1", 50000),
        "server": ("testserver", 80),
    }


async def get(application: Any, url: str) -> tuple[int, bytes]:
    communicator = ApplicationCommunicator(application, http_scope(url))
    await communicator.send_input({"type": "http.request", "body": b""})
    start = await communicator.receive_output(timeout=10)
    body = b""
    while True:
        message = await communicator.receive_output(timeout=10)
        body += message.get("body", b"")
        if not message.get("more_body"):
            break
    await communicator.wait(timeout=10)
    return start["status"], body


def hops_of_one_request(handler: Any, url: str, monkeypatch: pytest.MonkeyPatch) -> int:
    """How many times serving ``url`` crossed from the event loop to a thread."""
    calls = []
    original = SyncToAsync.__call__

    async def counted(self: SyncToAsync, *args: Any, **kwargs: Any) -> Any:
        calls.append(self.func)
        return await original(self, *args, **kwargs)

    monkeypatch.setattr(SyncToAsync, "__call__", counted)
    status, _ = asyncio.run(get(handler, url))
    assert status == 200
    return len(calls)


def test_the_project_middleware_costs_one_hop_not_one_per_middleware(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The request_started signal, the whole chain, the response's close: three hops (with
    Django's own handler the same health check made 18)."""
    assert hops_of_one_request(SyncChainASGIHandler(), "/api/health/", monkeypatch) <= 3


def test_a_request_runs_its_middleware_and_its_view_in_one_thread(settings: Any) -> None:
    settings.ROOT_URLCONF = __name__
    settings.MIDDLEWARE = MIDDLEWARE
    SEEN.clear()
    status, body = asyncio.run(get(SyncChainASGIHandler(), "/sync/"))
    assert (status, json.loads(body)) == (200, {"thread": "view"})
    assert SEEN["outer"] == SEEN["inner"] == SEEN["view"]
    assert SEEN["view"] != threading.get_ident()  # not on the event loop's thread


def test_an_async_view_still_runs_on_the_event_loop(settings: Any) -> None:
    settings.ROOT_URLCONF = __name__
    settings.MIDDLEWARE = MIDDLEWARE
    SEEN.clear()

    async def call() -> tuple[int, bytes, int]:
        status, body = await get(SyncChainASGIHandler(), "/async/")
        return status, body, threading.get_ident()

    status, body, loop_thread = asyncio.run(call())
    assert (status, json.loads(body)) == (200, {"async": True})
    assert SEEN["async_view"] == loop_thread


def test_the_project_application_uses_this_handler() -> None:
    from canfield_site import asgi

    assert isinstance(asgi.django_http_application, SyncChainASGIHandler)
    status, body = asyncio.run(get(asgi.application, "/api/health/"))
    assert (status, json.loads(body)) == (200, {"status": "ok"})


def test_requests_share_a_fixed_set_of_threads_and_give_their_connection_back(
    settings: Any,
) -> None:
    """Twenty requests at once on a handler of two threads: all answered, by those two
    threads, each of which holds no database connection once its request is answered."""
    settings.ROOT_URLCONF = __name__
    settings.MIDDLEWARE = MIDDLEWARE
    SEEN.clear()
    handler = SyncChainASGIHandler(threads=2)

    async def burst() -> list[tuple[int, bytes]]:
        return await asyncio.gather(*(get(handler, "/database/") for _ in range(20)))

    answers = asyncio.run(burst())
    assert answers == [(200, b'{"database": true}')] * 20
    threads = SEEN["threads"]
    assert isinstance(threads, set) and 1 <= len(threads) <= 2

    def holds_a_connection() -> bool:
        return connection.connection is not None

    assert [handler._executor.submit(holds_a_connection).result() for _ in range(4)] == [False] * 4
