"""The leagues' refusals in the request's language (their codes stay English)."""

from collections.abc import Callable

import pytest
from rest_framework.test import APIClient

from tests.conftest import Player

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "characters"), ("id", "karakter"), ("ja", "文字")],
)
def test_a_refused_name_is_said_in_the_readers_language(
    player_client: APIClient, language: str, words: str
) -> None:
    body = player_client.post("/api/leagues/", {"name": "ab"}, HTTP_ACCEPT_LANGUAGE=language).json()
    assert body["error"] == "invalid_input" and words in body["detail"], body


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "opens no league"), ("id", "tidak membuka liga"), ("ja", "招待リンク")],
)
def test_a_stale_invite_is_said_in_the_readers_language(
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
    language: str,
    words: str,
) -> None:
    client = client_for(make_player("bob"))
    response = client.post("/api/leagues/join/", {"invite": "stale"}, HTTP_ACCEPT_LANGUAGE=language)
    body = response.json()
    assert (response.status_code, body["error"]) == (404, "invite_not_found")
    assert words in body["detail"], body
