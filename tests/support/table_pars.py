"""One table par per deal and budget in each test process.

A table par (``engine.table_player.par.table_par``) is a pure function of the deal, the
budget, the seed and the solver's line: seeded runs, node budgets. Production computes it
once per board and stores it (``fairplay.table_pars``); the suite empties the database after
every transactional test, so each test that closes a day computed the same pars again: 16 s
of a browser test's 20 s setup at load 8, a fifth of the whole suite's CPU. The service's
reference is swapped for this memo when the session starts (``tests/conftest.py``); what a
board stores and shows is unchanged, only the repeated search is saved.
"""

from __future__ import annotations

import functools

from engine import Deal
from engine.table_player.par import TablePar, table_par


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
    return table_par(
        deal,
        runs=runs,
        samples=samples,
        nodes_per_solve=nodes_per_solve,
        seed=seed,
        solver_line=None if solver_line is None else list(solver_line),
        max_seconds=max_seconds,
    )


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


def remember_table_pars() -> None:
    """Point the service at the memo (before any test computes a par)."""
    import fairplay.table_pars as service

    service.table_par = remembered_table_par
