"""The ASGI lifespan of the app: freeze the loaded heap at startup, drain the live publisher
when the server stops.

uvicorn answers SIGTERM (``docker stop``, systemd, a deploy) with a graceful shutdown and
then re-raises the signal, so ``atexit`` hooks never run: changes still queued for the live
publisher's thread would be lost, and without a version gap watchers would not know to
re-fetch. The lifespan's shutdown comes after the last request has been answered, which is
the moment to send what is left.

At startup the process has loaded everything it keeps until it exits: modules, settings,
URL patterns (about 150,000 objects). A full garbage collection walks
every object the collector tracks, and stops the process meanwhile: with 5,000 WebSockets
open, one took about a second (``bench/ws_fanout.py``, ``gc_max``). ``gc.freeze`` takes the
startup objects out of every later collection; they are never collected, which costs nothing
for objects that live as long as the process.
"""

import asyncio
import gc
import logging
from collections.abc import Awaitable, Callable
from typing import Any

logger = logging.getLogger(__name__)

#: How long a stopping server waits for queued live updates (a batch takes milliseconds).
SHUTDOWN_DRAIN_S = 2.0

Message = dict[str, Any]


async def lifespan(
    scope: Message,
    receive: Callable[[], Awaitable[Message]],
    send: Callable[[Message], Awaitable[None]],
) -> None:
    """Answer startup at once; on shutdown, wait for the publisher off the event loop (the
    publisher sends its messages on this loop, which must stay free meanwhile)."""
    from games import live

    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            from canfield_site.checks import log_environment_warnings

            log_environment_warnings()
            freeze_startup_heap()
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            if not await asyncio.to_thread(live.wait_idle, SHUTDOWN_DRAIN_S):
                logger.warning(
                    "live updates still queued after %.0f s at shutdown: not sent "
                    "(watchers re-fetch when they reconnect)",
                    SHUTDOWN_DRAIN_S,
                )
            await send({"type": "lifespan.shutdown.complete"})
            return


def freeze_startup_heap() -> None:
    """Collect what startup left behind, then keep the rest out of later collections."""
    gc.collect()
    gc.freeze()
