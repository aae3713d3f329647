"""The benchmark's lean HTTP client answers as httpx does, and fails as a transport error.

``bench/load.py`` measures the server through ``lean_http.LeanClient``; a client that misread
an answer (a status, a body, a closed connection) would make its figures wrong, so it is
checked against httpx on a real server, and against a peer that breaks off mid-answer.
"""

from __future__ import annotations

import asyncio
from collections.abc import Awaitable, Callable

import httpx
import pytest

from tests.robustness.lean_http import LeanClient, LeanTransportError
from tests.robustness.load_client import lost_actions, run_load
from tests.robustness.peers import peer_answering
from tests.support.servers import free_port

pytestmark = [pytest.mark.e2e]

#: Answers of several shapes: a 200, a 400 with a JSON body, a 404, a 405, a POST body.
REQUESTS: list[tuple[str, str, object]] = [
    ("GET", "/api/health/", None),
    ("POST", "/api/players/", {"username": ""}),
    ("GET", "/api/games/999999999/", None),
    ("DELETE", "/api/health/", None),
    ("POST", "/api/token/", {"username": "nobody-here", "password": "not this one"}),
]


def test_the_lean_client_gets_what_httpx_gets(any_server_url: str) -> None:
    async def both() -> tuple[list[tuple[int, object]], list[tuple[int, object]], int]:
        async with (
            LeanClient(any_server_url) as lean,
            httpx.AsyncClient(base_url=any_server_url) as reference,
        ):
            leans, references = [], []
            for method, path, body in REQUESTS:
                answer = await lean.request(method, path, json=body)
                leans.append((answer.status_code, answer.json()))
                expected = await reference.request(method, path, json=body)
                references.append((expected.status_code, expected.json()))
            return leans, references, len(lean._idle)

    leans, references, kept = asyncio.run(both())
    assert leans == references
    assert {status for status, _ in leans} == {200, 400, 401, 404, 405}
    assert kept == 1, "sequential requests share one kept-alive connection"


def test_players_on_the_lean_client_lose_nothing(server_url: str) -> None:
    ledger = asyncio.run(run_load(server_url, players=3, moves=8, seconds=60, kind="lean"))
    assert ledger.acknowledged_count == 24, ledger.outcomes
    assert not ledger.outcomes
    assert lost_actions(ledger) == []


async def served_by(answer: bytes, request: Callable[[LeanClient], Awaitable[object]]) -> object:
    """What ``request`` gets from a peer that reads a request, writes ``answer`` and hangs up."""
    async with peer_answering(answer) as url, LeanClient(url, timeout=5) as client:
        return await request(client)


@pytest.mark.parametrize(
    "answer",
    [
        b'HTTP/1.1 200 OK\r\nContent-Length: 20\r\n\r\n{"status": ',  # cut short
        b"HTTP/1.1 200 OK\r\nTransfer-Encoding: chunked\r\n\r\n5\r\nhello\r\n0\r\n\r\n",
        b"HTTP/1.1 200 OK\r\n\r\n{}",  # no length
        b"SSH-2.0-OpenSSH\r\n\r\n",  # not HTTP
        b"",  # closed at once
    ],
    ids=["cut-short", "chunked", "no-length", "not-http", "closed"],
)
def test_a_broken_answer_is_a_transport_error(answer: bytes) -> None:
    with pytest.raises(LeanTransportError):
        asyncio.run(served_by(answer, lambda client: client.get("/api/health/")))


def test_a_closed_port_is_a_transport_error() -> None:
    async def refused() -> None:
        async with LeanClient(f"http://127.0.0.1:{free_port()}") as client:
            await client.get("/api/health/")

    with pytest.raises(LeanTransportError):
        asyncio.run(refused())


def test_a_connection_the_server_closes_is_not_reused() -> None:
    async def twice(client: LeanClient) -> tuple[int, int]:
        first = await client.get("/")
        return first.status_code, len(client._idle)

    answer = b"HTTP/1.1 204 No Content\r\nConnection: close\r\nContent-Length: 0\r\n\r\n"
    assert asyncio.run(served_by(answer, twice)) == (204, 0)


def test_a_kept_connection_the_server_closed_since_is_not_used() -> None:
    """The peer answers (keep-alive) and hangs up, as uvicorn does with an idle connection:
    the next request opens a new connection instead of failing on the closed one."""

    async def twice(client: LeanClient) -> tuple[int, int]:
        first = await client.get("/")
        kept = client._idle[0]
        deadline = asyncio.get_running_loop().time() + 5
        while not kept.closed_by_peer() and asyncio.get_running_loop().time() < deadline:
            await asyncio.sleep(0.01)
        assert kept.closed_by_peer()
        second = await client.get("/")
        return first.status_code, second.status_code

    answer = b"HTTP/1.1 204 No Content\r\nContent-Length: 0\r\n\r\n"
    assert asyncio.run(served_by(answer, twice)) == (204, 204)
