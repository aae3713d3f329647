"""After the close, before rating: a day's lines judged once more against its final measures.

While a day is open each line is judged as it is played, against the table par's threshold
as it stood then. Once the day has closed, what "knowing every card" means can only get
better: the **best known line** of a board is the par (the optimiser's line) or any
verified line on the board that is shorter (a player's, a held one's). Where it beats the
table par's threshold and the runs are fewer than the par plays where knowing pays
(``engine.table_player.par.MORE_RUNS``), the par plays on with the same keyed seeds, so the
threshold stands on enough runs before any line is held against it. Then every ranked line
of the day is judged again (the key, the telling moves and idle loops of the won ones, the
think times) and the day is marked reviewed. The worker rates only days reviewed, so a day
is rated once, from its final verdicts (``fairplay.worker``).

Nothing here is told before the close: the review starts only on a closed day.
"""

from collections.abc import Callable
from dataclasses import dataclass
from datetime import date, timedelta

from django.conf import settings
from django.db import transaction

from engine import Deal
from engine.table_player.par import MORE_RUNS, TablePar, table_par
from fairplay.models import DayReview, TableParRecord
from fairplay.seeds import board_seed
from fairplay.signals import game_judged, telling_judged
from fairplay.table_pars import table_par_budget, table_par_forget_board
from fairplay.telling import games_to_count, line_counted
from games.boards import DAILY_MODES, daily_board
from games.daily.pars import pars_found
from games.daily.store import daily_code
from games.models import Action, DailyDeal, Game


@dataclass(frozen=True)
class BestKnown:
    """The shortest verified winning line known of a board: its actions, and the ranked
    game that played it (None: the par's own line)."""

    actions: int
    game: int | None


def days_to_review(*, today: date) -> list[date]:
    """The closed days with daily deals not reviewed yet, oldest first."""
    reviewed = DayReview.objects.values("day")
    days = DailyDeal.objects.filter(date__lt=today).exclude(date__in=reviewed)
    return list(days.order_by("date").values_list("date", flat=True))


def reviewed_through(*, today: date) -> date:
    """The last day every closed day up to which has been reviewed: the worker rates up to
    it (a day waiting for its review holds back the days after it, as ratings go in order)."""
    waiting = days_to_review(today=today)
    return (waiting[0] if waiting else today) - timedelta(days=1)


def best_known(*, board: str, par: int | None) -> BestKnown | None:
    """The best known line of ``board``: the shortest won ranked game on it (held or not,
    people and bots), or the par's line when none is shorter (None: neither)."""
    shortest = (
        Game.objects.filter(board=board, daily__isnull=False, won=True)
        .order_by("action_count", "id")
        .values_list("id", "action_count")
        .first()
    )
    if shortest is not None and (par is None or shortest[1] < par):
        return BestKnown(actions=shortest[1], game=shortest[0])
    return None if par is None else BestKnown(actions=par, game=None)


def par_measured_again(
    *, board: str, deal: DailyDeal, mode: str, best: BestKnown
) -> TablePar | None:
    """The board's table par against its best known line: its thresholds drawn again and,
    where that line beats them and the runs are fewer than ``MORE_RUNS`` times the budget,
    more runs played with the same keyed seeds (minutes of CPU at most); stored. None: the
    board has no table par."""
    record = TableParRecord.objects.filter(board=board).first()
    if record is None:
        return None
    par = TablePar.from_json(record.par)
    if par.solver_actions is not None and par.solver_actions <= best.actions:
        return par
    budget = table_par_budget()
    line = (
        list(
            Action.objects.filter(game_id=best.game).order_by("seq").values_list("token", flat=True)
        )
        if best.game is not None
        else list(deal.line if mode == "D3" else deal.line_d1)
    )
    if par.reason == "budget" or len(par.runs) >= MORE_RUNS * budget["runs"]:
        again = par.against(solver_actions=best.actions)
    else:
        again = table_par(
            Deal.from_code(daily_code(deal, mode)),
            runs=budget["runs"],
            samples=budget["samples"],
            nodes_per_solve=budget["nodes_per_solve"],
            seed=board_seed(board, "table-par"),
            solver_line=line,
            max_seconds=float(settings.CANFIELD_TABLE_PAR_SECONDS),
            earlier=par,
        )
    TableParRecord.objects.filter(pk=record.pk).update(par=again.to_json(), seconds=again.seconds)
    table_par_forget_board(board)
    return again


def board_reviewed(*, deal: DailyDeal, mode: str, say: Callable[[str], None]) -> dict[str, object]:
    """Review one closed board (see the module); what it did, for the day's record."""
    board = daily_board(deal.date, mode).id
    pars = {"D3": deal.par, "D1": deal.par_d1}
    best = best_known(board=board, par=pars[mode])
    par = None if best is None else par_measured_again(board=board, deal=deal, mode=mode, best=best)
    for game_id in games_to_count(boards=[board]):
        if line_counted(game_id=game_id) is not None:
            telling_judged(game_id=game_id)
    games = Game.objects.filter(board=board, daily__isnull=False, seq__gt=0, held=False)
    judged = held = 0
    for game_id in games.order_by("id").values_list("id", flat=True):
        judged += 1
        if game_judged(game_id=game_id):
            held += 1
            say(f"game {game_id}: held on review")
    record: dict[str, object] = {
        "par": pars[mode],
        "best_known": None if best is None else best.actions,
        "best_game": None if best is None else best.game,
        "runs": None if par is None else len(par.runs),
        "threshold": None if par is None or par.threshold is None else list(par.threshold),
        "judged": judged,
        "held": held,
    }
    say(f"{board}: reviewed, best known line {record['best_known']}, {judged} judged, {held} held")
    return record


def day_reviewed(*, day: date, say: Callable[[str], None] = lambda _: None) -> DayReview:
    """Review both boards of a closed ``day`` and mark it reviewed (once: a second review of
    the same day keeps the first's row)."""
    deal = DailyDeal.objects.get(date=day)
    pars_found(deal)
    boards = {
        daily_board(day, mode).id: board_reviewed(deal=deal, mode=mode, say=say)
        for mode in DAILY_MODES
    }
    with transaction.atomic():
        review, _ = DayReview.objects.get_or_create(day=day, defaults={"boards": boards})
    return review
