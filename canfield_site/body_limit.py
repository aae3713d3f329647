"""Request bodies over the limit are refused before Django reads them.

Django's ASGI handler reads the whole body before any middleware runs, into a temporary
file that rolls over to disk past ``FILE_UPLOAD_MAX_MEMORY_SIZE``; only then may a middleware
compare it with ``DATA_UPLOAD_MAX_MEMORY_SIZE``. So a 600 MB body, declared or chunked, was
written to disk (and a chunked one then read into memory) before its 413. This layer sits in
front of Django for every HTTP path:

* a declared ``Content-Length`` over the limit is answered at once, the body never read (the
  server enforces that no more than the declared length arrives, so a body within it is
  passed through untouched);
* a body without ``Content-Length`` (chunked) is read here, at most ``limit`` bytes of it in
  memory, and refused as soon as it goes past; one within the limit is handed to Django as
  one message.

The answer is ``413 {"error": "body_too_large", ...}`` with ``Connection: close``, so the
server drops the rest of the upload instead of draining it. The limit is
``settings.DATA_UPLOAD_MAX_MEMORY_SIZE`` (``CANFIELD_MAX_BODY_BYTES``), read per request;
``None`` switches this layer off, as it does Django's check.
"""

from __future__ import annotations

import json
from typing import Any

from django.conf import settings

from games.errors import BodyTooLarge

Message = dict[str, Any]


def declared_length(scope: dict[str, Any]) -> int | None:
    """The request's ``Content-Length`` (None when absent or not a number: the server has
    already refused a malformed one)."""
    for name, value in scope.get("headers", ()):
        if name == b"content-length":
            try:
                return int(value)
            except ValueError:
                return None
    return None


async def refuse(send: Any, limit: int) -> None:
    """Send the 413 JSON answer and ask the server to close the connection."""
    error = BodyTooLarge(f"request body is larger than {limit} bytes", limit_bytes=limit)
    body = json.dumps(error.as_dict()).encode()
    await send(
        {
            "type": "http.response.start",
            "status": error.status,
            "headers": [
                (b"content-type", b"application/json"),
                (b"content-length", str(len(body)).encode()),
                (b"connection", b"close"),
            ],
        }
    )
    await send({"type": "http.response.body", "body": body})


class BodyLimitMiddleware:
    """ASGI middleware for ``http`` scopes; see the module docstring."""

    def __init__(self, app: Any) -> None:
        self.app = app

    async def __call__(self, scope: dict[str, Any], receive: Any, send: Any) -> None:
        limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
        if scope["type"] != "http" or limit is None:
            await self.app(scope, receive, send)
            return
        length = declared_length(scope)
        if length is not None:
            if length > limit:
                await refuse(send, limit)
            else:
                await self.app(scope, receive, send)
            return
        chunks: list[bytes] = []
        size = 0
        while True:
            message = await receive()
            if message["type"] == "http.disconnect":
                return  # the client left before its body ended: nobody to answer
            chunk = message.get("body", b"")
            size += len(chunk)
            if size > limit:
                await refuse(send, limit)
                return
            chunks.append(chunk)
            if not message.get("more_body", False):
                break
        await self.app(scope, replay(b"".join(chunks), receive), send)


def replay(body: bytes, receive: Any) -> Any:
    """A ``receive`` that hands over the body read already, then the server's own messages
    (Django listens for ``http.disconnect`` while a view runs)."""
    pending: list[Message] = [{"type": "http.request", "body": body, "more_body": False}]

    async def receive_again() -> Message:
        if pending:
            return pending.pop()
        return await receive()

    return receive_again
