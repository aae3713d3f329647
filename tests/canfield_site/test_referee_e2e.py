"""``make run`` runs the referee (issue 34): the Makefile's own ``migrate`` and
``canfield_site.serve`` command lines (``make -n run``), on a fresh SQLite database in a
temporary directory, with the smallest table-par budget (1 run a board, 2 s a daily
candidate) and no cache of a missing par, so the server sees the worker's par at once.

Today's two boards say ``"pending"`` first, never a silent null, then ``"ready"`` with an
expected tier once the server's child (``manage.py fairplay work``) has stored their table
pars (their runs still hidden: the day is open); a player's moves meanwhile are all stored
(the two processes share the SQLite file: no "database is locked"); the child's lines are in
the server's log with their prefix; one referee whatever the worker count; and SIGTERM to the
server leaves no referee behind."""

from __future__ import annotations

import os
import shlex
import signal
import subprocess
import time
from collections.abc import Iterator
from contextlib import contextmanager
from datetime import UTC, datetime
from pathlib import Path
from typing import Any

import httpx
import pytest

from tests.support.games import SIMPLE_CODE
from tests.support.servers import REPO_ROOT, free_port

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

#: How long today's two table pars may take at the test's budget (a few CPU seconds each,
#: the day's deals chosen first), on a loaded machine.
READY_WITHIN_S = 180.0


def make_run_lines(port: int, workers: int) -> tuple[list[str], list[str]]:
    """The ``migrate`` and ``serve`` command lines of ``make run`` (dry run), on ``port``."""
    output = subprocess.run(
        ["make", "-n", "run", f"PORT={port}", f"WORKERS={workers}"],
        cwd=REPO_ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.replace("\\\n", " ")
    lines = [shlex.split(line) for line in output.splitlines()]
    migrate = next(line for line in lines if line[1:3] == ["manage.py", "migrate"])
    serve = next(line for line in lines if "canfield_site.serve" in line)
    for line in (migrate, serve):
        line[0] = str(REPO_ROOT / line[0])
    return migrate, serve


def fresh_env(data: Path) -> dict[str, str]:
    """``make run``'s environment on a database of its own: the embedded default (no Redis),
    the referee left to its default, the smallest budget."""
    env = {**os.environ}
    for name in ("DATABASE_URL", "REDIS_URL", "CANFIELD_REFEREE", "CANFIELD_ENV"):
        env.pop(name, None)
    return {
        **env,
        "DATABASE_URL": f"sqlite:///{data / 'db.sqlite3'}",
        "CANFIELD_DATA_DIR": str(data),  # its own secrets, so its own deals
        "CANFIELD_TABLE_PAR_RUNS": "1",
        "CANFIELD_PAR_NODES": "3000",  # the par optimiser, before the runs: a moment here
        "CANFIELD_DAILY_SOLVE_SECONDS": "2",
        "CANFIELD_TABLE_PAR_CACHE_SECONDS": "0",
    }


def children(pid: int) -> list[tuple[int, str]]:
    """The live child processes of ``pid``: (pid, command line)."""
    found = []
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            stat = (entry / "stat").read_text()
            cmdline = (entry / "cmdline").read_bytes().replace(b"\0", b" ").decode()
        except OSError:
            continue
        fields = stat.rsplit(")", 1)[-1].split()
        if int(fields[1]) == pid and fields[0] != "Z":
            found.append((int(entry.name), cmdline))
    return found


def alive(pid: int) -> bool:
    try:
        return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[-1].split()[0] != "Z"
    except FileNotFoundError:
        return False


def referees_of(server: int) -> list[int]:
    return [pid for pid, command in children(server) if "fairplay work" in command]


def workers_of(server: int) -> list[int]:
    """uvicorn's worker processes (multiprocessing's spawned children, its resource tracker
    left out)."""
    return [pid for pid, command in children(server) if "spawn_main" in command]


@contextmanager
def made_run(tmp_path: Path, *, workers: int = 1) -> Iterator[tuple[subprocess.Popen[bytes], str]]:
    """``make run``'s migrate, then its server (its log in ``tmp_path/server.log``); yields
    the server and its base URL once healthy, and leaves no process behind."""
    port = free_port()
    migrate, serve = make_run_lines(port, workers)
    env = fresh_env(tmp_path)
    subprocess.run(migrate, cwd=REPO_ROOT, env=env, check=True, capture_output=True)
    with (tmp_path / "server.log").open("wb") as log:
        # Its own process group, so a failed test's cleanup reaches uvicorn's workers too.
        server = subprocess.Popen(
            serve,
            cwd=REPO_ROOT,
            env=env,
            stdout=log,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    referees: set[int] = set()
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 60
        while True:
            referees.update(referees_of(server.pid))
            try:
                if httpx.get(f"{base}/api/health/", timeout=5).status_code == 200:
                    break
            except httpx.TransportError:
                pass
            assert server.poll() is None, (tmp_path / "server.log").read_text()
            assert time.monotonic() < deadline, "the server did not start"
            time.sleep(0.2)
        yield server, base
    finally:
        referees.update(referees_of(server.pid))
        if server.poll() is None:
            os.killpg(server.pid, signal.SIGKILL)
            server.wait()
        for pid in referees:
            if alive(pid):
                os.kill(pid, signal.SIGKILL)


def boards_seen(base: str) -> dict[str, dict[str, Any]]:
    return httpx.get(f"{base}/api/daily/", timeout=30).json()["boards"]


def test_make_run_computes_todays_table_pars_and_stops_its_referee(tmp_path: Path) -> None:
    today = datetime.now(UTC).date()
    with made_run(tmp_path) as (server, base):
        [referee] = referees_of(server.pid)  # one, the server's own child
        # Asked first, before anything else the server does for the test (a sign-up's
        # password hash alone is 0.2 s of its CPU): on an easy deal the referee's work at
        # this budget is that short (a full run here met a first read that said ready).
        first = boards_seen(base)
        seen: list[tuple[str, str]] = [
            (first["D3"]["table_par_status"], first["D1"]["table_par_status"])
        ]
        # A player plays an open game meanwhile: a write of the server's each poll, beside
        # the referee's (draw, undo, draw...: always legal).
        signed_up = httpx.post(
            f"{base}/api/players/", json={"username": "eve", "password": "pw-12345678"}
        )
        assert signed_up.status_code == 201, signed_up.text
        auth = {"Authorization": f"Token {signed_up.json()['token']}"}
        game = httpx.post(f"{base}/api/games/", json={"code": SIMPLE_CODE}, headers=auth).json()
        seq = 0
        deadline = time.monotonic() + READY_WITHIN_S
        while True:
            boards = boards_seen(base)
            statuses = (boards["D3"]["table_par_status"], boards["D1"]["table_par_status"])
            if seen[-1] != statuses:
                seen.append(statuses)
            for board in boards.values():
                assert board["table_par"] is None  # the day is open: the runs stay hidden
                if board["table_par_status"] == "ready":
                    assert board["expected"] is not None
            seq += 1
            moved = httpx.post(
                f"{base}/api/games/{game['id']}/actions/",
                json={"action": "undo" if seq % 2 == 0 else "draw", "seq": seq},
                headers=auth,
                timeout=30,
            )
            assert moved.status_code == 201, moved.text
            if statuses == ("ready", "ready"):
                break
            assert time.monotonic() < deadline, f"not ready in {READY_WITHIN_S:.0f} s: {seen}"
            time.sleep(0.5)
        assert "pending" in seen[0], seen  # said while the referee worked, never a null
        assert all(status in ("pending", "ready") for pair in seen for status in pair), seen
        assert referees_of(server.pid) == [referee]  # still the first: it never died

        server.send_signal(signal.SIGTERM)
        server.wait(timeout=30)
        assert not alive(referee), "the referee outlived its server"
    log = (tmp_path / "server.log").read_text()
    assert f"[referee] daily-{today}-D3: table par of" in log
    assert f"[referee] daily-{today}-D1: table par of" in log
    assert f"[referee] stopping (pid {referee})" in log
    assert "database is locked" not in log


def test_one_referee_for_several_workers_and_none_left_after_sigint(tmp_path: Path) -> None:
    with made_run(tmp_path, workers=2) as (server, _):
        deadline = time.monotonic() + 30
        while len(workers_of(server.pid)) < 2:
            assert time.monotonic() < deadline, children(server.pid)
            time.sleep(0.2)
        assert len(workers_of(server.pid)) == 2 and len(referees_of(server.pid)) == 1
        family = [*workers_of(server.pid), *referees_of(server.pid)]
        server.send_signal(signal.SIGINT)  # Ctrl+C
        server.wait(timeout=30)
        assert [pid for pid in family if alive(pid)] == []
