"""The fair-play signals on ranked games: ``clairvoyant``, ``engine_like`` and ``bot_like``,
measured, never guessed.

* ``engine_like`` or ``clairvoyant``: the game's standing (cards home, then actions) is
  better than the table-view player reaches on the same deal but in a sliver of its runs
  (its table par, ``fairplay.table_pars``; the threshold is calibrated in
  ``engine.table_player.par`` and measured by ``bench/clairvoyance.py``). Strictly better
  than the threshold: held. Between the borderline and the threshold: listed for staff,
  still on the board. A board with no threshold (no table par yet, or the runs ran out of
  budget) flags nothing. The label says what was measured (``key_label``): the standing
  alone is strength (``engine_like``: a table-only engine is that strong too); only the
  telling moves the worker counts show knowledge of face-down cards (``clairvoyant``). The
  worker's own ``engine_like`` judge is ``fairplay.engine_like``.
* ``bot_like``: think times too flat or too fast for a person (``fairplay.timing``), on an
  account that did not declare itself a bot. Held.

Where they are raised: on every action of a ranked game (``action_judged``, which the games
service calls in the action's own transaction, so a line is held the moment it crosses the
threshold and its entry never shows), and by the fair-play worker (``game_judged``) for the
games played before their board had a table par, and for those left unfinished at the close.
A flag staff have decided is never raised again.
"""

from datetime import datetime
from typing import Any

from django.conf import settings
from django.db import transaction

from engine.table_player.par import WEIGHT_ALONE, judge
from engine.table_player.telling import Telling
from fairplay.evidence import clairvoyance_evidence
from fairplay.models import Flag
from fairplay.services import hold_of_flags
from fairplay.table_pars import board_table_par
from fairplay.telling import line_count
from fairplay.timing import think_times, timing_of
from fairplay.top import ranks_in_top, top_reviewed
from games.models import Action, Game
from games.services.holds import game_hold_set

#: The statuses a signal leaves alone: staff have decided.
DECIDED = (Flag.Status.CLEARED, Flag.Status.CONFIRMED)


def action_judged(*, game: Game, stamp: datetime) -> bool:
    """The signals after one action of a ranked game; True when the game is to be held from
    this action on. The games service calls it inside the action's transaction, with the
    game's row locked and the new position set on ``game`` (not saved yet: the service saves
    ``held`` with the rest); ``stamp`` is the action's server time. Timing is judged once the
    game has ended (won or resigned), on its whole log."""
    if game.daily is None or game.held:
        return False
    hold = clairvoyance_raised(game=game)
    if game.status != Game.Status.PLAYING:
        hold = timing_raised(game=game, last=stamp) or hold
    return hold


def game_judged(*, game_id: int) -> bool:
    """Both signals on a ranked game as it stands (the worker: games whose board had no
    table par while they were played, games left unfinished at the close); the game is held
    if one of them says so. True when this call held it."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, daily__isnull=False).first()
        if game is None or game.held or game.seq == 0:
            return False
        hold = clairvoyance_raised(game=game)
        hold = timing_raised(game=game, last=None) or hold
        if hold:
            game_hold_set(game_id=game.id, held=True)
    return hold


def clairvoyance_raised(*, game: Game) -> bool:
    """The ``clairvoyant`` signal on the game's standing, and on its telling moves and idle
    loops once the worker has counted them (``fairplay.telling``); True when it is to be
    held. A line held on its key alone that its count no longer holds is listed instead
    (``relist``)."""
    par = board_table_par(game.board)
    if par is None or par.threshold is None:
        return False
    counted = line_count(game.id) if game.won else None
    judgement = judge(
        par,
        cards=game.cards,
        actions=game.action_count,
        telling=counted.telling if counted else None,
        idle=counted.idle if counted else 0,
    )
    if judgement.verdict not in ("clairvoyant", "borderline"):
        return False
    reason = key_label(counted.telling if counted else None, bot=game.bot)
    if reason is None:
        return False
    evidence = clairvoyance_evidence(par, judgement, cards=game.cards, actions=game.action_count)
    return flag_raise(
        game=game,
        reason=reason,
        evidence=evidence,
        hold=judgement.verdict == "clairvoyant",
        relist=counted is not None,
    )


def key_label(telling: Telling | None, *, bot: bool) -> str | None:
    """What a line beyond the table-view player's runs is called: ``clairvoyant`` only when
    its telling moves show it knew face-down cards (they weigh ``WEIGHT_ALONE`` or more),
    else ``engine_like``: it is stronger than the table-view player, which a table-only
    engine is too (a 24-sample player was once held as ``clairvoyant`` with no hidden card).
    Before the worker counts the moves the key alone says strength; a count that shows
    knowledge adds the ``clairvoyant`` flag beside it. A declared bot is an engine by its own
    word (it ranks apart): strength is its business, so only knowledge flags it (None)."""
    if telling is not None and telling.weight >= WEIGHT_ALONE:
        return Flag.Reason.CLAIRVOYANT
    return None if bot else Flag.Reason.ENGINE_LIKE


def telling_judged(*, game_id: int) -> bool:
    """Judge a won ranked game again once its telling moves are counted (the worker, after
    ``fairplay.telling.line_counted``): held when its moves weigh enough, as its flags
    together say (``hold_of_flags``; a weight never lifts a hold). True when it is held now."""
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id, daily__isnull=False).first()
        if game is None:
            return False
        clairvoyance_raised(game=game)
        held, confirmed = hold_of_flags(game_id=game_id)
        if (held, confirmed) != (game.held, game.hold_confirmed):
            game_hold_set(game_id=game_id, held=held, confirmed=confirmed)
    return held


def timing_raised(*, game: Game, last: datetime | None) -> bool:
    """The ``bot_like`` signal on the game's think times (its stored actions, then ``last``,
    the action being written, if any); True when it is to be held. A declared bot is a bot:
    nothing to flag; ``CANFIELD_TIMING_SIGNALS`` off (a load test's players): nothing judged."""
    if game.bot or not settings.CANFIELD_TIMING_SIGNALS:
        return False
    stored = Action.objects.filter(game_id=game.id).order_by("seq")
    if last is not None:
        stored = stored.filter(seq__lt=game.seq)
    stamps = list(stored.values_list("created_at", flat=True))
    if last is not None:
        stamps.append(last)
    timing = timing_of(think_times(stamps))
    if timing.verdict != "bot_like":
        return False
    return flag_raise(game=game, reason=Flag.Reason.BOT_LIKE, evidence=timing.evidence(), hold=True)


def flag_raise(
    *, game: Game, reason: str, evidence: dict[str, Any], hold: bool, relist: bool = False
) -> bool:
    """Record the signal's flag on ``game`` (held, or listed for a borderline signal), or
    raise a listed one to held, or with ``relist`` (new evidence: the telling moves) list a
    held one; a flag already standing so, or decided by staff, is left as it is (one row per
    game and reason). A listed line that would rank in its board's top ten is held instead
    (``fairplay.top``), with ``held_in_top`` in its evidence. True when the flag holds the
    game now, for the caller to hold it: never after staff cleared it (the signal would say
    the same again)."""
    if not hold and ranks_in_top(game):
        hold, evidence = True, {**evidence, "held_in_top": top_reviewed()}
    status = Flag.Status.HELD if hold else Flag.Status.LISTED
    flag = Flag.objects.filter(game_id=game.id, reason=reason).first()
    if flag is None:
        Flag.objects.create(
            game_id=game.id, board=game.board, reason=reason, evidence=evidence, status=status
        )
        return hold
    if (flag.status == Flag.Status.LISTED and hold) or (
        flag.status == Flag.Status.HELD and not hold and relist
    ):
        flag.status, flag.evidence = status, evidence
        flag.save(update_fields=["status", "evidence"])
    return flag.status in (Flag.Status.HELD, Flag.Status.CONFIRMED)
