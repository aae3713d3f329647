"""Hints are solved in a small pool of processes, never on a request thread.

A hint keeps a core busy for up to ``CANFIELD_HINT_SECONDS``. Solved on a request thread it
would hold the GIL of the whole worker and take one of its few request threads
(``canfield_site.http_handler``): 20 hints from one account once stalled health checks for
2.4 s. Here:

* at most ``CANFIELD_HINT_WORKERS`` solves run at once per server process, each in a process
  of its own (the solver is pure Python: a thread would still hold the GIL);
* hints are shared fairly: a player has one hint at a time (a second one asked while theirs is
  waiting or solved is refused at once with 429 ``hint_pending``, counted in the shared cache
  so it holds across worker processes), and the others wait their turn in the pool's queue,
  first asked, first solved, up to ``CANFIELD_HINT_QUEUE`` of them per process; past that, 503
  ``hints_busy`` with ``Retry-After``. Both refusals come before the player is marked assisted.
  Refusing every hint while the solvers were busy let three accounts, each asking on a deal the
  solver gives up on after its whole budget, keep every other player's hints at 503 (20 of 20);
  now another player's hint waits behind at most one hint per such account;
* the request waits for its answer on the event loop (``GameHintView.as_view``), so other
  requests go on meanwhile.

The pool's processes are started with ``spawn`` (a fork of a threaded server is unsafe) and
import the engine alone (``engine.solver``); they live as long as the server process, and no
longer: one whose server was killed (a worker's crash, ``kill -9``) would otherwise wait on its
task queue forever, its write end held open by the pool's own pickled queue.
"""

from __future__ import annotations

import asyncio
import contextlib
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any

from django.conf import settings
from django.core.cache import cache as shared_cache
from django.utils.translation import gettext

from engine import Game
from engine.solver import SolveResult, hint
from games.errors import HintPending, HintsBusy
from games.solver_budgets import hint_seconds


def solve_hint(snapshot: dict[str, Any], seconds: float) -> SolveResult:
    """Runs in a pool process: the engine game of ``snapshot`` and the solver's hint."""
    return hint(Game.from_snapshot(snapshot), seconds=seconds)


@cache
def slots(size: int) -> threading.BoundedSemaphore:
    return threading.BoundedSemaphore(size)


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
    except Exception:  # the cache is down: one hint a player cannot be told apart, go on
        mine = True
    if not mine:
        raise HintPending(
            gettext("your previous hint is still being worked out: wait for its answer"),
            wait=round(hint_seconds()),
        )
    if not slots(places()).acquire(blocking=False):
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
    slots(places()).release()
    forget_pending(player_id)


async def solve_in_pool(snapshot: dict[str, Any], seconds: float, *, player_id: int) -> SolveResult:
    """The hint of ``snapshot`` from a pool process, after the hints asked before it (the pool
    queues tasks in order). The player's slot must be reserved; it is given back when the
    solve ends, whatever happened."""
    try:
        future = executor(workers()).submit(solve_hint, snapshot, seconds)
        return await asyncio.wrap_future(future)
    finally:
        release_slot(player_id)
