"""Every 429 says when to try again: in words and in the reader's language in ``detail``
("in 47 minutes", never a count of seconds), in whole seconds in ``retry_after`` and
``Retry-After`` (a throttle, the sign-up limit, a quota, a login lockout alike)."""

from __future__ import annotations

from datetime import UTC, datetime
from typing import Any

import pytest
import time_machine
from django.conf import LazySettings
from rest_framework.test import APIClient

from tests.conftest import Player

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "id", "ja")
EVENING = datetime(2026, 12, 2, 22, 0, tzinfo=UTC)

#: A throttle's refusal, whole, in each language (pinned, not read from the catalogues).
THROTTLED = {
    "en": "too many requests; try again in about 1 hour",
    "id": "terlalu banyak permintaan; coba lagi dalam sekitar 1 jam",
    "ja": "リクエストが多すぎます。約1時間後にもう一度お試しください",
}
#: How each language says the other refusals' waits.
IN_ONE_MINUTE = {"en": "in 1 minute", "id": "dalam 1 menit", "ja": "1分後に"}
IN_TWO_HOURS = {"en": "in about 2 hours", "id": "dalam sekitar 2 jam", "ja": "約2時間後に"}
IN_15_MINUTES = {"en": "in 15 minutes", "id": "dalam 15 menit", "ja": "15分後に"}


def client_in(language: str, address: str = "198.51.100.60") -> APIClient:
    client = APIClient(REMOTE_ADDR=address, HTTP_ACCEPT_LANGUAGE=language)
    client.default_format = "json"
    return client


def says_when(response: Any, code: str, words: str) -> dict[str, Any]:
    """A 429 ``code`` whose detail holds ``words`` and no count of seconds, whose
    ``retry_after`` and ``Retry-After`` agree."""
    assert response.status_code == 429, response.content
    body = response.json()
    assert body["error"] == code
    assert words in body["detail"]
    assert str(body["retry_after"]) not in body["detail"]
    assert response["Retry-After"] == str(body["retry_after"])
    return body


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_refused_sign_up_says_when_in_the_readers_language(
    settings: LazySettings, language: str
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": None, "user": None, "signup": "1/hour"}
    client = client_in(language)
    with time_machine.travel(EVENING, tick=False):
        body = {"username": f"first_{language}", "password": "correct horse 42"}
        assert client.post("/api/players/", body).status_code == 201
        refused = client.post("/api/players/", {**body, "username": f"second_{language}"})
    body = says_when(refused, "throttled", THROTTLED[language])
    assert body["detail"] == THROTTLED[language]
    assert body["retry_after"] == 3600


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_throttled_read_says_when_in_the_readers_language(
    settings: LazySettings, language: str
) -> None:
    settings.CANFIELD_THROTTLE_RATES = {"anon": "1/minute", "user": None}
    client = client_in(language)
    with time_machine.travel(EVENING, tick=False):
        assert client.get("/api/daily/").status_code == 200
        body = says_when(client.get("/api/daily/"), "throttled", IN_ONE_MINUTE[language])
    assert body["retry_after"] == 60


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_quota_says_when_in_the_readers_language(
    player: Player, settings: LazySettings, language: str
) -> None:
    settings.CANFIELD_MAX_GAMES_PER_DAY = 1
    client = client_in(language)
    client.credentials(HTTP_AUTHORIZATION=f"Token {player.token}")
    with time_machine.travel(EVENING, tick=False):
        assert client.post("/api/games/", {"draw": 3}).status_code == 201
        refused = client.post("/api/games/", {"draw": 3})
    body = says_when(refused, "quota_exceeded", IN_TWO_HOURS[language])
    assert body["retry_after"] == body["wait"] == 2 * 3600 + 1


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_login_lockout_says_when_in_the_readers_language(
    player: Player, settings: LazySettings, language: str
) -> None:
    settings.AXES_FAILURE_LIMIT = 1
    client = client_in(language, address=f"198.51.100.{70 + LANGUAGES.index(language)}")
    credentials = {"username": player.username, "password": "wrong guess 1"}
    refused = client.post("/api/token/", credentials)
    body = says_when(refused, "login_locked", IN_15_MINUTES[language])
    assert body["retry_after"] == 15 * 60
