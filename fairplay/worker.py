"""The fair-play worker's pass (``manage.py fairplay work``): what is too slow for a request.

Each pass:
1. makes sure today's and tomorrow's boards have their pars (``games.daily.pars``: the line
   optimiser, a line said when it stores them) and their table pars (``fairplay.table_pars``;
   minutes of CPU per board, so a new day's are usually ready before it starts, from
   ``prepare_daily`` or an earlier pass);
2. judges the ranked games of today's and yesterday's boards changed since the last pass
   (``fairplay.signals.game_judged``): the games played before their board had a par, and
   the ones still unfinished when their day closed, whose think times no finishing action
   judged;
3. counts the telling moves and idle loops of those boards' won games not counted yet
   (``fairplay.telling``: seconds of CPU each) and judges each again with them
   (``fairplay.signals.telling_judged``): a line the key let pass is held when its moves
   weigh enough (they never lift a hold);
4. judges each finished ranked line of those boards once for engine-level play
   (``fairplay.engine_like``: a table-view game's CPU each), pooled with the account's earlier
   lines, and raises ``engine_like`` where the evidence says so; at most
   ``CANFIELD_ENGINE_LIKE_PER_PASS`` lines a pass, the oldest day's first, so a burst of
   finished games cannot keep a pass from the rest for hours;
5. reviews each day that has closed since (``fairplay.review``), once all its lines are
   weighed (a day whose lines still wait holds back the review of the days after it, as
   ratings go in order): the best known line of
   each board (the par, or a shorter verified line played on it), more table runs where that
   line calls for them, and every ranked line of the day judged once more;
6. rates the days reviewed (ratings, through ``fairplay.hooks``, up to the last day reviewed):
   a day is rated once, from its final verdicts (a game held later is rated again).

A provisional entry (its account's first ranked days) in a board's top ten is listed for
staff (``fairplay.top.provisional_top_listed``).

A listed line whose entry has risen into its board's top ten since (others above it held)
is judged again at every pass, so the top of an open board is reviewed as it changes
(``fairplay.top``).

The move path judges every ranked action by itself once a board has its par; the worker
catches what came before, so a line played early in the day is held as surely as a late one.
"""

from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import date, datetime, timedelta

from django.conf import settings
from django.db.models import Q

from fairplay.engine_like import days_of, engine_like_judged, engine_like_on, games_to_weigh
from fairplay.hooks import days_reviewed
from fairplay.models import Flag
from fairplay.review import day_reviewed, days_to_review, reviewed_through
from fairplay.signals import game_judged, telling_judged
from fairplay.table_pars import BoardPar, day_table_pars
from fairplay.telling import games_to_count, line_counted
from fairplay.top import provisional_top_listed, top_reviewed
from games.boards import DAILY_MODES, daily_board, utc_today
from games.daily.pars import par_described, pars_found
from games.daily.store import daily_deal_get
from games.models import Game


@dataclass
class PassReport:
    """What one pass did, for the worker's log."""

    pars: list[BoardPar] = field(default_factory=list)
    judged: int = 0
    held: int = 0
    counted: int = 0
    weighed: int = 0
    reviewed: list[date] = field(default_factory=list)
    rated: list[date] = field(default_factory=list)


def work_pass(*, since: datetime | None, say: Callable[[str], None] = lambda _: None) -> PassReport:
    """One pass of the worker (see the module); ``since``: judge only games changed after it
    (None: every ranked game of the boards)."""
    report = PassReport()
    today = utc_today()
    for day in (today, today + timedelta(days=1)):
        deal = daily_deal_get(day=day)
        if pars_found(deal):  # a minute of CPU on a new day: the log says when it is done
            say(par_described(deal))
        for board_par in day_table_pars(day):
            report.pars.append(board_par)
            if board_par.computed:
                say(par_line(board_par))
                since = None  # games played before this par existed are judged against it now
    for game_id in games_to_judge(days=days_judged(today), since=since):
        report.judged += 1
        if game_judged(game_id=game_id):
            report.held += 1
            say(f"game {game_id}: held")
    boards = [daily_board(day, mode).id for day in days_judged(today) for mode in DAILY_MODES]
    for game_id in games_to_count(boards=boards):
        counted = line_counted(game_id=game_id)
        if counted is None:
            continue
        report.counted += 1
        held = telling_judged(game_id=game_id)
        verdict = "held" if held else "not held"
        say(
            f"game {game_id}: telling moves weigh {counted.telling.weight:.1f},"
            f" {counted.idle} actions idle; {verdict}"
        )
    waiting = games_to_weigh(boards=boards, today=today) if engine_like_on() else []
    per_pass = int(settings.CANFIELD_ENGINE_LIKE_PER_PASS)
    for game_id in waiting[:per_pass]:
        report.weighed += 1
        if engine_like_judged(game_id=game_id):
            report.held += 1
            say(f"game {game_id}: held as engine_like")
    unweighed = days_of(waiting[per_pass:])
    if unweighed:
        say(f"{len(waiting) - per_pass} finished lines wait for the next pass's engine_like")
    for board in boards:
        for game_id in provisional_top_listed(board):
            say(f"game {game_id}: provisional, in the top {top_reviewed()}: listed")
    for day in days_to_review(today=today):
        if day in unweighed:  # its verdicts are not final yet: reviewed (and rated) later
            say(f"{day}: review waits for its lines to be weighed")
            break
        review = day_reviewed(day=day, say=say)
        report.reviewed.append(review.day)
    report.rated = days_reviewed(today=today, through=reviewed_through(today=today))
    for day in report.rated:
        say(f"{day}: ranked games rated")
    return report


def days_judged(today: date) -> tuple[date, date]:
    """The days whose games a pass judges: yesterday's (closed at midnight, its last games
    still to judge) and today's."""
    return today - timedelta(days=1), today


def games_to_judge(*, days: tuple[date, ...], since: datetime | None) -> list[int]:
    """The ranked games of ``days``' boards with an action, not held, changed since ``since``
    (games with a decided flag are judged too: a signal never raises a decided flag again)."""
    boards = [daily_board(day, mode).id for day in days for mode in DAILY_MODES]
    games = Game.objects.filter(board__in=boards, daily__isnull=False, seq__gt=0, held=False)
    if since is not None:
        listed = Flag.objects.filter(board__in=boards, status=Flag.Status.LISTED).values("game_id")
        games = games.filter(Q(updated_at__gte=since) | Q(pk__in=listed))
    return list(games.order_by("id").values_list("id", flat=True))


def par_line(board_par: BoardPar) -> str:
    """A computed par as the worker's log says it (no code: a log is no place for a deal)."""
    par = board_par.par
    won = sum(1 for cards, _ in par.runs if cards == 52)
    threshold = (
        f"held below {par.threshold[0]} cards / {par.threshold[1]} actions"
        if par.threshold is not None
        else f"no threshold ({par.reason})"
    )
    return (
        f"{board_par.board}: table par of {len(par.runs)} runs in {par.seconds:.0f} s CPU:"
        f" {won} won, median {par.median_actions} actions; solver {par.solver_actions};"
        f" {threshold}"
    )
