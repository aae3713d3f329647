"""The daily deal is the first candidate the solver proves winnable; its par is shown.

The fixed secret and day below were measured: with them candidate 0 is a draw-3 deal the
solver proves lost in under a millisecond and candidate 1 one it wins in about 10 ms (draw 1
too), so these tests exercise the skip and stay fast.
"""

import threading
from datetime import date
from io import StringIO

import pytest
from django.conf import LazySettings
from django.core.management import call_command
from django.db import connection, transaction
from rest_framework.test import APIClient

from engine import Deal, Game, replay
from engine.solver import solve
from games.daily import daily_candidate
from games.daily_solving import SOLVER_RUNS, as_draw_one, choose_daily
from games.models import DailyDeal
from games.services.daily import DAILY_LOCK_NAMESPACE, daily_deal_get, utc_today

pytestmark = pytest.mark.django_db

SECRET = "daily test secret 69"
DAY = date(2026, 1, 1)


@pytest.fixture(autouse=True)
def _small_budget_and_fixed_secret(settings: LazySettings) -> None:
    settings.DAILY_SECRET = SECRET
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 2
    choose_daily.cache_clear()  # each test solves from scratch unless a row is stored


def code(number: int, draw: int) -> str:
    return Deal.from_number(number, draw=draw).code


def test_the_first_candidate_proven_winnable_is_chosen_with_lines_that_replay() -> None:
    stored = daily_deal_get(day=DAY)
    skipped = daily_candidate(DAY, 0)
    assert solve(Game(Deal.from_number(skipped, draw=3)), seconds=2).status == "lost"
    assert (stored.candidates, stored.number) == (2, daily_candidate(DAY, 1))
    assert replay(code(stored.number, 3), stored.line).won
    assert replay(code(stored.number, 1), stored.line_d1).won
    assert (stored.par, stored.par_d1) == (len(stored.line), len(stored.line_d1))
    assert stored.solver_calls == 3  # candidate 0 (draw 3), candidate 1 (draw 3, draw 1)
    assert 0 < stored.solve_seconds < 2 * 3


def test_a_draw_three_win_is_a_draw_one_win_of_the_same_number() -> None:
    stored = daily_deal_get(day=DAY)
    translated = as_draw_one(stored.number, stored.line)
    assert replay(code(stored.number, 1), translated).won
    assert translated.count("draw") >= stored.line.count("draw")
    assert [t for t in translated if t != "draw"] == [t for t in stored.line if t != "draw"]
    assert stored.par_d1 <= len(translated)  # the solver's own draw-1 line only if shorter


def test_a_stored_day_is_reused_not_solved_again() -> None:
    before = SOLVER_RUNS.runs
    first = daily_deal_get(day=DAY)
    assert SOLVER_RUNS.runs - before == first.solver_calls
    choose_daily.cache_clear()  # only the stored row can now spare a second solve
    again = daily_deal_get(day=DAY)
    assert SOLVER_RUNS.runs - before == first.solver_calls
    assert (again.pk, again.number, again.line) == (first.pk, first.number, first.line)
    assert DailyDeal.objects.filter(date=DAY).count() == 1


def test_daily_and_its_leaderboards_show_the_par(api_client: APIClient) -> None:
    body = api_client.get("/api/daily/").json()
    stored = DailyDeal.objects.get(date=utc_today())
    assert body["par"] == {"D3": stored.par, "D1": stored.par_d1}
    assert replay(body["codes"]["D3"], stored.line).won
    for mode in ("D3", "D1"):
        board = api_client.get(f"/api/leaderboards/{body['codes'][mode]}/").json()
        assert board["par"] == body["par"][mode]
    other = code((stored.number + 1) % 26**7, 3)
    assert api_client.get(f"/api/leaderboards/{other}/").json()["par"] is None


def run_prepare(*args: str) -> list[str]:
    out = StringIO()
    call_command("prepare_daily", *args, stdout=out)
    return out.getvalue().splitlines()


def test_prepare_daily_stores_the_coming_days_once() -> None:
    lines = run_prepare("--days", "3", "--start", DAY.isoformat())
    stored = list(DailyDeal.objects.order_by("date"))
    assert [deal.date.isoformat() for deal in stored] == ["2026-01-01", "2026-01-02", "2026-01-03"]
    for line, deal in zip(lines, stored, strict=True):
        assert line.startswith(f"{deal.date}: {code(deal.number, 3)} par {deal.par}")
        assert "solver run" in line
        assert replay(code(deal.number, 3), deal.line).won
    again = run_prepare("--days", "3", "--start", DAY.isoformat())
    assert all(line.endswith("(already stored)") for line in again)
    assert DailyDeal.objects.count() == 3


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
        DailyDeal.objects.create(date=DAY, number=12345, par=7, par_d1=9)
    waiting.join(timeout=30)
    assert [(deal.number, deal.par) for deal in results] == [(12345, 7)]
    assert SOLVER_RUNS.runs == runs_before
