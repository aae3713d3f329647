"""The worker's pace for engine-level play (issue 36): a pass weighs at most
``CANFIELD_ENGINE_LIKE_PER_PASS`` finished lines (seconds of CPU each), the oldest first, and
a closed day is reviewed (then rated) only once every one of its lines is weighed: a burst of
finished games at the close delays that day's verdicts, never skips them, and never keeps a
pass from its other work for hours."""

from collections.abc import Callable
from datetime import timedelta

import pytest
import time_machine
from django.conf import LazySettings
from rest_framework.test import APIClient

from fairplay.models import DayReview, LineEngineLike
from fairplay.worker import work_pass
from tests.conftest import Player
from tests.fairplay.conftest import DAY, act, start_ranked

pytestmark = pytest.mark.usefixtures("day", "_small_table_pars")


@pytest.fixture
def _small_table_pars(settings: LazySettings) -> None:
    """The judge on; the boards' table pars, which every pass makes sure of, at a token
    budget: what is measured here is the pace of weighing, not the pars (a minute of CPU at
    the defaults)."""
    settings.CANFIELD_ENGINE_LIKE_JUDGE = True  # the suite's settings turn the judge off
    settings.CANFIELD_TABLE_PAR_RUNS = 1
    settings.CANFIELD_TABLE_PAR_SAMPLES = 1
    settings.CANFIELD_TABLE_PAR_NODES = 200


@pytest.fixture
def resigned(make_player: Callable[..., Player], client_at: Callable[..., APIClient]) -> list[int]:
    """Three players, each from their own network, resign DAY's draw-3 game after a draw:
    three final lines, oldest first."""
    games = []
    for index, name in enumerate(("ann", "ben", "cai")):
        client = client_at(make_player(name), f"198.51.100.{index + 10}")
        game_id = int(start_ranked(client)["id"])
        act(client, game_id)
        assert client.post(f"/api/games/{game_id}/resign/").status_code in (200, 201)
        games.append(game_id)
    return games


def weighed() -> list[int]:
    return sorted(LineEngineLike.objects.values_list("game_id", flat=True))


def test_a_pass_weighs_its_share_oldest_first_and_the_next_pass_the_rest(
    resigned: list[int], settings: LazySettings
) -> None:
    settings.CANFIELD_ENGINE_LIKE_PER_PASS = 2
    said: list[str] = []
    assert work_pass(since=None, say=said.append).weighed == 2
    assert weighed() == resigned[:2]
    assert "1 finished lines wait for the next pass's engine_like" in said
    assert work_pass(since=None).weighed == 1
    assert weighed() == resigned
    assert work_pass(since=None).weighed == 0


def test_a_closed_day_is_reviewed_only_once_its_lines_are_weighed(
    resigned: list[int], settings: LazySettings, day: time_machine.Traveller
) -> None:
    settings.CANFIELD_ENGINE_LIKE_PER_PASS = 2
    day.shift(timedelta(days=1))  # DAY has closed
    said: list[str] = []
    report = work_pass(since=None, say=said.append)
    assert (report.weighed, report.reviewed, report.rated) == (2, [], [])
    assert f"{DAY}: review waits for its lines to be weighed" in said
    assert not DayReview.objects.filter(day=DAY).exists()

    report = work_pass(since=None)
    assert (report.weighed, report.reviewed) == (1, [DAY])
    assert weighed() == resigned


def test_with_the_judge_off_no_line_waits_and_the_day_is_reviewed(
    resigned: list[int], settings: LazySettings, day: time_machine.Traveller
) -> None:
    """A load test's scripts (timing signals off) judge no line: none may hold a day back."""
    settings.CANFIELD_ENGINE_LIKE_PER_PASS = 1
    settings.CANFIELD_TIMING_SIGNALS = False
    day.shift(timedelta(days=1))
    report = work_pass(since=None)
    assert (report.weighed, report.reviewed) == (0, [DAY])
    assert weighed() == []
