"""Real server processes for end-to-end tests (browser, WebSocket, load).

End-to-end tests must talk to the app the way a player does: over a socket, to
the same ASGI application `make run` serves. So instead of an in-process test
client, `run_asgi_server` starts uvicorn as a subprocess on a free loopback
port and hands back its base URL.

The subprocess is a different process from pytest, so it cannot see data
written inside a test transaction, and by default it would open the developer
database. `server_env_for_test_db()` points it at pytest-django's TEST database;
tests using it must request `transactional_db` (or
`django_db(transaction=True)`) so that rows are committed and visible to it.

Example::

    def test_health(transactional_db):
        with run_asgi_server(env=server_env_for_test_db()) as base_url:
            assert httpx.get(f"{base_url}/api/health/").status_code == 200
"""

from __future__ import annotations

import os
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
import uuid
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import IO
from urllib.parse import urlsplit, urlunsplit

REPO_ROOT = Path(__file__).resolve().parents[2]
#: The server command: ``make run``'s (``canfield_site.serve``, uvicorn with the project's
#: options) under the running interpreter, so the suite runs from any environment that
#: installed the project (not only ``make``'s .venv) and serves what a deployment serves.
SERVE_MODULE = "canfield_site.serve"
SERVE = [sys.executable, "-m", SERVE_MODULE]


def is_server_command(argv: list[str]) -> bool:
    """Whether a process's command line is a server of ours (``SERVE``, or uvicorn's own)."""
    return any(SERVE_MODULE in part or "uvicorn" in part for part in argv[:3])


HEALTH_PATH = "/api/health/"
#: Redis key and channel prefix of the servers this test run starts: its own, so that
#: another checkout's tests or a developer's server on the same Redis (all playing today's
#: deal) never reach its pages, versions or rank index.
RUN_PREFIX = f"test-run-{uuid.uuid4().hex[:12]}"
STARTUP_TIMEOUT_S = 30.0
#: Environment every test server starts with unless the test says otherwise: a test run signs
#: up (and in) far more players from 127.0.0.1 than the per-address limits let one address,
#: and its scripts play ranked games faster than any hand (the timing signal, tested in
#: process by tests/fairplay, would hold them). No referee (``canfield_site.referee``): a
#: test's server shares the test's database, whose table pars the test stores itself, and a
#: fair-play worker beside each server would only burn the run's CPU on today's deals (a test
#: that wants one says ``CANFIELD_REFEREE=child``).
TEST_SERVER_DEFAULTS = {
    "CANFIELD_THROTTLE_SIGNUP": "off",
    "CANFIELD_PASSWORD_CHECKS_ADDRESS": "off",
    "CANFIELD_PASSWORD_CHECKS_ACCOUNT": "off",
    "CANFIELD_TIMING_SIGNALS": "off",
    "CANFIELD_REFEREE": "off",
}
#: The environment of a server whose tests sign players up by the hundred and measure nothing
#: of what a password costs: new passwords hashed cheaply (tests/support/cheap_hashing_settings),
#: and no server-wide budget of password checks, which is sized for the real hasher's CPU (4 a
#: second): cheap checks outran it and the schema fuzz met its 503.
CHEAP_HASHING = {
    "DJANGO_SETTINGS_MODULE": "tests.support.cheap_hashing_settings",
    "CANFIELD_PASSWORD_CHECKS_TOTAL": "off",
}
SHUTDOWN_TIMEOUT_S = 10.0


class ServerStartError(RuntimeError):
    """The server did not become healthy; the message carries its stderr."""


def free_port() -> int:
    """Ask the OS for a free loopback port (released at once, reused by the server)."""
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


def server_env_for_test_db() -> dict[str, str]:
    """Environment that makes a server subprocess use pytest-django's test database.

    (Its name does not start with `test_` so that importing it into a test
    module does not make pytest collect it.) Call it from inside a test that
    has `transactional_db`: only then does
    `connection.settings_dict["NAME"]` name the test database (pytest-django
    swaps it in when the database is set up), and only then are the test's rows
    committed where another process can read them. The servers get this run's own
    Redis prefix (``RUN_PREFIX``): two servers of one test share it, no one else does.
    """
    from django.db import connection

    settings = connection.settings_dict
    name = str(settings["NAME"])
    vendor = connection.vendor
    if vendor == "postgresql":
        return {
            "DATABASE_URL": _with_database_name(_postgres_url(settings), name),
            "CANFIELD_CACHE_PREFIX": RUN_PREFIX,
        }
    if vendor == "sqlite":
        if name == ":memory:" or name.startswith("file:"):
            raise RuntimeError(
                "the SQLite test database is in memory, a server subprocess cannot share it: "
                "give DATABASES['default']['TEST']['NAME'] a file path"
            )
        return {
            "DATABASE_URL": "sqlite:///" + str(Path(name).resolve()),
            "CANFIELD_CACHE_PREFIX": RUN_PREFIX,
        }
    raise RuntimeError(f"no server environment known for database vendor {vendor!r}")


def _postgres_url(settings: dict) -> str:
    """The DATABASE_URL the tests run with, or one rebuilt from the connection settings."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        return url
    user = settings.get("USER") or ""
    password = settings.get("PASSWORD") or ""
    credentials = f"{user}:{password}@" if password else (f"{user}@" if user else "")
    host = settings.get("HOST") or "127.0.0.1"
    port = settings.get("PORT") or "5432"
    return f"postgresql://{credentials}{host}:{port}/{settings['NAME']}"


def _with_database_name(url: str, name: str) -> str:
    """Replace the database name (the URL's path) and keep everything else."""
    parts = urlsplit(url)
    return urlunsplit((parts.scheme, parts.netloc, "/" + name, parts.query, parts.fragment))


#: How often a server is started on another free port when the one it was given was taken
#: meanwhile (``free_port`` releases the port before the server binds it: another test process
#: of a parallel run may take it in between).
PORT_ATTEMPTS = 3


class PortTakenError(ServerStartError):
    """The server could not bind its port: another process took it first."""


@contextmanager
def run_asgi_server(
    *, env: dict[str, str] | None = None, port: int | None = None, workers: int = 1
) -> Iterator[str]:
    """Serve `canfield_site.asgi:application` with uvicorn and yield its base URL.

    Waits until `GET /api/health/` answers 200 (or raises ServerStartError with
    the server's stderr), and always stops the server on exit: SIGTERM first so
    uvicorn shuts down cleanly, then SIGKILL to the process group it leads (its
    workers included) if it does not stop in time. Without a ``port``, a free one; a
    server that finds it taken starts again on another.
    """
    for attempt in range(1, PORT_ATTEMPTS + 1):
        started = False
        try:
            with _serving(env=env, port=port or free_port(), workers=workers) as base_url:
                started = True
                yield base_url
            return
        except PortTakenError:
            if started or port is not None or attempt == PORT_ATTEMPTS:
                raise


@contextmanager
def _serving(*, env: dict[str, str] | None, port: int, workers: int) -> Iterator[str]:
    base_url = f"http://127.0.0.1:{port}"
    command = [
        *SERVE,
        "--host",
        "127.0.0.1",
        "--port",
        str(port),
        "--workers",
        str(workers),
        "--log-level",
        "warning",
    ]
    with tempfile.TemporaryFile(mode="w+b") as stderr:
        process = subprocess.Popen(
            command,
            cwd=REPO_ROOT,
            # CANFIELD_WORKERS: the settings check what several workers need (REDIS_URL).
            env={
                **os.environ,
                **TEST_SERVER_DEFAULTS,
                "CANFIELD_WORKERS": str(workers),
                **(env or {}),
            },
            stdout=subprocess.DEVNULL,
            stderr=stderr,
            start_new_session=True,
        )
        try:
            _wait_until_healthy(process, base_url, stderr)
            yield base_url
        finally:
            _stop(process)


def _wait_until_healthy(process: subprocess.Popen[bytes], base_url: str, stderr: IO[bytes]) -> None:
    """Poll the health endpoint until it says 200, the process dies, or time runs out."""
    deadline = time.monotonic() + STARTUP_TIMEOUT_S
    last_problem = "no answer yet"
    while time.monotonic() < deadline:
        if process.poll() is not None:
            tail = _read_tail(stderr)
            error = PortTakenError if "address already in use" in tail else ServerStartError
            raise error(f"uvicorn exited with code {process.returncode} before answering:\n" + tail)
        try:
            with urllib.request.urlopen(base_url + HEALTH_PATH, timeout=2) as response:
                if response.status == 200:
                    return
                last_problem = f"health answered {response.status}"
        except urllib.error.HTTPError as error:
            last_problem = f"health answered {error.code}"
        except (urllib.error.URLError, ConnectionError, TimeoutError) as error:
            last_problem = str(error)
        time.sleep(0.1)
    raise ServerStartError(
        f"{base_url}{HEALTH_PATH} not healthy after {STARTUP_TIMEOUT_S:.0f}s ({last_problem}):\n"
        + _read_tail(stderr)
    )


def _read_tail(stderr: IO[bytes], limit: int = 4000) -> str:
    """The end of the server's stderr, where the traceback of a failed start is."""
    stderr.flush()
    stderr.seek(0)
    return stderr.read().decode("utf-8", "replace")[-limit:]


def _stop(process: subprocess.Popen[bytes]) -> None:
    if process.poll() is not None:
        return
    process.terminate()
    try:
        process.wait(timeout=SHUTDOWN_TIMEOUT_S)
    except subprocess.TimeoutExpired:
        # start_new_session made the server the leader of its own group: this
        # reaches its workers and nothing else.
        os.killpg(process.pid, signal.SIGKILL)
        process.wait(timeout=SHUTDOWN_TIMEOUT_S)
