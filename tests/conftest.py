"""Shared fixtures: API clients, players with tokens, isolated throttle counters.

Throttling is switched off for every test (the suite would otherwise share one anonymous
bucket for 127.0.0.1); the throttling tests switch it on again with their own rates. Each test
gets its own cache key prefix so counters never leak between tests, even on a shared Redis,
and a cheap password hasher (sign-ups are most of the in-process suite's time otherwise).
"""

import os
import uuid
from collections.abc import Callable, Iterator
from dataclasses import dataclass

import pytest
from django.conf import LazySettings
from django.contrib.auth.models import User
from playwright.sync_api import Browser
from rest_framework.test import APIClient

from tests.support.browser import SharedChromium
from tests.support.flush import flush_with_delete
from tests.support.isolation import isolate_redis_names
from tests.support.table_pars import remember_table_pars


def pytest_addoption(parser: pytest.Parser) -> None:
    parser.addoption(
        "--long",
        action="store_true",
        help="also run the long variants of the property tests (marker `long`, docs/testing.md)",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Leave the ``long`` variants out unless ``--long`` (their CI-sized variants still run)."""
    if config.getoption("--long"):
        return
    long = [item for item in items if item.get_closest_marker("long")]
    if long:
        config.hook.pytest_deselected(items=long)
        items[:] = [item for item in items if not item.get_closest_marker("long")]


def pytest_configure(config: pytest.Config) -> None:
    # Before any test touches Redis: this process's keys and channels (tests/support/isolation).
    isolate_redis_names()
    # Transactional tests end with a flush: DELETE, not TRUNCATE (tests/support/flush).
    flush_with_delete()


@pytest.fixture(autouse=True)
def _quiet_throttles_and_private_cache(settings: LazySettings) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None}
    settings.CANFIELD_PASSWORD_CHECKS = {"address": None, "account": None, "total": None}
    caches = {name: dict(config) for name, config in settings.CACHES.items()}
    caches["default"]["KEY_PREFIX"] = f"test-{uuid.uuid4().hex}"
    settings.CACHES = caches
    # Django's real hasher costs ~0.3 s per sign-up on purpose; in-process tests create
    # hundreds of players. Servers started by the end-to-end tests keep the real one.
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.MD5PasswordHasher"]
    # Tests script ranked games faster than any hand: the timing signal (tests/fairplay
    # switch it on again) would hold them.
    settings.CANFIELD_TIMING_SIGNALS = False
    # The worker's engine_like judge costs about 1.5 s of CPU a line in every work pass of the
    # fair-play and ratings tests; the tests about it switch it on (fairplay/test_engine_like.py).
    settings.CANFIELD_ENGINE_LIKE_JUDGE = False


@pytest.fixture(autouse=True)
def _daily_deals_of_one_secret(settings: LazySettings) -> None:
    """Every test's dailies come from one secret, with 2 s of solving per candidate, as the
    browser tests' server's do (``tests.web.conftest.DAILY_ENV``). A fresh clone draws its
    own ``DAILY_SECRET``, so each CI run met other days: a test that held on five runs' days
    failed on the sixth's, and could not be run again on them. And a candidate the solver
    cannot decide cost the whole 10 s of the default twice over: 20 s of a test that only
    wanted a throttled read of ``/api/daily/``."""
    settings.DAILY_SECRET = "canfield tests"
    settings.CANFIELD_DAILY_SOLVE_SECONDS = 2.0


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
    settings.CANFIELD_PAR_NODES = 3_000  # the par optimiser: a few hundred ms a deal here
    table_par_forget()


@pytest.fixture(scope="session", autouse=True)
def _table_pars_once_per_run(tmp_path_factory: pytest.TempPathFactory) -> None:
    """A deal's table par is computed once per run (tests/support/table_pars), shared by the
    xdist workers through the run's temporary directory (each worker's is inside it)."""
    base = tmp_path_factory.getbasetemp()
    run = base.parent if os.environ.get("PYTEST_XDIST_WORKER") else base
    remember_table_pars(run / "table-pars")


@pytest.fixture(scope="session")
def _shared_chromium() -> Iterator[SharedChromium]:
    shared = SharedChromium()
    yield shared
    shared.stop()


@pytest.fixture
def chromium(_shared_chromium: SharedChromium) -> Iterator[Browser]:
    """Headless Chromium (Playwright's sync API), started once per test process and lent to
    this test; the contexts it opens are closed when it ends. Request it after the fixtures
    that touch the database (Django refuses ORM calls while Playwright's loop is running)."""
    browser = _shared_chromium.lend()
    try:
        yield browser
    finally:
        _shared_chromium.give_back()


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
