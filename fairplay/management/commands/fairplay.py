"""``manage.py fairplay``: the staff review for an operator without a browser.

* ``fairplay list <board>``: the board's flags, their evidence and verdicts;
* ``fairplay decide <flag> clear|confirm --staff <name> [--note <text>]``: a verdict in the
  name of a staff account (the same service as the API and the page: kept in the history);
* ``fairplay refit [--held-rate 0.01] [--listed-rate 0.05]``: the ``engine_like`` band
  refit from this service's own judged lines (``fairplay.engine_like.band_refit``): prints
  the thresholds and what they give, as JSON; an operator puts them in
  ``engine.table_player.engine_like.THRESHOLDS`` once ``enough`` is true;
* ``fairplay purge``: delete the origins past their keeping time (also done on every ranked
  start; this is for a server with no new ranked game for a while);
* ``fairplay work [--once] [--interval SECONDS] [--parent PID]``: the fair-play worker
  (``fairplay.worker``): the table pars of today and tomorrow, and the signals on games played
  before their board had one. Run one beside the servers (one is enough; two only do the same
  work twice): ``python -m canfield_site.serve`` starts one as its child unless told not to
  (``canfield_site.referee``), and passes its own pid as ``--parent``, so the worker ends
  with the server even when the server is killed outright.
"""

import json
import time
from typing import Any

from django.contrib.auth.models import User
from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import DatabaseError
from django.utils import timezone

from fairplay.engine_like import band_refit
from fairplay.selectors import board_flags, flag_review, flag_reviewed
from fairplay.services import ORIGIN_DAYS, flag_decide, origins_purge
from fairplay.worker import work_pass
from games.boards import parse_board
from games.errors import ServiceError
from games.hint_pool import exit_with_parent


class Command(BaseCommand):
    help = (
        "Fair play: list a board's flags, decide one, purge old origins, or run the worker"
        " (table pars and signals)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        actions = parser.add_subparsers(dest="action", required=True)
        listing = actions.add_parser("list", help="the flags of a board")
        listing.add_argument("board", help="a daily board (daily-2026-12-01-D3) or a code")
        deciding = actions.add_parser("decide", help="give a verdict on a flag")
        deciding.add_argument("flag", type=int)
        deciding.add_argument("verdict", choices=["clear", "confirm"])
        deciding.add_argument("--staff", required=True, help="the staff account deciding")
        deciding.add_argument("--note", default="")
        actions.add_parser("purge", help=f"delete origins older than {ORIGIN_DAYS} days")
        refitting = actions.add_parser("refit", help="refit the engine_like band from honest lines")
        refitting.add_argument("--held-rate", type=float, default=0.01)
        refitting.add_argument("--listed-rate", type=float, default=0.05)
        working = actions.add_parser("work", help="compute table pars, judge ranked games")
        working.add_argument("--once", action="store_true", help="one pass, then exit")
        working.add_argument(
            "--interval", type=float, default=60.0, help="seconds between passes (default 60)"
        )
        working.add_argument(
            "--parent",
            type=int,
            help="exit once this process (the server that started the worker) is gone",
        )

    def handle(self, *args: Any, action: str, **options: Any) -> None:
        try:
            if action == "list":
                self.list_flags(options["board"])
            elif action == "decide":
                self.decide(options["flag"], options["verdict"], options["staff"], options["note"])
            elif action == "refit":
                self.refit(options["held_rate"], options["listed_rate"])
            elif action == "work":
                if options["parent"] is not None:
                    exit_with_parent(options["parent"])
                self.work(once=options["once"], interval=options["interval"])
            else:
                self.stdout.write(
                    f"{origins_purge()} origins older than {ORIGIN_DAYS} days deleted"
                )
        except ServiceError as error:
            raise CommandError(f"{error.code}: {error.detail}") from error

    def refit(self, held_rate: float, listed_rate: float) -> None:
        """Print the refit band (JSON); a refusal (rates outside (0, 1), no line to refit on)
        is the command's error."""
        if not (0 < held_rate < 1 and 0 < listed_rate < 1):
            raise CommandError("--held-rate and --listed-rate must be between 0 and 1")
        try:
            fitted = band_refit(held_rate=held_rate, listed_rate=listed_rate)
        except ValueError as error:
            raise CommandError(str(error)) from error
        self.stdout.write(json.dumps(fitted.to_json(), indent=2))

    def work(self, *, once: bool, interval: float) -> None:
        """Pass after pass (``fairplay.worker.work_pass``), each judging what changed since
        the one before; a pass's error is reported and the next pass tries again."""
        if not interval > 0:
            raise CommandError("--interval must be a positive number of seconds")
        since = None
        while True:
            started = timezone.now()
            try:
                report = work_pass(since=since, say=self.stdout.write)
            except DatabaseError as error:
                if once:
                    raise CommandError(f"fair-play pass failed: {error}") from error
                self.stderr.write(f"fair-play pass failed, retrying: {error}")
            else:
                since = started
                self.stdout.write(
                    f"{started:%Y-%m-%d %H:%M:%S} UTC: {len(report.pars)} table pars ready,"
                    f" {report.judged} games judged, {report.held} held"
                )
            if once:
                return
            time.sleep(interval)

    def list_flags(self, board: str) -> None:
        found = parse_board(board).id
        flags = board_flags(board=found)
        if not flags:
            self.stdout.write(f"{found}: no flags")
        for flag in flags:
            self.write_flag(flag_review(flag))

    def decide(self, flag_id: int, verdict: str, staff_name: str, note: str) -> None:
        staff = User.objects.filter(username=staff_name).first()
        if staff is None:
            raise CommandError(f"there is no account '{staff_name}'")
        flag = flag_decide(flag_id=flag_id, staff=staff, verdict=verdict, note=note)
        self.write_flag(flag_reviewed(flag_id=flag.id))

    def write_flag(self, flag: dict[str, Any]) -> None:
        entry = flag["entry"]
        self.stdout.write(
            f"flag {flag['id']} {flag['board']} game {flag['game']} player {flag['player']}: "
            f"{flag['status']} ({flag['reason']['code']}); "
            f"{entry['cards']} cards, {entry['actions']} actions"
        )
        for link in flag["evidence"]:
            self.stdout.write(f"  {link['kind']}: game {link['game']} of {link['player']}")
        if flag["measured"] is not None:
            self.stdout.write(f"  measured: {flag['measured']['detail']}")
        for verdict in flag["verdicts"]:
            note = f": {verdict['note']}" if verdict["note"] else ""
            self.stdout.write(
                f"  {verdict['at']:%Y-%m-%d %H:%M} {verdict['staff']} {verdict['verdict']}{note}"
            )
