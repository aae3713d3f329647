"""The server fixture others build on: it shares the test database, and a server
that cannot start fails loudly with its own error output."""

from __future__ import annotations

import json
import urllib.request
from collections.abc import Callable

import httpx
import pytest

from tests.conftest import Player as ApiPlayer
from tests.support.servers import ServerStartError, run_asgi_server

pytestmark = pytest.mark.e2e


def test_the_server_sees_what_the_test_wrote(
    server_url: str, make_player: Callable[..., ApiPlayer]
) -> None:
    player = make_player()
    with urllib.request.urlopen(
        f"{server_url}/api/players/{player.username}/", timeout=10
    ) as answer:
        assert answer.status == 200
        assert json.load(answer)["username"] == player.username


def test_a_server_that_cannot_start_reports_its_stderr() -> None:
    broken = {"CANFIELD_ENV": "production", "SECRET_KEY": "short"}
    with pytest.raises(ServerStartError) as failure, run_asgi_server(env=broken):
        pass
    assert "SECRET_KEY" in str(failure.value)


@pytest.mark.parametrize(
    ("path", "status"),
    [
        ("/", 200),
        ("/rules/", 200),
        ("/daily/", 200),
        ("/play/CF1-D3-ABCDEFG/", 200),
        ("/boards/CF1-D3-ABCDEFG/", 200),
        ("/players/nobody/", 404),  # no such player: a page that says so
    ],
)
def test_pages_answer_head_as_get_without_a_body(server_url: str, path: str, status: int) -> None:
    """A HEAD (link checkers, monitors, proxies) gets what a GET gets, less the body."""
    with httpx.Client(base_url=server_url, timeout=10) as http:
        got, head = http.get(path), http.head(path)
    assert head.status_code == got.status_code == status, (path, head.status_code)
    assert head.content == b""
    assert head.headers["content-type"] == got.headers["content-type"]
