"""WebSocket consumers: check the path, join a group, send a snapshot, relay the updates.

They hold no game logic and no protocol: ``games.live`` publishes after each commit and
defines the messages (``games.live.protocol``); the fan-out and the in-order relay of each
socket are ``games.live.fanout``'s, database reads from the loop ``games.live.loops``'s.

Close codes: 4400 a malformed board, id or ``who``, 4404 a game (or path) that does not exist or is
another player's sealed game, or a board whose REST answer is a 404 (a day to come, a past day
without deals: ``games.selectors.board_shown``, one rule for both), 4403 a deal code's board
while its layout is a sealed daily's, 1011 the channel layer or database failed at connect
(reconnect later), 1013 a client too slow to keep up (reconnect for a fresh snapshot).
A board's socket ignores what a client sends; a game's socket reads moves
(``games.socket_moves``, which adds 4401 a bad token and 1008 too many malformed frames).
"""

from __future__ import annotations

import logging
from collections.abc import Callable
from typing import Any
from urllib.parse import parse_qs

from channels.consumer import get_handler_name
from channels.generic.websocket import AsyncWebsocketConsumer
from channels.layers import get_channel_layer

from games import live
from games.boards import Who, parse_board, parse_who, ranking_board
from games.errors import BadBoard, BadWho, GameNotFound, ServiceError
from games.live.fanout import LocalFanout, Outbox, local_fanout
from games.live.loops import read_in_thread
from games.live.protocol import Message
from games.selectors.board_shown import board_shown
from games.selectors.games import game_for, game_get
from games.socket_moves import SocketMoves

logger = logging.getLogger(__name__)

CLOSE_SERVER_ERROR = 1011
CLOSE_TOO_SLOW = 1013  # "try again later"
#: A refusal's close code is this plus its HTTP status (4400, 4403, 4404).
CLOSE_OFFSET = 4000
CLOSE_BAD_REQUEST = 4400
CLOSE_NOT_FOUND = 4404


#: A channel-layer alias that is not configured: channels then gives a consumer no layer.
NO_CHANNEL_OF_ITS_OWN = "canfield.no-channel-of-its-own"


class RelayConsumer(AsyncWebsocketConsumer):
    """Common part: one group, a snapshot, then numbered messages relayed in order.

    A socket has no channel of its own: its updates come through the process's fan-out, which
    holds the one subscription per board and process. Channels would otherwise give every
    consumer a channel it never receives on: with the Redis pub/sub layer a ``SUBSCRIBE`` per
    socket, and per socket a queue and a task waiting on it (objects that every full garbage
    collection walks: at 5,000 sockets a process, one such collection stalled it for about a
    second, ``bench/ws_fanout.py``).
    """

    channel_layer_alias = NO_CHANNEL_OF_ITS_OWN
    group: str | None = None
    outbox: Outbox | None = None
    fanout: LocalFanout | None = None

    async def start(self, *, group: str, snapshot: Callable[[], Message]) -> None:
        """Join ``group`` first, then take the snapshot: nothing can fall between the two.

        Updates that arrive meanwhile wait in the outbox, which drops those the snapshot
        already holds. If the channel layer or the database fails (Redis down), the socket
        is closed with 1011 (server error) and the client reconnects later; the server goes on.
        """
        self.outbox = Outbox(send=self.send_text, too_slow=self.close_too_slow)
        try:
            self.fanout = local_fanout(get_channel_layer())
            await self.fanout.join(group, self.outbox)
            self.group = group
            message = await read_in_thread(snapshot)
        except Exception:
            logger.exception("live watcher of %s not started", group)
            await self.close(code=CLOSE_SERVER_ERROR)
            return
        await self.send(text_data=message.text())
        self.outbox.start(last=message.number)

    async def dispatch(self, message: dict[str, Any]) -> None:
        """Channels' dispatch without its ``close_old_connections`` before every message.

        Channels runs that on the process's one thread-sensitive thread for each frame a
        client sends, so every frame of every socket of a process queued behind the others
        for a thread hop that found nothing to close: these consumers use the database only
        through ``read_in_thread``, which closes its connection in the thread that opened
        it, and the event loop's thread never holds one. A move over a game's socket took
        two thread hops; it now takes one (``bench/load.py --path socket``, docs/performance.md).
        """
        handler = getattr(self, get_handler_name(message), None)
        if handler is None:
            raise ValueError(f"No handler for message type {message['type']}")
        await handler(message)

    async def send_text(self, text: str) -> None:
        await self.send(text_data=text)

    async def close_too_slow(self) -> None:
        await self.close(code=CLOSE_TOO_SLOW)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """A board's watchers have nothing to say: whatever they send is ignored (a game's
        socket reads moves: ``GameConsumer.receive``)."""

    async def disconnect(self, code: int) -> None:
        if self.outbox is not None:
            self.outbox.stop()
        if self.group is not None and self.fanout is not None and self.outbox is not None:
            try:
                await self.fanout.leave(self.group, self.outbox)
            except Exception:  # Redis down: its subscriptions are gone with it anyway
                logger.warning("live watcher of %s not removed from its group", self.group)

    async def refuse(self, code: int) -> None:
        """Accept, then close with ``code``: a close code before accepting is only an HTTP 403."""
        await self.accept()
        await self.close(code=code)


class LeaderboardConsumer(RelayConsumer):
    """``ws/leaderboards/<board>/``: a board's snapshot, then one ``entry`` per change, of
    its people, or with ``?who=bots`` of its declared bots (the bots partition's group).

    ``?who=all`` is refused (4400, as any other ``who``): versions are consecutive per
    partition, and one stream mixing two counters could not show a gap; a client that
    wants both opens one socket per partition and merges by the ranks of
    ``GET /api/leaderboards/<board>/?who=all``."""

    async def connect(self) -> None:
        try:
            named = self.scope["url_route"]["kwargs"]["board"]
            parse_board(named)  # a malformed name costs no database read
            who = parse_who(query_value(self.scope, "who"))
        except (BadBoard, BadWho):
            await self.refuse(CLOSE_BAD_REQUEST)
            return
        if who is Who.ALL:
            await self.refuse(CLOSE_BAD_REQUEST)
            return
        try:
            board = (await read_in_thread(lambda: board_shown(named))).id
        except ServiceError as refused:  # what REST answers, as a close code: 4000 + status
            await self.refuse(CLOSE_OFFSET + refused.status)
            return
        board = ranking_board(board, bot=who is Who.BOTS)
        await self.accept()
        await self.start(
            group=live.leaderboard_group(board),
            snapshot=lambda: live.board_snapshot(board),
        )


def query_value(scope: dict[str, Any], name: str) -> str | None:
    """The last value of query parameter ``name`` of a socket's URL (None: absent), as a
    REST query's last value wins."""
    raw = scope.get("query_string", b"")
    values = parse_qs(raw.decode("latin-1"), keep_blank_values=True).get(name)
    return values[-1] if values else None


class GameConsumer(RelayConsumer):
    """``ws/games/<id>/``: the game's board, then one ``action`` per appended action. A
    sealed game is watched by its owner alone (another tab of theirs): 4404 for anyone
    else, as for a game that does not exist. Its owner may move on it too
    (``games.socket_moves``: each frame is answered there, in the order sent)."""

    moves: SocketMoves | None = None

    async def connect(self) -> None:
        raw = self.scope["url_route"]["kwargs"]["game_id"]
        if not (raw.isascii() and raw.isdigit()) or len(raw) > 19:
            await self.refuse(CLOSE_BAD_REQUEST)
            return
        game_id = int(raw)
        viewer = self.scope.get("user")
        try:
            game = await read_in_thread(lambda: game_for(game_id=game_id, viewer=viewer))
        except GameNotFound:
            await self.refuse(CLOSE_NOT_FOUND)
            return
        self.moves = SocketMoves(game_id=game_id, owner_id=game.player_id, scope=self.scope)
        await self.accept()
        await self.start(
            group=live.game_group(game_id),
            snapshot=lambda: live.game_snapshot(game_get(game_id=game_id)),
        )

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        if self.moves is None:
            return
        reply = await self.moves.receive(text_data, bytes_data)
        if reply.text is not None:
            await self.send(text_data=reply.text)
        if reply.close is not None:
            await self.close(code=reply.close)


class NotFoundConsumer(AsyncWebsocketConsumer):
    """Any other ``ws/`` path: a clear 4404 instead of an error in the server log."""

    channel_layer_alias = NO_CHANNEL_OF_ITS_OWN

    async def connect(self) -> None:
        await self.accept()
        await self.close(code=CLOSE_NOT_FOUND)

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """Ignored: the socket is closing."""
