"""WebSocket consumers: join a group, send a snapshot, relay what the append path publishes.

They hold no game logic. ``games.live`` publishes after each commit; a consumer only checks
the path, sends the snapshot and relays messages in order of their number (a board's
``version``, a game's ``seq``). Group membership goes through ``LocalFanout``: one
channel-layer subscription per group and process, whatever the number of local sockets.

Close codes: 4400 a malformed board or id, 4404 a game (or path) that does not exist or is
another player's sealed game, 1011
the channel layer or database failed at connect (reconnect later), 1013 a client too slow
to keep up (reconnect for a fresh snapshot). Anything a client sends is ignored.
"""

from __future__ import annotations

import asyncio
import json
import logging
from collections import deque
from collections.abc import Awaitable, Callable
from typing import Any

from channels.db import database_sync_to_async
from channels.generic.websocket import AsyncWebsocketConsumer
from django.db import close_old_connections

from games import live
from games.boards import parse_board
from games.errors import BadBoard, GameNotFound
from games.selectors.games import game_for, game_get

logger = logging.getLogger(__name__)

CLOSE_SERVER_ERROR = 1011
CLOSE_TOO_SLOW = 1013  # "try again later"
CLOSE_BAD_REQUEST = 4400
CLOSE_NOT_FOUND = 4404

#: Updates a slow watcher may have waiting before it is closed (it then reconnects).
MAX_OUTBOX = 1000

#: How long a relay waits for a missing number before passing the gap on to the client.
REORDER_WAIT_S = 0.25


def read_in_thread(read: Callable[[], Any]) -> Awaitable[Any]:
    """Run a database read in a worker thread and close its connection there afterwards.

    ``database_sync_to_async`` is meant to do that closing, but with channels 4.3 and
    asgiref 3.13 a connection opened inside such a call was observed to stay open after it
    (a test database could not be dropped: "being accessed by other users"). Closing inside
    the call, in the thread and context that opened the connection, works either way.
    """

    def read_then_close() -> Any:
        try:
            return read()
        finally:
            close_old_connections()

    return database_sync_to_async(read_then_close)()


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
        self.members: dict[str, set[RelayConsumer]] = {}
        self._lock = asyncio.Lock()
        self._reader: asyncio.Task[None] | None = None

    async def join(self, group: str, watcher: RelayConsumer) -> None:
        async with self._lock:
            if self.channel is None:
                self.channel = await self.layer.new_channel()
                self._reader = asyncio.create_task(self._read(self.channel))
            if group not in self.members:
                await self.layer.group_add(group, self.channel)
                self.members[group] = set()
            self.members[group].add(watcher)

    async def leave(self, group: str, watcher: RelayConsumer) -> None:
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


class RelayConsumer(AsyncWebsocketConsumer):
    """Common part: one group, a snapshot, then numbered messages relayed in order."""

    group: str | None = None
    relay: InOrderRelay | None = None
    fanout: LocalFanout | None = None

    async def start(self, *, group: str, snapshot: Callable[[], dict[str, Any]], key: str) -> None:
        """Join ``group`` first, then take the snapshot: nothing can fall between the two.

        Updates that arrive meanwhile wait in the outbox and go through the relay, which
        drops those the snapshot already holds. If the channel layer or the database fails
        (Redis down), the socket is closed with 1011 (server error) and the client
        reconnects later; the server goes on.
        """
        self.outbox: deque[tuple[int, str]] = deque()
        self.wakeup = asyncio.Event()
        self.too_slow = False
        try:
            self.fanout = local_fanout(self.channel_layer)
            await self.fanout.join(group, self)
            self.group = group
            message = await read_in_thread(snapshot)
        except Exception:
            logger.exception("live watcher of %s not started", group)
            await self.close(code=CLOSE_SERVER_ERROR)
            return
        self.relay = InOrderRelay(last=message[key], send=self.send_text, wait=REORDER_WAIT_S)
        await self.send(text_data=json.dumps(message, separators=(",", ":")))
        self.writer = asyncio.create_task(self._write())

    def deliver(self, number: int, text: str) -> None:
        """Take an update from the fan-out without waiting (a slow socket stalls no other)."""
        if len(self.outbox) >= MAX_OUTBOX:
            # This client reads far slower than the board changes: drop it; on reconnecting
            # it gets a fresh snapshot instead of an ever longer backlog.
            self.outbox.clear()
            self.too_slow = True
        else:
            self.outbox.append((number, text))
        self.wakeup.set()

    async def _write(self) -> None:
        assert self.relay is not None
        while True:
            await self.wakeup.wait()
            self.wakeup.clear()
            if self.too_slow:
                await self.close(code=CLOSE_TOO_SLOW)
                return
            while self.outbox:
                number, text = self.outbox.popleft()
                await self.relay.offer(number, text)

    async def send_text(self, text: str) -> None:
        await self.send(text_data=text)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Clients have nothing to say on these sockets: whatever they send is ignored."""

    async def disconnect(self, code: int) -> None:
        writer = getattr(self, "writer", None)
        if writer is not None:
            writer.cancel()
        if self.relay is not None:
            self.relay.close()
        if self.group is not None and self.fanout is not None:
            try:
                await self.fanout.leave(self.group, self)
            except Exception:  # Redis down: its subscriptions are gone with it anyway
                logger.warning("live watcher of %s not removed from its group", self.group)

    async def refuse(self, code: int) -> None:
        """Accept, then close with ``code``: a close code before accepting is only an HTTP 403."""
        await self.accept()
        await self.close(code=code)


class LeaderboardConsumer(RelayConsumer):
    """``ws/leaderboards/<board>/``: a board's snapshot, then one ``entry`` per change."""

    async def connect(self) -> None:
        try:
            board = parse_board(self.scope["url_route"]["kwargs"]["board"]).id
        except BadBoard:
            await self.refuse(CLOSE_BAD_REQUEST)
            return
        await self.accept()
        await self.start(
            group=live.leaderboard_group(board),
            snapshot=lambda: live.board_snapshot(board),
            key="version",
        )


class GameConsumer(RelayConsumer):
    """``ws/games/<id>/``: the game's board, then one ``action`` per appended action. A
    sealed game is watched by its owner alone (another tab of theirs): 4404 for anyone
    else, as for a game that does not exist."""

    async def connect(self) -> None:
        raw = self.scope["url_route"]["kwargs"]["game_id"]
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 19:
            await self.refuse(CLOSE_BAD_REQUEST)
            return
        game_id = int(raw)
        viewer = self.scope.get("user")
        try:
            await read_in_thread(lambda: game_for(game_id=game_id, viewer=viewer))
        except GameNotFound:
            await self.refuse(CLOSE_NOT_FOUND)
            return
        await self.accept()
        await self.start(
            group=live.game_group(game_id),
            snapshot=lambda: live.game_snapshot(game_get(game_id=game_id)),
            key="seq",
        )


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Any other ``ws/`` path: a clear 4404 instead of an error in the server log."""

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Ignored: the socket is closing."""
