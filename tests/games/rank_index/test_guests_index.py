"""A guest's name is in the index's members: signing up renames them there, signing in to an
account replaces them with the account's entries, and both read paths keep agreeing."""

from collections.abc import Callable

from django.conf import LazySettings
from rest_framework.test import APIClient

from games import rank_index
from tests.conftest import Player
from tests.games.rank_index.boards import CODE, assert_paths_agree
from tests.games.rank_index.test_writes import indexed_rows
from tests.support.games import Browser, guest_with_game, play, start_on_board


def test_signing_up_renames_the_guests_entries_in_the_index(
    index_redis: str, settings: LazySettings
) -> None:
    browser = Browser()
    game = guest_with_game(browser, CODE)
    assert browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"}).status_code == 201
    guest = browser.me()["username"]
    # wait: a read (the live publisher's, after the move) may have started a build meanwhile
    assert rank_index.board_build(CODE, wait=True) == 1
    assert set(indexed_rows()) == {guest}

    signed_up = browser.post(
        "/api/players/", {"username": "nadia", "password": "long enough 1", "session": True}
    )
    assert signed_up.status_code == 201
    assert set(indexed_rows()) == {"nadia"}
    assert_paths_agree(settings)


def test_signing_in_replaces_the_guests_entries_with_the_accounts(
    index_redis: str,
    settings: LazySettings,
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
) -> None:
    alice = make_player("alice")
    start_on_board(client_for(alice), CODE)
    bob = client_for(make_player("bob"))
    bobs = start_on_board(bob, CODE)
    assert play(bob, bobs["id"], "42").status_code == 201
    browser = Browser()
    game = guest_with_game(browser, CODE)
    assert browser.post(f"/api/games/{game['id']}/actions/", {"action": "draw"}).status_code == 201
    guest = browser.me()["username"]
    assert rank_index.board_build(CODE, wait=True) == 3
    assert set(indexed_rows()) == {"alice", "bob", guest}

    signed_in = browser.post("/api/session/", {"username": "alice", "password": alice.password})
    assert signed_in.status_code == 200
    assert set(indexed_rows()) == {"alice", "bob"}
    assert_paths_agree(settings)
