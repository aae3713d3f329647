"""A day's par: the shortest winning line the engine's optimiser finds on each sealed deal.

The day is chosen with the solver's first winning line (``games.daily.choosing``): that
proves the deal winnable in seconds, but a depth-first line is far from short (a median 1.4
times what a short search around it finds), and the par is what every player measures the
day against, what the archive calls "knowing every card" and what the fair-play edge test
compares the table-view runs with. So the line is handed to the optimiser
(``engine.solver.optimise``) off the request path, in the fair-play worker's pass and in
``prepare_daily``, with ``CANFIELD_PAR_NODES`` nodes per deal (a node budget: the same par on
any machine) and a seed keyed with ``DAILY_SECRET`` (``games.daily.drawing.board_seed``).

Until then the day is ``pending``: no par is told (``daily_pars`` says None), rather than a
number that would change within minutes. A day stored before the optimiser keeps its solver
line (``solver``). The first line's length is kept beside the par.

The optimiser re-plays its line in the engine before it returns it and raises
``OptimiserBug`` if the engine refuses it. Should that ever happen, that mode keeps the
solver's line (verified when the day was chosen) and the bug is logged: a day left pending
would have no table runs and fail every pass of the fair-play worker, not only its own.
"""

import logging
import time

from django.conf import settings
from django.db import transaction

from engine import Deal
from engine.solver.optimise import OptimiserBug, OptimiseResult, optimise
from games.boards import DAILY_MODES, daily_board
from games.daily.drawing import board_seed
from games.daily.store import daily_code
from games.models import DailyDeal

logger = logging.getLogger(__name__)


def par_nodes() -> int:
    """The optimiser's node budget per deal (``CANFIELD_PAR_NODES``)."""
    return int(settings.CANFIELD_PAR_NODES)


def pars_found(deal: DailyDeal) -> bool:
    """Optimise a pending day's two lines and store them as its pars (a verified line, never
    longer than the solver's); True when this call stored them, False when the day was not
    pending (or another worker stored them meanwhile: theirs stand). Seconds to minutes of
    CPU: never on a request."""
    if deal.par_source != DailyDeal.ParSource.PENDING:
        return False
    started = time.process_time()
    lines = {"D3": list(deal.line), "D1": list(deal.line_d1)}
    found = {mode: mode_optimised(deal, mode, lines[mode]) for mode in DAILY_MODES}
    with transaction.atomic():
        stored = DailyDeal.objects.filter(
            pk=deal.pk, par_source=DailyDeal.ParSource.PENDING
        ).update(
            par_source=DailyDeal.ParSource.OPTIMISER,
            line=found["D3"].line,
            line_d1=found["D1"].line,
            par=len(found["D3"].line),
            par_d1=len(found["D1"].line),
            solver_par=len(lines["D3"]),
            solver_par_d1=len(lines["D1"]),
            par_proven=found["D3"].proven,
            par_proven_d1=found["D1"].proven,
            par_seconds=round(time.process_time() - started, 3),
        )
    if stored:
        deal.refresh_from_db()
    return bool(stored)


def mode_optimised(deal: DailyDeal, mode: str, line: list[str]) -> OptimiseResult:
    """The optimiser's result for one mode of the day; the solver's ``line`` unchanged (not
    proven) if the engine refused the optimiser's line (see the module)."""
    try:
        return optimise(
            Deal.from_code(daily_code(deal, mode)),
            line,
            max_nodes=par_nodes(),
            seed=board_seed(
                settings.DAILY_SECRET, daily_board(deal.date, mode).id, "par-optimiser"
            ),
        )
    except OptimiserBug as bug:
        logger.error("%s %s: the solver's line stays the par: %s", deal.date, mode, bug)
        return OptimiseResult(list(line), False, nodes=0, seconds=0.0, rounds=0, improvements=0)


def par_described(deal: DailyDeal) -> str:
    """One line for a log: each mode's par, the solver's first line, proven or not."""
    if deal.par_source == DailyDeal.ParSource.PENDING:
        return f"{deal.date}: pars pending (solver lines {len(deal.line)}, {len(deal.line_d1)})"
    parts = []
    for mode, par, first, proven in (
        ("D3", deal.par, deal.solver_par, deal.par_proven),
        ("D1", deal.par_d1, deal.solver_par_d1, deal.par_proven_d1),
    ):
        was = f" (solver {first})" if first is not None and first != par else ""
        parts.append(f"{mode} par {par}{was}{', proven' if proven else ''}")
    return f"{deal.date}: {'; '.join(parts)} ({deal.par_seconds:.1f} s CPU)"
