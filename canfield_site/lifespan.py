"""The ASGI lifespan of the app: drain the live publisher when the server stops.

uvicorn answers SIGTERM (``docker stop``, systemd, a deploy) with a graceful shutdown and
then re-raises the signal, so ``atexit`` hooks never run: changes still queued for the live
publisher's thread would be lost, and without a version gap watchers would not know to
re-fetch. The lifespan's shutdown comes after the last request has been answered, which is
the moment to send what is left.
"""

import asyncio
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
