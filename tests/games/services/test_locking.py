"""Two writers with the same seq at the same moment: exactly one wins, the other gets 409."""

import threading
from collections.abc import Callable

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import Action
from tests.conftest import Player
from tests.support.games import play, start_game


def race(requests: list[Callable[[], int]]) -> list[int]:
    """Run the requests in threads released together; their HTTP statuses, in order. A request
    that raises (an assertion inside it, say) fails the caller: a thread's error is not lost."""
    barrier = threading.Barrier(len(requests))
    statuses: list[int] = [0] * len(requests)
    errors: list[BaseException] = []

    def run(index: int) -> None:
        try:
            barrier.wait()
            statuses[index] = requests[index]()
        except BaseException as error:
            errors.append(error)
        finally:
            connection.close()  # each thread has its own connection

    threads = [threading.Thread(target=run, args=(i,)) for i in range(len(requests))]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join(timeout=60)
    if errors:
        raise errors[0]
    return statuses


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("round_", range(3))
def test_same_seq_twice_exactly_one_wins(
    player: Player, client_for: Callable[[Player], APIClient], round_: int
) -> None:
    game = start_game(client_for(player))
    clients = [client_for(player), client_for(player)]
    tokens = ["draw", "42"]  # both legal first moves of the fixture deal

    def attempt(client: APIClient, token: str) -> Callable[[], int]:
        return lambda: play(client, game["id"], token, seq=1).status_code

    statuses = race([attempt(client, token) for client, token in zip(clients, tokens, strict=True)])
    assert sorted(statuses) == [201, 409]
    stored = list(Action.objects.filter(game_id=game["id"]).values_list("seq", "token"))
    winner = tokens[statuses.index(201)]
    assert stored == [(1, winner)]
