"""Live updates: what WebSocket watchers are told after a game's log grows.

The service calls :func:`game_changed` through ``transaction.on_commit`` from every write path
(live move, tap, undo, resign, submission, new game), so a watcher never hears of a state
that was rolled back. The call only queues the change: one background thread per process
(:mod:`games.live_publisher`) turns queued changes into channel-layer messages, so a move's
HTTP answer never waits for Redis, the rank read or the sends. That thread handles changes in
commit order, a batch at a time (whatever queued up while it was busy), and folds a batch:
several changes of one player's entry on one board make one message, read after all of them:

* the game's group (``game.<id>``) gets one ``action`` message per appended action, with the
  board after it (what a spectator draws);
* the board's group (``leaderboard.<CODE>``) gets one ``entry`` message when the player's
  entry changed, carrying the entry as it is now (rank included) and a per-board ``version``.

Versions are what lets a client notice a missed message, so they must be monotonic across
every server process: with ``REDIS_URL`` they come from a Redis ``INCR`` per board (one
round trip, no table, no lock held in the append transaction), without it (the embedded,
single-process default) from a counter in this process. The counter is bumped *before* the
entry is read: then the message with the highest version of a player always carries a state
read after that player's last commit, so a client that applies messages in version order
ends on the latest entry even when two processes publish concurrently. A change that could
not be announced (the queue was full, Redis was down) still costs its board one version, bumped
later without a message: the gap is how a client knows it must re-fetch.

Rank changes of *other* players caused by a move are implied, not sent: the message carries
the moved entry's new rank (the server's, from ``games.ranking``), and a client places the
entry by it; the stored ranks of the others are refreshed by their own next change or the
next snapshot. Clients never re-rank: the rule lives on the server alone. Sending every
shifted rank would make a move cost O(board) messages instead of one.

The JSON text of a message is encoded once here, not once per watcher: consumers relay the
text as is, which matters when thousands of sockets watch one board.
"""

from __future__ import annotations

import asyncio
import json
import logging
import os
import threading
import time
from collections import defaultdict
from collections.abc import Iterable
from dataclasses import asdict, dataclass
from functools import cache
from typing import Any

import redis
from asgiref.sync import SyncToAsync
from channels.layers import BaseChannelLayer, get_channel_layer
from django.conf import settings
from django.db import connections

from engine import Game as EngineGame
from games.api.serializers import EntryOut
from games.live_publisher import BackgroundPublisher
from games.models import Game
from games.replaying import RESIGN, deal_from_code, play_token
from games.selectors.games import shown_state
from games.selectors.leaderboards import (
    LeaderboardPage,
    RankedEntry,
    leaderboard_entry_ranked,
    leaderboard_page,
)

logger = logging.getLogger(__name__)

#: Entries in the snapshot a watcher gets on connecting (the protocol's "top 20").
SNAPSHOT_SIZE = 20

#: Message types of the channel layer (``"leaderboard.entry"`` -> ``leaderboard_entry``).
ENTRY_EVENT = "leaderboard.entry"
ACTION_EVENT = "game.action"

#: A board's version key lives this long after its last change (idle boards free Redis).
VERSION_KEY_TTL_S = 30 * 24 * 3600


def leaderboard_group(board: str) -> str:
    """Channel-layer group of a board; board ids (``CF1-D3-ABCDEFG``,
    ``daily-2026-12-01-D3``) are valid group text."""
    return f"leaderboard.{board}"


def game_group(game_id: int) -> str:
    """Channel-layer group of one game's spectators."""
    return f"game.{game_id}"


# --- Board versions ---------------------------------------------------------------------------


class LocalVersions:
    """Per-board counters of this process: enough for the single-process embedded default."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._values: defaultdict[str, int] = defaultdict(int)

    def bump_many(self, boards: list[str]) -> list[int]:
        with self._lock:
            bumped = []
            for board in boards:
                self._values[board] += 1
                bumped.append(self._values[board])
            return bumped

    def current(self, board: str) -> int:
        with self._lock:
            return self._values[board]


class RedisVersions:
    """Per-board counters in Redis: ``INCR`` is atomic, so every process agrees on the order."""

    def __init__(self, url: str, prefix: str) -> None:
        # Short timeouts: a hung Redis must cost live updates (the publisher thread bumps), or
        # a watcher's snapshot (it reads), not block them for minutes.
        self._redis = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        self._prefix = prefix

    def key(self, board: str) -> str:
        return f"{self._prefix}:live:board-version:{board}"

    def bump_many(self, boards: list[str]) -> list[int]:
        """Bump each board once (a board listed twice is bumped twice), in order, in one round
        trip; the new versions in the same order."""
        pipe = self._redis.pipeline(transaction=False)
        for board in boards:
            pipe.incr(self.key(board))
            pipe.expire(self.key(board), VERSION_KEY_TTL_S)
        replies = pipe.execute()
        return [int(version) for version in replies[0::2]]

    def current(self, board: str) -> int:
        value = self._redis.get(self.key(board))
        return int(value) if value is not None else 0


@cache
def board_versions(redis_url: str, prefix: str) -> LocalVersions | RedisVersions:
    """The version counters for a configuration (one instance per process and setting)."""
    return RedisVersions(redis_url, prefix) if redis_url else LocalVersions()


def versions() -> LocalVersions | RedisVersions:
    return board_versions(settings.REDIS_URL, settings.CACHE_KEY_PREFIX)


# --- Messages (the protocol's JSON) -------------------------------------------------------------


def entry_json(entry: RankedEntry) -> dict[str, Any]:
    """An entry exactly as ``GET /api/leaderboards/<board>/`` shows it.

    That is the protocol's fields plus ``reached_at``: with it a client can order entries
    whose rank went stale (another player's move shifted them) by the board's own key,
    most cards, fewest moves, earliest ``reached_at``.
    """
    return dict(EntryOut(asdict(entry)).data)


class SnapshotCache:
    """The last snapshot this process built for each board, reused while it is still good.

    When thousands of watchers (re)connect to one board at once (a popular daily deal, a
    server restart), each would otherwise read the same page from the database. A cached
    snapshot is reused only for the *same* version and for ``max_age`` seconds: a watcher
    joins the group before it reads the version, and versions are bumped after the commit,
    so any change a reused snapshot misses has a larger version and reaches the watcher as
    a message. ``max_age`` bounds what a change made without a bump (a projection rebuild)
    can hide.
    """

    def __init__(self, *, max_age: float = 2.0, max_boards: int = 1024) -> None:
        self._max_age = max_age
        self._max_boards = max_boards
        self._lock = threading.Lock()
        self._snapshots: dict[str, tuple[float, dict[str, Any]]] = {}

    def get(self, board: str, version: int) -> dict[str, Any] | None:
        with self._lock:
            built_at, snapshot = self._snapshots.get(board, (0.0, None))
        if snapshot is None or snapshot["version"] != version:
            return None
        return snapshot if time.monotonic() - built_at <= self._max_age else None

    def clear(self) -> None:
        with self._lock:
            self._snapshots.clear()

    def put(self, board: str, snapshot: dict[str, Any]) -> None:
        with self._lock:
            if len(self._snapshots) >= self._max_boards:
                self._snapshots.clear()
            self._snapshots[board] = (time.monotonic(), snapshot)


snapshot_cache = SnapshotCache()


def board_snapshot(board: str) -> dict[str, Any]:
    """The ``snapshot`` message of a board: its version first, then the top entries.

    Reading the version *before* the entries means every change the entries miss has a
    larger version, so a consumer may drop messages up to this version (already included).
    """
    version = versions().current(board)
    cached = snapshot_cache.get(board, version)
    if cached is not None:
        return cached
    page: LeaderboardPage = leaderboard_page(board=board, limit=SNAPSHOT_SIZE)
    snapshot = {
        "type": "snapshot",
        "board": board,
        "version": version,
        "total": page.total,
        "entries": [entry_json(entry) for entry in page.entries],
    }
    snapshot_cache.put(board, snapshot)
    return snapshot


def game_snapshot(game: Game) -> dict[str, Any]:
    """The ``state`` message of a game: its seq and the board after it."""
    return {
        "type": "state",
        "game": game.id,
        "seq": game.seq,
        "state": shown_state(game, EngineGame.from_snapshot(game.snapshot)),
    }


def states_after(game: Game, seqs: list[int]) -> dict[int, dict[str, Any]]:
    """The board after each action in ``seqs`` of a committed game.

    A single live move is the game row's own snapshot (O(1)); a batch (a submission) or a
    row that has moved on since is replayed once from the stored log, recording the states
    on the way (O(log), never O(log) per action).
    """
    if seqs == [game.seq]:
        return {game.seq: shown_state(game, EngineGame.from_snapshot(game.snapshot))}
    wanted = set(seqs)
    engine_game = EngineGame(deal_from_code(game.code))
    states: dict[int, dict[str, Any]] = {}
    for seq, token in game.actions.filter(seq__lte=max(seqs)).values_list("seq", "token"):
        if token != RESIGN:
            play_token(engine_game, token)
        if seq in wanted:
            states[seq] = shown_state(game, engine_game)
    return states


# --- Publishing (in the background) -------------------------------------------------------------


@dataclass(frozen=True)
class GameChange:
    """One committed write to announce, as the service reported it.

    ``loop`` is the event loop of the ASGI server (or test) whose thread committed it: the
    in-memory channel layer keeps its queues on that loop, so messages must be sent there.
    """

    game_id: int
    board: str
    actions: tuple[dict[str, Any], ...]
    board_changed: bool
    loop: asyncio.AbstractEventLoop | None


class MissedBoards:
    """Boards with an entry change that was never announced (queue full, Redis down).

    The next batch bumps each one's version once more, without a message: the gap tells
    watchers they missed something and makes them re-fetch. Bounded: past ``limit`` boards
    (a long outage of a large site) the extra ones are forgotten, watchers of those keep a
    stale entry until its player's next move or their next snapshot.
    """

    def __init__(self, limit: int = 4096) -> None:
        self._limit = limit
        self._lock = threading.Lock()
        self._boards: dict[str, None] = {}

    def add(self, boards: Iterable[str]) -> None:
        with self._lock:
            for board in boards:
                if len(self._boards) < self._limit:
                    self._boards[board] = None

    def take(self) -> list[str]:
        with self._lock:
            boards, self._boards = list(self._boards), {}
            return boards


missed_boards = MissedBoards()

#: One channel-layer send may take this long; a frozen Redis costs a batch, not the thread.
SEND_TIMEOUT_S = 2.0


def server_loop() -> asyncio.AbstractEventLoop | None:
    """The event loop that runs this thread's sync code (a view, a test), if there is one.

    asgiref's ``SyncToAsync`` records it in a thread-local of the worker thread (that is how
    ``async_to_sync`` finds its way back); outside a server (a command, a benchmark) it is
    None and the publisher uses a loop of its own.
    """
    local = SyncToAsync.threadlocal
    if getattr(local, "main_event_loop_pid", None) != os.getpid():
        return None
    loop = getattr(local, "main_event_loop", None)
    return loop if isinstance(loop, asyncio.AbstractEventLoop) else None


_publisher_thread = threading.local()


def publisher_loop() -> asyncio.AbstractEventLoop:
    """The publisher thread's own event loop, kept for the thread's life.

    Reused (not a new loop per send, as ``async_to_sync`` outside a server does) so that the
    Redis channel layer, which keeps one connection per loop, connects once. It only runs
    while a batch is being sent, so the thread may use the database in between.
    """
    loop = getattr(_publisher_thread, "loop", None)
    if loop is None or loop.is_closed():
        loop = _publisher_thread.loop = asyncio.new_event_loop()
    return loop


def layer_event(event_type: str, group: str, number: int, message: dict[str, Any]) -> dict:
    """A channel-layer event for ``group``; ``number`` (version or seq) orders relays."""
    text = json.dumps(message, separators=(",", ":"))
    return {"type": event_type, "group": group, "number": number, "text": text}


def entry_events(entries: list[tuple[str, int]]) -> list[tuple[str, dict]]:
    """The ``entry`` messages of ``(board, player_id)`` pairs, each read after its bump.

    One version per pair even when the batch held several changes of it: the entry is read
    now, after all of them were committed. Boards that missed an announcement earlier get
    their gap in the same round trip.
    """
    gaps = missed_boards.take()
    boards = [board for board, _ in entries]
    try:
        numbers = versions().bump_many([*gaps, *boards])[len(gaps) :]
    except Exception:
        missed_boards.add([*gaps, *boards])
        raise
    events = []
    for (board, player_id), version in zip(entries, numbers, strict=True):
        entry = leaderboard_entry_ranked(board=board, player_id=player_id)
        if entry is None:
            # The entry is gone (cannot happen today: entries are never removed by play).
            # The version still moved, so watchers see a gap and re-fetch: the safe answer.
            continue
        message = {"type": "entry", "board": board, "version": version, "entry": entry_json(entry)}
        group = leaderboard_group(board)
        events.append((group, layer_event(ENTRY_EVENT, group, version, message)))
    return events


def action_events(game: Game, actions: list[dict[str, Any]]) -> list[tuple[str, dict]]:
    """One ``action`` message per appended action, in seq order, each with its board."""
    states = states_after(game, [action["seq"] for action in actions])
    group = game_group(game.id)
    events = []
    for action in actions:
        message = {
            "type": "action",
            "game": game.id,
            "seq": action["seq"],
            "token": action["token"],
            "score": action["score_after"],
            "state": states[action["seq"]],
        }
        events.append((group, layer_event(ACTION_EVENT, group, action["seq"], message)))
    return events


def batch_events(changes: list[GameChange]) -> list[tuple[str, dict]]:
    """The channel-layer events announcing ``changes`` (in commit order), folded.

    Entries first, one per changed (board, player) in order of first change; then each
    game's actions in seq order. Groups never share messages, so that order is only within a
    group, where it is version order and seq order.
    """
    games = Game.objects.in_bulk({change.game_id for change in changes})
    entries: dict[tuple[str, int], None] = {}
    actions: dict[int, list[dict[str, Any]]] = {}
    for change in changes:
        game = games.get(change.game_id)
        if game is None:
            continue
        if change.board_changed:
            entries[(change.board, game.player_id)] = None
        if change.actions:
            actions.setdefault(game.id, []).extend(change.actions)
    events = entry_events(list(entries)) if entries else []
    for game_id, appended in actions.items():
        events.extend(action_events(games[game_id], appended))
    return events


async def send_in_order(layer: BaseChannelLayer, events: list[tuple[str, dict]]) -> None:
    for group, event in events:
        await asyncio.wait_for(layer.group_send(group, event), SEND_TIMEOUT_S)


def send_events(events: list[tuple[str, dict]], loop: asyncio.AbstractEventLoop | None) -> None:
    """Send ``events`` in order on ``loop`` if it still runs, else on the publisher's loop."""
    layer = get_channel_layer()
    if layer is None or not events:
        return
    if loop is not None and loop.is_running():
        future = asyncio.run_coroutine_threadsafe(send_in_order(layer, events), loop)
        try:
            future.result(timeout=SEND_TIMEOUT_S * len(events))
        finally:
            future.cancel()
    else:
        publisher_loop().run_until_complete(send_in_order(layer, events))


def publish_changes(changes: list[GameChange]) -> None:
    """Announce a batch of committed changes; runs on the publisher's thread.

    The thread keeps its database connection between batches that follow each other closely
    (a new PostgreSQL connection per batch cost more than the batch's queries on a busy
    machine) and closes it when idle (``close_publisher_connections``). After a failure it
    is closed at once: it may be the broken part.
    """
    try:
        send_events(batch_events(changes), changes[-1].loop)
    except Exception:
        logger.exception("live updates of %d committed change(s) not sent", len(changes))
        connections.close_all()


def close_publisher_connections() -> None:
    """The publisher thread's database connections, closed when it goes idle: requests get
    ``CONN_MAX_AGE = 0`` under ASGI, and a background thread must not hold one for nothing
    (nor keep a test database from being dropped)."""
    connections.close_all()


publisher: BackgroundPublisher[GameChange] = BackgroundPublisher(
    handle_batch=publish_changes,
    on_idle=close_publisher_connections,
    idle_after=0.25,
    capacity=10_000,
    max_batch=500,
    name="live-publisher",
)


def wait_idle(timeout: float = 5.0) -> bool:
    """Wait until every change announced so far in this process is published (for tests)."""
    return publisher.wait_idle(timeout=timeout)


def game_changed(*, game_id: int, board: str, actions: list[dict], board_changed: bool) -> None:
    """Tell WebSocket watchers that a game changed; called once per committed write.

    The service calls this through ``transaction.on_commit`` after every committed append: a
    live move, a resignation, a submission (all its actions at once) and also a new game
    (``actions == []``, it just started on its board). ``actions`` are the appended
    actions in order, each ``{"seq": int, "token": str, "score_after": int}``;
    ``board_changed`` is true when the player's leaderboard entry for ``board`` changed.

    It only queues the change for this process's publisher thread and returns, so the HTTP
    answer never waits for Redis or the rank read. It never raises: the write is committed
    and its answer must not become a 500 because a watcher could not be told (watchers
    notice the gap and re-fetch).
    """
    try:
        change = GameChange(
            game_id=game_id,
            board=board,
            actions=tuple(actions),
            board_changed=board_changed,
            loop=server_loop(),
        )
        if not publisher.submit(change) and board_changed:
            missed_boards.add([board])
    except Exception:
        logger.exception("live update of game %s (%s) not queued", game_id, board)
