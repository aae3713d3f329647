"""What a game's answers carry for the table: the ``finish`` line (``engine.finishing``) and
the server's ``clock``."""

from datetime import datetime, timedelta
from pathlib import Path

import pytest
import time_machine
from rest_framework.test import APIClient

from engine import finishing_line, replay
from tests.support.games import play, start_game

pytestmark = pytest.mark.django_db

CODE = "CF1-D3-AAAAACL"
WON_LOG = (Path(__file__).parents[2] / "engine" / "data" / f"won_{CODE}.log").read_text().split()


def first_offer() -> int:
    """How many actions of the won log come before the first position with a line."""
    return next(n for n in range(len(WON_LOG)) if finishing_line(replay(CODE, WON_LOG[:n])))


def test_finish_is_empty_until_offered_then_its_moves_are_ordinary_actions_that_win(
    player_client: APIClient,
) -> None:
    game = start_game(player_client, CODE)
    assert game["finish"] == []
    offer = first_offer()
    for token in WON_LOG[:offer]:
        answer = play(player_client, game["id"], token).json()
        assert answer["finish"] == [] or answer["seq"] == offer
    assert answer["finish"], "the line is offered at the first position that has one"
    line = answer["finish"]
    for token in line:
        answer = play(player_client, game["id"], token).json()
        assert answer["action"]["token"] == token
    assert answer["won"] and answer["status"] == "won" and answer["finish"] == []
    log = player_client.get(f"/api/games/{game['id']}/actions/").json()
    assert [action["token"] for action in log["actions"]] == WON_LOG[:offer] + line
    assert player_client.get(f"/api/games/{game['id']}/").json()["finish"] == []


def test_the_clock_runs_on_the_server_from_creation_and_stops_when_the_game_ends(
    player_client: APIClient,
) -> None:
    start = datetime(2026, 3, 4, 10, 0, 0).astimezone()
    with time_machine.travel(start, tick=False):
        game = start_game(player_client, CODE)
        assert game["clock"] == 0
    with time_machine.travel(start + timedelta(seconds=75), tick=False):
        assert player_client.get(f"/api/games/{game['id']}/").json()["clock"] == 75
        assert play(player_client, game["id"], "draw").json()["clock"] == 75
    with time_machine.travel(start + timedelta(seconds=130), tick=False):
        resigned = player_client.post(f"/api/games/{game['id']}/resign/", {}).json()
        assert resigned["clock"] == 130
    with time_machine.travel(start + timedelta(hours=2), tick=False):
        assert player_client.get(f"/api/games/{game['id']}/").json()["clock"] == 130


def test_a_submitted_log_has_no_clock(player_client: APIClient) -> None:
    answer = player_client.post("/api/submissions/", {"code": CODE, "actions": ["draw"]}).json()
    assert answer["clock"] is None
