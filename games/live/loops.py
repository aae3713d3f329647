"""Event loops and threads of the live updates, in one place.

Three pieces of code meet here: the request threads that commit writes (sync code run by
asgiref for the ASGI server's loop), the publisher's own thread, and the consumers on the
server's loop. Which loop a channel-layer send must run on, how the publisher gets one of
its own, and how a consumer reads the database from a thread are decided here and nowhere
else.
"""

from __future__ import annotations

import asyncio
import concurrent.futures
import logging
import os
import threading
import time
from collections.abc import Awaitable, Callable, Sequence
from typing import Any

from asgiref.sync import SyncToAsync, sync_to_async
from channels.layers import BaseChannelLayer, get_channel_layer
from django.db import close_old_connections

from games.live.direct import direct_publisher
from shared.request_threads import request_executor

logger = logging.getLogger(__name__)

#: One channel-layer send may take this long; a frozen Redis costs a batch, not the thread.
SEND_TIMEOUT_S = 2.0

#: (group, channel-layer event) pairs, in the order they must be sent.
Events = Sequence[tuple[str, dict[str, Any]]]


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop that runs this thread's sync code (a view, a test), if there is one.

    asgiref's ``SyncToAsync`` records it in a thread-local of the worker thread (that is how
    ``async_to_sync`` finds its way back); outside a server (a command, a benchmark) it is
    None and the publisher uses a loop of its own. The in-memory channel layer keeps its
    queues on the server's loop, so messages must be sent there.
    """
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    return loop if isinstance(loop, asyncio.AbstractEventLoop) else None


_publisher_thread = threading.local()


def publisher_loop() -> asyncio.AbstractEventLoop:
    """The publisher thread's own event loop, kept for the thread's life.

    Reused (not a new loop per send, as ``async_to_sync`` outside a server does) so that the
    Redis channel layer, which keeps one connection per loop, connects once. It only runs
    while a batch is being sent, so the thread may use the database in between.
    """
    loop = getattr(_publisher_thread, "loop", None)
    if loop is None or loop.is_closed():
        loop = _publisher_thread.loop = asyncio.new_event_loop()
    return loop


async def send_in_order(layer: BaseChannelLayer, events: Events) -> None:
    for group, event in events:
        await asyncio.wait_for(layer.group_send(group, event), SEND_TIMEOUT_S)


def send_events(events: Events, loop: asyncio.AbstractEventLoop | None) -> None:
    """Send ``events`` in order: with the Redis pub/sub layer in one command from this thread
    (``games.live.direct``), else through the layer on ``loop`` if it still runs, else on the
    publisher's loop."""
    layer = get_channel_layer()
    if layer is None or not events:
        return
    direct = direct_publisher(layer)
    if direct is not None:
        direct.send(events)
        return
    if loop is not None and loop.is_running():
        future = asyncio.run_coroutine_threadsafe(send_in_order(layer, events), loop)
        try:
            if not sent_while_running(future, loop, timeout=SEND_TIMEOUT_S * len(events)):
                logger.info("the server's loop stopped: %d live event(s) not sent", len(events))
        finally:
            if not loop.is_closed():
                future.cancel()
    else:
        publisher_loop().run_until_complete(send_in_order(layer, events))


#: How often a send waiting on the server's loop looks whether that loop still runs.
LOOP_CHECK_S = 0.05


def sent_while_running(
    future: concurrent.futures.Future[None], loop: asyncio.AbstractEventLoop, *, timeout: float
) -> bool:
    """Wait for a send scheduled on ``loop``: True once it is done, False if the loop stopped
    first (a server shutting down, a test's loop at its end: what it had not run it never
    will, and its sockets are gone with it), ``TimeoutError`` past ``timeout`` while it runs.
    Without the look at the loop the publisher's thread sat out the whole timeout, two
    seconds an event, behind a loop that had stopped (a live test's teardown met it)."""
    deadline = time.monotonic() + timeout
    while True:
        try:
            future.result(timeout=max(min(LOOP_CHECK_S, deadline - time.monotonic()), 0))
            return True
        except concurrent.futures.CancelledError:  # the loop cancelled its tasks as it stopped
            return False
        except concurrent.futures.TimeoutError:
            if not loop.is_running():
                return False
            if time.monotonic() >= deadline:
                raise


def read_in_thread(read: Callable[[], Any]) -> Awaitable[Any]:
    """Run a socket's database work (a read, or a move) on one of the process's request
    threads (``shared.request_threads``, shared with HTTP: several at once, and never
    more than the database pool serves without waiting), and close its connection there
    afterwards (back to the pool on PostgreSQL).

    ``database_sync_to_async`` is meant to do that closing, but with channels 4.3 and
    asgiref 3.13 a connection opened inside such a call was observed to stay open after it
    (a test database could not be dropped: "being accessed by other users"). Closing inside
    the call, in the thread and context that opened the connection, works either way. It also
    ran every call of a process on one thread, one at a time.
    """

    def read_then_close() -> Any:
        try:
            return read()
        finally:
            close_old_connections()

    run = sync_to_async(read_then_close, thread_sensitive=False, executor=request_executor())
    return run()
