"""Publishing: what WebSocket watchers are told after a game's log grows.

Every write path (live move, tap, undo, resign, submission, hint, hold) raises its events
(``games.events``) and ``games.services.announcing`` hands them to :func:`game_changed` after
the commit, so a watcher never hears of a state that was rolled back. The call only queues
the change: one background thread per process (:mod:`games.live.background`) turns queued
changes into channel-layer messages, so a move's answer never waits for Redis, the rank read
or the sends. That thread handles changes in
commit order, a batch at a time (whatever queued up while it was busy), and folds a batch:
several changes of one player's entry on one board make one message, read after all of them:

* the game's group (``game.<id>``) gets one ``action`` message per appended action, with the
  board after it (what a spectator draws);
* the board's group (``leaderboard.<CODE>``) gets one ``entry`` message when the player's
  entry changed, carrying the entry as it is now (rank included) and a per-board ``version``.

Versions are what lets a client notice a missed message (``games.live.versions``). The
counter is bumped *before* the entry is read (with the rank index, in the same command: the
bump's script first, then the entries' reads, all in one script): then the message with the
highest version of a player always carries a state read after that player's last
commit, so a client that applies messages in version order ends on the latest entry even
when two processes publish concurrently. A change that could not be announced (the queue
was full, Redis was down) still costs its board one version, bumped later without a message:
the gap is how a client knows it must re-fetch.

Rank changes of *other* players caused by a move are implied, not sent: the message carries
the moved entry's new rank (the server's, from ``games.ranking``), and a client places the
entry by it; the stored ranks of the others are refreshed by their own next change or the
next snapshot. Clients never re-rank: the rule lives on the server alone. Sending every
shifted rank would make a move cost O(board) messages instead of one.

The JSON text of a message (``games.live.protocol``) is encoded once here, not once per
watcher: consumers relay the text as is, which matters when thousands of sockets watch one
board. A batch reads what it announces with as few queries as it can: none for the actions (the
service hands over each one's board state; a submission announces its last action alone),
the count rows once per board and every board's changed entries from the rank index in one
round trip with the versions' bump, the game rows in one query for an action that came
without its board.

A batch is sent in one command (``games.live.direct``: its ``PUBLISH``es in one script) from
this thread, on the versions' connection, without a hop onto the server's event loop: a
batch costs Redis two round trips on one connection, however many moves and boards it folds:
the bump with the reads (every changed player's, in the bump's command), then the messages: two
commands (``bench/announce_cost.py``, ``tests/games/live/test_announce_cost.py``).
"""

from __future__ import annotations

import asyncio
import logging
import threading
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from django.db import connections

from games import rank_index
from games.events import ActionAppended, EntryChanged, Event
from games.live.background import BackgroundPublisher
from games.live.loops import send_events, server_loop
from games.live.protocol import (
    ActionMessage,
    EntryMessage,
    action_event,
    entry_event,
)
from games.live.snapshots import board_snapshot, states_after
from games.live.versions import RedisVersions, versions
from games.models import Game
from games.selectors.leaderboard_sql import BoardCounts
from games.selectors.leaderboards import leaderboard_entries_ranked
from shared import redis_clients

logger = logging.getLogger(__name__)

#: The status of an action that did not end its game.
PLAYING = Game.Status.PLAYING.value


@dataclass(frozen=True)
class GameChange:
    """One committed write's events (``games.events``), to announce.

    ``loop`` is the event loop of the ASGI server (or test) whose thread committed it
    (``games.live.loops.server_loop``)."""

    events: tuple[Event, ...]
    loop: asyncio.AbstractEventLoop | None

    def boards_changed(self) -> list[str]:
        """The boards of the entries this write changed."""
        return [event.board for event in self.events if isinstance(event, EntryChanged)]


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


def entry_events(entries: list[tuple[str, int]]) -> list[tuple[str, dict[str, Any]]]:
    """The ``entry`` messages of ``(board, player_id)`` pairs, each read after its bump.

    One version per pair even when the batch held several changes of it: the entry is read
    now, after all of them were committed. Boards that missed an announcement earlier get
    their gap in the same round trip.
    """
    gaps = missed_boards.take()
    players: dict[str, list[int]] = {}  # by board, boards in order of first change
    for board, player_id in entries:
        players.setdefault(board, []).append(player_id)
    boards = [board for board, player_ids in players.items() for _ in player_ids]
    try:
        bumped, reads = bumped_then_read([*gaps, *boards], players)
    except Exception:
        missed_boards.add([*gaps, *boards])
        raise
    numbers = iter(bumped[len(gaps) :])
    events = []
    for board, player_ids in players.items():  # one count read and one index read per board
        counts, found = reads.get(board, (None, None))
        ranked = leaderboard_entries_ranked(
            board=board, player_ids=player_ids, counts=counts, found=found
        )
        changed = [(player_id, next(numbers)) for player_id in player_ids]
        gone = False
        for (_, version), entry in zip(changed, ranked, strict=True):
            if entry is None:
                gone = True  # held for a fair-play review (a link found mid-game, a signal)
                continue
            events.append(entry_event(EntryMessage(board=board, version=version, entry=entry)))
        if gone:
            # An entry left the board: no ``entry`` message can say so, so the board's
            # snapshot goes instead (read after the bump, so it is at least as new), and every
            # watcher redraws from it at once rather than at the next change.
            events.append(entry_event(board_snapshot(board)))
    return events


#: A board's entries read with the versions' bump: its count rows, the rank index's answers.
BoardRead = tuple[BoardCounts, list[rank_index.IndexedPage | rank_index.PlayerNotIndexed | None]]


def bumped_then_read(
    keys: list[str], players: dict[str, list[int]]
) -> tuple[list[int], dict[str, BoardRead]]:
    """The versions of ``keys`` bumped and, with the rank index, every board's changed entries
    read in the same round trip, on the versions' connection (the bump first: what is read is
    at least as new as the version it goes out with). No reads when they did not go with the
    bump (no index, or it failed): each board is then read on its own, after the bump."""
    store = versions()
    if isinstance(store, RedisVersions) and rank_index.enabled():
        counts = {board: BoardCounts(board) for board in players}  # the index's check, first
        ran, found = rank_index.boards_entries_after(
            store.bump_call(keys),
            [(board, player_ids, counts[board].total) for board, player_ids in players.items()],
            use=redis_clients.VERSIONS,
        )
        if ran is not None:
            return store.bumped(ran), {
                board: (counts[board], board_found)
                for board, board_found in zip(players, found, strict=True)
            }
    return store.bump_many(keys), {}


def action_events(
    game_id: int, game: Game | None, actions: list[ActionAppended], finished: dict[int, str]
) -> list[tuple[str, dict[str, Any]]]:
    """One ``action`` message per appended action, in seq order, each with its board: the
    one the service built (``state``) or, for the others, replayed from ``game`` (None when
    every action carries its state); its status ``finished``'s for the action that ended the
    game (by seq), else playing."""
    missing = [action.seq for action in actions if action.state is None]
    states = states_after(game, missing) if missing and game is not None else {}
    events = []
    for action in actions:
        state = action.state if action.state is not None else states.get(action.seq)
        if state is None:
            continue  # the game is gone (cannot happen: games are never deleted by play)
        message = ActionMessage(
            game=game_id,
            seq=action.seq,
            token=action.token,
            score=action.score_after,
            state=state,
            status=finished.get(action.seq, PLAYING),
        )
        events.append(action_event(message))
    return events


#: Who else hears of a batch's changed entries, after the boards' own messages: functions of
#: the (ranking board, player id) pairs that return more (group, event) pairs to send. The
#: table is a higher layer's hook (``leagues`` adds its leagues' boards in ``apps.ready``).
EntryFollower = Callable[[list[tuple[str, int]]], list[tuple[str, dict[str, Any]]]]
entry_followers: list[EntryFollower] = []


def followers_events(entries: list[tuple[str, int]]) -> list[tuple[str, dict[str, Any]]]:
    """What ``entry_followers`` send for ``entries``; one that fails costs its own messages
    only (its watchers see the gap), never the boards'."""
    events: list[tuple[str, dict[str, Any]]] = []
    for follower in entry_followers:
        try:
            events.extend(follower(entries))
        except Exception:
            logger.exception("%s failed on %d changed entries", follower.__name__, len(entries))
    return events


def batch_events(changes: list[GameChange]) -> list[tuple[str, dict[str, Any]]]:
    """The channel-layer events announcing ``changes`` (in commit order), folded.

    Entries first, one per changed (board, player) in order of first change; then each
    game's actions in seq order. Groups never share messages, so that order is only within a
    group, where it is version order and seq order.
    """
    entries: dict[tuple[str, int], None] = {}
    actions: dict[int, list[ActionAppended]] = {}
    finished: dict[int, dict[int, str]] = {}
    for change in changes:
        for event in change.events:
            if isinstance(event, EntryChanged):
                entries[(event.board, event.player_id)] = None
            elif isinstance(event, ActionAppended):
                actions.setdefault(event.game_id, []).append(event)
            else:
                finished.setdefault(event.game_id, {})[event.seq] = event.status
    unknown = {
        game_id
        for game_id, appended in actions.items()
        if any(action.state is None for action in appended)
    }
    games = Game.objects.in_bulk(unknown) if unknown else {}  # one query, often none
    events = entry_events(list(entries)) if entries else []
    if entries:
        events.extend(followers_events(list(entries)))
    for game_id, appended in actions.items():
        events.extend(
            action_events(game_id, games.get(game_id), appended, finished.get(game_id, {}))
        )
    return events


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
    """The publisher thread's database connections, closed when it goes idle (back to the
    pool on PostgreSQL): a background thread must not hold one for nothing (one of its
    worker's pooled connections, nor keep a test database from being dropped)."""
    connections.close_all()


#: How long a batch waits after its first change for more when the one before held several
#: (``BackgroundPublisher``'s ``linger``), so that a busy board's moves go out in one batch
#: (one bump, one read, one publish, one count read) rather than each in its own; a watcher
#: then sees a move up to that much later (``bench/announce_cost.py``: docs/performance.md).
BATCH_LINGER_S = 0.020

publisher: BackgroundPublisher[GameChange] = BackgroundPublisher(
    handle_batch=publish_changes,
    on_idle=close_publisher_connections,
    idle_after=0.25,
    capacity=10_000,
    max_batch=500,
    linger=BATCH_LINGER_S,
    name="live-publisher",
)


def wait_idle(timeout: float = 5.0) -> bool:
    """Wait until every change announced so far in this process is published (for tests)."""
    return publisher.wait_idle(timeout=timeout)


def game_changed(events: Sequence[Event]) -> None:
    """Tell WebSocket watchers of a committed write's ``events`` (``games.events``): its
    appended actions, its changed entries, the game's end. The handler of
    ``games.services.announcing`` calls it after each commit that raised any.

    It only queues the change for this process's publisher thread and returns, so the
    write's answer never waits for Redis or the rank read. It never raises: the write is
    committed and its answer must not become a 500 because a watcher could not be told
    (watchers notice the gap and re-fetch).
    """
    try:
        change = GameChange(events=tuple(events), loop=server_loop())
        if not publisher.submit(change):
            missed_boards.add(change.boards_changed())
    except Exception:
        logger.exception("live update of %d event(s) not queued", len(events))
