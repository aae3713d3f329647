"""A daily deal's expected difficulty in Chromium (issue 26): before the close, its prior's
tier in words and no number ("difficulty: hard (expected)") on home's deal card, the board
page and the day's line page, and that it is being worked out for an open board whose table
par is not computed yet (``table_par_status`` pending, issue 34), never a silence; a closed
day not rated yet shows it in the archive. Desktop and phone, in English, Indonesian and
Japanese, every page checked for English left, overflow and script errors."""

from __future__ import annotations

import re
from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass

import pytest
from playwright.sync_api import Locator, Page, expect

from tests.conftest import Player as ApiPlayer
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, DEVICES, Watch

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

#: "expected" as each language says it beside the tier.
EXPECTED = {"en": "(expected)", "id": "(diperkirakan)", "ja": "予想"}
#: "difficulty: being worked out…" as each language says it.
PENDING = {
    "en": "difficulty: being worked out…",
    "id": "kesulitan: sedang dihitung…",
    "ja": "算出中…",
}
#: Twelve runs of twenty won: a prior rated "hard".
HARD_RUNS = [(52, 200)] * 12 + [(30, 120)] * 8


@dataclass(frozen=True)
class Expected:
    today: dailies.Day  # open: its D3 has a table par, its D1 none
    closed: dailies.Day  # closed, its table pars stored, not rated
    words: dict[str, dict[str, str]]  # language -> board -> the expected tier's words


@pytest.fixture
def expected(server_url: str, make_player: Callable[..., ApiPlayer]) -> Expected:
    from django.utils import translation

    from engine.table_player.par import TablePar
    from fairplay.models import TableParRecord
    from fairplay.table_pars import table_par_forget
    from ratings.expected import expected_difficulty

    today = dailies.today()
    par = TablePar(3, tuple(HARD_RUNS), today.pars["D3"], None, None, "no_edge")
    TableParRecord.objects.create(board=today.board("D3"), par=par.to_json(), seconds=1.0)
    closed = dailies.closed_day(make_player, moves=(5,))
    table_par_forget()
    boards = [today.board("D3"), closed.board("D3")]
    words = {}
    for language in EXPECTED:
        with translation.override(language):
            found = {board: expected_difficulty(board) for board in boards}
        words[language] = {board: shown["tier_words"] for board, shown in found.items() if shown}
    return Expected(today, closed, words)


def shows_expected(node: Locator, words: str, language: str) -> None:
    """``node`` says the expected tier ``words`` in ``language``, and no number at all."""
    expect(node).to_contain_text(words)
    expect(node).to_contain_text(EXPECTED[language])
    expect(node).to_have_attribute("data-source", "prior")
    expect(node).not_to_have_text(re.compile(r"\d"))


def shows_pending(node: Locator, language: str) -> None:
    """``node`` says the tier is being worked out, in ``language``, and names no tier."""
    expect(node).to_contain_text(PENDING[language])
    expect(node).to_have_attribute("data-source", "pending")
    expect(node).not_to_have_attribute("data-tier", re.compile(".*"))


@pytest.mark.parametrize(
    ("screen", "language"), [("desktop", "en"), ("phone", "ja"), ("phone", "id"), ("desktop", "ja")]
)
def test_the_expected_tier_before_the_close_and_pending_without_a_table_par(
    expected: Expected, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    page: Page = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[screen]).page
    watch = Watch(page)
    today, board = expected.today, expected.today.board("D3")
    words = expected.words[language][board]
    assert words  # the fixture's runs give a tier

    page.goto("/")
    card = page.locator('.daily-deal[data-mode="D3"]')
    shows_expected(card.locator(".difficulty"), words, language)
    expect(card.locator(".difficulty")).to_have_attribute("data-tier", "hard")
    expect(card.locator(".difficulty")).to_be_visible()
    shows_pending(page.locator('.daily-deal[data-mode="D1"] .difficulty'), language)
    watch.check(language, f"home, {screen}")

    for path, where in [
        (f"/boards/{board}/", "#board-par"),
        (f"/daily/{today.day}/D3/line/", "#line-summary"),
    ]:
        page.goto(path)
        shows_expected(page.locator(f"{where} .difficulty"), words, language)
        watch.check(language, f"{path}, {screen}")
    page.goto(f"/boards/{today.board('D1')}/")
    expect(page.locator("#board-par")).to_be_visible()
    shows_pending(page.locator("#board-par .difficulty"), language)

    closed = expected.closed.board("D3")
    page.goto("/daily/")
    entry = page.locator(f'.archive-day[data-date="{expected.closed.day}"] [data-mode="D3"]')
    shows_expected(entry.locator(".difficulty"), expected.words[language][closed], language)
    watch.check(language, f"/daily/, {screen}")


def test_home_shows_the_tier_once_the_pending_par_is_stored_without_a_reload(
    expected: Expected, new_player: Callable[..., Player]
) -> None:
    """A fresh server's referee stores today's par while home is open: home asks again
    (every 30 s of the page's clock, run ahead here) and the note gives way to the tier."""
    from django.db import connections

    from engine.table_player.par import TablePar
    from fairplay.models import TableParRecord

    page: Page = new_player(sign_up=False, locale=BROWSER_LOCALE["en"], **DEVICES["desktop"]).page
    page.clock.install()
    page.goto("/")
    note = page.locator('.daily-deal[data-mode="D1"] .difficulty')
    shows_pending(note, "en")
    today = expected.today
    par = TablePar(3, tuple(HARD_RUNS), today.pars["D1"], None, None, "no_edge")

    def store() -> None:  # off the browser's event loop, where Django refuses the database
        try:
            TableParRecord.objects.create(board=today.board("D1"), par=par.to_json(), seconds=1)
        finally:
            connections.close_all()

    with ThreadPoolExecutor(max_workers=1) as pool:
        pool.submit(store).result()
    page.clock.run_for(31_000)
    expect(note).to_have_attribute("data-source", "prior")
    expect(note).to_contain_text(EXPECTED["en"])
