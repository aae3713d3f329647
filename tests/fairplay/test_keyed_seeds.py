"""No verdict can be computed outside the server: the referee's randomness is keyed with
``DAILY_SECRET`` and the board (issue 34, F3: the par's runs were seeded with the date)."""

import pytest
from django.conf import LazySettings

from engine.table_player.par import judge
from fairplay.models import TableParRecord
from fairplay.seeds import board_seed
from fairplay.table_pars import board_par_ensure, table_par_forget
from games.daily.drawing import SEED_PURPOSES
from games.models import DailyDeal
from tests.fairplay.conftest import BOARD, DAY

pytestmark = pytest.mark.usefixtures("day")


def test_every_purpose_and_board_has_its_own_seed_and_the_secret_moves_them_all(
    settings: LazySettings,
) -> None:
    settings.DAILY_SECRET = "secret-a"
    boards = (BOARD, BOARD.replace("-D3", "-D1"), "daily-2026-01-03-D3")
    seeds = {
        (board, purpose): board_seed(board, purpose)
        for board in boards
        for purpose in SEED_PURPOSES
    }
    assert len(set(seeds.values())) == len(seeds)
    assert all(0 <= seed < 2**63 for seed in seeds.values())
    settings.DAILY_SECRET = "secret-b"
    assert not {board_seed(board, purpose) for board, purpose in seeds} & set(seeds.values())
    with pytest.raises(ValueError, match="unknown seed purpose"):
        board_seed(BOARD, "date")


@pytest.mark.slow  # two table pars of two runs: a few seconds of CPU
def test_the_verdict_on_a_fixed_line_differs_between_two_secrets(settings: LazySettings) -> None:
    """The same board, deal and line, two servers' secrets: their runs differ, and so does the
    verdict on a won line of 228 actions (held on one, listed on the other). Whoever has the
    layout but not the secret cannot tell which verdict their line would get."""
    deal = DailyDeal.objects.get(date=DAY)
    verdicts, runs = [], []
    for secret in ("secret-a", "secret-c"):
        settings.DAILY_SECRET = secret
        TableParRecord.objects.all().delete()
        table_par_forget()
        par = board_par_ensure(deal=deal, mode="D3").par
        assert par.budget["seed"] == board_seed(BOARD, "table-par")
        runs.append(par.runs)
        verdicts.append(judge(par, cards=52, actions=228).verdict)
    assert runs[0] != runs[1]
    assert verdicts == ["clairvoyant", "borderline"]
