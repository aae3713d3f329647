"""``manage.py fairplay refit``: the ``engine_like`` band refit from the service's own judged
lines, on simulated figures (no judge runs: what is tested is which lines the service reads
as honest and as engines, and that the command prints what ``engine_like.refit`` gives)."""

import json
import random
from collections.abc import Callable
from datetime import date, timedelta
from io import StringIO
from itertools import count

import pytest
from django.core.management import CommandError, call_command

from engine.table_player.engine_like import EngineLike, refit
from fairplay.models import Flag, LineEngineLike
from games.models import Game
from tests.conftest import Player
from tests.support.games import ranked_game_row

FIRST_DAY = date(2025, 1, 1)
#: Each judged game on a day of its own (one ranked game a player and board).
_DAYS = count()


def simulated(rng: random.Random, *, agreement: float, rho: float) -> EngineLike:
    """A line's figures as the judge would give them: ``matters`` decisions, a share agreed
    around ``agreement``, think-time correlation around ``rho``."""
    matters = rng.randint(30, 120)
    share = min(1.0, max(0.0, rng.gauss(agreement, 0.06)))
    return EngineLike(
        actions=200,
        decisions=matters + 20,
        matters=matters,
        agreed=round(share * matters),
        table_agreed=round(share * matters),
        timed=200,
        rho=max(-0.99, min(0.99, rng.gauss(rho, 0.08))),
        hard_over_forced=None,
        idle=0,
        judge=(1, 6, 1500),
    )


def judged_game(who: Player, line: EngineLike, *, held: bool = False) -> Game:
    day = FIRST_DAY + timedelta(days=next(_DAYS))
    game = ranked_game_row(who.user, day, seq=200, status=Game.Status.WON, held=held)
    LineEngineLike.objects.create(
        game=game, figures=line.to_json(), verdict=line.verdict(), seconds=1.0
    )
    return game


def refit_printed(*args: str) -> dict[str, object]:
    out = StringIO()
    call_command("fairplay", "refit", *args, stdout=out)
    printed: dict[str, object] = json.loads(out.getvalue())
    return printed


def test_the_band_is_refit_from_honest_lines_with_confirmed_engines_beside_them(
    make_player: Callable[..., Player],
) -> None:
    rng = random.Random(36)
    people = [make_player(f"person{n}") for n in range(8)]
    cheat, waiting = make_player("cheat"), make_player("waiting")
    honest = [simulated(rng, agreement=0.75, rho=0.3) for _ in range(320)]
    for index, line in enumerate(honest):
        judged_game(people[index % len(people)], line)
    engines = [simulated(rng, agreement=0.97, rho=0.0) for _ in range(12)]
    for line in engines:
        game = judged_game(cheat, line)
        Flag.objects.create(
            game=game,
            board=game.board,
            reason=Flag.Reason.ENGINE_LIKE,
            status=Flag.Status.CONFIRMED,
        )
    # Not honest evidence: a confirmed cheat's other line, and a line held, waiting for staff.
    judged_game(cheat, simulated(rng, agreement=0.7, rho=0.4))
    judged_game(waiting, simulated(rng, agreement=0.97, rho=0.0), held=True)

    printed = refit_printed()

    def stored(lines: list[EngineLike]) -> list[EngineLike]:  # as kept: figures rounded
        return [EngineLike.from_json(line.to_json()) for line in lines]

    expected = refit(stored(honest), engines=stored(engines)).to_json()
    assert printed == json.loads(json.dumps(expected))
    assert (printed["honest"], printed["engines"], printed["enough"]) == (320, 12, True)
    assert isinstance(printed["held"], int) and printed["held"] <= 0.01 * 320
    assert printed["engines_held"] == 12  # these engines stand far from these people


def test_too_few_honest_lines_may_only_tighten_and_none_is_refused(
    make_player: Callable[..., Player],
) -> None:
    with pytest.raises(CommandError, match="no honest line"):
        refit_printed()
    with pytest.raises(CommandError, match="between 0 and 1"):
        refit_printed("--held-rate", "1.5")
    rng = random.Random(7)
    who = make_player("few")
    lines = [simulated(rng, agreement=0.75, rho=0.3) for _ in range(40)]
    for line in lines:
        judged_game(who, line)

    printed = refit_printed()

    assert (printed["honest"], printed["enough"]) == (40, False)
    thresholds = printed["thresholds"]
    assert isinstance(thresholds, dict)
    assert thresholds["agree_hold"] >= 0.85 and thresholds["rho_hold"] <= 0.10
