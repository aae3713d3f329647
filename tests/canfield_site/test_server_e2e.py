"""End to end through a real server: production settings, two workers, the API tour.

What ``docker compose`` runs (CANFIELD_ENV=production, several uvicorn workers, Redis), on
the test database, driven over HTTP like any client. Production refuses several workers
without REDIS_URL, so without Redis this test skips (fails under CANFIELD_REQUIRE_SERVICES=1).
"""

import os
import re

import httpx
import pytest

from tests.robustness.faults import missing_service
from tests.support.games import SIMPLE_CODE
from tests.support.servers import run_asgi_server, server_env_for_test_db

pytestmark = [pytest.mark.e2e, pytest.mark.django_db(transaction=True)]


def test_api_tour_on_a_production_server() -> None:
    if not os.environ.get("REDIS_URL"):
        missing_service("REDIS_URL is not set: production runs two workers only on Redis")
    env = {
        **server_env_for_test_db(),
        "CANFIELD_ENV": "production",
        "SECRET_KEY": "e2e-" + "s" * 48,
        "DAILY_SECRET": "e2e-daily-" + "d" * 40,
        "CANFIELD_THROTTLE_ANON": "1000/minute",
        "CANFIELD_THROTTLE_USER": "1000/minute",
    }
    with run_asgi_server(env=env, workers=2) as base, httpx.Client(base_url=base) as http:
        signed_up = http.post("/api/players/", json={"username": "eve", "password": "pw-12345678"})
        assert signed_up.status_code == 201
        auth = {"Authorization": f"Token {signed_up.json()['token']}"}
        game = http.post("/api/games/", json={"code": SIMPLE_CODE}, headers=auth).json()
        moved = http.post(
            f"/api/games/{game['id']}/actions/", json={"action": "draw", "seq": 1}, headers=auth
        )
        assert moved.status_code == 201 and moved.json()["seq"] == 1
        stale = http.post(
            f"/api/games/{game['id']}/actions/", json={"action": "draw", "seq": 1}, headers=auth
        )
        assert stale.status_code == 409
        board = http.get(f"/api/leaderboards/{SIMPLE_CODE}/").json()
        assert [e["player"] for e in board["entries"]] == ["eve"]
        daily = http.get("/api/daily/").json()
        assert daily["boards"]["D3"]["board"].startswith("daily-") and "codes" not in daily
        assert http.get("/api/nowhere/").json()["error"] == "not_found"

        docs = http.get("/api/docs/")
        assert docs.status_code == 200
        assets = re.findall(r'(?:src|href)="([^"]+)"', docs.text)
        assert any(a.endswith("swagger-ui.css") for a in assets), assets
        assert not [a for a in assets if a.startswith(("http:", "https:", "//"))]  # no CDN
        for asset in assets:
            assert http.get(asset).status_code == 200, asset
