"""What a server process holds, read from /proc (Linux): its pid by port, memory, open files.

The hardening tests check that a hostile upload or flood does not grow a real uvicorn's
memory or make it write temporary files; ``run_asgi_server`` hands back only a URL, so the
process is found by the loopback port it listens on.
"""

from __future__ import annotations

import os
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

LISTEN = "0A"


def pid_listening_on(port: int) -> int:
    """The pid of the process whose socket listens on ``port`` (IPv4 or IPv6)."""
    inodes: set[str] = set()
    for table in ("/proc/net/tcp", "/proc/net/tcp6"):
        for line in Path(table).read_text().splitlines()[1:]:
            fields = line.split()
            local, state, inode = fields[1], fields[3], fields[9]
            if state == LISTEN and int(local.rsplit(":", 1)[1], 16) == port:
                inodes.add(f"socket:[{inode}]")
    for entry in Path("/proc").iterdir():
        if not entry.name.isdigit():
            continue
        try:
            links = {os.readlink(fd) for fd in (entry / "fd").iterdir()}
        except OSError:
            continue
        if links & inodes:
            return int(entry.name)
    raise LookupError(f"no process listens on port {port}")


def rss_bytes(pid: int) -> int:
    """Resident memory of ``pid``."""
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) * 1024
    raise LookupError(f"no VmRSS for pid {pid}")


def open_files_under(pid: int, directory: Path) -> list[str]:
    """Files ``pid`` holds open below ``directory`` (deleted temporary files included: Linux
    names them ``/dir/#123 (deleted)``)."""
    found = []
    prefix = str(directory)
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith(prefix):
            found.append(target)
    return found


@dataclass
class Watch:
    """Samples a process every ``interval`` seconds in a thread: peak memory, temp files."""

    pid: int
    spool: Path
    interval: float = 0.02
    peak_rss: int = 0
    spooled: set[str] = field(default_factory=set)
    _stop: threading.Event = field(default_factory=threading.Event)

    def __enter__(self) -> Watch:
        self.start_rss = rss_bytes(self.pid)
        self._thread = threading.Thread(target=self._run, daemon=True)
        self._thread.start()
        return self

    def __exit__(self, *exc: object) -> None:
        self._stop.set()
        self._thread.join(timeout=5)
        self._sample()

    @property
    def growth(self) -> int:
        return self.peak_rss - self.start_rss

    def _sample(self) -> None:
        try:
            self.peak_rss = max(self.peak_rss, rss_bytes(self.pid))
            self.spooled.update(open_files_under(self.pid, self.spool))
        except (OSError, LookupError):
            pass

    def _run(self) -> None:
        while not self._stop.is_set():
            self._sample()
            time.sleep(self.interval)
