"""Answers that differ by viewer: private to caches, and a sealed game's 404 that costs what
a missing game's does."""

from collections.abc import Callable
from typing import Any

import pytest
from django.db import connection
from rest_framework.test import APIClient

from games.models import Game
from tests.conftest import Player

pytestmark = pytest.mark.django_db


def cache_headers(response: Any) -> tuple[str, set[str]]:
    vary = {part.strip().lower() for part in response.get("Vary", "").split(",") if part.strip()}
    return response.get("Cache-Control", ""), vary


def test_owner_only_answers_are_private_and_vary_by_credentials(
    player: Player,
    player_client: APIClient,
    start_daily: Callable[[Player], Game],
) -> None:
    game = start_daily(player)
    for path in (
        "/api/me/",
        f"/api/games/{game.id}/",
        f"/api/games/{game.id}/actions/",
        f"/api/players/{player.username}/stats/",
        f"/api/players/{player.username}/",
        "/api/daily/",
    ):
        response = player_client.get(path)
        assert response.status_code == 200, (path, response.content)
        control, vary = cache_headers(response)
        assert "private" in control, path
        assert {"cookie", "authorization"} <= vary, path


def test_an_anonymous_answer_is_not_private_but_varies_by_credentials(
    api_client: APIClient,
) -> None:
    response = api_client.get("/api/daily/")
    control, vary = cache_headers(response)
    assert "private" not in control and {"cookie", "authorization"} <= vary


def rows_returned(call: Callable[[], Any]) -> list[int]:
    """How many rows each statement ``call`` sends to the database returns."""
    counts: list[int] = []

    def count(execute: Any, sql: str, params: Any, many: bool, context: dict[str, Any]) -> Any:
        result = execute(sql, params, many, context)
        if sql.lstrip().upper().startswith("SELECT"):
            counts.append(context["cursor"].rowcount)
        return result

    with connection.execute_wrapper(count):
        call()
    return counts


def read_counting_rows(client: APIClient, path: str) -> tuple[list[int], Any]:
    answers: list[Any] = []
    rows = rows_returned(lambda: answers.append(client.get(path)))
    return rows, answers[0]


def test_another_players_sealed_game_is_as_missing_as_a_missing_one(
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
    start_daily: Callable[[Player], Game],
) -> None:
    """The database returns the sealed row to nobody but its owner: no row loaded and
    decoded for a 404, so the two 404s do the same work (they took 6.6 and 4.2 ms)."""
    owner, other = make_player("owner"), make_player("other")
    sealed = start_daily(owner)
    other_client = client_for(other)
    paths = ["/api/games/{}/", "/api/games/{}/actions/", "/api/games/{}/state/?at=0"]
    for path in paths:
        sealed_rows, sealed_answer = read_counting_rows(other_client, path.format(sealed.id))
        missing_rows, missing_answer = read_counting_rows(other_client, path.format(sealed.id + 9))
        assert sealed_answer.status_code == missing_answer.status_code == 404
        assert sealed_answer.json()["error"] == missing_answer.json()["error"] == "game_not_found"
        assert sealed_rows == missing_rows, path
    assert client_for(owner).get(f"/api/games/{sealed.id}/").status_code == 200
