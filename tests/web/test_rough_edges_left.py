"""The rough edges of issue 25 (*Why*, 7) the first slice left, each where a browser sees it:
no 401 from ``/api/me/`` on an anonymous page, a table that says it is loading (no empty felt,
no "0 left", no Undo), a face-down card typed said to be face down (en, id, ja), the API's
Swagger description readable, the player's chart of cards home stopping at the deck."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import ConsoleMessage, Response, Route, expect

from tests.support.games import won_logs
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
}
OPEN_CODE = "CF1-D3-AAAAAAB"
#: The face-down sentence, as each language says it (engine/reasons.py, games/locale).
FACE_DOWN = {
    "en": "is face down: only a face-up card can move.",
    "id": "tertutup: hanya kartu yang terbuka yang bisa dipindahkan.",
    "ja": "は裏向きです。動かせるのは表向きのカードだけです。",
}


def test_an_anonymous_visitor_pages_ask_nothing_they_are_refused(
    new_player: Callable[..., Player],
) -> None:
    someone = new_player()
    visitor = new_player(sign_up=False)
    page = visitor.page
    refused: list[str] = []
    logged: list[str] = []

    def answered(response: Response) -> None:
        if response.status >= 400:
            refused.append(f"{response.status} {response.url}")

    def console(message: ConsoleMessage) -> None:
        if message.type == "error":
            logged.append(message.text)

    page.on("response", answered)
    page.on("console", console)
    for path in (
        "/",
        f"/play/{OPEN_CODE}/",
        f"/boards/{OPEN_CODE}/",
        "/daily/",
        f"/players/{someone.username}/",
    ):
        page.goto(path)
        expect(page.locator("#account")).to_have_attribute("data-state", "anonymous")
        expect(page.locator("#signin-button")).to_be_visible()
    assert not refused and not logged, (refused, logged)
    assert visitor.errors == []


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone", "ja")])
def test_the_table_says_it_is_dealing_until_the_game_is_in(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = player.page
    page.goto("/rules/")
    game_id = player.submit(OPEN_CODE, ["draw"])
    held: list[Route] = []
    # The game's first answer waits until the test lets it through (any later one goes on).
    page.route(
        re.compile(rf"/api/games/{game_id}/$"),
        lambda route: route.continue_() if held else held.append(route),
    )
    page.goto(f"/games/{game_id}/")
    expect(page.locator("#felt-loading")).to_be_visible()
    expect(page.locator("#felt")).to_have_attribute("data-loading", "true")
    expect(page.locator("#reserve-left")).to_be_hidden()  # no "0 left"
    expect(page.locator("#undo-button")).to_be_disabled()
    expect(page.locator("#move-input")).to_be_disabled()
    expect(page.locator("#stat-actions")).not_to_have_text("0")
    Watch(page).check(language, f"the table loading on {screen}")
    assert len(held) == 1
    held[0].continue_()
    expect(page.locator("#felt-loading")).to_have_count(0)
    expect(page.locator("#reserve-left")).to_be_visible()
    expect(page.locator("#stat-actions")).to_have_text("1")
    expect(page.locator("#undo-button")).to_be_enabled()
    assert player.errors == []


@pytest.mark.parametrize(
    ("screen", "language"), [("desktop", "en"), ("phone", "id"), ("phone", "ja")]
)
def test_a_face_down_card_typed_is_said_to_be_face_down(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = player.page
    table = Table.open_deal(page, OPEN_CODE)
    state = table.server_game()["state"]
    for card in (state["stock"][3], state["reserve"][0]):
        page.locator("#move-input").fill(card)
        page.locator("#move-form button[type=submit]").click()
        expect(table.status).to_contain_text(FACE_DOWN[language])
        expect(table.status).to_have_attribute("data-kind", "error")
    assert table.server_game()["seq"] == 0  # nothing was sent
    Watch(page).check(language, f"a face-down card typed on {screen}")
    assert player.errors == []


def test_the_api_description_reads_as_written(new_player: Callable[..., Player]) -> None:
    visitor = new_player(sign_up=False)
    page = visitor.page
    page.goto("/api/docs/")
    expect(page.locator(".swagger-ui .info")).to_contain_text(
        'Errors are always JSON: {"error": "<code>", "detail": "<message>", ...}.'
    )


def test_the_players_chart_of_cards_home_stops_at_the_deck(
    new_player: Callable[..., Player],
) -> None:
    player = new_player()
    page = player.page
    page.goto("/rules/")
    won = won_logs()[0]
    player.submit(won["code"], won["tokens"])
    player.submit(OPEN_CODE, ["draw"])
    page.goto(f"/players/{player.username}/")
    expect(page.locator("#recent-chart rect.won")).to_have_count(1)
    labels = page.locator("#recent-chart text[text-anchor=end]").all_text_contents()
    assert labels == ["0", "13", "26", "39", "52"], labels
    assert player.errors == []
