"""An illegal move's error body: today's fields, and the engine's reason with its code."""

import re
from collections.abc import Callable

import pytest
from django.utils import translation
from django.utils.translation import gettext
from rest_framework.test import APIClient

from engine import Game, IllegalMove
from engine.reasons import Reason
from games.models import Action
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, start_game

pytestmark = pytest.mark.django_db


def test_an_illegal_action_carries_the_reason_next_to_the_old_fields(
    player_client: APIClient,
) -> None:
    game = start_game(player_client)
    response = player_client.post(f"/api/games/{game['id']}/actions/", {"action": "RF"})
    assert response.status_code == 422
    body = response.json()
    with pytest.raises(IllegalMove) as refused:  # the engine's own reason for this position
        Game.from_code(SIMPLE_CODE).play("RF")
    reason = refused.value.reason
    assert body == {
        "error": "illegal_action",
        "detail": str(reason),
        "token": "RF",
        "reason": reason.as_dict(),
    }
    assert body["reason"]["code"].startswith("foundation_")
    assert all(len(card) == 2 for card in body["reason"]["cards"])
    assert not Action.objects.exists()


def test_a_tap_that_does_nothing_names_the_card(player_client: APIClient) -> None:
    game = start_game(player_client)
    card = Game.from_code(SIMPLE_CODE).state()["tableau"][3][-1]
    response = player_client.post(
        f"/api/games/{game['id']}/actions/", {"tap": card, "double_click": False}
    )
    assert response.status_code == 422
    assert response.json()["reason"] == {"code": "tap_nothing", "cards": [card]}
    assert response.json()["tap"] == card


@pytest.mark.parametrize(
    ("language", "words"),
    [("en", "is face down"), ("id", "tertutup"), ("ja", "裏向き")],
)
@pytest.mark.parametrize("pile", ["stock", "reserve"])
def test_a_tap_on_a_face_down_card_says_it_is_face_down(
    player_client: APIClient, pile: str, language: str, words: str
) -> None:
    game = start_game(player_client)
    state = Game.from_code(SIMPLE_CODE).state()
    card = state["stock"][0] if pile == "stock" else state["reserve"][0]
    response = player_client.post(
        f"/api/games/{game['id']}/actions/", {"tap": card}, HTTP_ACCEPT_LANGUAGE=language
    )
    assert response.status_code == 422
    body = response.json()
    assert body["reason"] == {"code": "tap_face_down", "cards": [card]}
    assert words in body["detail"]
    assert not Action.objects.exists()


def test_a_submitted_log_says_why_and_where(player_client: APIClient) -> None:
    response = player_client.post(
        "/api/submissions/", {"code": SIMPLE_CODE, "actions": ["undo"]}, format="json"
    )
    assert response.status_code == 422
    body = response.json()
    assert (body["error"], body["index"], body["token"]) == ("illegal_action", 0, "undo")
    assert body["reason"] == {"code": "undo_nothing", "cards": []}
    assert body["detail"] == "There is nothing to undo: no action has been played."


@pytest.mark.parametrize(
    ("language", "sentence"),
    [
        ("en", "There is nothing to undo: no action has been played."),
        ("id", "Tidak ada yang bisa diurungkan: belum ada aksi yang dimainkan."),
        ("ja", "元に戻せる手はありません\uff1aまだ何も指していません。"),
    ],
)
def test_the_detail_is_in_the_clients_language_and_the_code_stays_english(
    player_client: APIClient, language: str, sentence: str
) -> None:
    game = start_game(player_client)
    response = player_client.post(
        f"/api/games/{game['id']}/actions/", {"action": "undo"}, HTTP_ACCEPT_LANGUAGE=language
    )
    body = response.json()
    assert (body["error"], body["reason"]["code"]) == ("illegal_action", "undo_nothing")
    assert body["detail"] == sentence


def test_a_card_in_the_detail_is_named_in_words_of_the_language(
    player_client: APIClient,
) -> None:
    game = start_game(player_client)
    response = player_client.post(
        f"/api/games/{game['id']}/actions/", {"action": "RF"}, HTTP_ACCEPT_LANGUAGE="ja"
    )
    reason = response.json()["reason"]
    with translation.override("ja"):
        expected = Reason(**{**reason, "cards": tuple(reason["cards"])}).sentence(gettext)
    assert response.json()["detail"] == expected
    assert re.search("(クラブ|ダイヤ|ハート|スペード)の", expected)
    assert not re.search(r"\b[A2-9TJQK][CDHS]\b", expected)


def test_other_api_errors_speak_the_language_too(
    api_client: APIClient, make_player: Callable[..., Player]
) -> None:
    make_player("alice")
    response = api_client.post(
        "/api/token/", {"username": "alice", "password": "wrong"}, HTTP_ACCEPT_LANGUAGE="id"
    )
    assert response.json() == {
        "error": "bad_credentials",
        "detail": "nama pengguna tidak dikenal atau kata sandi salah",
    }
