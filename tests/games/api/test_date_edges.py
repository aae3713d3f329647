"""The calendar's edges: year 1 and the last days of year 9999 are a clear 4xx (or an empty
answer), never a 500 and never a traceback; 9999-12-31 has no 00:00 UTC to close at, so no
board, day or month may end after ``games.boards.LAST_DAY``."""

import logging

import pytest
from django.test import Client
from rest_framework.test import APIClient

from games.consumers import CLOSE_BAD_REQUEST, CLOSE_NOT_FOUND
from tests.conftest import Player
from tests.games.live.conftest import close_code_of

EDGE_DAYS = ["0001-01-01", "0001-01-02", "9999-12-30", "9999-12-31"]


@pytest.mark.django_db
@pytest.mark.parametrize("month", ["9999-12"])
def test_a_month_past_the_last_day_is_a_400_naming_month(
    player: Player, player_client: APIClient, month: str
) -> None:
    response = player_client.get(f"/api/players/{player.username}/stats/?month={month}")
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["error"] == "invalid_input" and "month" in body["fields"]
    assert "9999-11" in body["detail"]


@pytest.mark.django_db
@pytest.mark.parametrize("month", ["0001-01", "9999-11"])
def test_the_first_and_last_months_have_a_calendar(
    player: Player, player_client: APIClient, month: str
) -> None:
    response = player_client.get(f"/api/players/{player.username}/stats/?month={month}")
    assert response.status_code == 200, response.content
    days = response.json()["calendar"]["days"]
    assert days[0]["date"].startswith(month) and all(not any(d["boards"].values()) for d in days)


@pytest.mark.django_db
@pytest.mark.parametrize("day", EDGE_DAYS)
@pytest.mark.parametrize("mode", ["D3", "D1"])
def test_edge_days_are_answered_with_a_4xx_never_a_500(
    api_client: APIClient, day: str, mode: str, caplog: pytest.LogCaptureFixture
) -> None:
    past_last = day == "9999-12-31"
    with caplog.at_level(logging.ERROR):
        board = api_client.get(f"/api/leaderboards/daily-{day}-{mode}/")
        field = api_client.get(f"/api/leaderboards/daily-{day}-{mode}/field/")
        daily = api_client.get(f"/api/daily/{day}/")
        line = api_client.get(f"/api/daily/{day}/{mode}/line/")
        archive = api_client.get(f"/api/daily/?before={day}")
        pages = [
            Client().get(f"/boards/daily-{day}-{mode}/"),
            Client().get(f"/daily/{day}/{mode}/line/"),
        ]
    assert board.status_code == (400 if past_last else 404), board.content  # no deals that day
    assert board.json()["error"] == ("bad_board" if past_last else "daily_not_found")
    assert field.status_code in ((400,) if past_last else (200, 404)), field.content
    for response in (daily, line):
        assert response.status_code == (400 if past_last else 404), response.content
        if past_last:
            assert response.json()["error"] == "invalid_input"
    assert archive.status_code == 200
    assert all(page.status_code in (200, 404) for page in pages), [p.status_code for p in pages]
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize(
    ("day", "close_code"),
    [("9999-12-31", CLOSE_BAD_REQUEST), ("9999-99-99", CLOSE_BAD_REQUEST)],
)
async def test_a_board_past_the_last_day_closes_4400_without_a_traceback(
    day: str, close_code: int, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.ERROR):
        assert await close_code_of(f"/ws/leaderboards/daily-{day}-D3/") == close_code
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("day", ["0001-01-01", "9999-12-30"])
async def test_a_board_of_an_edge_day_closes_4404_as_its_rest_board_is_a_404(
    day: str, caplog: pytest.LogCaptureFixture
) -> None:
    """A day without deals (year 1) or to come (9999): REST says 404, so does the socket
    (issue 38, N14: one rule, ``games.selectors.board_shown``)."""
    with caplog.at_level(logging.ERROR):
        assert await close_code_of(f"/ws/leaderboards/daily-{day}-D3/") == CLOSE_NOT_FOUND
    assert not [record for record in caplog.records if record.levelno >= logging.ERROR]
