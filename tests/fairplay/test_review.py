"""The staff review: a board's flags with their evidence, verdicts (clear: back at the place
earned; confirm: out for good), their history, the refusals, the command and the purge."""

from collections.abc import Callable
from datetime import timedelta
from io import StringIO

import pytest
import time_machine
from django.core.management import call_command
from django.core.management.base import CommandError
from django.test import Client
from rest_framework.test import APIClient

from fairplay.models import Flag, GameOrigin, Verdict
from fairplay.services import ORIGIN_DAYS, flag_decide
from games.models import Game, LeaderboardEntry
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, act, start_ranked
from tests.support.responses import ApiResponse

pytestmark = pytest.mark.usefixtures("day")


@pytest.fixture
def linked(
    make_player: Callable[..., Player], staff: Player, client_at: Callable[..., APIClient]
) -> dict[str, object]:
    """alice, then bob from the same address: both are held (a link binds both ways), and
    staff have cleared alice's flag apart, so alice (two actions) is on the board and bob
    (one) is held. Bob's entry, cleared, ranks first (fewer actions)."""
    alice, bob = make_player("alice"), make_player("bob")
    first, second = client_at(alice, "203.0.113.5"), client_at(bob, "203.0.113.5")
    alice_game, bob_game = start_ranked(first)["id"], start_ranked(second)["id"]
    act(first, alice_game)
    act(first, alice_game)
    act(second, bob_game)
    alice_flag = Flag.objects.get(game_id=alice_game)
    flag_decide(flag_id=alice_flag.id, staff=staff.user, verdict="clear", note="apart")
    return {
        "alice": first,
        "bob": second,
        "bob_game": bob_game,
        "alice_game": alice_game,
        "alice_flag": alice_flag,
        "flag": Flag.objects.get(game_id=bob_game),
    }


def verdict(client: APIClient, flag_id: int, **body: object) -> ApiResponse:
    return client.post(f"/api/fair-play/flags/{flag_id}/", body)


def board(client: APIClient) -> list[tuple[int, str]]:
    entries = client.get(f"/api/leaderboards/{BOARD}/").json()["entries"]
    return [(entry["rank"], entry["player"]) for entry in entries]


def test_staff_read_a_boards_flags_with_their_evidence(
    linked: dict, staff: Player, client_at: Callable[..., APIClient]
) -> None:
    reviewer = client_at(staff, "192.0.2.1")
    answer = reviewer.get("/api/fair-play/flags/", {"board": BOARD})
    assert answer.status_code == 200, answer.json()
    flag, theirs = answer.json()["flags"]  # alice's was raised with bob's, after it
    assert (theirs["player"], theirs["status"]) == ("alice", "cleared")
    assert [(link["kind"], link["player"]) for link in theirs["evidence"]] == [("network", "bob")]
    assert (flag["id"], flag["game"], flag["player"], flag["status"]) == (
        linked["flag"].id,
        linked["bob_game"],
        "bob",
        "held",
    )
    assert flag["reason"]["code"] == "linked"
    assert [(link["kind"], link["player"]) for link in flag["evidence"]] == [("network", "alice")]
    assert flag["entry"]["actions"] == 1 and flag["verdicts"] == []
    # The hashes themselves never leave the server.
    for origin in GameOrigin.objects.all():
        assert origin.network not in answer.content.decode()
    assert reviewer.get("/api/fair-play/flags/", {"board": "daily-2026-01-03-D3"}).json() == {
        "board": "daily-2026-01-03-D3",
        "flags": [],
    }


def test_clear_puts_the_entry_back_at_the_place_it_earned(
    linked: dict, staff: Player, client_at: Callable[..., APIClient]
) -> None:
    reviewer = client_at(staff, "192.0.2.1")
    assert board(linked["alice"]) == [(1, "alice")]
    answer = verdict(reviewer, linked["flag"].id, verdict="clear", note="siblings, checked")
    assert answer.status_code == 200, answer.json()
    assert answer.json()["status"] == "cleared"
    assert board(linked["alice"]) == [(1, "bob"), (2, "alice")]
    assert not Game.objects.get(pk=linked["bob_game"]).held
    mine = linked["bob"].get("/api/daily/").json()["boards"]["D3"]["game"]
    assert (mine["held"], mine["rank"], mine["held_reason"]) == (False, 1, None)
    call_command("rebuild_projections", "--check", stdout=StringIO())


def test_confirm_keeps_it_out_for_good_and_the_players_page_says_so(
    linked: dict, staff: Player, client_at: Callable[..., APIClient]
) -> None:
    reviewer = client_at(staff, "192.0.2.1")
    assert verdict(reviewer, linked["flag"].id, verdict="confirm").status_code == 200
    assert board(linked["alice"]) == [(1, "alice")]
    game = Game.objects.get(pk=linked["bob_game"])
    assert (game.held, game.hold_confirmed) == (True, True)
    mine = linked["bob"].get("/api/daily/").json()["boards"]["D3"]["game"]
    assert (mine["held"], mine["confirmed"]) == (True, True)
    assert "for good" in mine["held_reason"]["detail"]
    refused = linked["bob"].post(f"/api/games/{linked['bob_game']}/actions/", {"action": "draw"})
    assert refused.status_code == 403 and refused.json()["error"] == "entry_confirmed"
    browser = Client()
    browser.force_login(game.player)
    page = browser.get(f"/games/{linked['bob_game']}/")
    assert page.status_code == 200
    assert "out of the ranking for good" in page.content.decode()
    call_command("rebuild_projections", "--check", stdout=StringIO())


def test_every_verdict_is_kept_in_order(
    linked: dict, staff: Player, client_at: Callable[..., APIClient]
) -> None:
    reviewer = client_at(staff, "192.0.2.1")
    flag_id = linked["flag"].id
    verdict(reviewer, flag_id, verdict="clear", note="first look")
    assert board(linked["alice"]) == [(1, "bob"), (2, "alice")]
    verdict(reviewer, flag_id, verdict="confirm", note="the same flat, the same line")
    assert board(linked["alice"]) == [(1, "alice")]  # the entry it had is taken off again
    call_command("rebuild_projections", "--check", stdout=StringIO())
    last = verdict(reviewer, flag_id, verdict="clear").json()
    assert [(v["verdict"], v["staff"], v["note"]) for v in last["verdicts"]] == [
        ("clear", "marshal", "first look"),
        ("confirm", "marshal", "the same flat, the same line"),
        ("clear", "marshal", ""),
    ]
    assert Verdict.objects.filter(flag_id=flag_id).count() == 3
    assert last["status"] == "cleared"
    assert board(linked["alice"]) == [(1, "bob"), (2, "alice")]


def test_a_link_is_decided_together_or_apart(
    linked: dict, staff: Player, client_at: Callable[..., APIClient]
) -> None:
    reviewer = client_at(staff, "192.0.2.1")
    answer = verdict(
        reviewer, linked["flag"].id, verdict="confirm", note="one person", together=True
    )
    assert answer.status_code == 200, answer.json()
    statuses = dict(Flag.objects.values_list("game_id", "status"))
    assert statuses == {linked["alice_game"]: "confirmed", linked["bob_game"]: "confirmed"}
    assert board(linked["alice"]) == []
    notes = list(Verdict.objects.order_by("id").values_list("flag__game_id", "verdict", "note"))
    assert notes[-2:] == [
        (linked["bob_game"], "confirm", "one person"),
        (linked["alice_game"], "confirm", "one person"),
    ]
    bad = verdict(reviewer, linked["flag"].id, verdict="clear", together="yes")
    assert bad.status_code == 400 and bad.json()["field"] == "together"
    unknown = verdict(reviewer, linked["flag"].id, verdict="clear", everyone=True)
    assert (unknown.status_code, unknown.json()["error"]) == (400, "unknown_fields")
    assert unknown.json()["unknown"] == ["everyone"]
    call_command("rebuild_projections", "--check", stdout=StringIO())


def nothing_stored(linked: dict) -> None:
    flag = Flag.objects.get(pk=linked["flag"].id)
    game = Game.objects.get(pk=linked["bob_game"])
    assert (flag.status, game.held, game.hold_confirmed) == ("held", True, False)
    assert not Verdict.objects.filter(flag=flag).exists()
    assert not LeaderboardEntry.objects.filter(player__username="bob").exists()


def test_refusals_store_nothing(
    linked: dict, staff: Player, api_client: APIClient, client_at: Callable[..., APIClient]
) -> None:
    flag_id = linked["flag"].id
    anonymous = verdict(api_client, flag_id, verdict="clear")
    assert anonymous.status_code == 401, anonymous.json()
    assert api_client.get("/api/fair-play/flags/", {"board": BOARD}).status_code == 401
    player = verdict(linked["alice"], flag_id, verdict="clear")
    assert (player.status_code, player.json()["error"]) == (403, "not_staff")
    listing = linked["bob"].get("/api/fair-play/flags/", {"board": BOARD})
    assert (listing.status_code, listing.json()["error"]) == (403, "not_staff")
    reviewer = client_at(staff, "192.0.2.1")
    unknown = verdict(reviewer, flag_id + 1000, verdict="clear")
    assert (unknown.status_code, unknown.json()["error"]) == (404, "flag_not_found")
    huge = verdict(reviewer, 2**70, verdict="clear")
    assert huge.status_code == 404
    for body, field in (
        ({"verdict": "ban"}, "verdict"),
        ({}, "verdict"),
        ({"verdict": "clear", "note": ["x"]}, "note"),
        ({"verdict": "clear", "note": "x" * 2001}, "note"),
    ):
        bad = verdict(reviewer, flag_id, **body)
        assert (bad.status_code, bad.json()["error"], bad.json()["field"]) == (
            400,
            "bad_verdict",
            field,
        ), body
    missing = reviewer.get("/api/fair-play/flags/")
    assert (missing.status_code, missing.json()["field"]) == (400, "board")
    assert reviewer.get("/api/fair-play/flags/", {"board": "nonsense"}).status_code == 400
    nothing_stored(linked)


def test_the_command_lists_and_decides_in_a_staff_accounts_name(
    linked: dict, staff: Player
) -> None:
    out = StringIO()
    call_command("fairplay", "list", BOARD, stdout=out)
    listed = out.getvalue()
    assert f"flag {linked['flag'].id} {BOARD} game {linked['bob_game']} player bob: held" in listed
    assert "network: game" in listed and "alice" in listed
    with pytest.raises(CommandError, match="not_staff"):
        call_command("fairplay", "decide", str(linked["flag"].id), "clear", "--staff", "alice")
    with pytest.raises(CommandError, match="no account"):
        call_command("fairplay", "decide", str(linked["flag"].id), "clear", "--staff", "nobody")
    nothing_stored(linked)
    out = StringIO()
    call_command(
        "fairplay",
        "decide",
        str(linked["flag"].id),
        "clear",
        "--staff",
        "marshal",
        "--note",
        "by phone",
        stdout=out,
    )
    assert "cleared" in out.getvalue() and "marshal clear: by phone" in out.getvalue()
    assert board(linked["alice"]) == [(1, "bob"), (2, "alice")]


def test_a_clear_after_the_close_restores_the_entry_as_it_stood_at_the_close(
    linked: dict, staff: Player, day: time_machine.Traveller
) -> None:
    day.move_to("2026-01-03 00:00:05Z")
    refused = linked["bob"].post(f"/api/games/{linked['bob_game']}/actions/", {"action": "draw"})
    assert refused.status_code == 409  # day_closed: the ranked game ended at the close
    call_command("fairplay", "decide", str(linked["flag"].id), "clear", "--staff", "marshal")
    entry = LeaderboardEntry.objects.get(board=BOARD, player__username="bob")
    assert entry.action_count == 1
    assert board(linked["alice"]) == [(1, "bob"), (2, "alice")]
    call_command("rebuild_projections", "--check", stdout=StringIO())


def test_origins_are_purged_after_30_days_by_the_command_and_by_a_ranked_start(
    linked: dict, day: time_machine.Traveller, make_player: Callable[..., Player]
) -> None:
    assert GameOrigin.objects.count() == 2
    day.shift(timedelta(days=ORIGIN_DAYS) - timedelta(minutes=1))
    out = StringIO()
    call_command("fairplay", "purge", stdout=out)
    assert GameOrigin.objects.count() == 2 and out.getvalue().startswith("0 origins")
    day.shift(timedelta(minutes=2))
    call_command("fairplay", "purge", stdout=out)
    assert GameOrigin.objects.count() == 0
    # Flags and verdicts stay: they hold games, never where anyone played from.
    assert Flag.objects.count() == 2
