"""The pages in English, Bahasa Indonesia and Japanese, in Chromium.

The browser's Accept-Language picks the language at first; the header's switch changes it for
good (a cookie), across pages and reloads. A refused move is said in the reader's language from
the API's reason code (the test replaces the server's own sentence to prove it), and the
Content Security Policy still holds: no inline script, no violation.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from django.utils import translation
from django.utils.translation import gettext
from playwright.sync_api import Page, expect

from engine import Game, IllegalMove
from tests.web.conftest import Player
from tests.web.game_sockets import Message, RoutedGameSockets
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

CODE = "CF1-D3-AAAAACL"
#: Strings each page shows, by language: a template's and a script's (the JS catalogue).
WORDS = {
    "en": {
        "home": "Today's deals",
        "board": "Ranking",
        "undo": "Undo",
        "legal": "Legal moves:",
        "rules": "The rules of Canfield, as Canfield Arena plays them",
        "switch": "English",
    },
    "id": {
        "home": "Deal hari ini",
        "board": "Peringkat",
        "undo": "Urungkan",
        "legal": "Langkah yang sah:",
        "rules": "Aturan Canfield, seperti yang dimainkan di Canfield Arena",
        "switch": "Bahasa Indonesia",
    },
    "ja": {
        "home": "今日のディール",
        "board": "順位",
        "undo": "元に戻す",
        "legal": "指せる手\uff1a",
        "rules": "Canfield Arenaで遊ぶキャンフィールドのルール",
        "switch": "日本語",
    },
}
BROWSER_LOCALE = {"en": "en-US", "id": "id-ID", "ja": "ja-JP"}
DEVICES: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1280, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
}


def _watch_csp(page: Page) -> list[str]:
    violations: list[str] = []
    page.on(
        "console",
        lambda message: (
            violations.append(message.text) if "Content Security Policy" in message.text else None
        ),
    )
    return violations


def _in_language(page: Page, language: str) -> None:
    expect(page.locator("html")).to_have_attribute("lang", language)
    expect(page.locator("#language-select")).to_have_value(language)
    # The page runs no inline script: only its own files and JSON data blocks.
    inline = page.locator("script:not([src]):not([type='application/json'])")
    expect(inline).to_have_count(0)


@pytest.mark.parametrize("device", DEVICES, ids=list(DEVICES))
@pytest.mark.parametrize("language", ["en", "id", "ja"])
def test_the_browsers_language_is_the_default_on_every_page(
    new_player: Callable[..., Player], language: str, device: str
) -> None:
    player = new_player(locale=BROWSER_LOCALE[language], **DEVICES[device])
    page, words = player.page, WORDS[language]
    violations = _watch_csp(page)
    page.goto("/")
    _in_language(page, language)
    expect(page.locator("h1")).to_have_text(words["home"])
    page.goto(f"/boards/{CODE}/")
    _in_language(page, language)
    expect(page.locator("h2").first).to_have_text(words["board"])
    table = Table.open_deal(page, CODE)
    _in_language(page, language)
    expect(page.locator("#undo-button")).to_have_text(words["undo"])
    expect(page.locator("#legal-moves")).to_contain_text(words["legal"])  # the script's words
    expect(table.card("TC")).to_have_attribute("aria-label", re.compile(r"\S"))
    page.goto("/rules/")
    expect(page.locator("h1")).to_have_text(words["rules"])
    assert player.errors == [] and violations == []


@pytest.mark.parametrize("device", DEVICES, ids=list(DEVICES))
def test_the_switch_keeps_its_language_across_pages_and_reloads(
    new_player: Callable[..., Player], device: str
) -> None:
    player = new_player(locale="en-US", **DEVICES[device])
    page = player.page
    violations = _watch_csp(page)
    page.goto(f"/boards/{CODE}/")
    _in_language(page, "en")
    page.locator("#language-select").select_option("ja")
    expect(page).to_have_url(re.compile(rf"/boards/{CODE}/$"))  # back on the same page
    _in_language(page, "ja")
    expect(page.locator("h2").first).to_have_text(WORDS["ja"]["board"])
    page.reload()
    _in_language(page, "ja")
    page.goto("/")
    _in_language(page, "ja")
    expect(page.locator("h1")).to_have_text(WORDS["ja"]["home"])
    page.locator("#language-select").select_option("id")
    _in_language(page, "id")
    page.goto("/rules/")
    expect(page.locator("h1")).to_have_text(WORDS["id"]["rules"])
    page.reload()
    _in_language(page, "id")
    assert player.errors == [] and violations == []


def _refusal(language: str) -> str:
    """The engine's reason for RF at the deal's start, in `language` (the server's catalogue)."""
    with pytest.raises(IllegalMove) as refused:
        Game.from_code(CODE).play("RF")
    with translation.override(language):
        return refused.value.reason.sentence(gettext)


@pytest.mark.parametrize("language", ["en", "id", "ja"])
def test_a_refused_move_is_said_in_words_of_the_readers_language(
    new_player: Callable[..., Player], language: str
) -> None:
    player = new_player(locale=BROWSER_LOCALE[language])
    page = player.page
    sockets = RoutedGameSockets(page)
    table = Table.open_deal(page, CODE)
    sockets.wait_until_open()

    def server_sentence_replaced(message: Message) -> Message:
        if message["type"] == "refused":
            message["error"]["detail"] = "(the server's sentence)"
        return message

    sockets.from_server = server_sentence_replaced
    page.locator("#move-input").fill("RF")
    page.locator("#move-input").press("Enter")
    expected = _refusal(language)
    expect(table.status).to_have_text(expected)
    expect(table.status).to_have_attribute("data-kind", "error")
    assert not re.search(r"\b[A2-9TJQK][CDHS]\b", expected)  # card names in words
    if language == "ja":
        assert "クラブの10" in expected
    if language == "id":
        assert expected.startswith("10 keriting")
    assert player.errors == []
