"""Deleting an account frees no one: the other account of a link stays held, its flag and
evidence as they were (issue 25, account care; a link holds both games, issue 34)."""

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from fairplay.models import Flag, GameOrigin
from games import live
from games.models import Game
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, act, start_ranked

pytestmark = pytest.mark.usefixtures("day")


def test_deleting_the_first_account_leaves_the_linked_one_held(
    make_player: Callable[..., Player], client_at: Callable[..., APIClient]
) -> None:
    alice, bob = make_player("alice"), make_player("bob")
    first = client_at(alice, "203.0.113.5")
    second = client_at(bob, "203.0.113.77")  # the same /24
    alice_game, bob_game = start_ranked(first), start_ranked(second)
    act(first, alice_game["id"])
    act(second, bob_game["id"])
    assert live.wait_idle()
    flag = Flag.objects.get(game_id=bob_game["id"])
    evidence, origins = flag.evidence, GameOrigin.objects.count()
    assert flag.status == "held"

    deleted = first.delete("/api/me/", {"password": alice.password}, format="json")
    assert deleted.status_code == 200, deleted.json()
    assert live.wait_idle()

    flag.refresh_from_db()
    assert (flag.status, flag.evidence) == ("held", evidence)
    assert Game.objects.get(pk=bob_game["id"]).held
    assert GameOrigin.objects.count() == origins
    players = [e["player"] for e in second.get(f"/api/leaderboards/{BOARD}/").json()["entries"]]
    assert players == []  # bob still off the board, and alice's game held as it was
    assert Game.objects.get(pk=alice_game["id"]).held
    mine = second.get("/api/daily/").json()["boards"]["D3"]["game"]
    assert (mine["held"], mine["rank"]) == (True, None)
