"""Declared bots rank apart (DESIGN.md, "Declared bots"; docs/contracts.md).

An account declares itself a bot at sign-up or before its first game, for good; its games
rank on each board's bots partition, which no people's read shows (page, window, field,
the daily's count) and ``?who=bots`` / ``?who=all`` do, every entry saying ``bot``.
"""

from collections.abc import Callable
from io import StringIO
from typing import Any

import pytest
import time_machine
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import Bot
from games.boards import ranking_board
from games.errors import AccountRequired
from games.models import Game, LeaderboardEntry
from games.services.actions import action_append
from games.services.guests import guest_create
from games.services.players import player_bot_declare
from tests.conftest import Player
from tests.games.conftest import DAY
from tests.games.services.test_locking import race
from tests.support.games import SIMPLE_CODE, Browser, guest_with_game, start_game, won_logs

pytestmark = pytest.mark.django_db

PASSWORD = "correct horse 42"


def sign_up(username: str, **extra: Any) -> APIClient:
    """A new account over the API, signed in by its token."""
    client = APIClient()
    client.default_format = "json"
    response = client.post(
        "/api/players/", {"username": username, "password": PASSWORD, **extra}, format="json"
    )
    assert response.status_code == 201, response.json()
    client.credentials(HTTP_AUTHORIZATION=f"Token {response.json()['token']}")
    return client


def submit(client: APIClient, tokens: list[str]) -> dict[str, Any]:
    code = won_logs()[0]["code"]
    response = client.post("/api/submissions/", {"code": code, "actions": tokens}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def board_of(who: str | None = None, **query: Any) -> Any:
    code = won_logs()[0]["code"]
    params = {**query, **({"who": who} if who else {})}
    return APIClient().get(f"/api/leaderboards/{code}/", params)


def rebuild_check() -> str:
    out = StringIO()
    call_command("rebuild_projections", "--check", stdout=out)
    return out.getvalue()


def test_an_account_declares_itself_a_bot_at_sign_up() -> None:
    bot = sign_up("deepstack", bot=True)
    assert bot.get("/api/me/").json()["bot"] is True
    assert sign_up("ada").get("/api/me/").json()["bot"] is False
    game = start_game(bot)
    assert Game.objects.get(pk=game["id"]).bot is True


def test_an_account_declares_itself_a_bot_later_before_any_game() -> None:
    client = sign_up("latebot")
    declared = client.post("/api/me/bot/")
    assert declared.status_code == 200
    assert declared.json()["bot"] is True
    assert client.post("/api/me/bot/").status_code == 200  # again: harmless, still a bot
    assert Bot.objects.filter(user__username="latebot").count() == 1


def test_a_declaration_after_the_first_game_is_refused_and_changes_nothing() -> None:
    client = sign_up("person")
    game = start_game(client)
    refused = client.post("/api/me/bot/")
    assert refused.status_code == 409
    assert refused.json()["error"] == "bot_too_late"
    assert refused.json()["detail"]
    assert not Bot.objects.exists()
    assert Game.objects.get(pk=game["id"]).bot is False
    assert client.get("/api/me/").json()["bot"] is False


def test_anonymous_and_guests_cannot_declare() -> None:
    assert APIClient().post("/api/me/bot/").status_code == 401
    with pytest.raises(AccountRequired):
        player_bot_declare(user=guest_create())
    browser = Browser()
    guest_with_game(browser)
    refused = browser.post("/api/me/bot/", {})
    assert refused.status_code == 403 and refused.json()["error"] == "account_required"
    # Signing up in place as a bot: the guest has played, so it is too late (nothing made).
    late = browser.post(
        "/api/players/", {"username": "guestbot", "password": PASSWORD, "bot": True}
    )
    assert late.status_code == 409 and late.json()["error"] == "bot_too_late"
    assert browser.me()["guest"] is True and not Bot.objects.exists()


def test_a_bots_game_is_on_no_people_read_and_on_who_bots_with_bot_true() -> None:
    tokens = won_logs()[0]["tokens"]
    submit(sign_up("ada"), tokens[:60])
    bot_game = submit(sign_up("solverbot", bot=True), tokens)  # a win: it would lead
    people = board_of().json()
    assert people["who"] == "humans"
    assert [(e["player"], e["rank"], e["bot"]) for e in people["entries"]] == [("ada", 1, False)]
    assert people["total"] == 1
    assert board_of("humans").json()["entries"] == people["entries"]
    assert board_of(around="solverbot").json()["entries"] == []  # not ranked among people
    code = won_logs()[0]["code"]
    field = APIClient().get(f"/api/leaderboards/{code}/field/").json()
    assert (field["who"], field["total"]) == ("humans", 1)
    bots = board_of("bots").json()
    assert bots["who"] == "bots" and bots["board"] == code
    assert [(e["player"], e["rank"], e["bot"], e["game"]) for e in bots["entries"]] == [
        ("solverbot", 1, True, bot_game["id"])
    ]
    around = board_of("bots", around="solverbot").json()
    assert [e["player"] for e in around["entries"]] == ["solverbot"]
    field = APIClient().get(f"/api/leaderboards/{code}/field/", {"who": "bots"}).json()
    assert (field["who"], field["total"], field["counts"]) == (
        "bots",
        1,
        [{"cards": 52, "players": 1}],
    )
    field = APIClient().get(f"/api/leaderboards/{code}/field/", {"who": "all"}).json()
    assert field["total"] == 2
    assert set(LeaderboardEntry.objects.values_list("board", flat=True)) == {
        code,
        ranking_board(code, bot=True),
    }
    assert "0 game rows differ, 0 leaderboard entries differ" in rebuild_check()


def test_who_all_ranks_people_and_bots_in_one_order_with_ties() -> None:
    tokens = won_logs()[0]["tokens"]
    plays = [  # (player, bot, log) in the order submitted
        ("h_tied", False, tokens[:120]),
        ("b_tied", True, tokens[:120]),  # the same standing at the same instant: a tie
        ("h_short", False, tokens[:60]),
        ("b_winner", True, tokens),
        ("h_padded", False, [*tokens[:60], "draw", "undo"]),
    ]
    with time_machine.travel("2026-03-04 05:06Z", tick=False):
        for name, bot, log in plays:
            submit(sign_up(name, bot=bot), log)
    board = board_of("all", limit=100).json()
    assert board["who"] == "all" and board["total"] == 5
    shown = [(e["player"], e["rank"], e["bot"]) for e in board["entries"]]
    assert shown == [
        ("b_winner", 1, True),
        ("h_tied", 2, False),  # tied: one rank, entry order (first submitted first)
        ("b_tied", 2, True),
        ("h_short", 4, False),
        ("h_padded", 5, False),
    ]
    # Pages and windows of the merged order keep the merged ranks.
    page = board_of("all", offset=2, limit=2).json()
    assert [(e["player"], e["rank"]) for e in page["entries"]] == [("b_tied", 2), ("h_short", 4)]
    around = board_of("all", around="h_short", limit=3).json()
    assert [(e["player"], e["rank"]) for e in around["entries"]] == [
        ("b_tied", 2),
        ("h_short", 4),
        ("h_padded", 5),
    ]
    assert around["around"] == "h_short"
    # Each partition alone ranks its own.
    people = [(e["player"], e["rank"]) for e in board_of().json()["entries"]]
    assert people == [("h_tied", 1), ("h_short", 2), ("h_padded", 3)]
    bots = [(e["player"], e["rank"]) for e in board_of("bots").json()["entries"]]
    assert bots == [("b_winner", 1), ("b_tied", 2)]
    assert "0 game rows differ, 0 leaderboard entries differ" in rebuild_check()


@pytest.mark.parametrize("who", ["robots", "", "ALL", "human"])
def test_a_bad_who_is_a_400_naming_it(who: str) -> None:
    code = won_logs()[0]["code"]
    for path in (f"/api/leaderboards/{code}/", f"/api/leaderboards/{code}/field/"):
        response = APIClient().get(path, {"who": who})
        assert response.status_code == 400
        body = response.json()
        assert (body["error"], body["who"]) == ("bad_who", who)
        assert body["choices"] == ["humans", "bots", "all"]


def test_a_bots_own_daily_rank_and_calendar_are_its_partitions(
    start_daily: Callable[[Player], Game], make_player: Callable[..., Player]
) -> None:
    tokens = ["draw", "draw"]
    human, bot = make_player("human"), make_player("botty")
    player_bot_declare(user=bot.user)
    for who, log in ((human, ["draw", "draw", "draw"]), (bot, tokens)):
        game = start_daily(who)
        for token in log:
            action_append(game_id=game.id, player=who.user, token=token)
    bot_game = Game.objects.get(player=bot.user)
    assert bot_game.bot is True and bot_game.board == f"daily-{DAY}-D3"
    client = APIClient()
    client.force_authenticate(bot.user)
    d3 = client.get("/api/daily/").json()["boards"]["D3"]
    assert d3["entries"] == 1  # people only: the board as it shows by default
    assert d3["game"]["id"] == bot_game.id and d3["game"]["rank"] == 1  # first of the bots
    client.force_authenticate(human.user)
    assert client.get("/api/daily/").json()["boards"]["D3"]["game"]["rank"] == 1
    stats = APIClient()
    stats.force_authenticate(bot.user)
    month = stats.get("/api/players/botty/stats/", {"month": DAY.strftime("%Y-%m")}).json()
    day = next(d for d in month["calendar"]["days"] if d["date"] == DAY.isoformat())
    entry = day["boards"]["D3"]
    assert (entry["board"], entry["rank"], entry["total"]) == (f"daily-{DAY}-D3", 1, 1)
    people = APIClient().get(f"/api/leaderboards/daily-{DAY}-D3/").json()
    assert [e["player"] for e in people["entries"]] == ["human"]
    field = APIClient().get(f"/api/leaderboards/daily-{DAY}-D3/field/").json()
    assert field["total"] == 1
    board = APIClient().get(f"/api/leaderboards/daily-{DAY}-D3/", {"who": "bots"}).json()
    assert board["sealed"] is True
    assert [(e["player"], e["bot"], e["game"]) for e in board["entries"]] == [
        ("botty", True, None)  # sealed: no game id in the bots partition either
    ]
    assert "0 game rows differ, 0 leaderboard entries differ" in rebuild_check()


def test_a_guests_games_become_a_bots_when_it_signs_in_to_one() -> None:
    sign_up("hostbot", bot=True)
    browser = Browser()
    game = guest_with_game(browser)
    browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})
    signed_in = browser.post("/api/session/", {"username": "hostbot", "password": PASSWORD})
    assert signed_in.status_code == 200
    assert Game.objects.get(pk=game["id"]).bot is True
    entry = LeaderboardEntry.objects.get(player__username="hostbot")
    assert entry.board == ranking_board(SIMPLE_CODE, bot=True)
    assert "0 game rows differ, 0 leaderboard entries differ" in rebuild_check()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(4))
def test_a_declaration_and_a_first_game_at_once_never_cross(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient], round_: int
) -> None:
    """Either the declaration lands first (the game is a bot's) or the game does (409, a
    person's game): never a bot with a person's game. Both take the player's row lock."""
    player = make_player(f"racer{round_}")
    declaring, starting = client_for(player), client_for(player)
    declared, started = race(
        [
            lambda: declaring.post("/api/me/bot/").status_code,
            lambda: starting.post("/api/games/", {"code": SIMPLE_CODE}, format="json").status_code,
        ]
    )
    assert started == 201
    game = Game.objects.get(player=player.user)
    if declared == 200:
        assert game.bot is True and Bot.objects.filter(user=player.user).exists()
    else:
        assert declared == 409
        assert game.bot is False and not Bot.objects.exists()
