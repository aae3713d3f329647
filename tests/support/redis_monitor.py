"""Redis commands as the server received them: ``MONITOR`` on a connection of its own.

What a move costs in Redis is best counted where it lands, not in the client: a pipeline is
several commands in one round trip, a script one command that runs others. ``RedisMonitor``
records every command the server executes while it is open and keeps those of this process:

* a client's command (a round trip's share): the server names its sender's address, kept when
  the address is one of this process's own sockets (``local_ports``, read off ``/proc``), so
  other test runs and servers on the same Redis do not count;
* a command a script ran (``[0 lua]``, no address): kept when its line names one of
  ``markers`` (this process's key and channel prefixes).

Used by ``tests/games/live/test_announce_cost.py`` and ``bench/announce_cost.py``. Linux only
(``/proc``), as the rest of the benches.
"""

from __future__ import annotations

import os
import re
import socket
import threading
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path
from urllib.parse import urlparse

#: ``1733330000.123456 [0 127.0.0.1:54321] "INCR" "key"`` or ``... [0 lua] "PUBLISH" ...``.
LINE = re.compile(r'^\d+\.\d+ \[\d+ (?P<client>[^\]]+)\] "(?P<name>[^"]+)"')


@dataclass(frozen=True)
class Command:
    client: str  # "host:port" of the sender, or "lua" for a command a script ran
    name: str  # upper case: "EVALSHA", "PUBLISH"
    line: str

    @property
    def port(self) -> int | None:
        return None if self.client == "lua" else int(self.client.rsplit(":", 1)[1])


def local_ports() -> set[int]:
    """The local TCP ports of this process's open sockets (``/proc/self/fd`` matched to
    ``/proc/self/net/tcp*`` by inode)."""
    inodes = set()
    for fd in Path("/proc/self/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    ports = set()
    for table in ("tcp", "tcp6"):
        path = Path(f"/proc/self/net/{table}")
        if not path.exists():
            continue
        for row in path.read_text().splitlines()[1:]:
            fields = row.split()
            if fields[9] in inodes:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


class RedisMonitor:
    """Every command Redis runs while open; ``mine()`` keeps this process's (see the module).

    Read ``mine()`` before this process closes the connections it counts (a closed socket's
    port is no longer known as this process's)."""

    def __init__(self, url: str, *, markers: tuple[str, ...] = ()) -> None:
        parsed = urlparse(url)
        self._address = (parsed.hostname or "127.0.0.1", parsed.port or 6379)
        self._markers = markers
        self._lines: list[str] = []
        self._stop = threading.Event()
        self._started = threading.Event()
        self._thread: threading.Thread | None = None
        self._port = 0

    def __enter__(self) -> RedisMonitor:
        self._thread = threading.Thread(target=self._read, name="redis-monitor", daemon=True)
        self._thread.start()
        if not self._started.wait(5):
            raise RuntimeError("MONITOR did not start")
        return self

    def __exit__(self, *exc: object) -> None:
        self.stop()

    def stop(self) -> None:
        """Stop once what was sent so far has been seen (a PING of its own marks the end)."""
        if self._thread is None:
            return
        marker = f"monitor-end-{os.getpid()}-{time.monotonic_ns()}"
        with socket.create_connection(self._address, timeout=5) as probe:
            probe.sendall(f"ECHO {marker}\r\n".encode())
            probe.recv(1024)
        deadline = time.monotonic() + 5
        while not any(marker in line for line in self._lines[-50:]):
            if time.monotonic() > deadline:
                break
            time.sleep(0.01)
        self._stop.set()
        self._thread.join(5)
        self._thread = None

    def _read(self) -> None:
        with socket.create_connection(self._address, timeout=0.2) as connection:
            self._port = connection.getsockname()[1]
            connection.sendall(b"MONITOR\r\n")
            buffer = b""
            while not self._stop.is_set():
                try:
                    chunk = connection.recv(65536)
                except TimeoutError:
                    continue
                if not chunk:
                    break
                buffer += chunk
                *lines, buffer = buffer.split(b"\r\n")
                for raw in lines:
                    line = raw.decode("utf-8", "replace").lstrip("+")
                    if line == "OK":
                        self._started.set()
                    else:
                        self._lines.append(line)

    def all(self) -> list[Command]:
        found = []
        for line in list(self._lines):
            match = LINE.match(line)
            if match:
                found.append(Command(match["client"], match["name"].upper(), line))
        return found

    def mine(self) -> list[Command]:
        """This process's commands: its sockets' own, and scripts' that name a marker."""
        ports = local_ports() - {self._port}
        return [
            command
            for command in self.all()
            if (command.port in ports)
            or (command.client == "lua" and any(m in command.line for m in self._markers))
        ]


def sent(commands: list[Command]) -> list[Command]:
    """The commands clients sent (a script's own commands left out)."""
    return [command for command in commands if command.client != "lua"]


def by_name(commands: list[Command]) -> Counter[str]:
    return Counter(command.name for command in commands)


def connections(commands: list[Command]) -> set[str]:
    """The client connections that sent ``commands``."""
    return {command.client for command in commands if command.client != "lua"}
