"""Each daily mode's deal is the first candidate layout the solver proves winnable, named by its
CF2 code; pars are shown.

The budget is in nodes (time set out of reach), so the choice does not depend on how busy
the machine is; with the fixed secret and days below each candidate takes well under a
second on a quiet machine.
"""

import logging
import re
import threading
from collections.abc import Sequence
from datetime import date
from io import StringIO
from typing import Any

import pytest
import time_machine
from django.conf import LazySettings
from django.core.management import call_command
from django.db import connection, transaction
from rest_framework.test import APIClient

from engine import Deal, Game, replay
from engine.solver import solve
from engine.solver.optimise import OptimiserBug, OptimiseResult
from games.daily import pars
from games.daily.choosing import SOLVER_RUNS, choose_daily
from games.daily.drawing import daily_layout
from games.daily.pars import pars_found
from games.daily.store import DAILY_LOCK_NAMESPACE, daily_deal_get
from games.models import DailyDeal

pytestmark = pytest.mark.django_db

SECRET = "canfield tests"
DAY = date(2026, 1, 1)
NODES = 60_000


@pytest.fixture(autouse=True)
def _small_budget_and_fixed_secret(settings: LazySettings) -> None:
    settings.DAILY_SECRET = SECRET
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 120
    settings.CANFIELD_DAILY_SOLVE_NODES = NODES
    choose_daily.cache_clear()  # each test solves from scratch unless a row is stored


def first_proven_winnable(day: date, mode: str, draw: int) -> str:
    """What the chooser must pick, found here with the solver directly: its code."""
    for attempt in range(50):
        deal = Deal.from_cards(daily_layout(day, mode, attempt, secret=SECRET), draw=draw)
        if solve(Game(deal), seconds=120, max_nodes=NODES).status == "won":
            return deal.layout_code
    raise AssertionError("no candidate proven winnable")


@pytest.mark.parametrize("day", [DAY, date(2026, 1, 3)])
def test_each_mode_gets_the_first_candidate_proven_winnable_with_a_line_that_replays(
    day: date,
) -> None:
    stored = daily_deal_get(day=day)
    assert stored.code == first_proven_winnable(day, "D3", 3)
    assert stored.code_d1 == first_proven_winnable(day, "D1", 1)
    assert stored.code.startswith("CF2-D3-") and stored.code_d1.startswith("CF2-D1-")
    assert stored.code[7:] != stored.code_d1[7:]  # two layouts: one tells nothing of the other
    assert replay(stored.code, stored.line).won
    assert replay(stored.code_d1, stored.line_d1).won
    assert (stored.par, stored.par_d1) == (len(stored.line), len(stored.line_d1))
    assert stored.solver_calls == stored.candidates >= 2


def test_a_stored_day_is_reused_not_solved_again() -> None:
    before = SOLVER_RUNS.runs
    first = daily_deal_get(day=DAY)
    assert SOLVER_RUNS.runs - before == first.solver_calls
    choose_daily.cache_clear()  # only the stored row can now spare a second solve
    again = daily_deal_get(day=DAY)
    assert SOLVER_RUNS.runs - before == first.solver_calls
    assert (again.pk, again.code, again.line) == (first.pk, first.code, first.line)
    assert DailyDeal.objects.filter(date=DAY).count() == 1


def test_the_pars_are_told_while_sealed_the_codes_once_the_day_closed(
    api_client: APIClient,
) -> None:
    with time_machine.travel("2026-01-01 12:00Z", tick=False):
        today = api_client.get("/api/daily/").json()
        for mode in ("D3", "D1"):  # chosen, the optimiser not run: no par told yet
            assert (today["boards"][mode]["par"], today["boards"][mode]["par_status"]) == (
                None,
                "pending",
            )
        assert pars_found(DailyDeal.objects.get(date=DAY))  # the worker's pass
        assert not pars_found(DailyDeal.objects.get(date=DAY))  # once
        today = api_client.get("/api/daily/").json()
        stored = DailyDeal.objects.get(date=DAY)
        for mode, par in (("D3", stored.par), ("D1", stored.par_d1)):
            assert today["boards"][mode]["par_status"] == "ready"
            assert today["boards"][mode]["par"] == par
            board = api_client.get(f"/api/leaderboards/daily-2026-01-01-{mode}/").json()
            assert (board["par"], board["code"], board["sealed"]) == (par, None, True)
            assert board["par_status"] == "ready"
        # While sealed, the deal's own code has no board (it would show the layout's par).
        sealed_code = stored.code
        refused = api_client.get(f"/api/leaderboards/{sealed_code}/")
        assert (refused.status_code, refused.json()["error"]) == (403, "deal_sealed")
    with time_machine.travel("2026-01-02 00:00Z", tick=False):
        board = api_client.get("/api/leaderboards/daily-2026-01-01-D3/").json()
        assert (board["code"], board["sealed"]) == (sealed_code, False)
        assert api_client.get(f"/api/leaderboards/{sealed_code}/").json()["par"] == stored.par
        # The same layout named by its other mode's code has the par of that mode (none).
        d1_code = sealed_code.replace("-D3-", "-D1-")
        assert api_client.get(f"/api/leaderboards/{d1_code}/").json()["par"] is None
        other = Deal.from_code("CF1-D3-AAAAACL").code
        assert api_client.get(f"/api/leaderboards/{other}/").json()["par"] is None


def test_a_line_the_engine_refuses_leaves_the_solver_line_as_the_par(
    monkeypatch: pytest.MonkeyPatch, caplog: pytest.LogCaptureFixture
) -> None:
    """A sound optimiser never builds such a line, so the refusal is injected, on the draw-1
    deal only: that mode keeps its solver line, the other its optimised one, and the day is
    no longer pending (a pending day would fail every pass of the worker)."""
    optimise = pars.optimise

    def draw_1_refused(deal: Deal, line: Sequence[str], **options: Any) -> OptimiseResult:
        if deal.draw == 1:
            raise OptimiserBug("optimised line of 3 tokens does not win")
        return optimise(deal, line, **options)

    monkeypatch.setattr(pars, "optimise", draw_1_refused)
    deal = daily_deal_get(day=DAY)
    solver_d1 = list(deal.line_d1)
    with caplog.at_level(logging.ERROR, logger="games.daily.pars"):
        assert pars_found(deal)
    stored = DailyDeal.objects.get(date=DAY)
    assert stored.par_source == DailyDeal.ParSource.OPTIMISER
    assert (stored.line_d1, stored.par_d1, stored.par_proven_d1) == (
        solver_d1,
        len(solver_d1),
        False,
    )
    assert stored.par is not None and stored.solver_par is not None
    assert stored.par <= stored.solver_par
    assert replay(stored.code, stored.line).won
    assert "D1: the solver's line stays the par: optimised line of 3 tokens" in caplog.text


def run_prepare(*args: str) -> list[str]:
    out = StringIO()
    call_command("prepare_daily", *args, stdout=out)
    return out.getvalue().splitlines()


@pytest.mark.slow  # the solver chooses the coming days: 4 s of CPU
def test_prepare_daily_stores_the_coming_days_once() -> None:
    output = run_prepare("--days", "3", "--start", DAY.isoformat())
    days = [line for line in output if not line.startswith("  ")]
    stored = list(DailyDeal.objects.order_by("date"))
    assert [deal.date.isoformat() for deal in stored] == ["2026-01-01", "2026-01-02", "2026-01-03"]
    for line, deal in zip(days, stored, strict=True):
        assert line.startswith(f"{deal.date}: D3 par {deal.par}")
        assert f"D1 par {deal.par_d1}" in line and "solver run" in line
        assert deal.par_source == "optimiser" and deal.par == len(deal.line)
        assert deal.solver_par is not None and deal.par <= deal.solver_par
        assert replay(deal.code, deal.line).won
    pars = [line for line in output if line.startswith("  ")]
    assert [line.split(":")[0].strip() for line in pars] == [
        f"daily-{deal.date}-{mode}" for deal in stored for mode in ("D3", "D1")
    ]
    # The tests' budget, 2 runs, played on up to 3 times that where the solver beats them.
    played = [re.search(r"table par of (\d+) runs", line) for line in pars]
    assert all(match and 2 <= int(match[1]) <= 6 for match in played), pars
    for deal in stored:  # a cron log is no place for a sealed deal
        for line in output:
            assert deal.code not in line and deal.code_d1 not in line
            assert deal.code[7:] not in line and deal.salt not in line
    again = run_prepare("--days", "3", "--start", DAY.isoformat())
    assert all("already stored" in line for line in again)
    assert len(again) == 9 and DailyDeal.objects.count() == 3


@pytest.mark.django_db(transaction=True)
def test_a_worker_waits_for_the_one_choosing_the_day_instead_of_solving_too() -> None:
    """Another worker (here: this test's connection) holds the day's lock while choosing;
    a request arriving meanwhile waits, then returns that worker's row without solving."""
    if connection.vendor != "postgresql":
        pytest.skip("the cross-process lock is PostgreSQL's advisory lock")
    results: list[DailyDeal] = []
    runs_before = SOLVER_RUNS.runs

    def request() -> None:
        try:
            results.append(daily_deal_get(day=DAY))
        finally:
            connection.close()

    with transaction.atomic():
        with connection.cursor() as cursor:
            key = DAILY_LOCK_NAMESPACE + DAY.toordinal()
            cursor.execute("SELECT pg_advisory_xact_lock(%s)", [key])
        waiting = threading.Thread(target=request)
        waiting.start()
        waiting.join(timeout=1)
        assert waiting.is_alive()  # blocked on the lock, not solving
        DailyDeal.objects.create(date=DAY, code="CF1-D3-AAAAACL", code_d1="CF1-D1-AAAAACL", par=7)
    waiting.join(timeout=30)
    assert [(deal.code, deal.par) for deal in results] == [("CF1-D3-AAAAACL", 7)]
    assert SOLVER_RUNS.runs == runs_before
