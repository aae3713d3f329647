"""The ``engine_like`` signal in the service: each finished ranked line judged once, and an
account's lines pooled across its ranked days.

``engine.table_player.engine_like`` measures a line: where the choice mattered, did it take
an engine's move; do its think times follow how hard each decision was. That costs a
table-view game's CPU (seconds), so only the fair-play worker runs it (``fairplay.worker``),
once per line, after the game has ended (won or resigned) or its day has closed: the same
games the worker judges today. The figures are kept (``LineEngineLike``) with the think
times against difficulty and the decisions that told, for staff.

The verdict is the stronger of two: the line's own (``EngineLike.verdict``) and the
account's, pooled over every judged line of the account (``accumulate``: its intervals must
clear the hold thresholds). ``engine_like`` (held) or ``listed`` (the entry stays on the
board, held in the top ten: ``fairplay.top``). A declared bot ranks apart and is never
judged. A game held already (a link, say) is judged and flagged too: its flag stands for
staff when the other is cleared; a flag staff decided is never raised again. Think times
are the server's stamps: the first is from the game's start to its first action.
"""

import time
from collections.abc import Sequence
from datetime import date
from typing import Any

from django.conf import settings
from django.db import IntegrityError, transaction

from engine import Deal
from engine.table_player.engine_like import (
    AccountEstimate,
    EngineLike,
    Judged,
    Refit,
    accumulate,
    figures,
    judge_line,
    refit,
)
from fairplay.models import Flag, LineEngineLike
from fairplay.seeds import board_seed
from fairplay.services import hold_of_flags
from fairplay.signals import flag_raise
from fairplay.timing import think_times
from games.boards import parse_board
from games.models import Action, DailyDeal, Game
from games.replaying import RESIGN
from games.services.holds import game_hold_set


def games_to_weigh(*, boards: list[str], today: date) -> list[int]:
    """The ranked games of ``boards`` not judged yet whose line is final: ended (won or
    resigned), or still in play on a day that has closed; the oldest day's first. Declared
    bots' games are never judged (they rank apart)."""
    judged = LineEngineLike.objects.values("game_id")
    games = (
        Game.objects.filter(board__in=boards, daily__isnull=False, seq__gt=0, bot=False)
        .exclude(pk__in=judged)
        .exclude(status=Game.Status.PLAYING, daily__gte=today)
    )
    return list(games.order_by("daily", "id").values_list("id", flat=True))


def days_of(game_ids: list[int]) -> set[date]:
    """The days of the ranked games ``game_ids`` (the days whose lines still wait)."""
    days = Game.objects.filter(pk__in=game_ids).values_list("daily", flat=True).distinct()
    return {day for day in days if day is not None}


def line_played(game: Game) -> tuple[list[str], list[float]]:
    """The moves of ``game``'s line and the seconds before each by the server's stamps (the
    first: since the game began). A resignation is no move on the table (it ends the line):
    it is left out with its think time, as the replay leaves it out."""
    rows = list(
        Action.objects.filter(game_id=game.id).order_by("seq").values_list("token", "created_at")
    )
    times = think_times([game.created_at, *(stamp for _, stamp in rows)])
    paired = zip((token for token, _ in rows), times, strict=True)
    kept = [(token, think) for token, think in paired if token != RESIGN]
    return [token for token, _ in kept], [think for _, think in kept]


def solver_line_of(game: Game) -> list[str] | None:
    """The day's full-information line of the game's board (the judge's solver starts from
    it), None when the day has none stored."""
    mode = parse_board(game.board).mode
    if game.daily is None:
        return None
    lines = DailyDeal.objects.filter(date=game.daily).values_list("line", "line_d1").first()
    if lines is None:
        return None
    line = lines[0] if mode == "D3" else lines[1]
    return list(line) or None


def steps_kept(judged: Judged, times: Sequence[float]) -> dict[str, Any]:
    """What staff read of a judged line: each action's think time and difficulty, and the
    decisions that mattered (the line's move beside the judge's and the solver's)."""
    samples = judged.judge[1]
    told = [
        {"index": index, "line": step.token, "table": list(step.top), "solver": step.truth}
        for index, step in enumerate(judged.steps)
        if index not in judged.idle and step.matters(samples)
    ]
    return {
        "think": [round(t, 2) for t in times],
        "difficulty": [round(step.difficulty, 2) for step in judged.steps],
        "told": told,
    }


def line_weighed(*, game_id: int) -> LineEngineLike | None:
    """Judge ``game_id``'s line and keep it (None: no such ranked game, or a declared bot's).
    Seconds of CPU, outside any transaction: a final line never changes."""
    game = Game.objects.filter(pk=game_id, daily__isnull=False, bot=False).first()
    if game is None or game.seq == 0:
        return None
    tokens, times = line_played(game)
    started = time.process_time()
    judged = judge_line(
        Deal.from_code(game.code),
        tokens,
        seed=board_seed(game.board, "engine-like-judge"),
        solver_line=solver_line_of(game),
    )
    measured = figures(judged, times)
    seconds = time.process_time() - started
    try:
        with transaction.atomic():
            return LineEngineLike.objects.create(
                game_id=game_id,
                figures=measured.to_json(),
                verdict=measured.verdict(),
                steps=steps_kept(judged, times),
                seconds=seconds,
            )
    except IntegrityError:  # another worker judged it meanwhile: the same figures
        return LineEngineLike.objects.get(game_id=game_id)


def account_estimate(*, player_id: int) -> AccountEstimate:
    """Every judged ranked line of the account pooled (``accumulate``), across its days."""
    rows = LineEngineLike.objects.filter(game__player_id=player_id).order_by("game_id")
    return accumulate(
        [EngineLike.from_json(data) for data in rows.values_list("figures", flat=True)]
    )


def engine_like_verdict(line: EngineLike, account: AccountEstimate) -> str:
    """``held``, ``listed`` or ``clear``: the stronger of the line's and the account's."""
    verdicts = {line.verdict(), account.verdict()}
    if "engine_like" in verdicts:
        return "held"
    return "listed" if "listed" in verdicts else "clear"


def engine_like_on() -> bool:
    """Whether lines are judged for engine-level play: ``CANFIELD_TIMING_SIGNALS`` off (a load
    test's scripts) or ``CANFIELD_ENGINE_LIKE_JUDGE`` off (the test suite, but for the tests
    of this judge) judge none, and then no line waits for it."""
    return bool(settings.CANFIELD_TIMING_SIGNALS and settings.CANFIELD_ENGINE_LIKE_JUDGE)


def engine_like_judged(*, game_id: int) -> bool:
    """Judge ``game_id`` (judged once: ``line_weighed`` first) with its account's lines, and
    raise its ``engine_like`` flag where the evidence says so; True when this call held the
    game (it was not held before). ``CANFIELD_TIMING_SIGNALS`` off (a load test's scripts) or
    ``CANFIELD_ENGINE_LIKE_JUDGE`` off (the test suite, but for the tests of this judge):
    nothing judged."""
    if not engine_like_on():
        return False
    record = LineEngineLike.objects.filter(game_id=game_id).first() or line_weighed(game_id=game_id)
    if record is None:
        return False
    with transaction.atomic():
        game = Game.objects.select_for_update().filter(pk=game_id).first()
        if game is None or game.bot:
            return False
        line = EngineLike.from_json(record.figures)
        account = account_estimate(player_id=game.player_id)
        verdict = engine_like_verdict(line, account)
        if verdict == "clear":
            return False
        evidence = {
            **line.evidence(),
            "account": {**account.to_json(), "verdict": account.verdict()},
        }
        flag_raise(
            game=game, reason=Flag.Reason.ENGINE_LIKE, evidence=evidence, hold=verdict == "held"
        )
        held, confirmed = hold_of_flags(game_id=game.id)
        if (held, confirmed) == (game.held, game.hold_confirmed):
            return False
        game_hold_set(game_id=game.id, held=held, confirmed=confirmed)
    return held


def refit_lines() -> tuple[list[EngineLike], list[EngineLike]]:
    """The service's own judged lines for a refit: (honest, engines). Honest: lines of
    accounts none of whose games staff confirmed for any reason, and not held now (a flag
    still waiting says nothing yet). Engines: lines whose ``engine_like`` flag staff
    confirmed. Declared bots are never judged, so never here."""
    confirmed = Flag.objects.filter(status=Flag.Status.CONFIRMED)
    engines = LineEngineLike.objects.filter(
        game_id__in=confirmed.filter(reason=Flag.Reason.ENGINE_LIKE).values("game_id")
    )
    cheats = confirmed.values("game__player_id")
    honest = LineEngineLike.objects.exclude(game__player_id__in=cheats).exclude(game__held=True)

    def read(rows: Any) -> list[EngineLike]:
        return [
            EngineLike.from_json(f) for f in rows.order_by("id").values_list("figures", flat=True)
        ]

    return read(honest), read(engines)


def band_refit(*, held_rate: float = 0.01, listed_rate: float = 0.05) -> Refit:
    """New thresholds from the service's honest lines (``refit``: at most ``held_rate`` of
    them held, ``listed_rate`` listed; with confirmed engines' lines, the agreement floor that
    holds most of them). ValueError when no honest line says enough yet."""
    honest, engines = refit_lines()
    return refit(honest, held_rate=held_rate, listed_rate=listed_rate, engines=engines)
