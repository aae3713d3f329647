"""Where a daily board's table par stands, told on every answer about the board
(``table_par_status``): ``pending`` while an open board has none (the fair-play worker is
computing it: pages say so instead of showing nothing), ``ready`` once stored (before the
close still only its expected tier: the runs stay hidden), ``none`` for a closed day that
never got one and for a board that is no daily. The same for every viewer."""

from collections.abc import Callable
from datetime import date, timedelta
from typing import Any

import pytest
from rest_framework.test import APIClient

from engine.table_player.par import TablePar
from fairplay.models import TableParRecord
from fairplay.selectors import TABLE_PAR_STATUSES, table_par_status
from fairplay.table_pars import table_par_forget
from games.boards import utc_today
from games.models import DailyDeal
from tests.conftest import Player

pytestmark = pytest.mark.django_db

#: Two of the stored solver lines' deals will do for every day: nothing here plays them.
D3_CODE, D1_CODE = "CF1-D3-AAAAAAB", "CF1-D1-AAAAAAD"


def store_day(day: date) -> None:
    DailyDeal.objects.create(
        date=day,
        code=D3_CODE,
        code_d1=D1_CODE,
        salt="5a" * 16,
        salt_d1="d1" * 16,
        par=120,
        par_d1=140,
        line=["draw"] * 120,
        line_d1=["draw"] * 140,
    )


def store_table_par(board: str) -> None:
    par = TablePar(3, ((52, 200),) * 12 + ((30, 120),) * 8, 200, None, None, "no_edge")
    TableParRecord.objects.create(board=board, par=par.to_json(), seconds=1.0)
    table_par_forget()


def board_fields(answer: dict[str, Any]) -> tuple[str, bool, bool]:
    """A board's status, and whether its table par and its expected tier are told."""
    return (
        answer["table_par_status"],
        answer["table_par"] is not None,
        answer["expected"] is not None,
    )


def test_the_statuses_of_a_board() -> None:
    assert TABLE_PAR_STATUSES == ("pending", "ready", "none")
    store_table_par("daily-2026-01-05-D3")
    assert table_par_status(board="daily-2026-01-05-D3", closed=False) == "ready"
    assert table_par_status(board="daily-2026-01-05-D3", closed=True) == "ready"
    assert table_par_status(board="daily-2026-01-05-D1", closed=False) == "pending"
    assert table_par_status(board="daily-2026-01-05-D1", closed=True) == "none"


def test_pending_then_ready_today_and_the_same_for_everyone(
    api_client: APIClient, make_player: Callable[..., Player], client_for: Callable[..., APIClient]
) -> None:
    today = utc_today()
    store_day(today)
    store_day(today + timedelta(days=1))  # /api/daily/ tells tomorrow's commitments
    signed_in = client_for(make_player("someone"))
    d3, d1 = f"daily-{today}-D3", f"daily-{today}-D1"

    def daily(client: APIClient) -> dict[str, tuple[str, bool, bool]]:
        boards = client.get("/api/daily/").json()["boards"]
        return {mode: board_fields(boards[mode]) for mode in ("D3", "D1")}

    def on_board(board: str) -> tuple[str, bool, bool]:
        return board_fields(api_client.get(f"/api/leaderboards/{board}/").json())

    # Nothing computed yet: both boards say so (and still tell no par, no tier).
    pending = ("pending", False, False)
    assert daily(api_client) == daily(signed_in) == {"D3": pending, "D1": pending}
    assert on_board(d3) == on_board(d1) == pending
    assert api_client.get(f"/api/daily/{today}/").json()["boards"]["D3"]["table_par_status"] == (
        "pending"
    )

    # The worker stored D3's: ready, told through its tier alone until the close.
    store_table_par(d3)
    ready_sealed = ("ready", False, True)
    assert daily(api_client) == daily(signed_in) == {"D3": ready_sealed, "D1": pending}
    assert on_board(d3) == ready_sealed and on_board(d1) == pending


def test_a_closed_day_is_ready_or_none_and_a_code_board_none(api_client: APIClient) -> None:
    closed = utc_today() - timedelta(days=1)
    store_day(closed)
    store_table_par(f"daily-{closed}-D3")
    boards = api_client.get(f"/api/daily/{closed}/").json()["boards"]
    assert board_fields(boards["D3"]) == ("ready", True, True)  # closed: the runs are told
    assert board_fields(boards["D1"]) == ("none", False, False)  # never got one: never will
    archive = api_client.get(f"/api/daily/?before={utc_today()}").json()["days"]
    assert [
        (day["boards"]["D3"]["table_par_status"], day["boards"]["D1"]["table_par_status"])
        for day in archive
    ] == [("ready", "none")]
    assert on_code_board(api_client) == ("none", False, False)


def on_code_board(client: APIClient) -> tuple[str, bool, bool]:
    return board_fields(client.get("/api/leaderboards/CF1-D3-AAAABMM/").json())
