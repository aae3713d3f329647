"""POST /api/games/<id>/hint/: a move of a winning line, a proven loss, or "unknown"; asking
marks the player assisted on the game's board for good, which ranks every entry of theirs
there below every unassisted one. Ranked daily games take no hints.

Deal numbers were measured with ``engine.solver`` (tests/engine/test_solver.py): 1000 is won
within a few hundred nodes, 6055 is lost from the deal (no card can ever move), 5020 takes
millions of nodes (so a tiny budget leaves it unknown).
"""

from collections.abc import Callable
from io import StringIO
from typing import Any

import pytest
from django.conf import LazySettings
from django.core.management import call_command
from rest_framework.test import APIClient

from engine import Deal, Game
from engine.solver import solve
from games.models import Assistance
from games.models import Game as GameRow
from tests.conftest import Player
from tests.support.games import play, start_game

pytestmark = pytest.mark.django_db

QUICK_WIN, LOST, HARD = 1000, 6055, 5020


def code(number: int) -> str:
    return Deal.from_number(number, draw=3).code


def hint(client: APIClient, game_id: int) -> Any:
    return client.post(f"/api/games/{game_id}/hint/")


@pytest.fixture(autouse=True)
def _hint_budget(settings: LazySettings) -> None:
    settings.CANFIELD_HINT_SECONDS = 2
    settings.CANFIELD_THROTTLE_RATES = {**settings.CANFIELD_THROTTLE_RATES, "hint": None}


@pytest.mark.slow  # about 400 requests: a hint and a move per action until the win
def test_following_the_hints_wins_the_game(player_client: APIClient) -> None:
    game = start_game(player_client, code(QUICK_WIN))
    for _ in range(1000):
        body = hint(player_client, game["id"]).json()
        assert body["status"] == "won", body
        assert body["seq"] == game["seq"]
        assert body["move"] in game["legal_moves"]
        assert body["moves_to_win"] >= 1
        response = play(player_client, game["id"], body["move"])
        assert response.status_code == 201, response.json()
        game = response.json()
        if game["won"]:
            break
    assert (game["status"], game["cards"], game["assisted"]) == ("won", 52, True)


def test_a_hint_is_a_legal_move_after_which_the_engine_plays_a_line_to_a_win(
    player_client: APIClient,
) -> None:
    game = start_game(player_client, code(QUICK_WIN))
    game = play(player_client, game["id"], "draw").json()
    body = hint(player_client, game["id"]).json()
    assert (body["status"], body["seq"], body["assisted"]) == ("won", 1, True)
    assert body["move"] in game["legal_moves"]
    position = Game.from_snapshot(GameRow.objects.get(pk=game["id"]).snapshot)
    position.play(body["move"])
    rest = solve(position, seconds=2).line
    for token in rest:  # the engine itself plays the rest of a winning line
        position.play(token)
    assert position.won


def test_a_lost_position_is_said_lost(player_client: APIClient) -> None:
    game = start_game(player_client, code(LOST))
    # The row's snapshot becomes a position built by the engine from its plain state.
    position = Game.from_state(Game.from_code(code(LOST)).state())
    GameRow.objects.filter(pk=game["id"]).update(snapshot=position.to_snapshot())
    body = hint(player_client, game["id"]).json()
    assert (body["status"], body["move"], body["moves_to_win"]) == ("lost", None, None)
    assert body["assisted"] is True
    assert GameRow.objects.get(pk=game["id"]).assisted


def test_the_game_is_marked_assisted_even_when_no_move_is_found(
    player_client: APIClient, settings: LazySettings
) -> None:
    settings.CANFIELD_HINT_SECONDS = 0.05
    game = start_game(player_client, code(HARD))
    body = hint(player_client, game["id"]).json()
    assert (body["status"], body["move"], body["assisted"]) == ("unknown", None, True)
    assert player_client.get(f"/api/games/{game['id']}/").json()["assisted"] is True


def test_only_the_owner_may_ask_and_others_do_not_mark_the_game(
    player_client: APIClient,
    api_client: APIClient,
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    game = start_game(player_client, code(QUICK_WIN))
    intruder = client_for(make_player("mallory"))
    assert hint(intruder, game["id"]).status_code == 403
    assert hint(api_client, game["id"]).status_code == 401
    assert hint(player_client, 2**62).status_code == 404
    assert GameRow.objects.get(pk=game["id"]).assisted is False


def test_a_finished_game_gets_no_hint(player_client: APIClient) -> None:
    game = start_game(player_client, code(QUICK_WIN))
    play(player_client, game["id"], game["legal_moves"][0])
    assert player_client.post(f"/api/games/{game['id']}/resign/", {}).status_code == 201
    response = hint(player_client, game["id"])
    assert response.status_code == 409
    assert response.json()["error"] == "game_finished"
    assert GameRow.objects.get(pk=game["id"]).assisted is False


def test_assisted_games_rank_below_every_unassisted_one(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    helped, plain = client_for(make_player("helped")), client_for(make_player("plain"))
    helped_game = start_game(helped, code(QUICK_WIN))
    play(plain, start_game(plain, code(QUICK_WIN))["id"], "draw")  # on the board: one action
    for _ in range(6):  # the helped player gets ahead on cards with the hints
        move = hint(helped, helped_game["id"]).json()["move"]
        helped_game = play(helped, helped_game["id"], move).json()
    assert helped_game["cards"] > 1
    board = helped.get(f"/api/leaderboards/{code(QUICK_WIN)}/").json()
    order = [(e["player"], e["rank"], e["assisted"]) for e in board["entries"]]
    assert order == [("plain", 1, False), ("helped", 2, True)]
    window = helped.get(f"/api/leaderboards/{code(QUICK_WIN)}/?around=helped&limit=1").json()
    assert [(e["player"], e["rank"]) for e in window["entries"]] == [("helped", 2)]
    assert board["par"] is None


def test_rebuilt_projections_keep_the_assisted_ranking(player_client: APIClient) -> None:
    game = start_game(player_client, code(QUICK_WIN))
    hint(player_client, game["id"])
    out = StringIO()
    call_command("rebuild_projections", "--check", stdout=out)
    assert "0 game rows differ, 0 leaderboard entries differ" in out.getvalue()


def test_hints_have_their_own_rate_limit(player_client: APIClient, settings: LazySettings) -> None:
    settings.CANFIELD_THROTTLE_RATES = {**settings.CANFIELD_THROTTLE_RATES, "hint": "2/minute"}
    game = start_game(player_client, code(QUICK_WIN))
    assert [hint(player_client, game["id"]).status_code for _ in range(3)] == [200, 200, 429]
    assert play(player_client, game["id"], "draw").status_code == 201  # moves are not limited


def test_the_field_chart_counts_assisted_and_unassisted_players_together(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    helped, plain = client_for(make_player("helped")), client_for(make_player("plain"))
    helped_game = start_game(helped, code(QUICK_WIN))["id"]
    hint(helped, helped_game)
    play(helped, helped_game, "draw")
    play(plain, start_game(plain, code(QUICK_WIN))["id"], "draw")
    field = helped.get(f"/api/leaderboards/{code(QUICK_WIN)}/field/").json()
    assert (field["total"], field["counts"]) == (2, [{"cards": 1, "players": 2}])


def test_a_hint_is_a_post_a_cross_site_get_marks_nothing(player_client: APIClient) -> None:
    game = start_game(player_client, code(QUICK_WIN))
    response = player_client.get(f"/api/games/{game['id']}/hint/")
    assert response.status_code == 405
    assert GameRow.objects.get(pk=game["id"]).assisted is False


def test_the_mark_stays_with_the_player_whatever_they_submit_later(
    player: Player, player_client: APIClient
) -> None:
    """The old way to shed it: hint a game, then submit its own log as a fresh game."""
    game = start_game(player_client, code(QUICK_WIN))
    for _ in range(4):
        move = hint(player_client, game["id"]).json()["move"]
        play(player_client, game["id"], move)
    log = [
        a["token"] for a in player_client.get(f"/api/games/{game['id']}/actions/").json()["actions"]
    ]
    clean = player_client.post("/api/submissions/", {"code": code(QUICK_WIN), "actions": log})
    assert clean.status_code == 201 and clean.json()["assisted"] is False  # this game asked none
    board = player_client.get(f"/api/leaderboards/{code(QUICK_WIN)}/").json()
    assert [(e["player"], e["assisted"]) for e in board["entries"]] == [(player.username, True)]
    assert Assistance.objects.filter(board=code(QUICK_WIN), player=player.user).count() == 1
    out = StringIO()
    call_command("rebuild_projections", "--check", stdout=out)
    assert "0 game rows differ, 0 leaderboard entries differ" in out.getvalue()


def test_a_ranked_daily_game_takes_no_hint_and_nothing_is_marked(
    player_client: APIClient, settings: LazySettings
) -> None:
    settings.DAILY_SECRET = "canfield tests"
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 2
    game = player_client.post("/api/games/", {"daily": "D3"}).json()
    response = hint(player_client, game["id"])
    assert response.status_code == 403
    assert response.json()["error"] == "ranked_daily"
    assert "no hints" in response.json()["detail"]
    assert GameRow.objects.get(pk=game["id"]).assisted is False
    assert not Assistance.objects.exists()


def test_a_browser_session_needs_its_csrf_token_to_ask(player: Player) -> None:
    """The old hole: a cross-site link marked a signed-in victim's game assisted."""
    from django.test import Client

    browser = Client(enforce_csrf_checks=True)
    browser.force_login(player.user)
    game = GameRow.objects.create(
        code=code(QUICK_WIN), board=code(QUICK_WIN), draw=3, number=QUICK_WIN,
        player=player.user, snapshot=Game.from_code(code(QUICK_WIN)).to_snapshot(),
    )  # fmt: skip
    forged = browser.post(f"/api/games/{game.id}/hint/", content_type="application/json")
    assert forged.status_code == 403
    assert forged.json()["error"] == "permission_denied" and "CSRF" in forged.json()["detail"]
    assert GameRow.objects.get(pk=game.id).assisted is False
    browser.get("/")  # the page sets the CSRF cookie, as for a real visit
    token = browser.cookies["csrftoken"].value
    asked = browser.post(
        f"/api/games/{game.id}/hint/", content_type="application/json", HTTP_X_CSRFTOKEN=token
    )
    assert asked.status_code == 200 and asked.json()["assisted"] is True


def test_a_hint_on_a_fresh_game_marks_the_entry_another_game_holds(
    player: Player, player_client: APIClient
) -> None:
    played = start_game(player_client, code(QUICK_WIN))
    play(player_client, played["id"], "draw")  # on the board with this game
    fresh = start_game(player_client, code(QUICK_WIN))  # no action yet
    assert hint(player_client, fresh["id"]).status_code == 200
    board = player_client.get(f"/api/leaderboards/{code(QUICK_WIN)}/").json()
    assert [(e["game"], e["assisted"]) for e in board["entries"]] == [(played["id"], True)]
