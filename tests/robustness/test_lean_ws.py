"""The benchmark's lean WebSocket client reads frames as RFC 6455 writes them, and its socket
players lose nothing.

``bench/load.py --path socket`` measures the server's socket moves through
``lean_ws.LeanWebSocket``; a client that misread a frame or an ack would make its figures
wrong, so its players are checked against the database on a real server, and its frames
against hand-built ones and a peer that breaks off.
"""

from __future__ import annotations

import asyncio
import os

import pytest

from tests.robustness.lean_ws import (
    LeanSocketClosed,
    LeanSocketError,
    LeanWebSocket,
    masked_frame,
)
from tests.robustness.load_client import lost_actions, run_load
from tests.robustness.peers import peer_answering

pytestmark = [pytest.mark.e2e]


def unmasked(frame: bytes) -> tuple[int, bytes]:
    """A client frame's opcode and payload, unmasked as a server does."""
    length, start = frame[1] & 0x7F, 2
    if length == 126:
        length, start = int.from_bytes(frame[2:4], "big"), 4
    elif length == 127:
        length, start = int.from_bytes(frame[2:10], "big"), 10
    mask = frame[start : start + 4]
    payload = frame[start + 4 :]
    assert len(payload) == length
    return frame[0] & 0x0F, bytes(byte ^ mask[i % 4] for i, byte in enumerate(payload))


@pytest.mark.parametrize("size", [0, 1, 125, 126, 4000, 70_000])
def test_a_client_frame_is_final_masked_and_unmasks_to_its_payload(size: int) -> None:
    payload = os.urandom(size)
    frame = masked_frame(0x1, payload)
    assert frame[0] == 0x81 and frame[1] & 0x80, "final text frame, masked"
    assert unmasked(frame) == (0x1, payload)


def test_socket_players_on_the_lean_client_lose_nothing(server_url: str) -> None:
    ledger = asyncio.run(
        run_load(server_url, players=3, moves=8, seconds=60, kind="lean", path="socket")
    )
    assert ledger.acknowledged_count == 24, ledger.outcomes
    assert not ledger.outcomes
    assert lost_actions(ledger) == []


def test_the_server_s_close_code_is_told(server_url: str) -> None:
    async def missing_game() -> str:
        socket = await LeanWebSocket.connect(server_url, "/ws/games/999999999/")
        return await socket.receive_text()

    with pytest.raises(LeanSocketClosed) as closed:
        asyncio.run(missing_game())
    assert closed.value.code == 4404


async def served_by(answer: bytes) -> str:
    """What ``receive_text`` gets from a peer that answers the handshake with ``answer``."""
    async with peer_answering(answer) as url:
        socket = await LeanWebSocket.connect(url, "/ws/x/", timeout=5)
        return await socket.receive_text(timeout=5)


UPGRADED = b"HTTP/1.1 101 Switching Protocols\r\nUpgrade: websocket\r\nConnection: Upgrade\r\n\r\n"


def test_text_frames_are_read_and_pings_skipped() -> None:
    ping = bytes((0x89, 2)) + b"hi"
    text = bytes((0x81, 126)) + (300).to_bytes(2, "big") + b"x" * 300
    assert asyncio.run(served_by(UPGRADED + ping + text)) == "x" * 300


def test_a_close_frame_is_read_with_its_code() -> None:
    close = bytes((0x88, 2)) + (4401).to_bytes(2, "big")
    with pytest.raises(LeanSocketClosed) as closed:
        asyncio.run(served_by(UPGRADED + close))
    assert closed.value.code == 4401


@pytest.mark.parametrize(
    "answer",
    [
        UPGRADED + bytes((0x81, 20)) + b"cut short",
        UPGRADED + bytes((0x01, 3)) + b"abc",  # a fragment
        b"HTTP/1.1 403 Forbidden\r\nContent-Length: 0\r\n\r\n",
    ],
)
def test_a_broken_peer_is_a_socket_error(answer: bytes) -> None:
    with pytest.raises(LeanSocketError):
        asyncio.run(served_by(answer))
