"""A per-process background worker for the work a player's HTTP answer must not wait for.

Telling WebSocket watchers about a move costs Redis and database round trips (a board
version, the entry's rank, the game row, one channel-layer send per message). Done in the
request thread after the commit, that is most of a move's latency, so the service only
*submits* the change here and answers; one daemon thread per process publishes.

* **One consumer**: items are handled in the order they were submitted, so messages of one
  game (by seq) and of one board (by version) leave this process in order.
* **Batches**: whatever piled up while the previous batch was being published is handed over
  at once, so the handler can fold repeated changes and share round trips. With ``linger``,
  a batch that follows one of several items (items came while the thread was busy: a dense
  stream) also waits that long after its first item for more: under load the items of those
  milliseconds go out together, at the cost of that delay; items that come one at a time
  never wait.
* **Bounded**: a dead or frozen Redis must not grow memory without limit. When ``capacity``
  items wait, ``submit`` refuses the new one (the caller decides how watchers recover) and
  a warning is logged at most every ``DROP_LOG_INTERVAL_S``.
* **Resources held only while busy**: after a batch, the thread waits ``idle_after`` seconds
  for the next one, then calls ``on_idle`` (the live publisher closes its database connection
  there: a player moving every few hundred milliseconds reuses it instead of paying a new
  connection per move, and an idle process holds none). ``wait_idle`` calls it at once.
* **Never in the way of shutdown**: the thread is a daemon; at interpreter exit the backlog
  gets a short, bounded chance to go out (``EXIT_DRAIN_S``), then it is abandoned.

Example::

    publisher = BackgroundPublisher(handle_batch=print, capacity=100)
    publisher.submit("m1")
    publisher.wait_idle(timeout=1.0)  # tests: everything submitted so far is handled
"""

from __future__ import annotations

import atexit
import logging
import os
import queue
import threading
import time
from collections.abc import Callable
from functools import partial
from typing import Generic, TypeVar

logger = logging.getLogger(__name__)

Item = TypeVar("Item")

#: Queued by ``wait_idle``: everything before it is handled, then ``on_idle`` runs.
_IDLE_MARKER = object()

#: At most one "dropped" warning per this many seconds (an outage would flood the log).
DROP_LOG_INTERVAL_S = 5.0
#: How long interpreter exit may wait for the backlog to be published.
EXIT_DRAIN_S = 1.0


class BackgroundPublisher(Generic[Item]):
    """A bounded queue with one daemon thread that hands it to ``handle_batch`` in order.

    ``handle_batch`` gets the items in submission order, at most ``max_batch`` at a time; it
    should not raise (an exception is logged and the batch counted as handled). The thread
    starts on the first ``submit`` and again in a forked child, which inherits the queue's
    state but not the thread.
    """

    def __init__(
        self,
        *,
        handle_batch: Callable[[list[Item]], None],
        on_idle: Callable[[], None] = lambda: None,
        idle_after: float = 0.25,
        capacity: int = 10_000,
        max_batch: int = 500,
        linger: float = 0.0,
        name: str = "background-publisher",
    ) -> None:
        if capacity < 1 or max_batch < 1:
            raise ValueError("capacity and max_batch must be at least 1")
        self._linger = linger
        self._last_batch_size = 0
        self._handle_batch = handle_batch
        self._on_idle = on_idle
        self._idle_after = idle_after
        self._capacity = capacity
        self._max_batch = max_batch
        self._name = name
        self._queue: queue.Queue[Item | object] = queue.Queue()
        self._state = threading.Condition()
        self._submitted = 0
        self._handled = 0
        self._dropped = 0
        self._last_drop_log = -DROP_LOG_INTERVAL_S
        self._thread: threading.Thread | None = None
        self._pid = 0

    @property
    def dropped(self) -> int:
        """Items refused because ``capacity`` items were waiting (since this object began)."""
        return self._dropped

    @property
    def pending(self) -> int:
        """Items submitted and not yet handled (what a stopping process would lose)."""
        with self._state:
            return self._submitted - self._handled

    def submit(self, item: Item) -> bool:
        """Queue ``item`` for the thread; False (and nothing queued) when the queue is full."""
        with self._state:
            if self._submitted - self._handled >= self._capacity:
                self._dropped += 1
                self._log_drop()
                return False
            self._submitted += 1
            self._ensure_thread()
        self._queue.put(item)
        return True

    def wait_idle(self, timeout: float = 5.0) -> bool:
        """Wait until every item submitted before this call is handled and ``on_idle`` has
        run after them; False on timeout.

        For tests (publishing is asynchronous, a test checks its effect after this, and the
        test database must not be held by the thread) and for exit. Items submitted
        meanwhile by other threads are not waited for.
        """
        with self._state:
            self._submitted += 1  # the marker: not an item, never refused
            target = self._submitted
            self._ensure_thread()
        self._queue.put(_IDLE_MARKER)
        with self._state:
            return self._state.wait_for(lambda: self._handled >= target, timeout=timeout)

    def _ensure_thread(self) -> None:
        # Called with the lock held.
        if self._thread is not None and self._thread.is_alive() and self._pid == os.getpid():
            return
        if self._thread is None:  # a forked child inherits the registration
            atexit.register(self.wait_idle, timeout=EXIT_DRAIN_S)
        self._pid = os.getpid()
        self._thread = threading.Thread(target=self._run, name=self._name, daemon=True)
        self._thread.start()

    def _run(self) -> None:
        idle = True
        while True:
            try:
                first = self._queue.get(timeout=None if idle else self._idle_after)
            except queue.Empty:
                self._call(self._on_idle, "going idle")
                idle = True
                continue
            batch = self._batch_from(first)
            # The queue holds Item | object (the marker): `is not` cannot narrow that to Item.
            items: list[Item] = [item for item in batch if item is not _IDLE_MARKER]  # type: ignore[misc]
            if items:
                self._call(partial(self._handle_batch, items), f"a batch of {len(items)} items")
            self._last_batch_size = len(items)
            idle = len(items) < len(batch)  # a marker asks for on_idle now
            if idle:
                self._call(self._on_idle, "going idle")
            with self._state:
                self._handled += len(batch)
                self._state.notify_all()

    def _batch_from(self, first: Item | object) -> list[Item | object]:
        """``first`` and what follows it: what is queued now and, when the previous batch
        held several items, what comes for ``linger`` seconds after ``first`` (not past a
        ``wait_idle`` marker: it wants its answer)."""
        batch = [first]
        now = time.monotonic()
        deadline = now + self._linger if self._last_batch_size > 1 else now
        while len(batch) < self._max_batch:
            try:
                batch.append(self._queue.get_nowait())
                continue
            except queue.Empty:
                pass
            left = deadline - time.monotonic()
            if left <= 0 or batch[-1] is _IDLE_MARKER:
                break
            try:
                batch.append(self._queue.get(timeout=left))
            except queue.Empty:
                break
        return batch

    def _call(self, work: Callable[[], None], what: str) -> None:
        try:
            work()
        except Exception:
            logger.exception("%s: %s failed", self._name, what)

    def _log_drop(self) -> None:
        # Called with the lock held.
        now = time.monotonic()
        if now - self._last_drop_log >= DROP_LOG_INTERVAL_S:
            self._last_drop_log = now
            logger.warning(
                "%s: %d items waiting, dropped the newest (%d dropped so far)",
                self._name,
                self._capacity,
                self._dropped,
            )
