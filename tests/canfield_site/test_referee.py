"""The referee beside the server (``canfield_site.serve``'s ``--referee`` /
``CANFIELD_REFEREE``, ``canfield_site.referee``): which modes there are and how a bad one is
refused, and the supervision of a child (its lines logged with their prefix, a restart after
a pause that grows, a stop that leaves no process), on stand-in children of a line of Python
each. The real ``manage.py fairplay work`` under ``make run`` is ``test_referee_e2e.py``."""

from __future__ import annotations

import doctest
import logging
import os
import subprocess
import sys
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

import canfield_site.referee
import canfield_site.serve
from canfield_site.referee import Referee, exit_words, next_backoff, referee_command
from canfield_site.serve import REFEREE_MODES, parse, referee_mode
from tests.support.servers import REPO_ROOT


def test_the_modes_and_their_default() -> None:
    assert REFEREE_MODES == ("child", "external", "off")
    assert referee_mode({}) == "child"
    assert referee_mode({"CANFIELD_REFEREE": ""}) == "child"
    for text, mode in [("child", "child"), (" External", "external"), ("OFF ", "off")]:
        assert referee_mode({"CANFIELD_REFEREE": text}) == mode


@pytest.mark.parametrize("text", ["no", "children", "1", "external,off"])
def test_a_mode_that_is_none_of_them_is_refused_naming_the_variable(text: str) -> None:
    with pytest.raises(ValueError) as refused:
        referee_mode({"CANFIELD_REFEREE": text})
    assert str(refused.value) == (
        f"CANFIELD_REFEREE must be one of child, external, off (any case), not {text!r}"
    )


def test_the_command_line_reads_the_environment_and_the_option_wins(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.delenv("CANFIELD_REFEREE", raising=False)
    assert parse([]).referee == "child"
    monkeypatch.setenv("CANFIELD_REFEREE", "External")
    assert parse([]).referee == "external"
    assert parse(["--referee", "OFF"]).referee == "off"
    monkeypatch.setenv("CANFIELD_REFEREE", "sometimes")
    assert parse(["--referee", "child"]).referee == "child"  # the option is what was asked
    with pytest.raises(SystemExit) as stopped:
        parse([])
    assert stopped.value.code == 2  # before anything starts, with the reason
    assert "CANFIELD_REFEREE must be one of child, external, off (any case), not 'sometimes'" in (
        capsys.readouterr().err
    )
    with pytest.raises(SystemExit):
        parse(["--referee", "maybe"])
    assert "invalid choice: 'maybe'" in capsys.readouterr().err


def test_the_child_is_the_fair_play_worker_under_this_interpreter() -> None:
    command = referee_command(parent=4321)
    assert command == [
        sys.executable,
        str(REPO_ROOT / "manage.py"),
        "fairplay",
        "work",
        "--parent",
        "4321",
    ]


def test_the_pause_doubles_and_a_stable_run_starts_it_over() -> None:
    assert exit_words(1) == "exited with code 1"
    assert exit_words(-9) == "killed by SIGKILL"
    pauses = [next_backoff(None, ran_s=0)]
    for _ in range(8):
        pauses.append(next_backoff(pauses[-1], ran_s=0.5))
    assert pauses == [1, 2, 4, 8, 16, 32, 60, 60, 60]
    assert next_backoff(60, ran_s=canfield_site.referee.STABLE_S) == 1


def test_the_modules_examples_hold() -> None:
    for module in (canfield_site.referee, canfield_site.serve):
        assert doctest.testmod(module).failed == 0


@pytest.fixture
def referee_log(caplog: pytest.LogCaptureFixture) -> Iterator[pytest.LogCaptureFixture]:
    caplog.set_level(logging.INFO, logger="canfield.referee")
    yield caplog


def wait_for(condition: object, timeout: float = 20.0) -> None:
    deadline = time.monotonic() + timeout
    while not condition():  # type: ignore[operator]
        assert time.monotonic() < deadline, "timed out"
        time.sleep(0.05)


def alive(pid: int) -> bool:
    try:
        state = Path(f"/proc/{pid}/stat").read_text().split(")")[-1].split()[0]
    except FileNotFoundError:
        return False
    return state != "Z"


def stand_in(code: str) -> Referee:
    return Referee(command=[sys.executable, "-c", code], env=os.environ, cwd=REPO_ROOT)


def test_a_child_that_dies_is_started_again_after_a_growing_pause_and_logged(
    referee_log: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(canfield_site.referee, "BACKOFF_FIRST_S", 0.2)
    referee = stand_in(
        "import sys; print('a table par', flush=True); print('oops', file=sys.stderr); sys.exit(3)"
    )
    referee.start()
    try:
        wait_for(lambda: referee.starts >= 3)
    finally:
        referee.stop()
    lines = [(record.levelname, record.getMessage()) for record in referee_log.records]
    assert ("INFO", "a table par") in lines  # its standard output, at INFO
    assert ("WARNING", "oops") in lines  # its standard error, at WARNING
    restarts = [text for level, text in lines if "starting it again" in text]
    assert restarts[:2] == [
        "exited with code 3 after 0 s; starting it again in 0 s",
        "exited with code 3 after 0 s; starting it again in 0 s",
    ]
    pauses = [record.args[2] for record in referee_log.records if "again" in record.msg]  # type: ignore[index]
    assert pauses[:2] == [0.2, 0.4]
    assert all(record.name == "canfield.referee" for record in referee_log.records)


def test_stop_ends_the_child_and_starts_no_other(referee_log: pytest.LogCaptureFixture) -> None:
    referee = stand_in("import time; print('working', flush=True); time.sleep(600)")
    referee.start()
    wait_for(lambda: referee.pid is not None)
    pid = referee.pid
    assert pid is not None
    assert os.getsid(pid) == pid  # its own session: a Ctrl+C at the terminal reaches the server
    assert os.getpriority(os.PRIO_PROCESS, pid) >= min(
        19, os.getpriority(os.PRIO_PROCESS, 0) + canfield_site.referee.REFEREE_NICENESS
    )
    wait_for(lambda: any(r.getMessage() == "working" for r in referee_log.records))
    referee.stop()
    assert not alive(pid)
    assert referee.pid is None and referee.starts == 1
    time.sleep(0.3)
    assert referee.starts == 1
    assert not any("again" in record.getMessage() for record in referee_log.records)


def test_a_child_that_ignores_sigterm_is_killed(
    referee_log: pytest.LogCaptureFixture, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(canfield_site.referee, "STOP_TIMEOUT_S", 0.5)
    referee = stand_in(
        "import signal, time; signal.signal(signal.SIGTERM, signal.SIG_IGN);"
        " print('ready', flush=True); time.sleep(600)"
    )
    referee.start()
    wait_for(lambda: any(r.getMessage() == "ready" for r in referee_log.records))
    pid = referee.pid
    assert pid is not None
    referee.stop()
    assert not alive(pid)
    assert any("did not stop" in record.getMessage() for record in referee_log.records)


#: A server stand-in: starts the real worker command with its own pid as ``--parent``, says
#: the worker's pid, then waits to be killed outright.
SERVER_STAND_IN = """
import os, subprocess, sys, time
from canfield_site.referee import referee_command
child = subprocess.Popen(referee_command(parent=os.getpid()) + ["--interval", "3600"],
                         stdout=subprocess.DEVNULL, stderr=open(sys.argv[1], "wb"),
                         start_new_session=True)
print(child.pid, flush=True)
time.sleep(600)
"""


@pytest.mark.slow  # a Django interpreter starts
def test_the_worker_ends_once_its_server_is_killed_outright(tmp_path: Path) -> None:
    env = {
        **os.environ,
        "DATABASE_URL": f"sqlite:///{tmp_path / 'db.sqlite3'}",  # empty: its pass fails, waits
        "CANFIELD_DATA_DIR": str(tmp_path),
    }
    env.pop("REDIS_URL", None)
    said = tmp_path / "worker.err"
    server = subprocess.Popen(
        [sys.executable, "-c", SERVER_STAND_IN, str(said)],
        cwd=REPO_ROOT,
        env=env,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert server.stdout is not None
        worker = int(server.stdout.readline())
        # Its pass failed (the database has no tables) and it waits an hour for the next one.
        wait_for(lambda: "fair-play pass failed, retrying" in said.read_text(), timeout=60)
        assert alive(worker)
    finally:
        server.kill()
        server.wait()
    wait_for(lambda: not alive(worker), timeout=30)


def test_compose_runs_the_referee_as_its_own_service_and_the_app_none() -> None:
    import yaml

    services = yaml.safe_load((REPO_ROOT / "docker-compose.yml").read_text())["services"]
    assert services["app"]["environment"]["CANFIELD_REFEREE"] == "external"
    assert services["fairplay"]["command"][:4] == ["python", "manage.py", "fairplay", "work"]
    assert referee_mode(services["app"]["environment"]) == "external"
