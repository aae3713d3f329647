"""A lean HTTP/1.1 client for measuring the server, not the client.

``bench/load.py`` shares this machine's two cores between its clients and the servers it
measures. With httpx, the clients' one event loop was the bottleneck: about 3 ms of client CPU
per health check, 0.98 of a core in the floor phase, so the health req/s it printed (and the
moves/s ratio) was the client's limit. This client does what a load client needs and no more:
one kept-alive connection per concurrent request, a request written in one call, a response
read by its ``Content-Length`` (every answer of this app has one; a chunked answer is refused
as a transport error rather than misread).

It offers the few methods of ``httpx.AsyncClient`` that ``load_client`` uses, with the same
names, so one player class drives either client. A failed request (refused, reset, timed
out, malformed) raises ``LeanTransportError`` and its connection is dropped, never reused; a
kept connection the server has closed since is dropped before it would be used.
"""

from __future__ import annotations

import asyncio
import json as jsonlib
from typing import Any
from urllib.parse import urlsplit

#: How long one request may take before it counts as unanswered (httpx's timeout in the bench).
TIMEOUT_S = 10.0


class LeanTransportError(Exception):
    """The request got no (usable) answer."""


class LeanHTTPStatusError(Exception):
    """``raise_for_status`` on a 4xx or 5xx."""


class LeanResponse:
    def __init__(self, status_code: int, content: bytes) -> None:
        self.status_code = status_code
        self.content = content

    @property
    def text(self) -> str:
        return self.content.decode("utf-8", "replace")

    def json(self) -> Any:
        return jsonlib.loads(self.content)

    def raise_for_status(self) -> None:
        if self.status_code >= 400:
            raise LeanHTTPStatusError(f"{self.status_code}: {self.text[:200]}")


class _Connection:
    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    def close(self) -> None:
        self.writer.close()

    def closed_by_peer(self) -> bool:
        """Whether the server has closed it since (uvicorn closes a connection idle for 5 s:
        the players' connections wait that long while the others sign up)."""
        return self.reader.at_eof() or self.writer.is_closing()

    async def exchange(self, request: bytes) -> tuple[LeanResponse, bool]:
        """Send one request, read its answer; whether the server keeps the connection."""
        self.writer.write(request)
        head = await self.reader.readuntil(b"\r\n\r\n")
        status_line, *lines = head[:-4].split(b"\r\n")
        parts = status_line.split(b" ", 2)
        if len(parts) < 2 or not parts[0].startswith(b"HTTP/1."):
            raise LeanTransportError(f"not an HTTP/1.1 answer: {status_line[:80]!r}")
        length: int | None = None
        keep = True
        for line in lines:
            name, _, value = line.partition(b":")
            name = name.strip().lower()
            if name == b"content-length":
                length = int(value)
            elif name == b"connection" and value.strip().lower() == b"close":
                keep = False
            elif name == b"transfer-encoding":
                raise LeanTransportError("a chunked answer (this client reads Content-Length)")
        if length is None:
            raise LeanTransportError("an answer without Content-Length")
        content = await self.reader.readexactly(length)
        return LeanResponse(int(parts[1]), content), keep


class LeanClient:
    """``httpx.AsyncClient(base_url=...)``'s ``request`` and ``get``, for JSON APIs."""

    def __init__(self, base_url: str, *, timeout: float = TIMEOUT_S) -> None:
        url = urlsplit(base_url)
        if url.scheme != "http" or url.hostname is None:
            raise ValueError(f"a plain http:// base URL is needed, not {base_url!r}")
        self.host = url.hostname
        self.port = url.port or 80
        self.timeout = timeout
        self._idle: list[_Connection] = []
        self._host_header = f"Host: {url.netloc}\r\n".encode()

    async def __aenter__(self) -> LeanClient:
        return self

    async def __aexit__(self, *exc: object) -> None:
        await self.aclose()

    async def aclose(self) -> None:
        while self._idle:
            self._idle.pop().close()

    def _request_bytes(
        self, method: str, url: str, headers: dict[str, str] | None, json: Any
    ) -> bytes:
        body = b"" if json is None else jsonlib.dumps(json).encode()
        head = [f"{method} {url} HTTP/1.1\r\n".encode(), self._host_header]
        for name, value in (headers or {}).items():
            head.append(f"{name}: {value}\r\n".encode())
        if json is not None:
            head.append(b"Content-Type: application/json\r\n")
        if body or method not in ("GET", "HEAD"):
            head.append(f"Content-Length: {len(body)}\r\n".encode())
        head.append(b"\r\n")
        return b"".join(head) + body

    async def request(
        self, method: str, url: str, *, headers: dict[str, str] | None = None, json: Any = None
    ) -> LeanResponse:
        request = self._request_bytes(method, url, headers, json)
        connection = self._kept_connection()
        try:
            async with asyncio.timeout(self.timeout):
                if connection is None:
                    connection = _Connection(*await asyncio.open_connection(self.host, self.port))
                response, keep = await connection.exchange(request)
        except (OSError, EOFError, TimeoutError, ValueError, asyncio.LimitOverrunError) as error:
            if connection is not None:
                connection.close()
            raise LeanTransportError(f"{method} {url}: {type(error).__name__}: {error}") from error
        except BaseException:
            if connection is not None:
                connection.close()
            raise
        if keep:
            self._idle.append(connection)
        else:
            connection.close()
        return response

    def _kept_connection(self) -> _Connection | None:
        """An idle connection the server has not closed meanwhile, if there is one."""
        while self._idle:
            connection = self._idle.pop()
            if not connection.closed_by_peer():
                return connection
            connection.close()
        return None

    async def get(self, url: str, *, headers: dict[str, str] | None = None) -> LeanResponse:
        return await self.request("GET", url, headers=headers)
