"""Shared fixtures: API clients, players with tokens, isolated throttle counters.

Throttling is switched off for every test (the suite would otherwise share one anonymous
bucket for 127.0.0.1); the throttling tests switch it on again with their own rates. Each test
gets its own cache key prefix so counters never leak between tests, even on a shared Redis,
and a cheap password hasher (sign-ups are most of the in-process suite's time otherwise).
"""

import uuid
from collections.abc import Callable
from dataclasses import dataclass

import pytest
from django.conf import LazySettings
from django.contrib.auth.models import User
from rest_framework.test import APIClient


@pytest.fixture(autouse=True)
def _quiet_throttles_and_private_cache(settings: LazySettings) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None}
    settings.CANFIELD_PASSWORD_CHECKS = {"address": None, "total": None}
    caches = {name: dict(config) for name, config in settings.CACHES.items()}
    caches["default"]["KEY_PREFIX"] = f"test-{uuid.uuid4().hex}"
    settings.CACHES = caches
    # Django's real hasher costs ~0.3 s per sign-up on purpose; in-process tests create
    # hundreds of players. Servers started by the end-to-end tests keep the real one.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]


@pytest.fixture(autouse=True)
def _small_table_pars_and_none_from_another_test(settings: LazySettings) -> None:
    """A day's table pars (``fairplay.table_pars``) are minutes of CPU per board with the
    production budget; tests that prepare days get a two-run par in a second or so (the
    player and its thresholds are measured by bench/clairvoyance.py, not here). The pars
    read by this process are cached per board: a test's database is not the next one's."""
    from fairplay.table_pars import table_par_forget

    settings.CANFIELD_TABLE_PAR_RUNS = 2
    settings.CANFIELD_TABLE_PAR_SAMPLES = 2
    settings.CANFIELD_TABLE_PAR_NODES = 200
    table_par_forget()


@dataclass(frozen=True)
class Player:
    user: User
    token: str
    password: str

    @property
    def username(self) -> str:
        return self.user.username


@pytest.fixture
def api_client() -> APIClient:
    """An anonymous API client (JSON by default)."""
    client = APIClient()
    client.default_format = "json"
    return client


@pytest.fixture
def make_player(db: None) -> Callable[..., Player]:
    """Factory: ``make_player("alice")`` creates a player through the service, with a token."""
    from games.services.players import player_create

    def make(username: str | None = None, password: str = "correct horse 42") -> Player:
        name = username or f"player_{uuid.uuid4().hex[:10]}"
        user, token = player_create(username=name, password=password)
        assert token is not None  # with_token, the default
        return Player(user=user, token=token.key, password=password)

    return make


@pytest.fixture
def player(make_player: Callable[..., Player]) -> Player:
    return make_player("alice")


@pytest.fixture
def client_for() -> Callable[[Player], APIClient]:
    """Factory: an API client authenticated with a player's token."""

    def make(who: Player) -> APIClient:
        client = APIClient()
        client.default_format = "json"
        client.credentials(HTTP_AUTHORIZATION=f"Token {who.token}")
        return client

    return make


@pytest.fixture
def player_client(player: Player, client_for: Callable[[Player], APIClient]) -> APIClient:
    """An API client signed in as ``player`` (token authentication)."""
    return client_for(player)
