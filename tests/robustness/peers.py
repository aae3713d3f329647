"""A loopback peer that answers whatever it is sent with fixed bytes: how the lean clients
of the benchmark (``lean_http``, ``lean_ws``) are checked against answers a real server
never gives (cut short, malformed, not HTTP)."""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager


@asynccontextmanager
async def peer_answering(answer: bytes) -> AsyncIterator[str]:
    """A peer that reads a request's head, writes ``answer`` and hangs up; its base URL."""

    async def handle(reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        await reader.readuntil(b"\r\n\r\n")
        writer.write(answer)
        await writer.drain()
        writer.close()

    server = await asyncio.start_server(handle, "127.0.0.1", 0)
    port = server.sockets[0].getsockname()[1]
    async with server:
        yield f"http://127.0.0.1:{port}"
