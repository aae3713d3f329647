"""A lean WebSocket client for measuring the server's socket moves, not the client.

``bench/load.py --path socket`` shares this machine's two cores between its players and the
servers it measures, as ``lean_http`` does for REST: a ``websockets`` library client costs
about as much CPU per message as the server's send (``bench/ws_fanout.py`` measured it), so
its figure would be partly the client's. This one does what a player needs and no more: the
opening handshake, masked text frames out (RFC 6455: every client frame is masked), text
frames in, pings answered, a close read as ``LeanSocketClosed``. No extensions, no
fragments: the server sends neither (it is offered none).

A socket that fails (refused, reset, timed out, malformed) raises ``LeanSocketError`` (a
close from the server: ``LeanSocketClosed`` with its code) and is no use after that.
"""

from __future__ import annotations

import asyncio
import base64
import os
from urllib.parse import urlsplit

from tests.robustness.lean_http import TIMEOUT_S

OP_TEXT = 0x1
OP_CLOSE = 0x8
OP_PING = 0x9
OP_PONG = 0xA


class LeanSocketError(Exception):
    """The socket got no (usable) answer, or is broken."""


class LeanSocketClosed(LeanSocketError):
    """The server closed the socket (``code``: its close code, 1005 when it gave none)."""

    def __init__(self, code: int) -> None:
        super().__init__(f"closed by the server with {code}")
        self.code = code


def masked_frame(opcode: int, payload: bytes) -> bytes:
    """A final client frame: its header, a fresh mask, the payload masked (one big-int XOR,
    not a byte at a time)."""
    length = len(payload)
    if length < 126:
        head = bytes((0x80 | opcode, 0x80 | length))
    elif length < 1 << 16:
        head = bytes((0x80 | opcode, 0x80 | 126)) + length.to_bytes(2, "big")
    else:
        head = bytes((0x80 | opcode, 0x80 | 127)) + length.to_bytes(8, "big")
    mask = os.urandom(4)
    key = (mask * (length // 4 + 1))[:length]
    masked = (int.from_bytes(payload, "big") ^ int.from_bytes(key, "big")).to_bytes(length, "big")
    return head + mask + masked


class LeanWebSocket:
    """One open client socket (``LeanWebSocket.connect``)."""

    def __init__(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        self.reader = reader
        self.writer = writer

    @classmethod
    async def connect(
        cls, base_url: str, path: str, *, timeout: float = TIMEOUT_S
    ) -> LeanWebSocket:
        """Open ``path`` on the server of ``base_url`` (``http://host:port``): the handshake,
        answered 101, or ``LeanSocketError``. No ``Origin``: a script sends none."""
        url = urlsplit(base_url)
        if url.scheme != "http" or url.hostname is None:
            raise ValueError(f"a plain http:// base URL is needed, not {base_url!r}")
        request = (
            f"GET {path} HTTP/1.1\r\nHost: {url.netloc}\r\nUpgrade: websocket\r\n"
            "Connection: Upgrade\r\nSec-WebSocket-Version: 13\r\n"
            f"Sec-WebSocket-Key: {base64.b64encode(os.urandom(16)).decode()}\r\n\r\n"
        ).encode()
        writer: asyncio.StreamWriter | None = None
        try:
            async with asyncio.timeout(timeout):
                reader, writer = await asyncio.open_connection(url.hostname, url.port or 80)
                writer.write(request)
                head = await reader.readuntil(b"\r\n\r\n")
        except (OSError, EOFError, TimeoutError, asyncio.LimitOverrunError) as error:
            if writer is not None:
                writer.close()
            raise LeanSocketError(f"{path}: {type(error).__name__}: {error}") from error
        status = head.split(b"\r\n", 1)[0]
        if b" 101 " not in status:
            writer.close()
            raise LeanSocketError(f"{path}: {status.decode(errors='replace')}")
        return cls(reader, writer)

    def send_text(self, text: str) -> None:
        """Queue one text frame (written when the loop next runs: no await needed)."""
        if self.writer.is_closing():
            raise LeanSocketError("the socket is closed")
        self.writer.write(masked_frame(OP_TEXT, text.encode()))

    async def receive_text(self, *, timeout: float = TIMEOUT_S) -> str:
        """The next text frame the server sends; pings are answered on the way."""
        try:
            async with asyncio.timeout(timeout):
                while True:
                    opcode, payload = await self._frame()
                    if opcode == OP_TEXT:
                        return payload.decode()
                    if opcode == OP_PING:
                        self.writer.write(masked_frame(OP_PONG, payload))
                    elif opcode == OP_CLOSE:
                        self.close()
                        code = int.from_bytes(payload[:2], "big") if len(payload) >= 2 else 1005
                        raise LeanSocketClosed(code)
        except (OSError, EOFError, TimeoutError, ValueError) as error:
            self.close()
            raise LeanSocketError(f"{type(error).__name__}: {error}") from error

    async def _frame(self) -> tuple[int, bytes]:
        """One whole frame from the server (unmasked, unfragmented: what this app sends)."""
        first, second = await self.reader.readexactly(2)
        if not first & 0x80 or second & 0x80:
            raise ValueError("a fragmented or masked server frame")
        length = second & 0x7F
        if length == 126:
            length = int.from_bytes(await self.reader.readexactly(2), "big")
        elif length == 127:
            length = int.from_bytes(await self.reader.readexactly(8), "big")
        return first & 0x0F, await self.reader.readexactly(length)

    def close(self) -> None:
        """Say goodbye (1000) if still open, and drop the connection."""
        if not self.writer.is_closing():
            self.writer.write(masked_frame(OP_CLOSE, (1000).to_bytes(2, "big")))
            self.writer.close()
