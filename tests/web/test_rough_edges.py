"""Rough edges of issue 25 (*Why*, 7), each where a browser sees it: a path with no page is a
styled 404 in the reader's language; New game opens on the table's own draw mode."""

from __future__ import annotations

import re
from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import expect

from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import solved_deal
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
}
TITLES = {"en": "Page not found", "ja": "ページが見つかりません", "id": "Halaman tidak ditemukan"}


@pytest.mark.parametrize(
    ("screen", "language"), [("desktop", "en"), ("phone", "ja"), ("phone", "id")]
)
def test_a_path_with_no_page_is_a_404_in_the_sites_look_and_language(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    visitor = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = visitor.page
    watch = Watch(page)
    response = page.goto("/nope/")
    assert response is not None and response.status == 404
    expect(page.locator("h1")).to_have_text(TITLES[language])
    expect(page.locator(".site-header")).to_be_visible()  # the site's header, its stylesheet
    expect(page.locator("#not-found code")).to_have_text("/nope/")
    assert page.locator("#not-found").evaluate("n => getComputedStyle(n).borderRadius") != "0px"
    page.locator("#not-found a.primary").click()
    expect(page).to_have_url(re.compile(r"^http://[^/]+/$"))
    watch.check(language, f"404 on {screen}")


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone", "id")])
def test_new_game_opens_on_the_tables_draw_mode(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    deal = solved_deal(draw=1)
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = player.page
    table = Table.open_deal(page, deal.code)
    expect(page.locator("#felt")).to_have_attribute("data-draw", "1")
    page.locator("#new-game-button").click()
    dialog = page.locator("#new-game-dialog")
    expect(dialog).to_be_visible()
    expect(dialog.locator("input[name=draw][value='1']")).to_be_checked()
    expect(dialog.locator("input[name=draw][value='3']")).not_to_be_checked()
    Watch(page).check(language, f"new game dialog on {screen}")
    assert table.page is page and player.errors == []


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone", "ja")])
def test_the_replay_plays_at_the_chosen_speed_kept_in_the_browser(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    deal = solved_deal()
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    game_id = player.submit(deal.code, list(deal.line[:40]))
    page = player.page
    page.clock.install()
    page.goto(f"/replay/{game_id}/")
    step = page.locator("#stat-step")
    expect(step).to_have_text("0/40")
    # The score chart's axis: whole steps, its top just above the best score (not twice it).
    expect(page.locator("#score-chart polyline.line")).to_have_count(1)
    best = max(
        a["score_after"]
        for a in page.request.get(f"/api/games/{game_id}/actions/").json()["actions"]
    )
    labels = page.locator("#score-chart text[text-anchor=end]").all_text_contents()
    values = [int(label.replace(",", "")) for label in labels]
    assert values[0] == 0 and values == sorted(values), labels
    assert best <= values[-1] < 2 * max(best, 5), (best, labels)
    speed = page.locator("#replay-speed")
    expect(speed).to_have_value("700")
    # The page's time stands still from here but for run_for: installed, it flowed on, and a
    # loaded machine let an eleventh step slip in between run_for and the pause.
    page.clock.pause_at(page.evaluate("Date.now()") + 1_000)
    speed.select_option("300")
    page.locator("#play").click()
    page.clock.run_for(3_050)
    page.locator("#play").click()  # pause
    expect(step).to_have_text("10/40")  # ten steps of 300 ms (the normal pace would be 4)
    page.reload()
    expect(page.locator("#replay-speed")).to_have_value("300")
    Watch(page).check(language, f"replay on {screen}")
    assert player.errors == []


def test_one_tap_on_hint_only_asks_to_confirm_and_lapses_unassisted(
    new_player: Callable[..., Player],
) -> None:
    deal = solved_deal()
    player = new_player(locale=BROWSER_LOCALE["ja"], **SCREENS["phone"])
    page = player.page
    page.clock.install()
    table = Table.open_deal(page, deal.code)
    hint = page.locator("#hint-button")
    hint.tap()
    expect(hint).to_have_text("ヒントを確定")
    expect(hint).to_have_class(re.compile(r"\barmed\b"))
    page.clock.run_for(4_100)  # no second tap: it lapses
    expect(hint).to_have_text("ヒント")
    expect(table.status).to_have_text("ヒントは使いませんでした。ゲームはアシストなしのままです。")
    assert table.server_game()["assisted"] is False
    Watch(page).check("ja", "hint lapsed on a phone")
    assert player.errors == []
