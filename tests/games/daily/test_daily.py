"""GET /api/daily/, /api/daily/<date>/ and the archive: two sealed boards a day.

While a day is open its boards are told (ids, draw modes, pars), never its codes or lines;
from its close on, both codes and the solver's lines are public; a day to come is unknown.
"""

from collections.abc import Callable
from datetime import date

import pytest
import time_machine
from django.conf import LazySettings
from rest_framework.test import APIClient

from engine import Deal
from games.daily.drawing import daily_layout
from games.daily.store import daily_code, daily_deal_get
from games.models import DailyDeal
from tests.conftest import Player
from tests.games.daily.conftest import SECRET

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_secret")]


def stored_codes(day: date) -> list[str]:
    deal = DailyDeal.objects.get(date=day)
    return [daily_code(deal, "D3"), daily_code(deal, "D1")]


def test_today_shows_two_boards_with_pars_and_no_code(api_client: APIClient) -> None:
    with time_machine.travel("2026-01-02 08:00Z", tick=False):
        response = api_client.get("/api/daily/")
    body = response.json()
    assert response.status_code == 200
    assert body["date"] == "2026-01-02"
    assert body["closes_at"] == "2026-01-03T00:00:00Z"
    assert body["closed"] is False
    assert body["boards"]["D3"]["board"] == "daily-2026-01-02-D3"
    assert (body["boards"]["D3"]["draw"], body["boards"]["D1"]["draw"]) == (3, 1)
    assert "codes" not in body and "lines" not in body
    for sealed in stored_codes(date(2026, 1, 2)):
        assert sealed not in response.content.decode()


def test_every_answer_with_a_close_tells_the_servers_seconds_left(
    api_client: APIClient, make_player: Callable[..., Player]
) -> None:
    """A client counts down from ``closes_in``, never from its device's clock."""
    player = make_player()
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {player.token}")
    with time_machine.travel("2026-01-02 18:54:23Z", tick=False):
        daily = api_client.get("/api/daily/").json()
        board = api_client.get("/api/leaderboards/daily-2026-01-02-D3/").json()
        game = api_client.post("/api/games/", {"daily": "D3"}).json()
    left = 5 * 3600 + 5 * 60 + 37
    assert daily["closes_in"] == board["closes_in"] == game["closes_in"] == left
    with time_machine.travel("2026-01-03 00:00:05Z", tick=False):
        assert api_client.get(f"/api/games/{game['id']}/").json()["closes_in"] == 0
        assert api_client.get("/api/daily/2026-01-02/").json()["closes_in"] == 0
    code = daily_code(DailyDeal.objects.get(date=date(2026, 1, 2)), "D3")
    with time_machine.travel("2026-01-03 08:00Z", tick=False):
        assert api_client.get(f"/api/leaderboards/{code}/").json()["closes_in"] is None


def test_the_two_modes_are_different_deals_from_the_secret() -> None:
    deal = daily_deal_get(day=date(2026, 1, 2))
    assert deal.code[7:] != deal.code_d1[7:]

    def candidates(mode: str, draw: int) -> set[str]:
        layouts = (daily_layout(date(2026, 1, 2), mode, k, secret=SECRET) for k in range(50))
        return {Deal.from_cards(cards, draw=draw).layout_code for cards in layouts}

    # Each code is one of its own mode's candidates: the two modes' streams differ.
    assert deal.code in candidates("D3", 3) and deal.code_d1 in candidates("D1", 1)


def test_a_stored_day_does_not_change_with_the_secret(
    api_client: APIClient, settings: LazySettings
) -> None:
    with time_machine.travel("2026-01-02 08:00Z", tick=False):
        first = api_client.get("/api/daily/").json()
        settings.DAILY_SECRET = "rotated secret"
        assert api_client.get("/api/daily/").json() == first
    assert DailyDeal.objects.count() == 2  # the day, and the next (its commitment is shown)


def test_a_closed_day_shows_its_codes_and_lines(api_client: APIClient) -> None:
    with time_machine.travel("2026-01-02 08:00Z", tick=False):
        api_client.get("/api/daily/")
        assert "codes" not in api_client.get("/api/daily/2026-01-02/").json()
    with time_machine.travel("2026-01-03 00:00Z", tick=False):
        body = api_client.get("/api/daily/2026-01-02/").json()
    deal = DailyDeal.objects.get(date=date(2026, 1, 2))
    assert body["closed"] is True
    assert body["codes"] == {"D3": daily_code(deal, "D3"), "D1": daily_code(deal, "D1")}
    assert body["lines"] == {"D3": deal.line, "D1": deal.line_d1}
    assert Deal.from_code(body["codes"]["D1"]).draw == 1


def test_a_day_to_come_is_unknown_even_when_chosen_ahead(api_client: APIClient) -> None:
    daily_deal_get(day=date(2026, 1, 3))  # prepare_daily stores days ahead
    with time_machine.travel("2026-01-02 23:59:59Z", tick=False):
        future = api_client.get("/api/daily/2026-01-03/")
        board = api_client.get("/api/leaderboards/daily-2026-01-03-D3/")
    assert future.status_code == 404
    assert future.json()["error"] == "daily_not_found"
    assert board.status_code == 404
    for text in (future.content.decode(), board.content.decode()):
        assert not any(code in text for code in stored_codes(date(2026, 1, 3)))
        assert "par" not in text


@pytest.mark.parametrize(
    ("path", "status", "error"),
    [
        ("/api/daily/2026-13-01/", 400, "invalid_input"),
        ("/api/daily/yesterday/", 400, "invalid_input"),
        ("/api/daily/2020-01-01/", 404, "daily_not_found"),
        ("/api/leaderboards/daily-2026-01-02-D2/", 400, "bad_board"),
        ("/api/leaderboards/daily-2026-02-30-D3/", 400, "bad_board"),
        ("/api/daily/?before=soon", 400, "invalid_input"),
    ],
)
def test_bad_days_and_boards_are_clear_errors(
    api_client: APIClient, path: str, status: int, error: str
) -> None:
    with time_machine.travel("2026-01-02 08:00Z", tick=False):
        response = api_client.get(path)
    assert response.status_code == status
    assert response.json()["error"] == error


def test_the_archive_lists_closed_days_newest_first_in_pages(api_client: APIClient) -> None:
    for day in (1, 2, 3, 4):
        with time_machine.travel(f"2026-01-0{day} 08:00Z", tick=False):
            api_client.get("/api/daily/")
    with time_machine.travel("2026-01-04 08:00Z", tick=False):
        first = api_client.get("/api/daily/?before=2026-01-09&limit=2").json()
        second = api_client.get(f"/api/daily/?before={first['next_before']}&limit=2").json()
    # Today (the 4th) is still sealed: the archive starts the day before.
    assert first["before"] == "2026-01-04"
    assert [day["date"] for day in first["days"]] == ["2026-01-03", "2026-01-02"]
    assert [day["date"] for day in second["days"]] == ["2026-01-01"]
    assert second["next_before"] is None
    assert all(day["closed"] and "codes" in day for day in first["days"] + second["days"])


def test_the_daily_tells_a_signed_in_player_their_own_ranked_games_only(
    api_client: APIClient,
    player_client: APIClient,
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    rival = client_for(make_player("rival"))
    with time_machine.travel("2026-01-02 08:00Z", tick=False):
        game = player_client.post("/api/games/", {"daily": "D1"}).json()
        mine = player_client.get("/api/daily/").json()["boards"]
        theirs = rival.get("/api/daily/").json()["boards"]
        nobody = api_client.get("/api/daily/").json()["boards"]
    assert mine["D1"]["game"] == {
        "id": game["id"],
        "status": "playing",
        "seq": 0,
        "rank": None,
        "held": False,
        "confirmed": False,
        "held_reason": None,
    }
    assert mine["D3"]["game"] is None
    assert theirs["D1"]["game"] is None and nobody["D1"]["game"] is None


def test_the_daily_tells_each_player_their_own_rank_today_and_the_archive_none(
    player: Player,
    player_client: APIClient,
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    """The home page's "you played today: rank 2 of 3": the server's rank of the viewer's own
    entry (theirs to know while sealed); a closed day in the archive leaves it to its board."""
    rivals = [client_for(make_player(f"rival{n}")) for n in range(2)]
    with time_machine.travel("2026-01-02 08:00Z", tick=False):
        for client, draws in ((rivals[0], 1), (player_client, 2), (rivals[1], 3)):
            game = client.post("/api/games/", {"daily": "D3"}).json()
            for _ in range(draws):
                client.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})
        boards = player_client.get("/api/daily/").json()["boards"]
        board = player_client.get("/api/leaderboards/daily-2026-01-02-D3/").json()
    ranks = {entry["player"]: entry["rank"] for entry in board["entries"]}
    mine = boards["D3"]["game"]
    assert (mine["rank"], boards["D3"]["entries"], mine["seq"]) == (2, 3, 2)
    assert mine["rank"] == ranks[player.username]
    with time_machine.travel("2026-01-05 08:00Z", tick=False):
        archive = player_client.get("/api/daily/?before=2026-01-05").json()
    day = next(day for day in archive["days"] if day["date"] == "2026-01-02")
    assert day["boards"]["D3"]["game"]["rank"] is None
