"""Live updates: what WebSocket watchers are told after a game's log grows.

The service calls :func:`game_changed` through ``transaction.on_commit`` from every write path
(live move, tap, undo, resign, submission, new game), so a watcher never hears of a state
that was rolled back. This module turns that call into channel-layer messages:

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
ends on the latest entry even when two processes publish concurrently.

Rank changes of *other* players caused by a move are implied, not sent: the message carries
the moved entry's new rank, and a client re-sorts its entries after applying it. Entries
carry ``reached_at`` (as the REST API's do), so the re-sort can use the board's exact order
(most cards, fewest moves, earliest ``reached_at``) and recount ranks locally; the stored
numbers of the others are refreshed by their own next change or the next snapshot. Sending
every shifted rank would make a move cost O(board) messages instead of one.

The JSON text of a message is encoded once here, not once per watcher: consumers relay the
text as is, which matters when thousands of sockets watch one board.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections import defaultdict
from dataclasses import asdict
from functools import cache
from typing import Any

import redis
from asgiref.sync import async_to_sync
from channels.layers import get_channel_layer
from django.conf import settings

from engine import Game as EngineGame
from games.api.serializers import EntryOut
from games.models import Game
from games.replaying import RESIGN, deal_from_code, play_token
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


def leaderboard_group(code: str) -> str:
    """Channel-layer group of a board; deal codes (``CF1-D3-ABCDEFG``) are valid group text."""
    return f"leaderboard.{code}"


def game_group(game_id: int) -> str:
    """Channel-layer group of one game's spectators."""
    return f"game.{game_id}"


# --- Board versions ---------------------------------------------------------------------------


class LocalVersions:
    """Per-board counters of this process: enough for the single-process embedded default."""

    def __init__(self) -> None:
        self._lock = threading.Lock()
        self._values: defaultdict[str, int] = defaultdict(int)

    def bump(self, code: str) -> int:
        with self._lock:
            self._values[code] += 1
            return self._values[code]

    def current(self, code: str) -> int:
        with self._lock:
            return self._values[code]


class RedisVersions:
    """Per-board counters in Redis: ``INCR`` is atomic, so every process agrees on the order."""

    def __init__(self, url: str, prefix: str) -> None:
        # Short timeouts: this runs in the request thread after the commit, and a hung
        # Redis must cost a live update, not a player's HTTP answer.
        self._redis = redis.Redis.from_url(url, socket_timeout=1, socket_connect_timeout=1)
        self._prefix = prefix

    def key(self, code: str) -> str:
        return f"{self._prefix}:live:board-version:{code}"

    def bump(self, code: str) -> int:
        pipe = self._redis.pipeline(transaction=True)
        pipe.incr(self.key(code))
        pipe.expire(self.key(code), VERSION_KEY_TTL_S)
        version, _ = pipe.execute()
        return int(version)

    def current(self, code: str) -> int:
        value = self._redis.get(self.key(code))
        return int(value) if value is not None else 0


@cache
def board_versions(redis_url: str, prefix: str) -> LocalVersions | RedisVersions:
    """The version counters for a configuration (one instance per process and setting)."""
    return RedisVersions(redis_url, prefix) if redis_url else LocalVersions()


def versions() -> LocalVersions | RedisVersions:
    return board_versions(settings.REDIS_URL, settings.CACHE_KEY_PREFIX)


# --- Messages (the protocol's JSON) -------------------------------------------------------------


def entry_json(entry: RankedEntry) -> dict[str, Any]:
    """An entry exactly as ``GET /api/leaderboards/<CODE>/`` shows it.

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

    def get(self, code: str, version: int) -> dict[str, Any] | None:
        with self._lock:
            built_at, snapshot = self._snapshots.get(code, (0.0, None))
        if snapshot is None or snapshot["version"] != version:
            return None
        return snapshot if time.monotonic() - built_at <= self._max_age else None

    def clear(self) -> None:
        with self._lock:
            self._snapshots.clear()

    def put(self, code: str, snapshot: dict[str, Any]) -> None:
        with self._lock:
            if len(self._snapshots) >= self._max_boards:
                self._snapshots.clear()
            self._snapshots[code] = (time.monotonic(), snapshot)


snapshot_cache = SnapshotCache()


def board_snapshot(code: str) -> dict[str, Any]:
    """The ``snapshot`` message of a board: its version first, then the top entries.

    Reading the version *before* the entries means every change the entries miss has a
    larger version, so a consumer may drop messages up to this version (already included).
    """
    version = versions().current(code)
    cached = snapshot_cache.get(code, version)
    if cached is not None:
        return cached
    page: LeaderboardPage = leaderboard_page(code=code, limit=SNAPSHOT_SIZE)
    snapshot = {
        "type": "snapshot",
        "code": code,
        "version": version,
        "total": page.total,
        "entries": [entry_json(entry) for entry in page.entries],
    }
    snapshot_cache.put(code, snapshot)
    return snapshot


def game_snapshot(game: Game) -> dict[str, Any]:
    """The ``state`` message of a game: its seq and the board after it."""
    return {
        "type": "state",
        "game": game.id,
        "seq": game.seq,
        "state": EngineGame.from_snapshot(game.snapshot).state(),
    }


def states_after(game: Game, seqs: list[int]) -> dict[int, dict[str, Any]]:
    """The board after each action in ``seqs`` of a committed game.

    A single live move is the game row's own snapshot (O(1)); a batch (a submission) or a
    row that has moved on since is replayed once from the stored log, recording the states
    on the way (O(log), never O(log) per action).
    """
    if seqs == [game.seq]:
        return {game.seq: EngineGame.from_snapshot(game.snapshot).state()}
    wanted = set(seqs)
    engine_game = EngineGame(deal_from_code(game.code))
    states: dict[int, dict[str, Any]] = {}
    for seq, token in game.actions.filter(seq__lte=max(seqs)).values_list("seq", "token"):
        if token != RESIGN:
            play_token(engine_game, token)
        if seq in wanted:
            states[seq] = engine_game.state()
    return states


# --- Publishing ---------------------------------------------------------------------------------


def publish(group: str, event_type: str, number: int, message: dict[str, Any]) -> None:
    """Send one protocol message to a group; ``number`` (version or seq) orders relays."""
    layer = get_channel_layer()
    if layer is None:
        return
    text = json.dumps(message, separators=(",", ":"))
    event = {"type": event_type, "group": group, "number": number, "text": text}
    async_to_sync(layer.group_send)(group, event)


def publish_entry(code: str, player_id: int) -> None:
    """Bump the board's version, then read and send the player's entry as it is now."""
    version = versions().bump(code)
    entry = leaderboard_entry_ranked(code=code, player_id=player_id)
    if entry is None:
        # The entry is gone (cannot happen today: entries are never removed by play). The
        # version still moved, so watchers see a gap and re-fetch: the safe answer.
        return
    message = {"type": "entry", "code": code, "version": version, "entry": entry_json(entry)}
    publish(leaderboard_group(code), ENTRY_EVENT, version, message)


def publish_actions(game: Game, actions: list[dict]) -> None:
    """One ``action`` message per appended action, in seq order, each with its board."""
    states = states_after(game, [action["seq"] for action in actions])
    for action in actions:
        message = {
            "type": "action",
            "game": game.id,
            "seq": action["seq"],
            "token": action["token"],
            "score": action["score_after"],
            "state": states[action["seq"]],
        }
        publish(game_group(game.id), ACTION_EVENT, action["seq"], message)


def game_changed(*, game_id: int, code: str, actions: list[dict], board_changed: bool) -> None:
    """Tell WebSocket watchers that a game changed; called once per committed write.

    The service calls this through ``transaction.on_commit`` after every committed append: a
    live move, a resignation, a submission (all its actions at once) and also a new game
    (``actions == []``, it just joined the board of its code). ``actions`` are the appended
    actions in order, each ``{"seq": int, "token": str, "score_after": int}``;
    ``board_changed`` is true when the player's leaderboard entry for ``code`` changed.
    It runs after the commit, so it may read the database and sees the new rows.

    It never raises: the write is committed and its HTTP answer must not become a 500
    because a watcher could not be told (watchers notice the gap and re-fetch).
    """
    try:
        game = Game.objects.filter(pk=game_id).first()
        if game is None:
            return
        if board_changed:
            publish_entry(code, game.player_id)
        if actions:
            publish_actions(game, actions)
    except Exception:
        logger.exception("live update of game %s (%s) not sent", game_id, code)
