"""Provisional entries (issue 36): an account's first ``PROVISIONAL_DAYS`` ranked days say so
on the boards' answers, and one in a board's top ten is listed for staff, never held."""

from collections.abc import Callable
from datetime import timedelta

import pytest
from django.conf import LazySettings
from rest_framework.test import APIClient

from fairplay.models import Flag
from fairplay.selectors import board_flags, flag_review
from fairplay.top import provisional_top_listed
from games import live
from games.models import Game
from games.selectors.provisional import PROVISIONAL_DAYS
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, DAY, act, start_ranked
from tests.support.games import ranked_game_row

pytestmark = pytest.mark.usefixtures("day")


def earlier_ranked_days(who: Player, days: int) -> None:
    """``days`` ranked games of ``who`` on the days before DAY (an action each)."""
    for back in range(1, days + 1):
        ranked_game_row(who.user, DAY - timedelta(days=back))


def entries(client: APIClient) -> dict[str, bool]:
    answer = client.get(f"/api/leaderboards/{BOARD}/").json()
    return {entry["player"]: entry["provisional"] for entry in answer["entries"]}


@pytest.fixture
def players(
    make_player: Callable[..., Player], client_at: Callable[..., APIClient]
) -> dict[str, APIClient]:
    """A new account, one on its last provisional day, one past it; each plays today."""
    clients = {}
    for index, (name, before) in enumerate(
        (("newcomer", 0), ("third_day", PROVISIONAL_DAYS - 1), ("regular", PROVISIONAL_DAYS))
    ):
        who = make_player(name)
        earlier_ranked_days(who, before)
        client = client_at(who, f"198.51.{100 + index}.7")
        act(client, start_ranked(client)["id"])
        clients[name] = client
    assert live.wait_idle()
    return clients


def test_an_accounts_first_ranked_days_are_provisional_on_the_board(
    players: dict[str, APIClient],
) -> None:
    assert PROVISIONAL_DAYS == 3  # as docs/fair-play.md says
    assert entries(players["regular"]) == {
        "newcomer": True,
        "third_day": True,
        "regular": False,
    }
    # The same rule on the player's own entry read (the live update's path).
    answer = players["newcomer"].get(f"/api/leaderboards/{BOARD}/", {"around": "newcomer"})
    assert [e["provisional"] for e in answer.json()["entries"] if e["player"] == "newcomer"] == [
        True
    ]


def test_a_provisional_entry_in_the_top_ten_is_listed_for_staff_and_stays_on_the_board(
    players: dict[str, APIClient],
) -> None:
    listed = provisional_top_listed(BOARD)

    games = dict(Game.objects.filter(board=BOARD).values_list("player__username", "id"))
    assert sorted(listed) == sorted([games["newcomer"], games["third_day"]])
    flags = Flag.objects.filter(reason="provisional")
    assert {(f.game_id, f.status) for f in flags} == {(g, "listed") for g in listed}
    assert not Game.objects.filter(pk__in=listed, held=True).exists()
    assert set(entries(players["regular"])) == {"newcomer", "third_day", "regular"}
    assert provisional_top_listed(BOARD) == []  # once per game
    shown = {r["game"]: r for r in (flag_review(f) for f in board_flags(board=BOARD))}
    detail = shown[games["newcomer"]]["measured"]["detail"]
    assert "ranked days so far: 1" in detail and "top 10" in detail


def test_nothing_is_listed_when_no_place_is_reviewed(
    players: dict[str, APIClient], settings: LazySettings
) -> None:
    settings.CANFIELD_TOP_REVIEWED = 0
    assert provisional_top_listed(BOARD) == []
    assert not Flag.objects.filter(reason="provisional").exists()
