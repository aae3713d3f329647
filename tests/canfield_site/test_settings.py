"""Running the app: settings from the environment, a database that does not answer."""

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.servers import SERVE, free_port

REPO_ROOT = Path(__file__).resolve().parents[2]


#: Variables the settings read that the test run itself may have set (CI sets the services').
SETTINGS_VARIABLES = {
    "SECRET_KEY",
    "DAILY_SECRET",
    "DEBUG",
    "CANFIELD_DATA_DIR",
    "DATABASE_URL",
    "REDIS_URL",
    "CANFIELD_WORKERS",
}


def django_setup(env: dict[str, str], show: str = "'started'") -> subprocess.CompletedProcess[str]:
    """Import the settings in a fresh interpreter with exactly this extra environment, then
    print ``show`` (an expression over ``settings``)."""
    clean = {k: v for k, v in os.environ.items() if k not in SETTINGS_VARIABLES}
    script = f"import django; django.setup(); from django.conf import settings; print({show})"
    return subprocess.run(
        [sys.executable, "-c", script],
        cwd=REPO_ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "canfield_site.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


PRODUCTION = {
    "CANFIELD_ENV": "production",
    "SECRET_KEY": "s" * 50,
    "DAILY_SECRET": "d" * 50,
    # Parsed, never connected to: django.setup() opens no connection.
    "DATABASE_URL": "postgresql://canfield@127.0.0.1:5432/canfield",
}


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"CANFIELD_ENV": "production"}, "SECRET_KEY"),
        ({"CANFIELD_ENV": "Production"}, "SECRET_KEY"),  # any case: no check is skipped
        ({"CANFIELD_ENV": " PRODUCTION "}, "SECRET_KEY"),
        ({"CANFIELD_ENV": "prod"}, "CANFIELD_ENV must be one of development, production"),
        ({"CANFIELD_ENV": "staging"}, "CANFIELD_ENV must be one of"),
        ({**PRODUCTION, "SECRET_KEY": "short"}, "SECRET_KEY"),
        ({"CANFIELD_ENV": "production", "SECRET_KEY": "s" * 50}, "DAILY_SECRET"),
        ({**PRODUCTION, "DAILY_SECRET": "short"}, "DAILY_SECRET"),
        ({**PRODUCTION, "DAILY_SECRET": "s" * 50}, "DAILY_SECRET must differ"),
        ({**PRODUCTION, "DEBUG": "1"}, "DEBUG"),
        ({**PRODUCTION, "DATABASE_URL": ""}, "needs DATABASE_URL"),
        ({**PRODUCTION, "CANFIELD_WORKERS": "2"}, "CANFIELD_WORKERS=2 needs REDIS_URL"),
        ({"CANFIELD_WORKERS": "0"}, "CANFIELD_WORKERS must be a whole number"),
        ({"CANFIELD_HINT_SECONDS": "0"}, "CANFIELD_HINT_SECONDS must be a positive number"),
        ({"CANFIELD_DAILY_SOLVE_SECONDS": "soon"}, "CANFIELD_DAILY_SOLVE_SECONDS must be"),
        ({"CANFIELD_THROTTLE_SIGNUP": "60/hour,lots/day"}, "CANFIELD_THROTTLE_SIGNUP must be"),
        (
            {**PRODUCTION, "CANFIELD_DB_POOL_MAX_SIZE": "8", "CANFIELD_REQUEST_THREADS": "8"},
            "CANFIELD_REQUEST_THREADS=8 needs a larger database pool",
        ),
    ],
)
def test_production_refuses_to_start_unsafely(env: dict[str, str], message: str) -> None:
    result = django_setup(env)
    assert result.returncode != 0
    assert message in result.stderr


def test_production_starts_with_its_secrets() -> None:
    result = django_setup(PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "started" in result.stdout


def test_production_runs_several_workers_on_redis() -> None:
    env = {**PRODUCTION, "CANFIELD_WORKERS": "3", "REDIS_URL": "redis://127.0.0.1:6379/1"}
    result = django_setup(env, show="settings.CANFIELD_WORKERS")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["3"]


@pytest.mark.parametrize(
    ("env", "threads"),
    [
        ({}, "6"),  # the embedded default (SQLite): no pool to stay under
        ({"DATABASE_URL": PRODUCTION["DATABASE_URL"]}, "6"),  # two fewer than the pool's 8
        ({"DATABASE_URL": PRODUCTION["DATABASE_URL"], "CANFIELD_DB_POOL_MAX_SIZE": "20"}, "18"),
        ({"DATABASE_URL": PRODUCTION["DATABASE_URL"], "CANFIELD_REQUEST_THREADS": "3"}, "3"),
    ],
)
def test_request_threads_stay_below_the_database_pool(env: dict[str, str], threads: str) -> None:
    result = django_setup(env, show="settings.CANFIELD_REQUEST_THREADS")
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == [threads]


def test_the_settings_read_the_budgets_and_rates_the_service_uses() -> None:
    """games.solver_budgets and games.api.throttling read these settings, never the
    environment: the variables reach them only through here."""
    env = {
        "CANFIELD_HINT_SECONDS": "1.5",
        "CANFIELD_DAILY_SOLVE_SECONDS": "7",
        "CANFIELD_THROTTLE_HINT": "4/minute",
        "CANFIELD_THROTTLE_SIGNUP": "off",
    }
    show = (
        "settings.CANFIELD_HINT_SECONDS, settings.CANFIELD_DAILY_SOLVE_SECONDS, "
        "settings.CANFIELD_THROTTLE_RATES['hint'], settings.CANFIELD_THROTTLE_RATES['signup']"
    )
    result = django_setup(env, show=show)
    assert result.returncode == 0, result.stderr
    assert result.stdout.split() == ["1.5", "7.0", "4/minute", "None"]
    signup = "settings.CANFIELD_THROTTLE_RATES['signup']"
    windows = django_setup({"CANFIELD_THROTTLE_SIGNUP": "30/hour, 100/day"}, show=signup)
    assert windows.stdout.split() == ["30/hour,100/day"]


def test_the_embedded_default_generates_its_secrets_once_and_keeps_them(tmp_path: Path) -> None:
    """No public default: each install makes its own, and a restart finds the same ones."""
    show = "from django.conf import settings as s; print(s.SECRET_KEY, s.DAILY_SECRET)"

    def secrets_of(data_dir: Path) -> list[str]:
        env = {**os.environ, "DJANGO_SETTINGS_MODULE": "canfield_site.settings"}
        env = {k: v for k, v in env.items() if k not in {"SECRET_KEY", "DAILY_SECRET"}}
        result = subprocess.run(
            [sys.executable, "-c", f"import django; django.setup(); {show}"],
            cwd=REPO_ROOT,
            env={**env, "CANFIELD_DATA_DIR": str(data_dir)},
            capture_output=True,
            text=True,
            timeout=60,
        )
        assert result.returncode == 0, result.stderr
        return result.stdout.split()

    first = secrets_of(tmp_path / "one")
    assert len(first) == 2 and first[0] != first[1]
    assert min(len(value) for value in first) >= 32
    assert secrets_of(tmp_path / "one") == first  # kept with the data
    assert secrets_of(tmp_path / "two") != first  # another install, another daily
    stored = tmp_path / "one" / ".canfield-secrets.json"
    assert oct(stored.stat().st_mode & 0o777) == "0o600"


def fetch(url: str) -> tuple[int, str]:
    try:
        with urllib.request.urlopen(url, timeout=5) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


@pytest.mark.e2e  # a real server process
def test_a_database_that_does_not_answer_is_a_503_json() -> None:
    dead_database = f"postgresql://postgres@127.0.0.1:{free_port()}/nothing"
    port = free_port()
    server = subprocess.Popen(
        [*SERVE, "--port", str(port)],
        cwd=REPO_ROOT,
        env={**os.environ, "DATABASE_URL": dead_database},
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    try:
        base = f"http://127.0.0.1:{port}"
        deadline = time.monotonic() + 30
        while True:
            try:
                status, body = fetch(f"{base}/api/health/")
                break
            except (urllib.error.URLError, ConnectionError):
                assert time.monotonic() < deadline, "server did not start"
                time.sleep(0.2)
        assert status == 503
        assert '"error":"database_unavailable"' in body.replace(" ", "")
        for path in ("/api/daily/", "/api/games/1/", "/api/leaderboards/CF1-D3-AAAAACL/"):
            status, body = fetch(base + path)
            assert (status, '"database_unavailable"' in body) == (503, True), (path, body)
    finally:
        server.terminate()
        server.wait(timeout=10)
