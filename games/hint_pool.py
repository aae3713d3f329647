"""Hints are solved in a small pool of processes, never on a request thread.

A hint keeps a core busy for up to ``CANFIELD_HINT_SECONDS``. Solved on a request thread it
would hold the GIL of the whole worker and take one of its few request threads
(``canfield_site.http_handler``): 20 hints from one account once stalled health checks for
2.4 s. Here:

* at most ``CANFIELD_HINT_WORKERS`` solves run at once per server process, each in a process
  of its own (the solver is pure Python: a thread would still hold the GIL); a hint asked while
  they are all busy is refused at once with 503 ``hints_busy`` and ``Retry-After``, before the
  player is marked assisted;
* the request waits for its answer on the event loop (``GameHintView.as_view``), so other
  requests go on meanwhile.

The pool's processes are started with ``spawn`` (a fork of a threaded server is unsafe) and
import the engine alone (``engine.solver``); they live as long as the server process, and no
longer: one whose server was killed (a worker's crash, ``kill -9``) would otherwise wait on its
task queue forever, its write end held open by the pool's own pickled queue.
"""

from __future__ import annotations

import asyncio
import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor
from functools import cache
from typing import Any

from django.conf import settings
from django.utils.translation import gettext

from engine import Game
from engine.solver import SolveResult, hint
from games.errors import HintsBusy


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


def reserve_slot() -> None:
    """Take one of this process's solver slots, or refuse the hint at once."""
    if not slots(workers()).acquire(blocking=False):
        raise HintsBusy(
            gettext("all %(count)s hint solvers of this server are busy: ask again in a moment")
            % {"count": workers()},
            wait=2,
        )


def release_slot() -> None:
    slots(workers()).release()


async def solve_in_pool(snapshot: dict[str, Any], seconds: float) -> SolveResult:
    """The hint of ``snapshot`` from a pool process (a slot must be reserved; it is given
    back when the solve ends, whatever happened)."""
    try:
        future = executor(workers()).submit(solve_hint, snapshot, seconds)
        return await asyncio.wrap_future(future)
    finally:
        release_slot()
