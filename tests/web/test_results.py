"""The results card of a ranked game (issue 25): after it is resigned, won, or ended by its
day's close, the table reopens on rank of N, cards, actions against par (and the table par once
the day has one), time, streak, a share text of emoji with a Copy button, and the countdown to
the next deal by the server's clock, whatever the device's clock says."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import datetime, timedelta
from typing import Any

import pytest
from playwright.sync_api import Page, expect

from tests.conftest import Player as ApiPlayer
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
}
GRID_ROW = re.compile(r"^[🟥🟦⬜]{13}$")


def _servers_seconds_to_next_deal() -> float:
    from django.utils import timezone

    from games.boards import closes_at, utc_today

    return (closes_at(utc_today()) - timezone.now()).total_seconds()


def _seconds(text: str) -> int:
    hours, minutes, seconds = (int(part) for part in text.split(":"))
    return hours * 3600 + minutes * 60 + seconds


def _share_lines(page: Page) -> list[str]:
    return page.locator("#results-share").inner_text().split("\n")


@pytest.fixture
def closed_game(server_url: str, make_player: Callable[..., ApiPlayer]) -> dict[str, Any]:
    """A ranked game of a past day its close left unfinished, and what the card must say."""
    from fairplay.selectors import table_par_shown
    from games.models import Game

    closed = dailies.closed_game(make_player)
    game = Game.objects.get(pk=closed.game_id)
    return {
        "id": game.id,
        "token": closed.owner.token,
        "player": closed.owner.user.username,
        "board": closed.day.board("D3"),
        "day": closed.day.day.isoformat(),
        "actions": game.action_count,
        "cards": game.cards,
        "par": closed.day.pars["D3"],
        "table_par": table_par_shown(board=closed.day.board("D3")),
    }


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone", "ja")])
def test_a_game_the_close_ended_reopens_on_its_results_card(
    closed_game: dict[str, Any], new_player: Callable[..., Player], screen: str, language: str
) -> None:
    owner = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = owner.page
    page.context.set_extra_http_headers({"Authorization": f"Token {closed_game['token']}"})
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    # The controlled clock: the device runs three hours ahead of the server.
    page.clock.install(time=datetime.now() + timedelta(hours=3))
    watch = Watch(page)
    page.goto(f"/games/{closed_game['id']}/")

    card = page.locator("#results")
    expect(card).to_be_visible()
    expect(card).to_have_attribute("data-ending", "closed")
    standing = page.request.get(f"/api/leaderboards/{closed_game['board']}/").json()
    rank = next(e["rank"] for e in standing["entries"] if e["player"] == closed_game["player"])
    expect(page.locator("#results-rank")).to_have_text(
        {"en": f"{rank} of 2", "ja": f"2人中{rank}位"}[language]
    )
    expect(page.locator("#results-cards")).to_have_text(f"{closed_game['cards']}/52")
    actions, par = closed_game["actions"], closed_game["par"]
    expect(page.locator("#results-actions")).to_contain_text(str(actions))
    # Unfinished: par beside its actions, nothing "against" a winning line it did not play.
    expect(page.locator("#results-par")).to_contain_text(str(par))
    expect(page.locator("#results-par")).not_to_contain_text("\N{MINUS SIGN}")
    if closed_game["table_par"]:  # the day has a table par: the card says it beside par
        expect(page.locator(".results-table-par")).to_be_visible()
        if language == "en":
            expect(page.locator(".results-table-par")).to_contain_text("seeing only the table")
    expect(page.locator("#results-time")).to_have_text(re.compile(r"^\d+:\d\d(:\d\d)?$"))
    expect(page.locator("#results-streak")).not_to_have_text("…")

    # The share text: the board, four rows of 13 squares (cards home coloured), the figures.
    expect(page.locator("#results-share")).to_contain_text(f"🏆 {rank}/2")
    lines = _share_lines(page)
    assert lines[0].startswith("Canfield Arena ") and closed_game["day"] in lines[0]
    assert all(GRID_ROW.match(row) for row in lines[1:5]), lines
    home = sum(row.count("🟥") + row.count("🟦") for row in lines[1:5])
    assert home == closed_game["cards"]
    assert f"🎯 {actions} · " in lines[5]
    page.locator("#results-copy").click()
    assert page.evaluate("() => navigator.clipboard.readText()") == "\n".join(lines)

    # The next deal by the server's clock, three hours off the device's.
    countdown = page.locator("#results-next")
    expect(countdown).to_have_text(re.compile(r"^\d\d:\d\d:\d\d$"))
    assert abs(_seconds(countdown.inner_text()) - _servers_seconds_to_next_deal()) < 20
    page.clock.run_for(30_000)
    expect(countdown).to_have_text(re.compile(r"^\d\d:\d\d:\d\d$"))
    assert abs(_seconds(countdown.inner_text()) - _servers_seconds_to_next_deal()) < 50
    watch.check(language, f"results card at the close on {screen}")


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    return dailies.today()


@pytest.mark.parametrize(("screen", "language"), [("phone", "id"), ("desktop", "en")])
def test_a_resigned_ranked_game_shows_its_results_card_then_and_when_reopened(
    today: dailies.Day, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page, watch = player.page, Watch(player.page)
    game = player.post("/api/games/", {"daily": "D3"})
    player.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    page.goto(f"/games/{game['id']}/")
    expect(page.locator("#results")).to_be_hidden()  # in play: no card
    page.locator("#resign-button").click()
    page.locator("#resign-button").click()  # the confirmation
    card = page.locator("#results")
    expect(card).to_have_attribute("data-ending", "resigned")
    expect(card).to_be_visible()
    expect(page.locator("#results-rank")).not_to_have_text("…")
    page.reload()
    expect(card).to_be_visible()
    streak = {"en": "1 day", "id": "1 hari"}[language]
    expect(page.locator("#results-streak")).to_have_text(streak)
    if language == "en":
        expect(page.locator("#results-title")).to_have_text("You resigned this daily deal")
        expect(page.locator("#results-rank")).to_have_text("1 of 1")
    expect(page.locator("#results-share")).to_contain_text("🏆 1/1")
    watch.check(language, f"results card after resigning on {screen}")
