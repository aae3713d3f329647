"""Running the app: settings from the environment, a database that does not answer."""

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest
from django.conf import LazySettings
from django.core.exceptions import ImproperlyConfigured

from tests.support.servers import SERVE, free_port
from tests.support.settings_module import (
    REPO_ROOT,
    SETTINGS_VARIABLES,
    settings_from,
)


def refusal(env: dict[str, str]) -> str:
    """Why the settings refuse to start with ``env`` (fails the test if they start)."""
    with pytest.raises(ImproperlyConfigured) as refused:
        settings_from(env)
    return str(refused.value)


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
        ({"CANFIELD_TABLE_PAR_CACHE_SECONDS": "-1"}, "CANFIELD_TABLE_PAR_CACHE_SECONDS must be"),
        ({"CANFIELD_THROTTLE_SIGNUP": "60/hour,lots/day"}, "CANFIELD_THROTTLE_SIGNUP must be"),
        (
            {**PRODUCTION, "CANFIELD_DB_POOL_MAX_SIZE": "8", "CANFIELD_REQUEST_THREADS": "8"},
            "CANFIELD_REQUEST_THREADS=8 needs a larger database pool",
        ),
    ],
)
def test_production_refuses_to_start_unsafely(env: dict[str, str], message: str) -> None:
    assert message in refusal(env)


@pytest.mark.slow
def test_a_refusal_stops_a_real_start() -> None:
    """The same refusal, in a new interpreter: ``django.setup()`` exits with it."""
    result = django_setup({"CANFIELD_ENV": "Production"})
    assert result.returncode != 0
    assert "SECRET_KEY" in result.stderr


@pytest.mark.slow
def test_production_starts_with_its_secrets() -> None:
    result = django_setup(PRODUCTION)
    assert result.returncode == 0, result.stderr
    assert "started" in result.stdout


def test_production_runs_several_workers_on_redis() -> None:
    env = {**PRODUCTION, "CANFIELD_WORKERS": "3", "REDIS_URL": "redis://127.0.0.1:6379/1"}
    assert settings_from(env)["CANFIELD_WORKERS"] == 3


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
    assert str(settings_from(env)["CANFIELD_REQUEST_THREADS"]) == threads


def test_the_settings_read_the_budgets_and_rates_the_service_uses() -> None:
    """games.solver_budgets and games.api.throttling read these settings, never the
    environment: the variables reach them only through here."""
    env = {
        "CANFIELD_HINT_SECONDS": "1.5",
        "CANFIELD_DAILY_SOLVE_SECONDS": "7",
        "CANFIELD_THROTTLE_HINT": "4/minute",
        "CANFIELD_THROTTLE_SIGNUP": "off",
    }
    loaded = settings_from(env)
    rates = loaded["CANFIELD_THROTTLE_RATES"]
    assert (loaded["CANFIELD_HINT_SECONDS"], loaded["CANFIELD_DAILY_SOLVE_SECONDS"]) == (1.5, 7.0)
    assert (rates["hint"], rates["signup"]) == ("4/minute", None)
    windows = settings_from({"CANFIELD_THROTTLE_SIGNUP": "30/hour, 100/day"})
    assert windows["CANFIELD_THROTTLE_RATES"]["signup"] == "30/hour,100/day"


def test_a_table_par_cache_may_be_off_and_is_half_a_minute_by_default() -> None:
    assert settings_from({})["CANFIELD_TABLE_PAR_CACHE_SECONDS"] == 30.0
    assert (
        settings_from({"CANFIELD_TABLE_PAR_CACHE_SECONDS": "0"})["CANFIELD_TABLE_PAR_CACHE_SECONDS"]
        == 0.0
    )
    assert "CANFIELD_HINT_SECONDS must be" in refusal({"CANFIELD_HINT_SECONDS": "0"})


def test_the_embedded_default_generates_its_secrets_once_and_keeps_them(tmp_path: Path) -> None:
    """No public default: each install makes its own, and a restart finds the same ones."""

    def secrets_of(data_dir: Path) -> list[str]:
        loaded = settings_from({"CANFIELD_DATA_DIR": str(data_dir)})  # no SECRET_KEY, DAILY_SECRET
        return [loaded["SECRET_KEY"], loaded["DAILY_SECRET"]]

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
        # The pool gives up on a connection after 0.5 s instead of 3: the same 503, sooner.
        env={
            **os.environ,
            "DATABASE_URL": dead_database,
            "CANFIELD_DB_POOL_TIMEOUT": "0.5",
            "CANFIELD_REFEREE": "off",  # no fair-play worker retrying the dead database
        },
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


def manage_check(env: dict[str, str], tmp_path: Path) -> subprocess.CompletedProcess[str]:
    unset = {*SETTINGS_VARIABLES, "CANFIELD_ENV"}
    clean = {k: v for k, v in os.environ.items() if k not in unset}
    return subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=REPO_ROOT,
        env={**clean, "CANFIELD_DATA_DIR": str(tmp_path), **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


POSTGRES_URL = {"DATABASE_URL": "postgresql://canfield@127.0.0.1:5432/canfield"}


def test_postgresql_without_canfield_env_is_warned_about_by_manage_check(tmp_path: Path) -> None:
    """Issue 38, N13: a PostgreSQL DATABASE_URL without CANFIELD_ENV ran in development mode
    (generated secrets, no production checks) without a word."""
    unsaid = manage_check(POSTGRES_URL, tmp_path)
    assert unsaid.returncode == 0, unsaid.stderr  # a warning: the check does not fail
    assert "canfield_site.W001" in unsaid.stderr and "CANFIELD_ENV" in unsaid.stderr
    said = manage_check({**POSTGRES_URL, "CANFIELD_ENV": "development"}, tmp_path)
    assert "W001" not in said.stderr + said.stdout
    embedded = manage_check({}, tmp_path)  # SQLite: the embedded default, nothing to say
    assert "W001" not in embedded.stderr + embedded.stdout


def test_postgresql_without_canfield_env_is_warned_about_in_the_log_at_start(
    caplog: pytest.LogCaptureFixture, settings: LazySettings
) -> None:
    from canfield_site.checks import log_environment_warnings

    settings.CANFIELD_ENV_GIVEN = False
    settings.DATABASES = {"default": {"ENGINE": "django.db.backends.postgresql"}}
    with caplog.at_level("WARNING", logger="canfield.settings"):
        log_environment_warnings()
    assert [record.getMessage() for record in caplog.records] == [
        "DATABASE_URL names PostgreSQL but CANFIELD_ENV is not set: running in development "
        "mode (generated secrets, none of production's checks) (canfield_site.W001; set "
        "CANFIELD_ENV=production for a deployment, or CANFIELD_ENV=development to say this is "
        "a developer's PostgreSQL)"
    ]
