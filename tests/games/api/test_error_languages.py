"""Service errors say what went wrong in the request's language, keep their English codes, and
carry their parameters: a bad deal code (the engine's problem, structured like a refused
move's reason), a stale seq, a token that is no move."""

from __future__ import annotations

from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext
from rest_framework.test import APIClient

from engine import Deal, DealCodeError, Move, NotationError
from tests.support.games import SIMPLE_CODE, play, start_game

pytestmark = pytest.mark.django_db

LANGUAGES = ("en", "id", "ja")
#: A word of each language's sentence for a stale seq (the catalogue's own, pinned here, so
#: a sentence left in English fails even if the catalogue were emptied).
STALE_WORD = {"en": "is stale", "id": "sudah usang", "ja": "古くなっています"}


def in_language(language: str, english: str, translated: Any) -> None:
    """``translated`` (a response's detail) is the sentence in ``language``; not English
    unless asked for."""
    if language == "en":
        assert translated == english
    else:
        assert translated != english


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_bad_deal_code_is_said_in_the_clients_language_with_its_problem(
    player_client: APIClient, language: str
) -> None:
    bad = "CF1-D2-AAAAACL"
    with pytest.raises(DealCodeError) as raised:
        Deal.from_code(bad)
    problem = raised.value.problem
    response = player_client.post(
        "/api/games/", {"code": bad}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    body = response.json()
    with translation.override(language):
        expected = problem.sentence(gettext)
    assert body == {
        "error": "bad_deal_code",
        "detail": expected,
        "code": bad,
        "reason": {"code": "deal_code_mode", "deal_code": bad, "mode": "D2"},
    }
    in_language(language, str(problem), body["detail"])
    assert bad in body["detail"] and "D2" in body["detail"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_mistyped_layout_code_is_said_in_the_clients_language(
    player_client: APIClient, language: str
) -> None:
    """A CF2 code passes the field (54 characters) and the engine's check character refuses
    the typo, in words."""
    good = Deal.from_code("CF1-D3-AAAAACL").layout_code
    bad = good[:20] + ("0" if good[20] != "0" else "1") + good[21:]
    response = player_client.post(
        "/api/games/", {"code": bad.lower()}, format="json", HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 400
    body = response.json()
    assert body["reason"] == {"code": "deal_code_check", "deal_code": bad.lower()}
    with pytest.raises(DealCodeError) as raised:
        Deal.from_code(bad.lower())
    with translation.override(language):
        assert body["detail"] == raised.value.problem.sentence(gettext)
    in_language(language, str(raised.value.problem), body["detail"])


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_stale_seq_is_said_in_the_clients_language(
    player_client: APIClient, language: str
) -> None:
    game = start_game(player_client)
    assert play(player_client, game["id"], "draw", seq=1).status_code == 201
    response = player_client.post(
        f"/api/games/{game['id']}/actions/",
        {"action": "draw", "seq": 1},
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 409
    body = response.json()
    assert (body["error"], body["seq"], body["expected"]) == ("stale_seq", 1, 2)
    assert STALE_WORD[language] in body["detail"]
    for number in ("1", "2", str(game["id"])):
        assert number in body["detail"]


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("value", "problem"),
    [
        ("55", {"code": "token_column", "token": "55", "columns": 4}),
        ("Draw", {"code": "token_case", "token": "Draw", "variant": "draw"}),
        ("11", {"code": "token_same_column", "token": "11", "column": 1}),
    ],
)
def test_a_token_that_is_no_move_is_said_in_the_clients_language(
    player_client: APIClient, language: str, value: str, problem: dict[str, Any]
) -> None:
    game = start_game(player_client)
    with pytest.raises(NotationError) as raised:
        Move.parse(value)
    response = player_client.post(
        f"/api/games/{game['id']}/actions/", {"action": value}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 422
    body = response.json()
    with translation.override(language):
        expected = raised.value.problem.sentence(gettext)
    # The body names the move token "token", as a refused move's does.
    assert body == {"error": "bad_notation", "detail": expected, "token": value, "reason": problem}
    in_language(language, str(raised.value), body["detail"])
    assert value in body["detail"]


@pytest.mark.parametrize("language", LANGUAGES)
def test_a_submitted_log_with_a_bad_token_says_where_in_the_clients_language(
    player_client: APIClient, language: str
) -> None:
    with pytest.raises(NotationError) as raised:
        Move.parse("9x")
    response = player_client.post(
        "/api/submissions/",
        {"code": SIMPLE_CODE, "actions": ["draw", "9x"]},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 422
    body = response.json()
    assert (body["error"], body["index"], body["reason"]) == (
        "bad_notation",
        1,
        {"code": "token_unknown", "token": "9x"},
    )
    with translation.override(language):
        assert body["detail"] == raised.value.problem.sentence(gettext)
    in_language(language, str(raised.value), body["detail"])


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(
    ("username", "password", "english"),
    [
        ("guest-abc123", "long enough 1", "the username may not start with 'guest-'"),
        ("\u0261uest-k3x9qc", "long enough 1", "the username may not start with 'guest-'"),
        ("nadia", " " * 12, "This password needs at least 8 visible characters"),
        ("nadia", "\u200b" * 8, "This password needs at least 8 visible characters"),
    ],
)
def test_a_refused_sign_up_says_why_in_the_clients_language(
    api_client: APIClient, language: str, username: str, password: str, english: str
) -> None:
    response = api_client.post(
        "/api/players/",
        {"username": username, "password": password},
        format="json",
        HTTP_ACCEPT_LANGUAGE=language,
    )
    assert response.status_code == 400 and response.json()["error"] == "invalid_input"
    detail = response.json()["detail"]
    assert (english in detail) == (language == "en"), detail
