"""Counting the telling moves and idle loops of won ranked lines: the fair-play worker's
half of the ``clairvoyant`` signal.

The move path judges a ranked line by its key alone (``fairplay.signals``): cheap, and a
line that crosses the threshold is held at once. Whether the line *went against the table
and was proved right* (``engine.table_player.telling``) takes a table-view game's CPU, so the
worker counts it once per won game, keeps it (``LineTelling``) and judges the line again with
it: a padded line whose moves weigh enough is held whatever its length. The moves never
lift a hold the key made (measured on fresh deals, full-information lines the key holds
often weigh 0 to 2: docs/fair-play.md). Only won games on boards with a threshold are
counted (a lost line is never clairvoyant; a board with no threshold flags nothing), and
only those not below the table runs' median.

The same count measures the line's idle loops (``engine.table_player.idle``: detours that
came back where they started and showed nothing new), so the line is judged again on its
actions as played: a line padded with such detours to a person's length is judged by the
line under the padding (docs/fair-play.md measures what that holds).
"""

import time
from dataclasses import dataclass

from django.db import IntegrityError, transaction

from engine import Deal
from engine.table_player.idle import idle_actions
from engine.table_player.par import TablePar, better
from engine.table_player.telling import Telling, count_telling
from fairplay.models import LineTelling
from fairplay.seeds import board_seed
from fairplay.table_pars import board_table_par
from games.models import Action, Game


def worth_counting(par: TablePar | None, *, cards: int, actions: int) -> bool:
    """Whether a line's telling moves could change its verdict: won, on a board with a
    threshold, and not below the runs' median (``par.judge`` leaves such a line clear)."""
    if par is None or par.threshold is None or cards < 52:
        return False
    median = par.median_actions
    return median is None or not better((52, median), (cards, actions))


def games_to_count(*, boards: list[str]) -> list[int]:
    """The won ranked games of ``boards``, not held for good, whose moves are not counted."""
    counted = LineTelling.objects.values("game_id")
    games = Game.objects.filter(
        board__in=boards, daily__isnull=False, won=True, hold_confirmed=False
    ).exclude(pk__in=counted)
    return list(games.order_by("id").values_list("id", flat=True))


@dataclass(frozen=True)
class Counted:
    """What the worker counted of a won line: its telling moves and its idle-loop actions."""

    telling: Telling
    idle: int


def line_count(game_id: int) -> Counted | None:
    """The stored count of ``game_id``'s line, None when not counted."""
    stored = LineTelling.objects.filter(game_id=game_id).values_list("telling", "idle").first()
    return None if stored is None else Counted(Telling.from_json(stored[0]), stored[1])


def line_counted(*, game_id: int) -> Counted | None:
    """Count ``game_id``'s line and keep the count (None: not worth counting, see
    :func:`worth_counting`, on its actions as played). Seconds of CPU, outside any
    transaction: the log of a won game never changes, so it is read first and the count
    stored after."""
    game = Game.objects.filter(pk=game_id, won=True, daily__isnull=False).first()
    if game is None:
        return None
    tokens = list(
        Action.objects.filter(game_id=game_id).order_by("seq").values_list("token", flat=True)
    )
    deal = Deal.from_code(game.code)
    idle = idle_actions(deal, tokens)
    par = board_table_par(game.board)
    if not worth_counting(par, cards=game.cards, actions=game.action_count - idle):
        return None
    started = time.process_time()
    telling = count_telling(deal, tokens, seed=board_seed(game.board, "telling-judge"))
    seconds = time.process_time() - started
    try:
        with transaction.atomic():
            LineTelling.objects.create(
                game_id=game_id, telling=telling.to_json(), idle=idle, seconds=seconds
            )
    except IntegrityError:  # another worker counted it meanwhile: the same count
        pass
    return Counted(telling, idle)
