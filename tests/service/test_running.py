"""Running the app: settings from the environment, a database that does not answer."""

import os
import subprocess
import sys
import time
import urllib.error
import urllib.request
from pathlib import Path

import pytest

from tests.support.servers import UVICORN, free_port

REPO_ROOT = Path(__file__).resolve().parents[2]


def django_setup(env: dict[str, str]) -> subprocess.CompletedProcess[str]:
    """Import the settings in a fresh interpreter with exactly this extra environment."""
    clean = {
        k: v
        for k, v in os.environ.items()
        if k not in {"SECRET_KEY", "DAILY_SECRET", "DEBUG", "CANFIELD_DATA_DIR"}
    }
    return subprocess.run(
        [sys.executable, "-c", "import django; django.setup(); print('started')"],
        cwd=REPO_ROOT,
        env={**clean, "DJANGO_SETTINGS_MODULE": "canfield_site.settings", **env},
        capture_output=True,
        text=True,
        timeout=60,
    )


PRODUCTION = {"CANFIELD_ENV": "production", "SECRET_KEY": "s" * 50, "DAILY_SECRET": "d" * 50}


@pytest.mark.parametrize(
    ("env", "message"),
    [
        ({"CANFIELD_ENV": "production"}, "SECRET_KEY"),
        ({**PRODUCTION, "SECRET_KEY": "short"}, "SECRET_KEY"),
        ({"CANFIELD_ENV": "production", "SECRET_KEY": "s" * 50}, "DAILY_SECRET"),
        ({**PRODUCTION, "DAILY_SECRET": "short"}, "DAILY_SECRET"),
        ({**PRODUCTION, "DAILY_SECRET": "s" * 50}, "DAILY_SECRET must differ"),
        ({**PRODUCTION, "DEBUG": "1"}, "DEBUG"),
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


def test_a_database_that_does_not_answer_is_a_503_json() -> None:
    dead_database = f"postgresql://postgres@127.0.0.1:{free_port()}/nothing"
    port = free_port()
    server = subprocess.Popen(
        [*UVICORN, "canfield_site.asgi:application", "--port", str(port)],
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
