"""Fan-out of live updates inside one process, and the in-order relay to each socket.

One channel-layer subscription per group and process (``LocalFanout``) hands every update's
text to the local sockets watching the group; each socket's ``Outbox`` takes it without
waiting and writes it through an ``InOrderRelay``, which puts numbered messages (a board's
``version``, a game's ``seq``) back in order and drops repeats. The consumers only wire a
socket to these (``games.consumers``).
"""

from __future__ import annotations

import asyncio
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any, Protocol

logger = logging.getLogger(__name__)

#: Updates a slow watcher may have waiting before it is closed (it then reconnects).
MAX_OUTBOX = 1000

#: How long a relay waits for a missing number before passing the gap on to the client.
REORDER_WAIT_S = 0.25


class Watcher(Protocol):
    """A local socket's receiving end, as the fan-out sees it."""

    def deliver(self, number: int, text: str) -> None: ...


class InOrderRelay:
    """Relays numbered messages to one socket in order, once each.

    Two server processes may publish versions 6 and 7 of a board in the wrong order (each
    bumps the counter, then sends). The relay holds a message that arrives ahead of a gap
    for up to ``wait`` seconds; if the gap fills, both go out in order, otherwise the held
    ones go out anyway and the client, seeing the gap, re-fetches. Numbers at or below the
    last one sent (already in the snapshot, or repeated) are dropped.
    """

    def __init__(self, *, last: int, send: Callable[[str], Awaitable[None]], wait: float) -> None:
        self.last = last
        self._send = send
        self._wait = wait
        self._held: dict[int, str] = {}
        self._timer: asyncio.Task[None] | None = None

    async def offer(self, number: int, text: str) -> None:
        if number <= self.last or number in self._held:
            return
        self._held[number] = text
        await self._release_in_order()
        if self._held and self._timer is None:
            self._timer = asyncio.create_task(self._give_up_waiting())

    async def _release_in_order(self) -> None:
        while self.last + 1 in self._held:
            self.last += 1
            await self._send(self._held.pop(self.last))
        if not self._held and self._timer is not None:
            self._timer.cancel()
            self._timer = None

    async def _give_up_waiting(self) -> None:
        await asyncio.sleep(self._wait)
        self._timer = None
        while self._held:
            number = min(self._held)
            text = self._held.pop(number)
            self.last = max(self.last, number)
            await self._send(text)

    def close(self) -> None:
        if self._timer is not None:
            self._timer.cancel()
            self._timer = None


class Outbox:
    """One socket's updates: taken from the fan-out at once, written in order by a task.

    Updates that arrive before ``start`` (the socket joined its group, its snapshot is still
    being read) wait here; ``start`` gives the relay the snapshot's number, so those the
    snapshot already holds are dropped. A client that lets ``limit`` updates pile up is too
    slow: ``too_slow`` is awaited (the consumer closes the socket; the client reconnects for
    a fresh snapshot instead of an ever longer backlog).
    """

    def __init__(
        self,
        *,
        send: Callable[[str], Awaitable[None]],
        too_slow: Callable[[], Awaitable[None]],
        limit: int = MAX_OUTBOX,
        wait: float = REORDER_WAIT_S,
    ) -> None:
        self._send = send
        self._too_slow = too_slow
        self._limit = limit
        self._wait = wait
        self._waiting: deque[tuple[int, str]] = deque()
        self._wakeup = asyncio.Event()
        self._overflowed = False
        self._relay: InOrderRelay | None = None
        self._writer: asyncio.Task[None] | None = None

    def deliver(self, number: int, text: str) -> None:
        """Take an update without waiting (a slow socket stalls no other)."""
        if len(self._waiting) >= self._limit:
            self._waiting.clear()
            self._overflowed = True
        else:
            self._waiting.append((number, text))
        self._wakeup.set()

    def start(self, *, last: int) -> None:
        """Start writing, dropping numbers up to ``last`` (already sent in the snapshot)."""
        self._relay = InOrderRelay(last=last, send=self._send, wait=self._wait)
        self._writer = asyncio.create_task(self._write())

    async def _write(self) -> None:
        assert self._relay is not None
        while True:
            await self._wakeup.wait()
            self._wakeup.clear()
            if self._overflowed:
                await self._too_slow()
                return
            while self._waiting:
                number, text = self._waiting.popleft()
                await self._relay.offer(number, text)

    def stop(self) -> None:
        if self._writer is not None:
            self._writer.cancel()
        if self._relay is not None:
            self._relay.close()


class LocalFanout:
    """One channel-layer subscription per group and process, relayed to the local sockets.

    Channels' own way gives each socket its own membership: every update is then queued,
    decoded and dispatched once per socket (a task, a wait, a handler lookup each), which
    was about as much CPU as writing to the socket itself (profiled with 2,000 watchers).
    Here the process joins each group once, on a channel of its own, reads each update once
    and hands its text to every local watcher of the group: the per-socket work left is the
    write. With the Redis pub/sub layer that also means one SUBSCRIBE per board and process.
    """

    def __init__(self, layer: Any) -> None:
        self.layer = layer
        self.channel: str | None = None
        self.members: dict[str, set[Watcher]] = {}
        self._lock = asyncio.Lock()
        self._reader: asyncio.Task[None] | None = None

    async def join(self, group: str, watcher: Watcher) -> None:
        async with self._lock:
            if self.channel is None:
                self.channel = await self.layer.new_channel()
                self._reader = asyncio.create_task(self._read(self.channel))
            if group not in self.members:
                await self.layer.group_add(group, self.channel)
                self.members[group] = set()
            self.members[group].add(watcher)

    async def leave(self, group: str, watcher: Watcher) -> None:
        async with self._lock:
            members = self.members.get(group)
            if members is None or watcher not in members:
                return
            members.discard(watcher)
            if not members:
                del self.members[group]
                await self.layer.group_discard(group, self.channel)

    async def _read(self, channel: str) -> None:
        """Hand each update to the group's watchers; this task must outlive any failure."""
        while True:
            try:
                event = await self.layer.receive(channel)
            except asyncio.CancelledError:
                raise
            except Exception:  # Redis down: watchers reconnect; keep reading once it is back
                logger.warning("live fan-out of %s could not read; retrying", channel)
                await asyncio.sleep(1)
                continue
            try:
                number, text = int(event["number"]), str(event["text"])
                watchers = tuple(self.members.get(event["group"], ()))
            except (KeyError, TypeError, ValueError):
                logger.warning("live fan-out ignored a malformed event: %r", event)
                continue
            for watcher in watchers:
                watcher.deliver(number, text)


#: The fan-out of each event loop and channel layer (tests run a loop and a layer per test).
_fanouts: dict[tuple[int, int], LocalFanout] = {}


def local_fanout(layer: Any) -> LocalFanout:
    key = (id(asyncio.get_running_loop()), id(layer))
    fanout = _fanouts.get(key)
    if fanout is None or fanout.layer is not layer:
        fanout = _fanouts[key] = LocalFanout(layer)
    return fanout
