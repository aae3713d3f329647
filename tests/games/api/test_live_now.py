"""``GET /api/live/``: open games being played now and the closed dailies' best games, and
never a sealed day's game (its line is its owner's alone while the day is open)."""

from collections.abc import Callable
from datetime import timedelta

import pytest
import time_machine
from django.db import connection
from django.utils import timezone
from rest_framework.test import APIClient

from games.selectors.live_now import PLAYING_WINDOW, SETTLED_ACTIONS, playing_query
from tests.conftest import Player
from tests.games.api.test_sealed import AFTER, DURING
from tests.support.games import SIMPLE_CODE, play, start_game, start_on_board

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("daily_secret")]


@pytest.fixture
def two_players(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> tuple[APIClient, APIClient]:
    return client_for(make_player("alice")), client_for(make_player("bob"))


def live(client: APIClient, query: str = "") -> dict:
    response = client.get(f"/api/live/{query}")
    assert response.status_code == 200, response.json()
    return response.json()


def test_open_games_with_a_recent_action_are_listed_latest_first(
    two_players: tuple[APIClient, APIClient], api_client: APIClient
) -> None:
    alice, bob = two_players
    first = start_on_board(alice)
    second = start_on_board(bob, "CF1-D1-AAAAACL")
    start_game(bob)  # no action yet: not being played
    playing = live(api_client)["playing"]
    assert [row["game"] for row in playing] == [second["id"], first["id"]]
    assert 0 <= playing[0]["idle"] < 60
    assert playing[0] | {"last_action_at": None, "idle": None} == {
        "game": second["id"],
        "player": "bob",
        "code": "CF1-D1-AAAAACL",
        "draw": 1,
        "board": "CF1-D1-AAAAACL",
        "cards": second["cards"],
        "actions": 1,
        "elapsed": second["elapsed"],
        "assisted": False,
        "bot": False,
        "last_action_at": None,
        "idle": None,
    }
    assert [row["game"] for row in live(api_client, "?limit=1")["playing"]] == [second["id"]]
    assert live(api_client)["window"] == PLAYING_WINDOW.total_seconds()


def test_games_under_way_come_before_the_ones_barely_begun(
    two_players: tuple[APIClient, APIClient], api_client: APIClient
) -> None:
    alice, bob = two_players
    under_way = start_game(alice, SIMPLE_CODE)
    for _ in range(SETTLED_ACTIONS):
        assert play(alice, under_way["id"], "draw").status_code == 201
    tapped_once = start_on_board(bob, "CF1-D1-AAAAACL")  # the latest action, and left there
    playing = live(api_client)["playing"]
    assert [row["game"] for row in playing] == [under_way["id"], tapped_once["id"]]
    assert [row["game"] for row in live(api_client, "?limit=1")["playing"]] == [under_way["id"]]


def test_finished_idle_and_submitted_games_are_not_playing_now(
    two_players: tuple[APIClient, APIClient], api_client: APIClient
) -> None:
    alice, bob = two_players
    resigned = start_on_board(alice)
    assert alice.post(f"/api/games/{resigned['id']}/resign/").status_code == 201
    submitted = bob.post("/api/submissions/", {"code": SIMPLE_CODE, "actions": ["draw"]})
    assert submitted.status_code == 201
    with time_machine.travel(timezone.now() - PLAYING_WINDOW - timedelta(seconds=5)):
        idle = start_on_board(bob, "CF1-D1-AAAAACL")
    assert play(bob, idle["id"], "draw").status_code == 201  # back: playing now again
    assert [row["game"] for row in live(api_client)["playing"]] == [idle["id"]]
    with time_machine.travel(timezone.now() + PLAYING_WINDOW + timedelta(seconds=5)):
        assert live(api_client)["playing"] == []


def test_a_ranked_daily_game_is_never_listed_and_its_board_only_once_closed(
    two_players: tuple[APIClient, APIClient],
) -> None:
    alice, bob = two_players
    with time_machine.travel(DURING, tick=False):
        ranked = alice.post("/api/games/", {"daily": "D3"}).json()
        assert play(alice, ranked["id"], "draw").status_code == 201
        during = live(bob)
        own = live(alice)
    assert during["playing"] == own["playing"] == []  # not to a second account, nor its owner
    assert all(board["date"] != "2026-01-02" for board in during["closed"])
    with time_machine.travel(AFTER, tick=False):
        after = live(bob)
    assert after["playing"] == []
    closed = {board["board"]: board for board in after["closed"]}
    assert set(closed) == {"daily-2026-01-02-D3", "daily-2026-01-02-D1"}
    assert closed["daily-2026-01-02-D1"]["best"] is None
    assert closed["daily-2026-01-02-D1"]["players"] == 0
    best = closed["daily-2026-01-02-D3"]["best"]
    assert (best["rank"], best["player"], best["game"], best["actions"]) == (
        1,
        "alice",
        ranked["id"],
        1,
    )
    assert closed["daily-2026-01-02-D3"]["par"] is not None


@pytest.mark.parametrize(
    ("query", "field"),
    [("?limit=0", "limit"), ("?limit=51", "limit"), ("?days=x", "days"), ("?days=15", "days")],
)
def test_bad_input_is_a_400_naming_the_field(api_client: APIClient, query: str, field: str) -> None:
    response = api_client.get(f"/api/live/{query}")
    assert response.status_code == 400
    body = response.json()
    assert body["error"] == "invalid_input"
    assert field in body["fields"]


def test_now_is_read_from_the_partial_index_of_open_games_being_played() -> None:
    for settled in (None, True, False):
        query = playing_query(since=timezone.now(), settled=settled)[:20]
        with connection.cursor() as cursor:
            if connection.vendor == "postgresql":
                cursor.execute("SET LOCAL enable_seqscan = off")  # an empty table is scanned
            plan = query.explain()
        assert "game_playing_open" in plan, plan
