"""Loading boards into the index: by ``rebuild_projections``, and by itself, in the
background, when a read finds a board not ready."""

import logging
import threading
import time
import uuid
from collections.abc import Callable, Iterator

import redis
from django import db
from django.db.models import QuerySet

from games.models import LeaderboardEntry
from games.rank_index import scripts
from games.rank_index.store import IDLE_TTL_S, BoardKeys, board_keys, connection, key_prefix
from games.rank_index.writes import INDEXED_COLUMNS, Change, apply, change_of
from shared import redis_clients

logger = logging.getLogger(__name__)

#: Entries read from the database at a time.
BATCH = 5_000
#: Entries applied by one script call: each call blocks Redis (the channel layer's too)
#: while it runs, so a batch goes in a few short calls.
APPLY_CHUNK = 1_000
#: The build lock expires unless renewed by each batch: a build whose process died is
#: taken over after this long.
LOCK_TTL_S = 60
#: After starting (or failing to start) a background build of a board, this process waits
#: this long before trying again.
RETRY_S = 5.0


def entry_batches(entries: QuerySet[LeaderboardEntry]) -> Iterator[list[Change]]:
    """The entries in id order, ``BATCH`` at a time, each batch a short query of its own
    (no long transaction or cursor on a million-row table)."""
    last = 0
    while True:
        batch = list(
            entries.filter(id__gt=last).order_by("id").values_list(*INDEXED_COLUMNS)[:BATCH]
        )
        if not batch:
            return
        last = batch[-1][0]
        yield [change_of(values) for values in batch]


def acquire(client: redis.Redis, keys: BoardKeys, token: str, *, wait: bool) -> bool:
    """Take the board's build lock; with ``wait``, until it is free (at most its TTL)."""
    deadline = time.monotonic() + (LOCK_TTL_S if wait else 0)
    while not client.set(keys.building, token, nx=True, ex=LOCK_TTL_S):
        if time.monotonic() >= deadline:
            return False
        time.sleep(0.1)
    return True


def board_build(
    board: str, *, wait: bool = False, progress: Callable[[int], None] | None = None
) -> int | None:
    """Load every entry of ``board`` into the index, then mark it ready; the entries loaded,
    or None if another build holds the board (or the board was declared stale meanwhile).

    The index is emptied first, then filled with the revision-guarded script that live
    updates use: an update committed during the build lands either before the batch that
    reads its entry (which then reads it or a newer state) or after (and wins only if
    newer), so the build never puts back an older state.
    """
    client = connection(redis_clients.RANK_INDEX_BUILD)
    keys = board_keys(board)
    token = uuid.uuid4().hex
    if not acquire(client, keys, token, wait=wait):
        return None
    try:
        stored = client.get(keys.epoch)  # bytes (decode_responses=False), None before any
        epoch = stored.decode() if isinstance(stored, bytes) else stored or "0"
        client.delete(keys.ready)
        # UNLINK frees a big set in Redis's background thread: DEL of a million members
        # would block every client of this Redis for about a second.
        client.unlink(*keys.data)
        loaded = 0
        for batch in entry_batches(LeaderboardEntry.objects.filter(board=board)):
            for start in range(0, len(batch), APPLY_CHUNK):
                apply(client, keys, batch[start : start + APPLY_CHUNK])
            client.expire(keys.building, LOCK_TTL_S)
            loaded += len(batch)
            if progress is not None:
                progress(loaded)
        ready = scripts.run(
            client,
            scripts.SET_READY,
            keys=[keys.ready, keys.epoch, keys.building],
            args=[epoch, token, IDLE_TTL_S],
        )
        return loaded if ready else None
    finally:
        scripts.run(client, scripts.RELEASE_LOCK, keys=[keys.building], args=[token])


def indexed_boards(client: redis.Redis) -> set[str]:
    """Every board that has keys in the index (some may no longer have entries)."""
    prefix = key_prefix()
    return {
        key.decode()[len(prefix) :].rsplit(":", 1)[0]
        for key in client.scan_iter(match=f"{prefix}*", count=1000)
    }


def index_clear() -> set[str]:
    """Empty every board's index and make running builds unable to mark theirs ready
    (their epoch moves); the boards that had keys."""
    client = connection(redis_clients.RANK_INDEX_BUILD)
    boards = indexed_boards(client)
    pipe = client.pipeline(transaction=False)
    for board in boards:
        keys = board_keys(board)
        pipe.incr(keys.epoch)
        pipe.delete(keys.ready, keys.building)
        pipe.unlink(*keys.data)  # freed in the background (see ``board_build``)
    pipe.execute()
    return boards


class BackgroundBuilds:
    """Builds started by reads: at most one per board and process (and, through the Redis
    lock, one per board across processes)."""

    def __init__(self) -> None:
        self.lock = threading.Lock()
        self.running: dict[str, threading.Thread] = {}
        self.next_try: dict[str, float] = {}

    def start(self, board: str) -> None:
        now = time.monotonic()
        with self.lock:
            if board in self.running or now < self.next_try.get(board, 0.0):
                return
            self.next_try[board] = now + RETRY_S
            thread = threading.Thread(
                target=self._build, args=(board,), name=f"rank-index {board}", daemon=True
            )
            # Started before the lock is released: ``wait`` must never see a thread it
            # cannot join yet ("cannot join thread before it is started").
            thread.start()
            self.running[board] = thread

    def _build(self, board: str) -> None:
        try:
            start = time.perf_counter()
            loaded = board_build(board)
            if loaded is not None:
                logger.info(
                    "rank index: %s built, %d entries in %.1f s",
                    board,
                    loaded,
                    time.perf_counter() - start,
                )
        except Exception:
            logger.exception("rank index: building %s failed", board)
        finally:
            with self.lock:
                self.running.pop(board, None)
            db.connections.close_all()  # this thread's connections only

    def wait(self, timeout: float = 60.0) -> None:
        """Wait for the builds running now (tests; a clean shutdown)."""
        deadline = time.monotonic() + timeout
        while True:
            with self.lock:
                threads = list(self.running.values())
            if not threads:
                return
            for thread in threads:
                thread.join(max(0.0, deadline - time.monotonic()))
            if time.monotonic() >= deadline:
                return

    def forget(self) -> None:
        """Allow immediate retries (tests)."""
        with self.lock:
            self.next_try.clear()


background = BackgroundBuilds()
