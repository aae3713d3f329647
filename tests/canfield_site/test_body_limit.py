"""Issue 11, item 3: an oversized body is refused before it is read, on any path.

A real uvicorn on loopback (``run_asgi_server``) with its own ``TMPDIR``: raw sockets send a
huge declared body (headers only: the answer must come before any byte of it) and a huge
chunked one (the server must stop taking it near the limit), while a sampler watches the
server's memory and the temporary files it holds open. Before the ASGI layer, Django spooled
the whole body to a temporary file and the declared case waited for all of it.
"""

from __future__ import annotations

import json
import select
import socket
import time
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import pytest

from tests.support.processes import Watch, pid_listening_on
from tests.support.servers import run_asgi_server, server_env_for_test_db

pytestmark = pytest.mark.e2e

LIMIT = 256 * 1024  # the default of CANFIELD_MAX_BODY_BYTES
HUGE = 600 * 1024 * 1024
#: How much of a chunked upload the test is willing to send: far past every limit and past
#: Django's 2.5 MB in-memory spool, so a server that takes it all must use a temp file.
CHUNKED_BUDGET = 64 * 1024 * 1024
CHUNK = 64 * 1024
SOCKET_TIMEOUT_S = 5.0


@dataclass(frozen=True)
class Server:
    host: str
    port: int
    pid: int
    spool: Path


@dataclass(frozen=True)
class Answer:
    status: int
    headers: dict[str, str]
    body: bytes
    sent: int  # body bytes the server took before it answered

    def json(self) -> dict:
        return json.loads(self.body)


@pytest.fixture
def server(transactional_db: None, tmp_path: Path) -> Iterator[Server]:
    spool = tmp_path / "spool"
    spool.mkdir()
    env = {**server_env_for_test_db(), "TMPDIR": str(spool), "CANFIELD_THROTTLE_ANON": "off"}
    with run_asgi_server(env=env) as base_url:
        host, port = base_url.removeprefix("http://").split(":")
        yield Server(host, int(port), pid_listening_on(int(port)), spool)


def read_answer(sock: socket.socket, sent: int) -> Answer:
    data = b""
    while b"\r\n\r\n" not in data:
        chunk = sock.recv(65536)
        if not chunk:
            raise AssertionError(f"connection closed before an answer: {data!r}")
        data += chunk
    head, _, body = data.partition(b"\r\n\r\n")
    lines = head.decode("latin-1").split("\r\n")
    headers = dict(line.split(": ", 1) for line in lines[1:])
    headers = {name.lower(): value for name, value in headers.items()}
    length = int(headers.get("content-length", "0"))
    while len(body) < length:
        chunk = sock.recv(65536)
        if not chunk:
            break
        body += chunk
    return Answer(int(lines[0].split()[1]), headers, body, sent)


def request_head(path: str, framing: str) -> bytes:
    return (
        f"POST {path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\n"
        f"{framing}\r\n\r\n"
    ).encode()


def send_declared(server: Server, path: str, length: int) -> Answer:
    """Headers only, declaring ``length`` bytes; the answer must not wait for the body."""
    with socket.create_connection((server.host, server.port), timeout=SOCKET_TIMEOUT_S) as sock:
        sock.sendall(request_head(path, f"Content-Length: {length}"))
        return read_answer(sock, 0)


def send_chunked(server: Server, path: str, total: int, payload: bytes = b"") -> Answer:
    """A chunked body of up to ``total`` bytes (``payload`` first, then filler), stopping as
    soon as the server answers or closes."""
    sent = 0
    with socket.create_connection((server.host, server.port), timeout=SOCKET_TIMEOUT_S) as sock:
        sock.sendall(request_head(path, "Transfer-Encoding: chunked"))
        body = payload
        while sent < total:
            if select.select([sock], [], [], 0)[0]:
                return read_answer(sock, sent)
            piece = body[:CHUNK] or b" " * min(CHUNK, total - sent)
            body = body[len(piece) :]
            try:
                sock.sendall(b"%x\r\n%s\r\n" % (len(piece), piece))
            except (BrokenPipeError, ConnectionResetError):
                break
            sent += len(piece)
        else:
            sock.sendall(b"0\r\n\r\n")
        return read_answer(sock, sent)


def assert_refused(answer: Answer) -> None:
    assert answer.status == 413, answer
    assert answer.headers["content-type"] == "application/json"
    assert answer.json()["error"] == "body_too_large"
    assert answer.json()["limit_bytes"] == LIMIT


@pytest.mark.perf
@pytest.mark.parametrize("path", ["/api/players/", "/", "/static/nothing.css"])
def test_a_declared_huge_body_is_refused_before_it_is_sent(server: Server, path: str) -> None:
    started = time.monotonic()
    with Watch(server.pid, server.spool) as watch:
        answer = send_declared(server, path, HUGE)
    assert_refused(answer)
    assert time.monotonic() - started < 2
    assert not watch.spooled


@pytest.mark.parametrize("path", ["/api/players/", "/"])
def test_a_chunked_huge_body_is_cut_at_the_limit(server: Server, path: str) -> None:
    with Watch(server.pid, server.spool) as watch:
        answer = send_chunked(server, path, CHUNKED_BUDGET)
    assert_refused(answer)
    assert answer.sent < 16 * 1024 * 1024, "the server went on taking the body"
    assert not watch.spooled, watch.spooled
    assert watch.growth < 16 * 1024 * 1024, f"server memory grew {watch.growth} bytes"


def test_a_chunked_body_within_the_limit_reaches_the_view(server: Server) -> None:
    body = json.dumps({"username": "chunky", "password": "x" * 120_000}).encode()
    answer = send_chunked(server, "/api/players/", len(body), payload=body)
    assert answer.status == 400, answer  # the serializer's answer: the body got through
    assert answer.json()["error"] == "invalid_input"
