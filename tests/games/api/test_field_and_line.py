"""A board's field (players by cards home, the field chart) and a closed day's line with its
positions (the line page): the JSON the pages read beyond entries and games."""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta

import pytest
import time_machine
from django.conf import LazySettings
from django.test import Client

from games.boards import utc_today
from games.daily.lines import line_states
from tests.conftest import Player
from tests.web.situations import tap_to_foundation


@pytest.mark.django_db
def test_field_counts_players_by_cards_on_the_foundations(
    client: Client, make_player: Callable[..., Player]
) -> None:
    from games.services.actions import action_append
    from games.services.games import game_create

    situation = tap_to_foundation()
    home, stuck, idle, elsewhere = make_player(), make_player(), make_player(), make_player()
    scored = game_create(player=home.user, code=situation.code).game
    action_append(game_id=scored.id, player=home.user, tap=situation.card)
    drew = game_create(player=stuck.user, code=situation.code).game
    action_append(game_id=drew.id, player=stuck.user, token="draw")
    game_create(player=idle.user, code=situation.code)  # no action: not on the board yet
    game_create(player=elsewhere.user, draw=3)

    response = client.get(f"/api/leaderboards/{situation.code.lower()}/field/")
    assert response.status_code == 200
    assert response.json() == {
        "board": situation.code,
        "who": "humans",
        "total": 2,
        "counts": [{"cards": 1, "players": 1}, {"cards": 2, "players": 1}],
    }


@pytest.mark.django_db
def test_the_field_of_a_bad_board_or_a_day_to_come_is_a_clear_error(client: Client) -> None:
    response = client.get("/api/leaderboards/nope/field/")
    assert response.status_code == 400
    assert response.json()["error"] == "bad_board"
    assert "nope" in response.json()["detail"]
    tomorrow = (utc_today() + timedelta(days=1)).isoformat()
    response = client.get(f"/api/leaderboards/daily-{tomorrow}-D3/field/")
    assert response.status_code == 404 and response.json()["error"] == "daily_not_found"


@pytest.mark.django_db
def test_field_of_a_daily_board(
    client: Client, make_player: Callable[..., Player], settings: LazySettings
) -> None:
    from games.services.actions import action_append
    from games.services.games import game_create

    settings.DAILY_SECRET, settings.CANFIELD_DAILY_SOLVE_SECONDS = "canfield tests", 2.0
    player = make_player()
    game = game_create(player=player.user, daily="D3").game
    action_append(game_id=game.id, player=player.user, token="draw")
    response = client.get(f"/api/leaderboards/{game.board}/field/")
    assert response.status_code == 200
    assert response.json() == {
        "board": game.board,
        "who": "humans",
        "total": 1,
        "counts": [{"cards": 1, "players": 1}],
    }


@pytest.mark.django_db
def test_the_positions_of_a_line_are_told_once_the_day_has_closed(
    client: Client, settings: LazySettings
) -> None:
    from games.daily.store import daily_code, daily_deal_get

    settings.DAILY_SECRET, settings.CANFIELD_DAILY_SOLVE_SECONDS = "canfield tests", 2.0
    today = utc_today().isoformat()
    daily_deal_get(day=utc_today())
    sealed = client.get(f"/api/daily/{today}/D1/line/")
    assert sealed.status_code == 404 and sealed.json()["error"] == "daily_sealed"
    assert "CF1-" not in sealed.content.decode()
    past = "2026-01-05"
    with time_machine.travel(f"{past} 08:00Z", tick=False):
        deal = daily_deal_get(day=utc_today())
    data = client.get(f"/api/daily/{past}/D1/line/").json()
    code = daily_code(deal, "D1")
    assert data["code"] == code and data["line"] == list(deal.line_d1)
    assert data["states"] == line_states(code, list(deal.line_d1))
    assert data["states"][-1]["won"] is True
    assert client.get("/api/daily/2026-01-04/D1/line/").status_code == 404  # no deals that day
    assert client.get(f"/api/daily/{past}/D2/line/").json()["error"] == "invalid_input"
    assert client.get("/api/daily/2026-02-30/D1/line/").json()["error"] == "invalid_input"
