"""Guests: a browser plays open deals at once, with no account; signing up keeps the games,
signing in moves them; the ranked daily needs an account (``games.services.guests``)."""

import importlib
from collections.abc import Callable
from io import StringIO

import pytest
from django.conf import LazySettings
from django.contrib.auth.models import User
from django.core.management import call_command
from rest_framework.test import APIClient

from accounts.models import Guest
from engine import Deal
from games.models import Action, Assistance, CardsCount, Game, LeaderboardEntry, StandingCount
from tests.conftest import Player
from tests.games.services.test_locking import race
from tests.support.games import SIMPLE_CODE, Browser, guest_with_game, play, start_game

pytestmark = pytest.mark.django_db

#: Won by the solver within a few hundred nodes (tests/service/test_hints.py): a quick hint.
HINTED_CODE = Deal.from_number(1000, draw=3).code


def run(command: str, *args: str) -> str:
    out = StringIO()
    call_command(command, *args, stdout=out)
    return out.getvalue()


def assert_projections_rebuild_clean() -> None:
    """The logs alone give the live projections (the commands raise on any difference)."""
    assert "0 game rows differ, 0 leaderboard entries differ" in run(
        "rebuild_projections", "--check"
    )
    assert ", 0 bad" in run("verify_games")


def test_page_views_make_no_user_and_the_first_game_makes_a_guest() -> None:
    browser = Browser()
    browser.get(f"/play/{SIMPLE_CODE}/")
    assert browser.get("/api/me/").status_code == 401
    assert not User.objects.exists()  # a crawler reading pages creates nothing

    game = guest_with_game(browser)
    me = browser.me()
    assert me["guest"] is True and me["username"].startswith("guest-")
    assert game["player"] == me["username"]
    assert Guest.objects.filter(user_id=me["id"]).exists()

    for token in ("draw", "42", "undo"):  # a guest plays like anyone
        assert (
            browser.post(f"/api/games/{game['id']}/actions/", {"action": token}).status_code == 201
        )
    board = browser.get(f"/api/leaderboards/{SIMPLE_CODE}/").json()
    assert [entry["player"] for entry in board["entries"]] == [me["username"]]
    assert browser.get(f"/api/players/{me['username']}/").json()["totals"]["games"] == 1
    second = guest_with_game(browser)  # the same guest, not a new one
    assert second["player"] == me["username"] and User.objects.count() == 1
    drawn = browser.post(f"/api/games/{second['id']}/actions/", {"action": "draw"})
    assert drawn.status_code == 201  # something to resign
    resigned = browser.post(f"/api/games/{second['id']}/resign/")
    assert resigned.status_code == 201 and resigned.json()["status"] == "resigned"


def test_an_api_client_without_the_pages_cookie_gets_a_401_and_no_guest(
    api_client: APIClient,
) -> None:
    response = api_client.post("/api/games/", {"code": SIMPLE_CODE})
    assert response.status_code == 401
    assert response.json()["error"] == "not_authenticated"
    assert not User.objects.exists()


def test_a_guest_is_made_and_plays_only_with_the_csrf_token() -> None:
    browser = Browser()
    refused = browser.post("/api/games/", {"code": SIMPLE_CODE}, csrf=False)
    assert refused.status_code == 403 and "CSRF" in refused.json()["detail"]
    assert not User.objects.exists()
    game = guest_with_game(browser)
    move = browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"}, csrf=False)
    assert move.status_code == 403
    assert Game.objects.get(pk=game["id"]).seq == 0


def test_a_bad_code_leaves_no_guest_behind() -> None:
    browser = Browser()
    response = browser.post("/api/games/", {"code": "CF1-D3-NOTACODE"})
    assert response.status_code == 400
    assert not User.objects.exists()
    assert browser.get("/api/me/").status_code == 401


def test_guest_creation_is_throttled_per_client_address(settings: LazySettings) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None, "guest": "2/minute"}
    first, second = Browser(), Browser()
    guest_with_game(first)
    guest_with_game(second)
    refused = Browser().post("/api/games/", {"code": SIMPLE_CODE})
    assert refused.status_code == 429 and refused.json()["error"] == "throttled"
    # The way on, for a school's or a household's network: an account plays at once.
    assert (refused.json()["limit"], refused.json()["sign_up"]) == ("guests", "/api/players/")
    assert "Create an account to play now" in refused.json()["detail"]
    assert int(refused["Retry-After"]) > 0
    assert User.objects.count() == 2
    guest_with_game(first)  # a guest's own games are not guest creations
    guest_with_game(Browser(address="10.0.0.9"))  # another address has its own count


def test_the_guest_limit_fits_a_shared_network() -> None:
    """A school's network: a few classes of 30 at once, a guest per browser and a cleared
    cookie each (the 20 an hour it was stopped the 21st pupil)."""
    from canfield_site.settings import CANFIELD_THROTTLE_RATES

    count, period = str(CANFIELD_THROTTLE_RATES["guest"]).split("/")
    assert (int(count), period) >= (120, "hour") and period == "hour"


def test_the_games_per_day_quota_applies_to_guests(settings: LazySettings) -> None:
    settings.CANFIELD_MAX_GAMES_PER_DAY = 2
    browser = Browser()
    guest_with_game(browser)
    guest_with_game(browser)
    refused = browser.post("/api/games/", {"code": SIMPLE_CODE})
    assert refused.status_code == 429 and refused.json()["quota"] == "games_per_day"


def test_the_ranked_daily_needs_an_account(daily_secret: None) -> None:
    newcomer = Browser()
    refused = newcomer.post("/api/games/", {"daily": "D3"})
    assert refused.status_code == 403
    assert refused.json()["error"] == "account_required"
    assert not User.objects.exists()  # no guest is left for a refused daily

    guest_with_game(newcomer)
    refused = newcomer.post("/api/games/", {"daily": "D1"})
    assert refused.status_code == 403 and refused.json()["error"] == "account_required"
    assert not Game.objects.filter(daily__isnull=False).exists()

    signed_up = newcomer.post(
        "/api/players/", {"username": "nadia", "password": "long enough 1", "session": True}
    )
    assert signed_up.status_code == 201
    assert newcomer.post("/api/games/", {"daily": "D3"}).status_code == 201


def test_signing_up_keeps_the_same_player_with_every_game_entry_and_mark() -> None:
    browser = Browser()
    game = guest_with_game(browser)
    browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})
    helped = guest_with_game(browser, HINTED_CODE)
    assert browser.post(f"/api/games/{helped['id']}/hint/").status_code == 200
    guest = browser.me()

    signed_up = browser.post(
        "/api/players/", {"username": "nadia", "password": "long enough 1", "session": True}
    )
    assert signed_up.status_code == 201 and "token" not in signed_up.json()
    me = browser.me()
    assert (me["username"], me["id"], me["guest"]) == ("nadia", guest["id"], False)
    assert not Guest.objects.exists()
    page = browser.get("/api/players/nadia/").json()
    assert {entry["id"] for entry in page["games"]} == {game["id"], helped["id"]}
    board = browser.get(f"/api/leaderboards/{SIMPLE_CODE}/").json()
    assert [entry["player"] for entry in board["entries"]] == ["nadia"]
    assert Assistance.objects.filter(board=HINTED_CODE, player_id=me["id"]).exists()
    assert browser.get(f"/api/players/{guest['username']}/").status_code == 404
    # Signed in as the account now: a password works, and the game plays on.
    assert browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"}).status_code == 201
    login = APIClient().post(
        "/api/token/", {"username": "nadia", "password": "long enough 1"}, format="json"
    )
    assert login.status_code == 200
    assert_projections_rebuild_clean()


def test_a_guest_signing_up_for_a_token_gets_one(api_client: APIClient) -> None:
    browser = Browser()
    guest_with_game(browser)
    signed_up = browser.post("/api/players/", {"username": "tomas", "password": "long enough 1"})
    assert signed_up.status_code == 201
    api_client.credentials(HTTP_AUTHORIZATION=f"Token {signed_up.json()['token']}")
    assert api_client.get("/api/players/tomas/").json()["totals"]["games"] == 1


def test_a_guest_cannot_take_a_taken_name_and_stays_a_guest(player: Player) -> None:
    browser = Browser()
    guest_with_game(browser)
    taken = browser.post(
        "/api/players/",
        {"username": player.username.upper(), "password": "long enough 1", "session": True},
    )
    assert taken.status_code == 409 and taken.json()["error"] == "username_taken"
    assert browser.me()["guest"] is True


@pytest.mark.parametrize("name", ["guest-abc123", "Guest-ABC123", "GUEST-x"])
def test_no_account_may_take_a_guest_name(api_client: APIClient, name: str) -> None:
    response = api_client.post("/api/players/", {"username": name, "password": "long enough 1"})
    assert response.status_code == 400
    assert "guest-" in response.json()["detail"]


def test_signing_in_moves_the_guests_games_but_never_marks_the_account_assisted(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    """Issue 38, N11: signing in to an existing account on a browser where a guest asked a
    hint marked that account assisted. The mark is the guest's: it follows the guest's own
    games into a new account made from the guest (the sign-up test above), never into an
    existing one. The hinted game stays the guest's, marked, under the guest's name."""
    alice = make_player("alice")
    alices = client_for(alice)
    own = start_game(alices)
    for token in ("draw", "42"):  # the guest's one draw will stand better (fewer actions)
        assert play(alices, own["id"], token).status_code == 201
    hers = start_game(alices, HINTED_CODE)  # her own entry there, unassisted
    assert play(alices, hers["id"], "draw").status_code == 201

    browser = Browser()
    game = guest_with_game(browser)
    browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})
    helped = guest_with_game(browser, HINTED_CODE)
    assert (
        browser.post(f"/api/games/{helped['id']}/actions/", {"action": "draw"}).status_code == 201
    )
    assert browser.post(f"/api/games/{helped['id']}/hint/").status_code == 200
    guest = browser.me()
    assert LeaderboardEntry.objects.filter(player_id=guest["id"]).count() == 2

    signed_in = browser.post("/api/session/", {"username": "alice", "password": alice.password})
    assert signed_in.status_code == 200 and signed_in.json()["guest"] is False
    assert browser.me()["username"] == "alice"
    mine = set(Game.objects.filter(player=alice.user).values_list("id", flat=True))
    assert game["id"] in mine and helped["id"] not in mine
    # One entry per board, the best game's (on SIMPLE_CODE the moved one); on the hinted
    # board her own, unassisted: the guest's hint did not come along.
    entries = {e.board: e for e in LeaderboardEntry.objects.filter(player=alice.user)}
    assert entries[SIMPLE_CODE].game_id == game["id"] and not entries[SIMPLE_CODE].assisted
    assert entries[HINTED_CODE].game_id == hers["id"] and not entries[HINTED_CODE].assisted
    assert not Assistance.objects.filter(player=alice.user).exists()
    # The guest keeps the hinted game it played, and its mark, under its own name.
    assert Game.objects.get(pk=helped["id"]).player_id == guest["id"]
    assert Assistance.objects.filter(board=HINTED_CODE, player_id=guest["id"]).exists()
    assert LeaderboardEntry.objects.count() == 3
    assert sum(StandingCount.objects.values_list("entries", flat=True)) == 3
    assert sum(CardsCount.objects.values_list("entries", flat=True)) == 3
    board = browser.get(f"/api/leaderboards/{HINTED_CODE}/").json()
    assert [(e["player"], e["assisted"]) for e in board["entries"]] == [
        ("alice", False),
        (guest["username"], True),
    ]
    # The moved game plays on as alice's; the guest's is no longer this browser's.
    assert browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"}).status_code == 201
    assert browser.post(f"/api/games/{helped['id']}/actions/", {"action": "draw"}).status_code in (
        403,
        404,
    )
    assert_projections_rebuild_clean()


def test_a_guests_hinted_game_without_an_action_goes_with_the_guest_at_sign_in(
    make_player: Callable[..., Player],
) -> None:
    alice = make_player("alice")
    browser = Browser()
    guest_with_game(browser)
    helped = guest_with_game(browser, HINTED_CODE)
    assert browser.post(f"/api/games/{helped['id']}/hint/").status_code == 200
    guest = browser.me()
    signed_in = browser.post("/api/session/", {"username": "alice", "password": alice.password})
    assert signed_in.status_code == 200
    assert not User.objects.filter(pk=guest["id"]).exists()
    assert not Game.objects.filter(pk=helped["id"]).exists()
    assert not Assistance.objects.exists()
    assert Game.objects.filter(player=alice.user).count() == 1
    assert_projections_rebuild_clean()


def test_idle_guests_with_no_action_are_deleted_and_players_are_kept(
    settings: LazySettings,
) -> None:
    idle, played = Browser(), Browser()
    guest_with_game(idle)
    game = guest_with_game(played)
    played.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})
    Guest.objects.update(created_at="2020-01-01T00:00:00Z")
    Game.objects.update(updated_at="2020-01-01T00:00:00Z")  # auto_now: set behind its back

    assert "deleted 1 idle guest" in run("delete_idle_guests", "--days", "30")
    assert list(User.objects.values_list("pk", flat=True)) == [played.me()["id"]]
    assert Game.objects.count() == 1
    assert "deleted 0 idle guests" in run("delete_idle_guests", "--days", "30")


@pytest.mark.django_db(transaction=True)
def test_a_sign_in_racing_the_guests_own_moves_loses_nothing_and_deadlocks_nothing(
    make_player: Callable[..., Player],
) -> None:
    alice = make_player("alice")
    signing_in = Browser()
    games = [guest_with_game(signing_in)["id"] for _ in range(3)]
    moving = Browser()  # a second tab of the same session
    for name in ("sessionid", "csrftoken"):
        moving.client.cookies[name] = signing_in.client.cookies[name].value

    def moves() -> int:
        statuses = [
            moving.post(f"/api/games/{game_id}/actions/", {"action": "draw"}).status_code
            for game_id in games
        ]
        # 40x after the merge: 401 (the guest is gone), 403 (the game is alice's), or 404 (the
        # move's one locking read of game and player finds the guest's row deleted under it).
        assert set(statuses) <= {201, 401, 403, 404}, statuses
        return statuses.count(201)

    def sign_in() -> int:
        body = {"username": "alice", "password": alice.password}
        return signing_in.post("/api/session/", body).status_code

    moved, signed_in = race([moves, sign_in])
    assert signed_in == 200
    assert Action.objects.count() == moved  # every answered move is stored, none other
    assert set(Game.objects.values_list("player_id", flat=True)) == {alice.user.pk}
    assert not Guest.objects.exists()
    assert_projections_rebuild_clean()


def second_tab(browser: Browser) -> Browser:
    """Another tab of the same browser: the same session and CSRF cookies."""
    tab = Browser()
    for name in ("sessionid", "csrftoken"):
        tab.client.cookies[name] = browser.client.cookies[name].value
    return tab


#: The writes that make a game: their path, a body, and the service their view calls.
NEW_GAMES = {
    "start": ("/api/games/", {"code": SIMPLE_CODE}, "games", "game_create"),
    "submit": (
        "/api/submissions/",
        {"code": SIMPLE_CODE, "actions": ["draw"]},
        "submissions",
        "submission_create",
    ),
}


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("write", NEW_GAMES)
def test_a_guests_new_game_after_the_same_session_signed_in_elsewhere_is_a_409(
    make_player: Callable[..., Player], monkeypatch: pytest.MonkeyPatch, write: str
) -> None:
    """The racing order, made deterministic: one tab's request has read its guest from the
    session, then the other tab signs in (the guest's games move, the guest is deleted), then
    the first tab's service writes the new game for the deleted guest. A foreign key refused
    at the commit was a 500; now it is a 409 and nothing is written."""
    path, body, module, name = NEW_GAMES[write]
    alice = make_player("alice")
    signing_in = Browser()
    guest_with_game(signing_in)
    starting = second_tab(signing_in)
    guest_id = starting.me()["id"]
    view = importlib.import_module(f"games.api.views.{module}")
    service = getattr(view, name)

    def signed_in_first(**kwargs: object) -> object:
        credentials = {"username": "alice", "password": alice.password}
        assert signing_in.post("/api/session/", credentials).status_code == 200
        assert not User.objects.filter(pk=guest_id).exists()
        return service(**kwargs)

    monkeypatch.setattr(view, name, signed_in_first)
    before = set(Game.objects.values_list("id", flat=True))
    response = starting.post(path, body)
    assert response.status_code == 409, response.content
    assert response.json()["error"] == "player_gone"
    assert set(Game.objects.values_list("id", flat=True)) == before  # nothing half-written
    assert set(Game.objects.values_list("player_id", flat=True)) == {alice.user.pk}
    assert not Guest.objects.exists()
    monkeypatch.undo()
    # The tab goes on as the account the session now holds (a browser shares its cookies).
    starting = second_tab(signing_in)
    assert starting.me()["username"] == "alice"
    assert starting.post("/api/games/", {"code": SIMPLE_CODE}).status_code == 201
    assert_projections_rebuild_clean()


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(3))
def test_a_guest_starting_games_while_the_session_signs_in_gets_no_500_and_loses_no_game(
    make_player: Callable[..., Player], round_: int
) -> None:
    """The same race in threads, either order: a game that won the player's row lock moves
    with the merge, one that lost it is a 409; never a 500, never an orphaned game."""
    alice = make_player("alice")
    signing_in = Browser()
    guest_with_game(signing_in)
    starting = second_tab(signing_in)
    guest_id = starting.me()["id"]

    def start() -> int:
        return int(starting.post("/api/games/", {"code": SIMPLE_CODE}).status_code)

    def sign_in() -> int:
        body = {"username": "alice", "password": alice.password}
        return int(signing_in.post("/api/session/", body).status_code)

    started, signed_in = race([start, sign_in])
    assert signed_in == 200
    # 201: before the merge (moved with it), or after it (the tab's stale session is
    # anonymous, so its game makes it a new guest); 409: the guest went while it waited.
    assert started in {201, 409}, started
    assert Game.objects.count() == 1 + (started == 201)
    owners = set(Game.objects.values_list("player_id", flat=True))
    assert alice.user.pk in owners and guest_id not in owners
    assert owners <= {alice.user.pk, *Guest.objects.values_list("user_id", flat=True)}
    assert_projections_rebuild_clean()


def sign_out(browser: Browser) -> int:
    token = browser.client.cookies["csrftoken"].value
    return int(browser.client.delete("/api/session/", HTTP_X_CSRFTOKEN=token).status_code)


def test_a_request_in_flight_during_the_sign_up_does_not_sign_the_browser_out() -> None:
    """The table's own request, sent with the guest's session key just before the sign-up
    cycled it and answered after: its answer must not delete the browser's (new) cookie."""
    browser = Browser()
    guest_with_game(browser)
    in_flight = second_tab(browser)  # the old key, as the earlier request carried it
    signed_up = browser.post(
        "/api/players/", {"username": "nadia", "password": "long enough 1", "session": True}
    )
    assert signed_up.status_code == 201
    late = in_flight.get("/api/me/")
    assert late.status_code == 401  # the old session is gone: it grants nothing
    assert "sessionid" not in late.cookies  # and its answer leaves the browser's cookie alone
    assert "Cookie" in late["Vary"]
    browser.client.cookies.update(late.cookies)  # what the browser does with that answer
    assert browser.me()["username"] == "nadia"


def test_a_guest_who_signs_out_before_a_move_is_gone_and_the_next_game_is_a_new_guest() -> None:
    browser = Browser()
    game = guest_with_game(browser)
    guest = browser.me()
    assert sign_out(browser) == 204
    assert browser.get("/api/me/").status_code == 401
    assert not User.objects.filter(pk=guest["id"]).exists()  # the name is free of them
    assert not Game.objects.filter(pk=game["id"]).exists()  # an empty game goes with them
    assert browser.get(f"/api/players/{guest['username']}/").status_code == 404
    again = guest_with_game(browser)
    assert again["player"] != guest["username"]
    assert browser.me()["guest"] is True


def test_a_guest_who_played_and_signs_out_keeps_their_log_but_not_the_session() -> None:
    browser = Browser()
    game = guest_with_game(browser)
    assert browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"}).status_code == 201
    guest = browser.me()
    assert sign_out(browser) == 204
    assert browser.get("/api/me/").status_code == 401
    # Actions are append-only: the game and its entry stay, under the guest's name.
    board = browser.get(f"/api/leaderboards/{SIMPLE_CODE}/").json()
    assert [entry["player"] for entry in board["entries"]] == [guest["username"]]
    assert guest_with_game(browser)["player"] != guest["username"]
    assert Guest.objects.count() == 2
    assert_projections_rebuild_clean()


def test_an_api_token_asked_from_a_guest_session_claims_the_guests_games(
    make_player: Callable[..., Player],
) -> None:
    alice = make_player("alice")
    browser = Browser()
    game = guest_with_game(browser)
    assert browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"}).status_code == 201
    guest = browser.me()
    body = {"username": "alice", "password": alice.password}

    forged = browser.post("/api/token/", body, csrf=False)  # a cross-site form cannot claim
    assert forged.status_code == 403
    assert User.objects.filter(pk=guest["id"]).exists()

    answer = browser.post("/api/token/", body)
    assert answer.status_code == 200 and answer.json()["username"] == "alice"
    assert Game.objects.get(pk=game["id"]).player_id == alice.user.pk
    assert not User.objects.filter(pk=guest["id"]).exists()
    board = browser.get(f"/api/leaderboards/{SIMPLE_CODE}/").json()
    assert [entry["player"] for entry in board["entries"]] == ["alice"]
    assert browser.get("/api/me/").status_code == 401  # the guest's session ended with them
    client = APIClient()
    client.default_format = "json"
    client.credentials(HTTP_AUTHORIZATION=f"Token {answer.json()['token']}")
    assert play(client, game["id"], "draw").status_code == 201  # the game plays on as alice's
    assert_projections_rebuild_clean()
