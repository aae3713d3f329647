"""The referee (the fair-play worker, ``manage.py fairplay work``) as a child of the server.

``python -m canfield_site.serve`` (``make run``, the container) starts one of these in its
own process, the parent of uvicorn's workers, so a server has exactly one referee whatever
its worker count. Without it nothing computes the sealed boards' table pars on the embedded
default, so nothing is judged against them, no expected tier is shown and no day is rated
(``fairplay.worker``). Where another process runs the worker (compose's ``fairplay``
service), ``CANFIELD_REFEREE=external`` says so (``canfield_site.serve``).

How the child is looked after:

* it is ``manage.py fairplay work`` under this interpreter, with this process's environment
  (``PYTHONUNBUFFERED`` added, so its lines reach the log as they are written), in a session
  of its own: a Ctrl+C at the terminal reaches the server alone, which then stops the child
  itself (a child interrupted on its own would be restarted as if it had crashed);
* its CPU niceness is ``REFEREE_NICENESS`` above the server's: a table par is minutes of
  CPU that can wait, a move cannot;
* each line it writes goes to the server's log (stderr) with a ``[referee]`` prefix: its
  standard output at INFO, its standard error at WARNING;
* if it exits it is started again after a pause that doubles from ``BACKOFF_FIRST_S`` up to
  ``BACKOFF_MAX_S`` (and falls back to the first once a child has run ``STABLE_S``), each
  exit and restart logged;
* ``stop`` (the server stopping, on SIGINT or SIGTERM) sends it SIGTERM, then SIGKILL after
  ``STOP_TIMEOUT_S``; and a server killed outright (``kill -9``) loses its referee within a
  second as well: the child is told the server's pid (``--parent``) and exits once it is
  gone (``games.hint_pool.exit_with_parent``).
"""

from __future__ import annotations

import logging
import os
import shlex
import signal
import subprocess
import sys
import threading
import time
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import IO

MANAGE = Path(__file__).resolve().parents[1] / "manage.py"
#: How much lower the referee's CPU priority is than the server's (nice, capped at 19).
REFEREE_NICENESS = 10
BACKOFF_FIRST_S = 1.0
BACKOFF_MAX_S = 60.0
#: A child that ran this long was not crash-looping: the next restart waits the first pause.
STABLE_S = 60.0
STOP_TIMEOUT_S = 10.0

logger = logging.getLogger("canfield.referee")


def referee_command(*, parent: int) -> list[str]:
    """The child's command line: the fair-play worker, ending itself if ``parent`` goes."""
    return [sys.executable, str(MANAGE), "fairplay", "work", "--parent", str(parent)]


def exit_words(code: int) -> str:
    """How a child ended, for the log: ``exited with code 1`` or ``killed by SIGKILL``."""
    if code < 0:
        try:
            return f"killed by {signal.Signals(-code).name}"
        except ValueError:
            return f"killed by signal {-code}"
    return f"exited with code {code}"


def next_backoff(previous: float | None, *, ran_s: float) -> float:
    """The pause before the next start: the first after a stable run (or the first exit),
    else double the last one, at most ``BACKOFF_MAX_S``.

    >>> [next_backoff(p, ran_s=1) for p in (None, 1.0, 32.0, 60.0)]
    [1.0, 2.0, 60.0, 60.0]
    >>> next_backoff(60.0, ran_s=STABLE_S)
    1.0
    """
    if previous is None or ran_s >= STABLE_S:
        return BACKOFF_FIRST_S
    return min(previous * 2, BACKOFF_MAX_S)


class Referee:
    """One supervised child: ``start`` it, ``stop`` it (see the module)."""

    def __init__(self, *, command: Sequence[str], env: Mapping[str, str], cwd: Path) -> None:
        self.command = list(command)
        self.env = {**env, "PYTHONUNBUFFERED": "1"}
        self.cwd = cwd
        self.starts = 0
        self._stopping = threading.Event()
        self._lock = threading.Lock()
        self._process: subprocess.Popen[bytes] | None = None
        self._thread = threading.Thread(target=self._supervise, name="referee", daemon=True)

    @property
    def pid(self) -> int | None:
        """The running child's pid, None between children."""
        with self._lock:
            process = self._process
        return None if process is None or process.poll() is not None else process.pid

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop the child (SIGTERM, then SIGKILL after ``STOP_TIMEOUT_S``) and start no more."""
        self._stopping.set()
        with self._lock:
            process = self._process
        if process is not None and process.poll() is None:
            logger.info("stopping (pid %d)", process.pid)
            process.terminate()
            try:
                process.wait(timeout=STOP_TIMEOUT_S)
            except subprocess.TimeoutExpired:
                logger.warning("pid %d did not stop in %.0f s: killed", process.pid, STOP_TIMEOUT_S)
                process.kill()
                process.wait()
        if self._thread.is_alive():
            self._thread.join(timeout=STOP_TIMEOUT_S)

    def _supervise(self) -> None:
        backoff: float | None = None
        while not self._stopping.is_set():
            started = time.monotonic()
            code = self._run_once()
            if self._stopping.is_set():
                return
            backoff = next_backoff(backoff, ran_s=time.monotonic() - started)
            logger.warning(
                "%s after %.0f s; starting it again in %.0f s",
                "could not start" if code is None else exit_words(code),
                time.monotonic() - started,
                backoff,
            )
            self._stopping.wait(backoff)

    def _run_once(self) -> int | None:
        """Start a child, log its output until it ends; its exit code (None: not started)."""
        with self._lock:
            if self._stopping.is_set():
                return None
            try:
                process = subprocess.Popen(
                    self.command,
                    cwd=self.cwd,
                    env=self.env,
                    stdin=subprocess.DEVNULL,
                    stdout=subprocess.PIPE,
                    stderr=subprocess.PIPE,
                    start_new_session=True,
                )
            except OSError as error:
                logger.error("%s", error)
                return None
            self._process = process
        self.starts += 1
        lower_priority(process.pid)
        logger.info("started (pid %d): %s", process.pid, shlex.join(self.command[1:]))
        assert process.stdout is not None and process.stderr is not None
        pumps = [
            threading.Thread(target=pump, args=(stream, level), daemon=True)
            for stream, level in ((process.stdout, logging.INFO), (process.stderr, logging.WARNING))
        ]
        for thread in pumps:
            thread.start()
        code = process.wait()
        for thread in pumps:
            thread.join(timeout=STOP_TIMEOUT_S)
        return code


def pump(stream: IO[bytes], level: int) -> None:
    """Each line of ``stream`` to the log at ``level``, until the child closes it."""
    with stream:
        for raw in stream:
            line = raw.decode("utf-8", "replace").rstrip()
            if line:
                logger.log(level, "%s", line)


def lower_priority(pid: int) -> None:
    """Give ``pid`` a niceness ``REFEREE_NICENESS`` above this process's (a raise never needs
    privileges; a child already gone is no error)."""
    try:
        ours = os.getpriority(os.PRIO_PROCESS, 0)
        os.setpriority(os.PRIO_PROCESS, pid, min(19, ours + REFEREE_NICENESS))
    except OSError:
        pass


def log_to_stderr(level: str) -> None:
    """The referee's lines go where uvicorn's go, in its format, ``[referee]`` before each."""
    from uvicorn.logging import DefaultFormatter

    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(DefaultFormatter("%(levelprefix)s [referee] %(message)s"))
    logger.handlers[:] = [handler]
    logger.setLevel(level.upper())
    logger.propagate = False  # Django's root handler (a worker in this process) would repeat it
