"""A TCP proxy between the test's database connections and PostgreSQL that reads what the
client sends: how many round trips each connection makes, counted on the wire.

Django's query log sees the statements Django sends; it cannot see what psycopg or its pool
sends on their own (the pool's ``check``, an empty query at every checkout). The proxy
counts every message the client ends a request with: a simple query (``Q``) or the
``Sync`` (``S``) that closes an extended-protocol batch. Each is one round trip: the client
then waits for the server's answer.
"""

from __future__ import annotations

import contextlib
import socket
import struct
import threading
from dataclasses import dataclass, field

#: The untyped requests a client may open with (SSL, GSS encryption) before its startup.
SSL_REQUEST, GSSENC_REQUEST = 80877103, 80877104


@dataclass
class Trip:
    """One round trip a client began: the kind of message that ended it, and its query's
    text when it is a simple query (empty for a ``Sync``)."""

    kind: str
    sql: str


@dataclass
class Wire:
    """The round trips of each client connection through the proxy, in order."""

    port: int = 0
    connections: list[list[Trip]] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def mark(self) -> list[int]:
        """How many trips each connection has made so far (for ``since``)."""
        with self.lock:
            return [len(trips) for trips in self.connections]

    def since(self, mark: list[int]) -> list[list[Trip]]:
        """Each connection's trips after ``mark`` (connections with none left out)."""
        with self.lock:
            counts = mark + [0] * (len(self.connections) - len(mark))
            later = [trips[count:] for trips, count in zip(self.connections, counts, strict=True)]
        return [trips for trips in later if trips]


def _read_exactly(sock: socket.socket, size: int) -> bytes:
    data = b""
    while len(data) < size:
        chunk = sock.recv(size - len(data))
        if not chunk:
            raise ConnectionError("closed")
        data += chunk
    return data


def _shut(*sockets: socket.socket) -> None:
    for sock in sockets:
        with contextlib.suppress(OSError):
            sock.shutdown(socket.SHUT_RDWR)


def _pipe(source: socket.socket, target: socket.socket) -> None:
    try:
        while chunk := source.recv(65536):
            target.sendall(chunk)
    except OSError:
        pass
    finally:
        _shut(source, target)


def _client_side(
    client: socket.socket, server: socket.socket, trips: list[Trip], wire: Wire
) -> None:
    """Forward what the client sends, message by message, noting its round trips."""
    try:
        while True:  # the untyped opening: an SSL or GSS request (refused), then the startup
            head = _read_exactly(client, 8)
            length, code = struct.unpack("!ii", head)
            body = _read_exactly(client, length - 8)
            server.sendall(head + body)
            if code not in (SSL_REQUEST, GSSENC_REQUEST):
                break
        while True:
            head = _read_exactly(client, 5)
            kind, length = head[:1].decode(), struct.unpack("!i", head[1:])[0]
            body = _read_exactly(client, length - 4)
            server.sendall(head + body)
            if kind in ("Q", "S"):
                sql = body.rstrip(b"\0").decode(errors="replace") if kind == "Q" else ""
                with wire.lock:
                    trips.append(Trip(kind, sql))
    except (OSError, ConnectionError):
        pass
    finally:
        _shut(client, server)


def start_proxy(host: str, port: int) -> tuple[Wire, socket.socket]:
    """A proxy to ``host:port`` on a free local port; close the returned socket to stop it."""
    listener = socket.socket()
    listener.bind(("127.0.0.1", 0))
    listener.listen(16)
    wire = Wire(port=listener.getsockname()[1])

    def accept() -> None:
        while True:
            try:
                client, _ = listener.accept()
            except OSError:
                return
            server = socket.create_connection((host, port))
            trips: list[Trip] = []
            with wire.lock:
                wire.connections.append(trips)
            threading.Thread(
                target=_client_side, args=(client, server, trips, wire), daemon=True
            ).start()
            threading.Thread(target=_pipe, args=(server, client), daemon=True).start()

    threading.Thread(target=accept, daemon=True).start()
    return wire, listener
