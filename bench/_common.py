"""What the service benchmarks share: Django set-up on a real database, timing, percentiles.

The service benchmarks measure the code the API runs (services, selectors, the ASGI server)
against PostgreSQL, because SQLite's single writer would measure SQLite, not the service.
So they refuse to run without ``DATABASE_URL`` pointing at PostgreSQL instead of silently
measuring the embedded default.
"""

from __future__ import annotations

import math
import os
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

REPO_ROOT = Path(__file__).resolve().parent.parent
if str(REPO_ROOT) not in sys.path:
    sys.path.insert(0, str(REPO_ROOT))

from tests.support.servers import is_server_command  # noqa: E402


def require_postgres_url() -> str:
    """``DATABASE_URL`` if it names PostgreSQL; otherwise exit with how to set it."""
    url = os.environ.get("DATABASE_URL", "")
    if not url.startswith(("postgres://", "postgresql://")):
        sys.exit(
            "set DATABASE_URL to a PostgreSQL database, e.g. "
            "DATABASE_URL=postgresql://postgres@127.0.0.1:5432/canfield_bench"
        )
    return url


def setup_django() -> None:
    """Configure Django on the PostgreSQL database and bring its schema up to date."""
    require_postgres_url()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "canfield_site.settings")
    import django
    from django.core.management import call_command

    django.setup()
    call_command("migrate", verbosity=0, interactive=False)


def percentile(samples: Sequence[float], q: float) -> float:
    """The ``q``-th percentile (0..100), nearest-rank: an observed value, never interpolated."""
    if not samples:
        return math.nan
    ordered = sorted(samples)
    rank = max(1, math.ceil(q / 100 * len(ordered)))
    return ordered[rank - 1]


@dataclass(frozen=True)
class Latency:
    """Summary of a list of durations in milliseconds."""

    count: int
    p50: float
    p99: float
    mean: float
    max: float

    @classmethod
    def of(cls, samples_ms: Sequence[float]) -> Latency:
        return cls(
            count=len(samples_ms),
            p50=percentile(samples_ms, 50),
            p99=percentile(samples_ms, 99),
            mean=statistics.fmean(samples_ms) if samples_ms else math.nan,
            max=max(samples_ms) if samples_ms else math.nan,
        )

    def __str__(self) -> str:
        return (
            f"p50 {self.p50:7.2f} ms  p99 {self.p99:7.2f} ms  "
            f"mean {self.mean:7.2f} ms  max {self.max:7.2f} ms  (n={self.count})"
        )


def time_calls(call: Callable[[], object], *, repeat: int, warmup: int = 3) -> list[float]:
    """Milliseconds of each of ``repeat`` calls, after ``warmup`` untimed ones (cold caches
    and first-query planning are not what a busy server sees)."""
    for _ in range(warmup):
        call()
    samples: list[float] = []
    for _ in range(repeat):
        start = time.perf_counter()
        call()
        samples.append((time.perf_counter() - start) * 1000)
    return samples


def stock_token(legal: Sequence[str]) -> str:
    """``draw`` or ``recycle``, whichever is legal: a move that is always possible in Canfield
    (the stock can be recycled without limit), so logs of any length are quick to build."""
    for token in ("draw", "recycle"):
        if token in legal:
            return token
    raise RuntimeError(f"neither draw nor recycle is legal here: {list(legal)}")


def server_pids(base_urls: Sequence[str]) -> list[int]:
    """Pids of the uvicorn processes serving ``base_urls`` and of their workers.

    The servers are found by their ``--port``; ``--workers`` children (spawned, so their
    command line names no port) share the server's process group (``run_asgi_server``
    starts each server in a session of its own), so they are found by that.
    """
    ports = {url.rsplit(":", 1)[1] for url in base_urls}
    leaders: set[int] = set()
    groups: dict[int, int] = {}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            argv = (proc / "cmdline").read_bytes().split(b"\0")
            groups[int(proc.name)] = int(_stat_fields(int(proc.name))[2])
        except (OSError, IndexError, ValueError):
            continue
        args = [part.decode(errors="replace") for part in argv]
        if is_server_command(args) and "--port" in args and args[args.index("--port") + 1] in ports:
            leaders.add(int(proc.name))
    return sorted(pid for pid, group in groups.items() if pid in leaders or group in leaders)


def _stat_fields(pid: int) -> list[str]:
    """The fields of ``/proc/<pid>/stat`` after the command name (field 3 on)."""
    return Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()


def cpu_seconds(pids: Sequence[int]) -> float:
    """User + system CPU time the processes have used so far (a process gone counts 0)."""
    ticks = 0
    for pid in pids:
        try:
            fields = _stat_fields(pid)
        except OSError:
            continue
        ticks += int(fields[11]) + int(fields[12])
    return ticks / os.sysconf("SC_CLK_TCK")


#: The services a request also costs, found by their processes' command names: PostgreSQL
#: (its backends, the WAL writer, the checkpointer...) and Redis.
SERVICES = {"postgres": "PostgreSQL", "redis-server": "Redis"}


def service_ticks() -> dict[str, dict[int, int]]:
    """CPU clock ticks used so far by each process of each service (``SERVICES``), by pid.

    Taken over every process on the machine with that name: on a machine that serves other
    work too, theirs count as well (the benches say so where they print these)."""
    ticks: dict[str, dict[int, int]] = {service: {} for service in SERVICES.values()}
    for proc in Path("/proc").iterdir():
        if not proc.name.isdigit():
            continue
        try:
            service = SERVICES.get((proc / "comm").read_text().strip())
            if service is None:
                continue
            fields = _stat_fields(int(proc.name))
        except OSError:
            continue
        ticks[service][int(proc.name)] = int(fields[11]) + int(fields[12])
    return ticks


def service_seconds(start: dict[str, dict[int, int]]) -> dict[str, float]:
    """CPU seconds each service used since ``start`` (``service_ticks``): a process started
    meanwhile counts whole, one that ended meanwhile is missed (PostgreSQL starts a backend
    per connection; the servers' pools keep theirs)."""
    clock = os.sysconf("SC_CLK_TCK")
    return {
        service: sum(used - start[service].get(pid, 0) for pid, used in pids.items()) / clock
        for service, pids in service_ticks().items()
    }
