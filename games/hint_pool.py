"""Hints are solved in a small pool of processes, never on a request thread.

A hint keeps a core busy for up to ``CANFIELD_HINT_SECONDS``. Solved on a request thread it
would hold the GIL of the whole worker and take one of its few request threads
(``shared.http_handler``): 20 hints from one account once stalled health checks for
2.4 s. Here:

* at most ``CANFIELD_HINT_WORKERS`` solves run at once per server process, each in a process
  of its own (the solver is pure Python: a thread would still hold the GIL);
* hints are shared fairly: a player has one hint at a time (a second one asked while theirs is
  waiting or solved is refused at once with 429 ``hint_pending``, counted in the shared cache
  so it holds across worker processes), and the others wait their turn in the pool's queue, up
  to ``CANFIELD_HINT_QUEUE`` of them per process; past that, 503 ``hints_busy`` with
  ``Retry-After``. Both refusals come before the player is marked assisted. Refusing every hint
  while the solvers were busy let three accounts, each asking on a deal the solver gives up on
  after its whole budget, keep every other player's hints at 503 (20 of 20);
* the queue serves **players in turn** (``HintQueue``), not hints in the order asked: the next
  hint solved is the waiting one whose player had the fewest hints solved in this process in
  the last ``SERVED_WINDOW_S`` (then the first asked). Served first asked, first solved, 12
  accounts asking hints back to back kept the queue full, and another player's hint waited
  25-28 s behind theirs (issue 38, F7); now it is solved next, after the solves running;
* the request waits for its answer on the event loop, its request thread given back
  (``shared.http_handler.finish_on_loop``), so other requests go on meanwhile: a
  queued hint that held its thread left a health check 12 s behind nine of them.

The pool's processes are started with ``spawn`` (a fork of a threaded server is unsafe) and
import the engine alone (``engine.solver``); they live as long as the server process, and no
longer: one whose server was killed (a worker's crash, ``kill -9``) would otherwise wait on its
task queue forever, its write end held open by the pool's own pickled queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import heapq
import itertools
import multiprocessing
import os
import threading
import time
from collections import deque
from collections.abc import Callable
from concurrent.futures import CancelledError, Executor, Future, ProcessPoolExecutor
from dataclasses import dataclass, field
from functools import cache
from typing import Any

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.utils.translation import gettext

from engine import Game
from engine.solver import SolveResult, hint
from games.errors import HintPending, HintsBusy
from games.outage import counters_unavailable
from games.solver_budgets import hint_seconds


def solve_hint(snapshot: dict[str, Any], seconds: float) -> SolveResult:
    """Runs in a pool process: the engine game of ``snapshot`` and the solver's hint."""
    return hint(Game.from_snapshot(snapshot), seconds=seconds)


#: How often a pool process looks whether its server is still there.
PARENT_CHECK_S = 1.0


def exit_with_parent(parent: int) -> None:
    """Runs first in each pool process: a daemon thread that ends the process once its
    server is gone (it is then the child of another process)."""

    def watch() -> None:
        while os.getppid() == parent:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=watch, name="exit-with-parent", daemon=True).start()


@cache
def executor(size: int) -> ProcessPoolExecutor:
    return ProcessPoolExecutor(
        max_workers=size,
        mp_context=multiprocessing.get_context("spawn"),
        initializer=exit_with_parent,
        initargs=(os.getpid(),),
    )


def workers() -> int:
    return max(1, int(settings.CANFIELD_HINT_WORKERS))


def places() -> int:
    """Hints this process takes at once: one per solver, and the queue waiting for them."""
    return workers() + max(0, int(settings.CANFIELD_HINT_QUEUE))


def pending_key(player_id: int) -> str:
    return f"hint-pending:{player_id}"


def reserve_slot(player_id: int) -> None:
    """Take the player's one hint and a place in this process's queue, or refuse at once."""
    longest = (places() // workers() + 1) * hint_seconds() + 10  # queued, then solved
    try:
        mine = shared_cache.add(pending_key(player_id), 1, round(longest))
    except Exception as error:  # the cache is down: one hint a player cannot be told apart
        counters_unavailable(
            "one hint at a time per player", "not counted (the queue's places still bound)", error
        )
        mine = True
    if not mine:
        raise HintPending(
            gettext("your previous hint is still being worked out: wait for its answer"),
            wait=round(hint_seconds()),
        )
    if not hint_queue().take_place(player_id, places()):
        forget_pending(player_id)
        raise HintsBusy(
            gettext("all %(count)s hint solvers of this server are busy: ask again in a moment")
            % {"count": workers()},
            wait=2,
        )


def forget_pending(player_id: int) -> None:
    with contextlib.suppress(Exception):  # the cache is down: the mark expires by itself
        shared_cache.delete(pending_key(player_id))


def release_slot(player_id: int) -> None:
    hint_queue().give_place()
    forget_pending(player_id)


#: How far back a player's solved hints count against their turn in the queue.
SERVED_WINDOW_S = 600.0


@dataclass(order=True)
class Waiting:
    """A hint waiting for a solver: ordered by its player's recent hints, then by when asked."""

    served: int
    asked: int
    player_id: int = field(compare=False)
    task: Callable[[], Any] = field(compare=False)
    outcome: Future = field(compare=False)


class HintQueue:
    """Hints handed to the pool's solvers one per free solver, players in turn.

    The pool itself would run its tasks in the order they were submitted, so this holds them
    until a solver is free and then submits the waiting hint whose player had the fewest
    solved in the last ``SERVED_WINDOW_S``: among players asking back to back, each has one
    solved in turn, and a player who asks now and then goes before all of them."""

    def __init__(self) -> None:
        self.lock = threading.RLock()  # a pool's done callback may run in the submitting thread
        self.waiting: list[Waiting] = []
        self.running = 0
        self.taken = 0  # places: hints solved or waiting
        self.asked = itertools.count()
        self.served: dict[int, deque[float]] = {}

    def recently_served(self, player_id: int, now: float) -> int:
        times = self.served.get(player_id)
        while times and times[0] < now - SERVED_WINDOW_S:
            times.popleft()
        if times is not None and not times:
            del self.served[player_id]
            return 0
        return len(times or ())

    def take_place(self, player_id: int, places: int) -> bool:
        """Take one of the process's ``places`` for ``player_id``'s hint, if one is free. The
        last free place is kept for a player who had no hint solved lately: accounts asking
        back to back, each taking its place again the moment its answer leaves, would
        otherwise hold every place, and another player's hint would only ever meet 503."""
        with self.lock:
            free = places - self.taken
            if free <= 0:
                return False
            if free == 1 and places > 1 and self.recently_served(player_id, time.monotonic()):
                return False
            self.taken += 1
            return True

    def give_place(self) -> None:
        with self.lock:
            self.taken = max(0, self.taken - 1)

    def submit(self, player_id: int, task: Callable[[], Any], *, solvers: int) -> Future:
        """``task()`` run on the pool (it submits there and returns the pool's future) when
        ``player_id``'s turn comes; a future of its result."""
        outcome: Future = Future()
        with self.lock:
            served = self.recently_served(player_id, time.monotonic())
            heapq.heappush(
                self.waiting, Waiting(served, next(self.asked), player_id, task, outcome)
            )
            self.dispatch(solvers)
        return outcome

    def dispatch(self, solvers: int) -> None:
        with self.lock:
            while self.running < solvers and self.waiting:
                turn = heapq.heappop(self.waiting)
                if not turn.outcome.set_running_or_notify_cancel():
                    continue  # its request went away while it waited
                self.running += 1
                self.served.setdefault(turn.player_id, deque()).append(time.monotonic())
                try:
                    solving = turn.task()
                except BaseException as error:
                    self.running -= 1
                    turn.outcome.set_exception(error)
                    continue
                solving.add_done_callback(
                    lambda done, turn=turn: self.finished(done, turn.outcome, solvers)
                )

    def finished(self, done: Future, outcome: Future, solvers: int) -> None:
        with self.lock:
            self.running -= 1
            self.dispatch(solvers)
        if done.cancelled():
            outcome.set_exception(CancelledError())
        elif (error := done.exception()) is not None:
            outcome.set_exception(error)
        else:
            outcome.set_result(done.result())


@cache
def hint_queue() -> HintQueue:
    return HintQueue()


def pool_executor() -> Executor:
    return executor(workers())


async def solve_in_pool(snapshot: dict[str, Any], seconds: float, *, player_id: int) -> SolveResult:
    """The hint of ``snapshot`` from a pool process, when its player's turn comes
    (``HintQueue``). The player's slot must be reserved; it is given back when the solve
    ends, whatever happened."""
    try:
        pool = pool_executor()
        future = hint_queue().submit(
            player_id, lambda: pool.submit(solve_hint, snapshot, seconds), solvers=workers()
        )
        return await asyncio.wrap_future(future)
    finally:
        release_slot(player_id)
