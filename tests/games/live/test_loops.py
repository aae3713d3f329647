"""A send on the server's event loop (``games.live.loops.send_events``) waits no longer than
that loop runs: a loop that stops first (a server shutting down, a test's loop at its end)
never runs it, and the publisher's thread sat out two seconds an event behind it."""

import asyncio
import threading
import time

import pytest
from channels.layers import get_channel_layer
from django.conf import LazySettings

from games.live.loops import SEND_TIMEOUT_S, send_events

EVENTS = 5  # SEND_TIMEOUT_S each: 10 s of waiting before


@pytest.fixture(autouse=True)
def _in_memory_layer(settings: LazySettings) -> None:
    """The layer whose sends go through the server's loop (channels-redis's pub/sub layer
    publishes from the publisher's thread instead: ``games.live.direct``)."""
    settings.CHANNEL_LAYERS = {"default": {"BACKEND": "channels.layers.InMemoryChannelLayer"}}


def test_a_send_on_a_loop_that_stops_before_running_it_gives_up_when_it_stops() -> None:
    loop = asyncio.new_event_loop()
    running = threading.Event()
    thread = threading.Thread(target=lambda: (loop.call_soon(running.set), loop.run_forever()))
    thread.start()
    assert running.wait(timeout=5)
    loop.call_soon_threadsafe(time.sleep, 0.3)  # busy when the send comes, then stopped
    loop.call_soon_threadsafe(loop.stop)
    began = time.monotonic()
    send_events([("game.1", {"type": "game.moved"})] * EVENTS, loop)  # no TimeoutError
    took = time.monotonic() - began
    thread.join(timeout=5)
    assert not loop.is_running()
    loop.run_until_complete(asyncio.sleep(0.01))  # it cancels the send it never ran
    loop.close()
    assert took < SEND_TIMEOUT_S, f"waited {took:.1f} s behind a stopped loop"


def test_a_send_on_a_running_loop_is_sent_there() -> None:
    """The loop that runs the server is where the in-memory layer's queues are."""
    loop = asyncio.new_event_loop()
    thread = threading.Thread(target=loop.run_forever)
    thread.start()
    try:
        layer = get_channel_layer()
        assert layer is not None
        channel = asyncio.run_coroutine_threadsafe(layer.new_channel(), loop).result(5)
        asyncio.run_coroutine_threadsafe(layer.group_add("game.7", channel), loop).result(5)
        send_events([("game.7", {"type": "game.moved", "n": 1})], loop)
        message = asyncio.run_coroutine_threadsafe(layer.receive(channel), loop).result(5)
        assert message == {"type": "game.moved", "n": 1}
    finally:
        loop.call_soon_threadsafe(loop.stop)
        thread.join(timeout=5)
        loop.close()
