"""One table par per deal and budget in each test process.

A table par (``engine.table_player.par.table_par``) is a pure function of the deal, the
budget, the seed and the solver's line: seeded runs, node budgets. Production computes it
once per board and stores it (``fairplay.table_pars``); the suite empties the database after
every transactional test, so each test that closes a day computed the same pars again: 16 s
of a browser test's 20 s setup at load 8, a fifth of the whole suite's CPU. The service's
reference is swapped for this memo when the session starts (``tests/conftest.py``); what a
board stores and shows is unchanged, only the repeated search is saved.

The memo is shared by the run's test processes too (``remember_table_pars(directory)``: a
JSON file per par in the run's temporary directory, under a lock): the xdist workers close the
same days (three days ago, the fair-play tests' next day) and each computed their pars. A
worker that finds another computing a par waits for it rather than computing it beside it.
The directory is the run's own, so a changed player is never read from an earlier run.
"""

from __future__ import annotations

import fcntl
import functools
import hashlib
import json
import os
from pathlib import Path

from engine import Deal
from engine.table_player.par import TablePar, table_par

#: Where this run's processes share their pars (None: this process's memo only).
_SHARED: list[Path] = []


def _shared_file(key: tuple[object, ...]) -> Path | None:
    if not _SHARED:
        return None
    digest = hashlib.sha256(repr(key).encode()).hexdigest()[:32]
    return _SHARED[0] / f"{digest}.json"


def _computed_or_shared(key: tuple[object, ...], compute: functools.partial[TablePar]) -> TablePar:
    """``compute()``, or the par another process of the run stored under ``key``."""
    path = _shared_file(key)
    if path is None:
        return compute()
    with open(path.with_suffix(".lock"), "w") as lock:
        fcntl.flock(lock, fcntl.LOCK_EX)  # released when the file closes
        if path.exists():
            return TablePar.from_json(json.loads(path.read_text()))
        par = compute()
        written = path.with_suffix(f".{os.getpid()}.tmp")
        written.write_text(json.dumps(par.to_json()))
        written.replace(path)
        return par


@functools.lru_cache(maxsize=128)
def _remembered(
    deal: Deal,
    runs: int,
    samples: int,
    nodes_per_solve: int,
    seed: int,
    solver_line: tuple[str, ...] | None,
    max_seconds: float | None,
) -> TablePar:
    key = (deal.code, runs, samples, nodes_per_solve, seed, solver_line, max_seconds)
    compute = functools.partial(
        table_par,
        deal,
        runs=runs,
        samples=samples,
        nodes_per_solve=nodes_per_solve,
        seed=seed,
        solver_line=None if solver_line is None else list(solver_line),
        max_seconds=max_seconds,
    )
    return _computed_or_shared(key, compute)


def remembered_table_par(
    deal: Deal,
    *,
    runs: int,
    samples: int,
    nodes_per_solve: int,
    seed: int,
    solver_line: list[str] | None = None,
    max_seconds: float | None = None,
    earlier: TablePar | None = None,
) -> TablePar:
    """``table_par`` with the same arguments, computed once per process (a par carried on
    from ``earlier`` runs is computed each time: it is the review's, after the close)."""
    if earlier is not None:
        return table_par(
            deal,
            runs=runs,
            samples=samples,
            nodes_per_solve=nodes_per_solve,
            seed=seed,
            solver_line=solver_line,
            max_seconds=max_seconds,
            earlier=earlier,
        )
    line = None if solver_line is None else tuple(solver_line)
    return _remembered(deal, runs, samples, nodes_per_solve, seed, line, max_seconds)


def remember_table_pars(directory: Path | None = None) -> None:
    """Point the service at the memo (before any test computes a par), shared through
    ``directory`` with the run's other processes when given."""
    import fairplay.table_pars as service

    if directory is not None:
        directory.mkdir(parents=True, exist_ok=True)
        _SHARED[:] = [directory]
    service.table_par = remembered_table_par
