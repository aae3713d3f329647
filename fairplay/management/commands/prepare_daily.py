"""``manage.py prepare_daily [--days N]``: choose and store the coming days' deals ahead.

Choosing a day's deals runs the solver (up to ``CANFIELD_DAILY_SOLVE_SECONDS`` per
candidate); running this from cron keeps that work off the first request of the day. Then
the pars (``games.daily.pars``: the line optimiser, ``CANFIELD_PAR_NODES`` per deal), then
each board's table par (``fairplay.table_pars``: the table-view player's runs on the deal,
minutes of CPU per board; ``--no-table-pars`` leaves them to the fair-play worker). It prints
pars and costs, never a code: a cron log is not a place for sealed deals.
"""

from datetime import date, timedelta
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser

from fairplay.table_pars import day_table_pars
from fairplay.worker import par_line
from games.boards import utc_today
from games.daily.pars import par_described, pars_found
from games.daily.store import daily_deal_get
from games.models import DailyDeal


class Command(BaseCommand):
    help = (
        "Choose and store the two sealed daily deals (per mode, the first candidate the "
        "solver proves winnable, with its par) of today (UTC) and the following days; days "
        "already stored are left as they are. Codes are not printed."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument(
            "--days", type=int, default=2, help="how many days from the start (default 2)"
        )
        parser.add_argument(
            "--start", type=date.fromisoformat, default=None, help="first day, YYYY-MM-DD"
        )
        parser.add_argument(
            "--no-table-pars",
            dest="table_pars",
            action="store_false",
            help="choose the deals only; the fair-play worker computes the table pars",
        )

    def handle(
        self, *args: Any, days: int, start: date | None, table_pars: bool, **options: Any
    ) -> None:
        if not 1 <= days <= 366:
            raise CommandError("--days must be between 1 and 366")
        first = start or utc_today()
        for index in range(days):
            day = first + timedelta(days=index)
            stored_before = DailyDeal.objects.filter(date=day).exists()
            deal = daily_deal_get(day=day)
            pars_found(deal)
            self.stdout.write(self.describe(deal, stored_before=stored_before))
            if table_pars:
                for board_par in day_table_pars(day):
                    if board_par.computed:
                        self.stdout.write(f"  {par_line(board_par)}")
                    else:
                        self.stdout.write(f"  {board_par.board}: table par already stored")

    @staticmethod
    def describe(deal: DailyDeal, *, stored_before: bool) -> str:
        if stored_before:
            how = "already stored"
        else:
            how = (
                f"{deal.candidates} candidate(s), {deal.solver_calls} solver run(s), "
                f"{deal.solve_seconds:.2f} s"
            )
        return f"{par_described(deal)} ({how})"
