"""The server fixture others build on: it shares the test database, and a server
that cannot start fails loudly with its own error output."""

from __future__ import annotations

import json
import urllib.request

import pytest

from tests.support.servers import ServerStartError, run_asgi_server

pytestmark = pytest.mark.e2e


def test_the_server_sees_what_the_test_wrote(server_url: str, make_player):
    player = make_player()
    with urllib.request.urlopen(
        f"{server_url}/api/players/{player.username}/", timeout=10
    ) as answer:
        assert answer.status == 200
        assert json.load(answer)["username"] == player.username


def test_a_server_that_cannot_start_reports_its_stderr():
    broken = {"CANFIELD_ENV": "production", "SECRET_KEY": "short"}
    with pytest.raises(ServerStartError) as failure, run_asgi_server(env=broken):
        pass
    assert "SECRET_KEY" in str(failure.value)
