"""Issue 11, item 2: weak passwords refused, logins locked out, sign-ups and the admin bounded.

Before: ``password``, ``12345678``, the username itself and eight spaces were accepted; any
number of wrong passwords could be tried (each costing a password hash), and ``/admin/``
offered a second, unthrottled login form.
"""

from __future__ import annotations

import importlib
import time
from collections.abc import Callable, Iterator

import pytest
import time_machine
from axes.models import AccessAttempt
from django.conf import LazySettings
from django.urls import clear_url_caches
from rest_framework.test import APIClient

from tests.conftest import Player
from tests.support.responses import ApiResponse
from tests.support.servers import free_port

pytestmark = pytest.mark.django_db

LIMIT = 5
ADDRESS_LIMIT = 8


@pytest.fixture(autouse=True)
def _login_limits(settings: LazySettings) -> None:
    settings.AXES_FAILURE_LIMIT = LIMIT


def client_at(address: str) -> APIClient:
    client = APIClient(REMOTE_ADDR=address)
    client.default_format = "json"
    return client


def log_in(
    client: APIClient, username: str, password: str, path: str = "/api/token/"
) -> ApiResponse:
    return client.post(path, {"username": username, "password": password}, format="json")


@pytest.mark.parametrize(
    ("username", "password", "reason"),
    [
        ("mallory", "password", "too common"),
        ("mallory", "12345678", "entirely numeric"),
        ("mallory", "mallory1", "too similar to the username"),
        ("mallory", " " * 8, "visible characters"),
        ("mallory", " " * 7 + "x", "visible characters"),
        ("mallory", "short", "at least 8 characters"),
    ],
)
def test_weak_passwords_are_a_400_naming_the_field(
    api_client: APIClient, username: str, password: str, reason: str
) -> None:
    response = api_client.post(
        "/api/players/", {"username": username, "password": password}, format="json"
    )
    assert response.status_code == 400, response.content
    body = response.json()
    assert body["error"] == "invalid_input"
    assert body["detail"].startswith("password: ")
    assert reason in body["detail"]
    assert list(body["fields"]) == ["password"]


def test_a_username_is_locked_from_one_address_only(player: Player) -> None:
    """Keyed by (username, address): five failures from one address lock that account there,
    not everywhere (an attacker could otherwise lock anyone out of their own account)."""
    attacker = client_at("198.51.100.1")
    statuses = [
        log_in(attacker, player.username, "wrong guess 1").status_code for _ in range(LIMIT)
    ]
    assert statuses == [401] * (LIMIT - 1) + [429]
    # Locked there: even the right password is refused, as JSON, before any hash.
    response = log_in(attacker, player.username, player.password)
    assert response.status_code == 429
    assert response.json()["error"] == "login_locked"
    assert response.json()["wait"] > 0
    assert int(response["Retry-After"]) > 0
    assert log_in(client_at("203.0.113.50"), player.username, player.password).status_code == 200


def test_an_address_is_locked_at_its_own_ceiling_for_any_usernames(
    make_player: Callable[..., Player], settings: LazySettings
) -> None:
    settings.CANFIELD_LOGIN_ADDRESS_FAILURE_LIMIT = ADDRESS_LIMIT
    victim = make_player("victim")
    attacker = client_at("198.51.100.77")
    statuses = [
        log_in(attacker, f"guess{i}", "wrong guess 1").status_code for i in range(ADDRESS_LIMIT)
    ]
    assert statuses == [401] * (ADDRESS_LIMIT - 1) + [429]
    assert log_in(attacker, victim.username, victim.password).status_code == 429
    assert log_in(client_at("198.51.100.78"), victim.username, victim.password).status_code == 200


def test_a_locked_address_counts_against_nobody_and_rearms_nothing(
    make_player: Callable[..., Player], settings: LazySettings
) -> None:
    """The hostile review's mass lockout: from an address locked itself, five failures for
    another username still counted, locked that account everywhere for 15 minutes, and each
    new try started the 15 minutes again."""
    settings.CANFIELD_LOGIN_ADDRESS_FAILURE_LIMIT = ADDRESS_LIMIT
    victim = make_player("victim")
    attacker = client_at("198.51.100.80")
    with time_machine.travel("2026-03-01 10:00Z", tick=False) as clock:
        for i in range(ADDRESS_LIMIT):
            log_in(attacker, f"guess{i}", "wrong guess 1")
        for _ in range(3 * LIMIT):  # the locked address goes on, at the victim, for 14 minutes
            clock.shift(56)
            assert log_in(attacker, victim.username, "wrong guess 1").status_code == 429
        assert not AccessAttempt.objects.filter(username=victim.username).exists()
        home = client_at("203.0.113.7")
        assert log_in(home, victim.username, "wrong guess 1").status_code == 401
        assert log_in(home, victim.username, victim.password).status_code == 200
        clock.move_to("2026-03-01 10:15:01Z")  # 15 minutes after the last counted failure
        assert log_in(attacker, victim.username, victim.password).status_code == 200


def test_a_success_clears_its_own_pair_not_the_address(
    make_player: Callable[..., Player], settings: LazySettings
) -> None:
    """Whoever holds one account must not wipe their address's count by signing in to it
    between guesses at other accounts."""
    settings.CANFIELD_LOGIN_ADDRESS_FAILURE_LIMIT = ADDRESS_LIMIT
    mallory, alice, bob = make_player("mallory"), make_player("alice"), make_player("bob")
    attacker = client_at("198.51.100.81")
    half = ADDRESS_LIMIT // 2
    assert [log_in(attacker, "alice", "wrong guess 1").status_code for _ in range(half)] == [
        401
    ] * half
    assert log_in(attacker, mallory.username, mallory.password).status_code == 200
    statuses = [log_in(attacker, "bob", "wrong guess 1").status_code for _ in range(half)]
    assert statuses == [401] * (half - 1) + [429]  # the address's eighth failure
    assert log_in(attacker, bob.username, bob.password).status_code == 429
    assert log_in(client_at("198.51.100.82"), alice.username, alice.password).status_code == 200


def test_a_browser_login_is_locked_too_with_json(player: Player) -> None:
    browser = client_at("198.51.100.9")
    for _ in range(LIMIT):
        log_in(browser, player.username, "wrong guess 1", "/api/session/")
    response = log_in(browser, player.username, player.password, "/api/session/")
    assert response.status_code == 429
    assert response["Content-Type"] == "application/json"
    assert set(response.json()) >= {"error", "detail"}


def test_a_success_clears_the_count(player: Player) -> None:
    client = client_at("198.51.100.10")
    for _ in range(LIMIT - 1):
        assert log_in(client, player.username, "wrong guess 1").status_code == 401
    assert log_in(client, player.username, player.password).status_code == 200
    assert log_in(client, player.username, "wrong guess 1").status_code == 401


@pytest.mark.slow  # real password hashes: 2 s of CPU
def test_a_locked_out_attempt_hashes_no_password(
    make_player: Callable[..., Player], settings: LazySettings
) -> None:
    """The hostile review measured 200-450 ms of CPU per failed login; a refused one must not
    get as far as the (deliberately slow) hasher."""
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    victim = make_player("slowhash")
    client = client_at("198.51.100.11")
    for _ in range(LIMIT):
        log_in(client, victim.username, "wrong guess 1")
    started = time.process_time()
    for _ in range(10):
        assert log_in(client, victim.username, "wrong guess 1").status_code == 429
    assert (time.process_time() - started) / 10 < 0.05


def test_lockout_holds_while_redis_is_down(player: Player, settings: LazySettings) -> None:
    """Attempts live in the database (axes's database handler), not in the cache."""
    settings.CACHES = {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": f"redis://127.0.0.1:{free_port()}/0",  # nothing listens there
            "OPTIONS": {"socket_connect_timeout": 0.2, "socket_timeout": 0.2},
        }
    }
    client = client_at("198.51.100.12")
    statuses = [log_in(client, player.username, "wrong guess 1").status_code for _ in range(6)]
    assert statuses[-2:] == [429, 429]


def test_sign_ups_are_limited_per_address(settings: LazySettings) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None, "signup": "2/hour"}
    client = client_at("198.51.100.13")
    statuses = [
        client.post(
            "/api/players/", {"username": f"bulk{i}", "password": "bulk password 7"}
        ).status_code
        for i in range(3)
    ]
    assert statuses == [201, 201, 429]
    assert client.post("/api/players/", {}).json()["error"] == "throttled"
    other = client_at("198.51.100.14")
    assert (
        other.post(
            "/api/players/", {"username": "bulk9", "password": "bulk password 7"}
        ).status_code
        == 201
    )


def reload_urls() -> None:
    import canfield_site.urls

    importlib.reload(canfield_site.urls)
    clear_url_caches()


@pytest.fixture
def admin_enabled(settings: LazySettings) -> Iterator[None]:
    settings.CANFIELD_ADMIN = True
    reload_urls()
    yield
    settings.CANFIELD_ADMIN = False
    reload_urls()


def test_the_admin_is_off_by_default(api_client: APIClient) -> None:
    assert api_client.get("/admin/login/").status_code == 404
    assert api_client.post("/admin/login/", {"username": "a", "password": "b"}).status_code == 404


def test_the_admin_login_is_behind_the_lockout(admin_enabled: None, player: Player) -> None:
    client = client_at("198.51.100.15")
    assert client.get("/admin/login/").status_code == 200
    for _ in range(LIMIT):
        client.post(
            "/admin/login/", {"username": player.username, "password": "wrong"}, format="multipart"
        )
    response = client.post(
        "/admin/login/",
        {"username": player.username, "password": player.password},
        format="multipart",
    )
    assert response.status_code == 429
    assert response.json()["error"] == "login_locked"
