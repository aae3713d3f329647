"""The table par of each sealed board: the table-view player's runs on the board's deal.

A sealed deal shows a player only the table (``engine.table``). How well a strong player who
sees only that does on the deal (``engine.table_player``) is the yardstick of the
``clairvoyant`` signal (``fairplay.signals``) and, after the close, a number players read
beside the solver's par: what seeing only the table costs.

The runs take minutes of CPU per board, so they are computed ahead of the day
(``manage.py prepare_daily``) or by the fair-play worker (``manage.py fairplay work``), never
on a request. A board whose runs do not finish within ``CANFIELD_TABLE_PAR_SECONDS`` keeps a
par with no threshold (``reason="budget"``): nothing is flagged against it.

The move path reads a board's par on every ranked action; ``board_table_par`` keeps what it
read for ``CANFIELD_TABLE_PAR_CACHE_SECONDS`` (a par, once stored, never changes; a missing one
is looked for again after that long).
"""

import time
from dataclasses import dataclass
from datetime import date

from django.conf import settings
from django.db import IntegrityError, transaction

from engine import Deal
from engine.table_player.par import TablePar, table_par
from fairplay.models import TableParRecord
from fairplay.seeds import board_seed
from games.boards import DAILY_MODES, daily_board
from games.daily.pars import pars_found
from games.daily.store import daily_code, daily_deal_get
from games.models import DailyDeal


@dataclass(frozen=True)
class Cached:
    par: TablePar | None
    read_at: float


_CACHE: dict[str, Cached] = {}


def table_par_forget() -> None:
    """Forget every par this process read (a test's database is not the next one's)."""
    _CACHE.clear()


def table_par_forget_board(board: str) -> None:
    """Forget what this process read of ``board``'s par (it was measured again)."""
    _CACHE.pop(board, None)


def board_table_par(board: str) -> TablePar | None:
    """The stored table par of ``board``, None while it has none (not computed yet)."""
    now = time.monotonic()
    cached = _CACHE.get(board)
    if cached is not None and now - cached.read_at < settings.CANFIELD_TABLE_PAR_CACHE_SECONDS:
        return cached.par
    stored = TableParRecord.objects.filter(board=board).values_list("par", flat=True).first()
    par = None if stored is None else TablePar.from_json(stored)
    _CACHE[board] = Cached(par, now)
    return par


def table_par_budget() -> dict[str, int]:
    """The runs and each decision's budget, from settings (docs/fair-play.md measures them)."""
    return {
        "runs": int(settings.CANFIELD_TABLE_PAR_RUNS),
        "samples": int(settings.CANFIELD_TABLE_PAR_SAMPLES),
        "nodes_per_solve": int(settings.CANFIELD_TABLE_PAR_NODES),
    }


@dataclass(frozen=True)
class BoardPar:
    """A board's par as ``day_table_pars`` left it: ``computed`` now, or stored before."""

    board: str
    par: TablePar
    computed: bool


def day_table_pars(day: date) -> list[BoardPar]:
    """Both boards' table pars of ``day``, computed and stored where missing (the day's deals
    are chosen first if they are not stored yet). Minutes of CPU per board: never call this
    on a request."""
    deal = daily_deal_get(day=day)
    pars_found(deal)  # the table runs are measured against the optimiser's line
    return [board_par_ensure(deal=deal, mode=mode) for mode in DAILY_MODES]


def board_par_ensure(*, deal: DailyDeal, mode: str) -> BoardPar:
    """One board's table par: the stored one, or computed from the day's deal and stored."""
    board = daily_board(deal.date, mode).id
    stored = TableParRecord.objects.filter(board=board).values_list("par", flat=True).first()
    if stored is not None:
        return BoardPar(board, TablePar.from_json(stored), computed=False)
    solver_line = list(deal.line if mode == "D3" else deal.line_d1)
    budget = table_par_budget()
    par = table_par(
        Deal.from_code(daily_code(deal, mode)),
        runs=budget["runs"],
        samples=budget["samples"],
        nodes_per_solve=budget["nodes_per_solve"],
        seed=board_seed(board, "table-par"),
        solver_line=solver_line,
        max_seconds=float(settings.CANFIELD_TABLE_PAR_SECONDS),
    )
    try:
        with transaction.atomic():
            TableParRecord.objects.create(board=board, par=par.to_json(), seconds=par.seconds)
    except IntegrityError:  # another worker stored it meanwhile: theirs stands
        stored = TableParRecord.objects.values_list("par", flat=True).get(board=board)
        return BoardPar(board, TablePar.from_json(stored), computed=False)
    _CACHE.pop(board, None)
    return BoardPar(board, par, computed=True)
