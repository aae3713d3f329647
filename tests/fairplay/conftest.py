"""What the fair-play tests share: a stored daily deal on a running clock, players with API
clients at chosen addresses (and devices), staff, and committed rows (entries reach the rank
index and the watchers after their commit, as in production).

The day's deal is a stored row (SIMPLE_CODE's number in both modes), as in tests/games: which
deal a day gets is not fair play's business.
"""

from collections.abc import Callable, Iterator
from datetime import UTC, date, datetime

import pytest
import time_machine
from django.conf import LazySettings
from django.contrib.auth.models import User
from rest_framework.test import APIClient

from shared.origins import DEVICE_COOKIE
from tests.conftest import Player
from tests.games.live.conftest import (  # noqa: F401 (fixtures of the live tests, used here too)
    _fresh_channel_layer_and_snapshots,
    _publisher_idle_after_each_test,
)
from tests.support.games import store_simple_day

DAY = date(2026, 1, 2)
NOON = datetime(2026, 1, 2, 12, tzinfo=UTC)
BOARD = "daily-2026-01-02-D3"


@pytest.fixture(autouse=True)
def _timing_signals_on(settings: LazySettings) -> None:
    """The timing signal judges these tests' ranked games as it judges players' (the suite
    switches it off elsewhere: its scripts play faster than any hand)."""
    settings.CANFIELD_TIMING_SIGNALS = True


@pytest.fixture
def day(transactional_db: None) -> Iterator[time_machine.Traveller]:
    """DAY's deal stored and the clock at its noon, running (the live publisher and Redis
    keep their own time; only the dates matter here)."""
    store_simple_day(DAY)
    with time_machine.travel(NOON, tick=True) as traveller:
        yield traveller


@pytest.fixture
def client_at(client_for: Callable[[Player], APIClient]) -> Callable[..., APIClient]:
    """Factory: ``client_at(player, "203.0.113.5")``, a token client whose requests come from
    that address (REMOTE_ADDR: no trusted proxy); ``device=other_client`` shares the other's
    device cookie (the same browser)."""

    def make(who: Player, address: str, *, device: APIClient | None = None) -> APIClient:
        client = client_for(who)
        client.defaults["REMOTE_ADDR"] = address
        if device is not None:
            client.cookies[DEVICE_COOKIE] = device.cookies[DEVICE_COOKIE].value
        return client

    return make


@pytest.fixture
def staff(make_player: Callable[..., Player]) -> Player:
    made = make_player("marshal")
    User.objects.filter(pk=made.user.pk).update(is_staff=True)
    made.user.refresh_from_db()
    return made


def start_ranked(client: APIClient, mode: str = "D3") -> dict:
    response = client.post("/api/games/", {"daily": mode})
    assert response.status_code == 201, response.json()
    return response.json()


def act(client: APIClient, game_id: int, token: str = "draw") -> dict:
    response = client.post(f"/api/games/{game_id}/actions/", {"action": token})
    assert response.status_code == 201, response.json()
    return response.json()
