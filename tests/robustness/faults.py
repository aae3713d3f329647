"""Ways to break the stack on purpose, each undoable: kill a worker, stop a private Redis,
cut the database connection.

Nothing here touches the machine's shared services: Redis faults use a private
``redis-server`` on a free port, and PostgreSQL is "stopped" by cutting a TCP proxy that sits
between the server under test and the database, so other processes keep their database.
"""

from __future__ import annotations

import asyncio
import contextlib
import os
import shutil
import signal
import subprocess
import threading
import time
from collections.abc import Coroutine, Iterator
from pathlib import Path
from typing import Any

from tests.support.servers import free_port, is_server_command

PROC = Path("/proc")


def missing_service(reason: str) -> None:
    """Skip a test that needs a service this machine lacks, or fail it when the run requires
    the services (``CANFIELD_REQUIRE_SERVICES=1``, as CI sets): a proof that did not run must
    not look like one that passed."""
    import pytest

    if os.environ.get("CANFIELD_REQUIRE_SERVICES") == "1":
        pytest.fail(f"CANFIELD_REQUIRE_SERVICES=1 but {reason}", pytrace=False)
    pytest.skip(reason)


# --- uvicorn processes ------------------------------------------------------------------------
def _cmdline(pid: int) -> list[str]:
    try:
        return (PROC / str(pid) / "cmdline").read_bytes().decode(errors="replace").split("\0")
    except OSError:
        return []


def _parent(pid: int) -> int:
    try:
        stat = (PROC / str(pid) / "stat").read_text()
    except OSError:
        return -1
    return int(stat.rsplit(")", 1)[1].split()[1])  # the field after "(comm) state"


def _pids() -> list[int]:
    return [int(entry.name) for entry in PROC.iterdir() if entry.name.isdigit()]


def uvicorn_supervisor(port: int) -> int:
    """The pid of the uvicorn process serving ``port`` (the supervisor with --workers)."""
    for pid in _pids():
        args = _cmdline(pid)
        if is_server_command(args) and str(port) in args:
            index = args.index(str(port))
            if index > 0 and args[index - 1] == "--port":
                return pid
    raise LookupError(f"no uvicorn process serves port {port}")


def uvicorn_workers(port: int) -> list[int]:
    """The worker processes of the server on ``port`` (children of its supervisor)."""
    supervisor = uvicorn_supervisor(port)
    return sorted(
        pid
        for pid in _pids()
        if _parent(pid) == supervisor
        # multiprocessing's spawned workers; not its resource tracker, also a child
        and any("spawn_main" in arg for arg in _cmdline(pid))
    )


def wait_for_workers(port: int, count: int, *, excluding: int, timeout: float = 30.0) -> list[int]:
    """Wait until the server has ``count`` workers again, none of them ``excluding``."""
    deadline = time.monotonic() + timeout
    workers: list[int] = []
    while time.monotonic() < deadline:
        workers = uvicorn_workers(port)
        if len(workers) == count and excluding not in workers:
            return workers
        time.sleep(0.2)
    raise TimeoutError(f"server on port {port} has workers {workers}, wanted {count} new ones")


def _established_socket_inodes(port: int) -> set[str]:
    """Inodes of the ESTABLISHED TCP sockets whose local port is ``port`` (server side)."""
    inodes: set[str] = set()
    for table in ("tcp", "tcp6"):
        try:
            lines = (PROC / "net" / table).read_text().splitlines()[1:]
        except OSError:
            continue
        for line in lines:
            fields = line.split()
            local_port = int(fields[1].rsplit(":", 1)[1], 16)
            if local_port == port and fields[3] == "01":  # 01: TCP_ESTABLISHED
                inodes.add(fields[9])
    return inodes


def open_connections(pid: int, port: int) -> int:
    """How many client connections to ``port`` the process ``pid`` holds right now."""
    inodes = _established_socket_inodes(port)
    count = 0
    with contextlib.suppress(OSError):
        for fd in (PROC / str(pid) / "fd").iterdir():
            with contextlib.suppress(OSError):
                link = os.readlink(fd)
                if link.startswith("socket:[") and link[8:-1] in inodes:
                    count += 1
    return count


def busiest_worker(port: int, *, timeout: float = 10.0) -> int:
    """The worker holding the most client connections: killing it is sure to hit requests in
    flight (keep-alive connections stay with the worker that accepted them, so a worker chosen
    blindly may be serving nobody)."""
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        loads = {pid: open_connections(pid, port) for pid in uvicorn_workers(port)}
        if loads and max(loads.values()) > 0:
            return max(loads, key=loads.__getitem__)
        time.sleep(0.05)
    raise TimeoutError(f"no worker on port {port} holds a client connection")


def kill_hard(pid: int) -> None:
    """``kill -9``: no clean-up, no goodbye, as an OOM killer or a power cut would do."""
    os.kill(pid, signal.SIGKILL)


# --- a private Redis --------------------------------------------------------------------------
class PrivateRedis:
    """A ``redis-server`` of this test only, on a free port, that can be stopped and started
    again on the same port (as an operator restarting Redis would)."""

    def __init__(self) -> None:
        self.binary = shutil.which("redis-server")
        self.port = free_port()
        self.process: subprocess.Popen[bytes] | None = None

    @property
    def url(self) -> str:
        return f"redis://127.0.0.1:{self.port}/0"

    def start(self) -> None:
        if self.binary is None:
            raise FileNotFoundError("redis-server is not installed")
        self.process = subprocess.Popen(
            [
                self.binary,
                "--port",
                str(self.port),
                "--bind",
                "127.0.0.1",
                "--save",
                "",
                "--appendonly",
                "no",
                "--daemonize",
                "no",
                "--loglevel",
                "warning",
            ],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.DEVNULL,
        )
        self._wait_until_answering()

    def stop(self) -> None:
        if self.process is not None and self.process.poll() is None:
            self.process.kill()
            self.process.wait(timeout=10)
        self.process = None

    def _wait_until_answering(self, timeout: float = 10.0) -> None:
        import redis

        deadline = time.monotonic() + timeout
        while time.monotonic() < deadline:
            try:
                redis.Redis.from_url(self.url, socket_timeout=0.5).ping()
                return
            except redis.RedisError:
                time.sleep(0.05)
        raise TimeoutError(f"private redis on port {self.port} did not start")


@contextlib.contextmanager
def private_redis() -> Iterator[PrivateRedis]:
    server = PrivateRedis()
    server.start()
    try:
        yield server
    finally:
        server.stop()


# --- a TCP proxy in front of PostgreSQL -------------------------------------------------------
class TcpProxy:
    """Forwards a local port to ``target``; ``cut()`` drops every connection and refuses new
    ones (the database "is down" for whoever goes through the proxy), ``restore()`` listens
    again on the same port."""

    def __init__(self, target_host: str, target_port: int) -> None:
        self.target = (target_host, target_port)
        self.port = free_port()
        self.loop = asyncio.new_event_loop()
        self.thread = threading.Thread(target=self.loop.run_forever, daemon=True)
        self.server: asyncio.Server | None = None
        self.transports: set[asyncio.WriteTransport] = set()

    def __enter__(self) -> TcpProxy:
        self.thread.start()
        self.restore()
        return self

    def __exit__(self, *exc: object) -> None:
        self.cut()
        self.loop.call_soon_threadsafe(self.loop.stop)
        self.thread.join(timeout=10)

    def _run(self, coroutine: Coroutine[Any, Any, None]) -> None:
        asyncio.run_coroutine_threadsafe(coroutine, self.loop).result(timeout=10)

    def restore(self) -> None:
        self._run(self._listen())

    def cut(self) -> None:
        self._run(self._cut())

    async def _listen(self) -> None:
        self.server = await asyncio.start_server(
            self._serve, "127.0.0.1", self.port, reuse_address=True
        )

    async def _cut(self) -> None:
        if self.server is not None:
            self.server.close()
            self.server = None
        for transport in list(self.transports):
            transport.abort()  # a reset, not a polite close: the network is gone
        self.transports.clear()

    async def _serve(
        self, client_reader: asyncio.StreamReader, client_writer: asyncio.StreamWriter
    ) -> None:
        try:
            upstream_reader, upstream_writer = await asyncio.open_connection(*self.target)
        except OSError:
            client_writer.transport.abort()
            return
        self.transports |= {client_writer.transport, upstream_writer.transport}
        await asyncio.gather(
            self._pipe(client_reader, upstream_writer), self._pipe(upstream_reader, client_writer)
        )

    async def _pipe(self, reader: asyncio.StreamReader, writer: asyncio.StreamWriter) -> None:
        try:
            while data := await reader.read(65536):
                writer.write(data)
                await writer.drain()
        except (ConnectionError, OSError):
            pass
        finally:
            self.transports.discard(writer.transport)
            writer.transport.abort()
