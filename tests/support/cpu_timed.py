"""Run a command and say, when it ends, its wall time beside the CPU it took (`make test`).

The suite is CPU-bound (docs/testing.md, "How long it takes"): its wall time on two cores is
about its CPU-seconds halved, so a run's figure means little without them, and a machine
shared with other work shows it in the wall time only. Two CPU figures are printed:

* the command's own processes (``RUSAGE_CHILDREN``: pytest, its workers, the servers and
  browsers they started and waited for): what the suite costs, whatever else runs;
* the whole machine's busy CPU over the same span (``/proc/stat``, Linux only): on a quiet
  machine, the suite plus what `make test` runs beside it (lint).

Usage: ``python -m tests.support.cpu_timed [--out FILE] LABEL COMMAND...``; prints the line
when the command ends (and writes it to FILE too, for `make test` to print again last, after
the lint log); exits with the command's status.
"""

from __future__ import annotations

import resource
import subprocess
import sys
import time
from pathlib import Path

PROC_STAT = Path("/proc/stat")


def machine_busy_seconds() -> float | None:
    """CPU-seconds the machine's cores have been busy since boot (all but idle and iowait),
    None where there is no ``/proc/stat``."""
    try:
        first = PROC_STAT.read_text().splitlines()[0].split()
    except OSError:
        return None
    ticks = [int(value) for value in first[1:]]
    idle = ticks[3] + (ticks[4] if len(ticks) > 4 else 0)
    # Guest time is already counted in user time (proc(5)): the first eight columns only.
    return (sum(ticks[:8]) - idle) / 100.0  # USER_HZ is 100 on every Linux that matters here


def summary(label: str, wall: float, user: float, system: float, machine: float | None) -> str:
    line = (
        f"{label}: {wall:,.0f} s wall, {user + system:,.0f} CPU-seconds in its processes"
        f" ({user:,.0f} user + {system:,.0f} sys)"
    )
    if machine is not None:
        line += f"; the machine's cores were busy {machine:,.0f} CPU-seconds meanwhile"
    return line


def main(argv: list[str]) -> int:
    out = None
    if argv[:1] == ["--out"]:
        out, argv = Path(argv[1]), argv[2:]
    if len(argv) < 2:
        print(__doc__, file=sys.stderr)
        return 2
    label, command = argv[0], argv[1:]
    busy_before, started = machine_busy_seconds(), time.monotonic()
    process = subprocess.Popen(command)
    while True:
        try:
            status = process.wait()
            break
        except KeyboardInterrupt:  # Ctrl+C reached the command too: wait for it to stop
            continue
    wall = time.monotonic() - started
    busy_after = machine_busy_seconds()
    usage = resource.getrusage(resource.RUSAGE_CHILDREN)
    machine = None if busy_before is None or busy_after is None else busy_after - busy_before
    line = summary(label, wall, usage.ru_utime, usage.ru_stime, machine)
    print(line, flush=True)
    if out is not None:
        out.write_text(line + "\n")
    return status


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
