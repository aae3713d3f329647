"""Standings you can read (issue 25): every board, the table's live panel and the home
mini-boards show what ranks an entry (rank, cards, actions, time), the owner's own held entry
marked *held* (to them alone), and a closed board final, its unfinished games as the close
left them; on a desktop and on phones of 390 and 360 px, in English, Indonesian and Japanese.
"""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from typing import Any

import pytest
import time_machine
from playwright.sync_api import Page, expect

from tests.conftest import Player as ApiPlayer
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import solved_deal

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

#: Where each check runs: the desktop of the issue, the phone, and a narrower phone.
SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
    "phone-360": {"viewport": (360, 740), "touch": True},
}
HEADERS = {
    "en": ["Rank", "Player", "Cards", "Actions", "Time", "Status"],
    "id": ["Peringkat", "Pemain", "Kartu", "Aksi", "Waktu", "Status"],
    "ja": ["順位", "プレイヤー", "カード", "アクション", "時間", "状態"],
}


@dataclass(frozen=True)
class Field:
    code: str
    players: list[str]  # best first
    actions: list[int]


@pytest.fixture
def field(server_url: str, make_player: Callable[..., ApiPlayer]) -> Field:
    """Three games of one open deal, played an hour and more ago: the first one's last
    action came 1 h 5 min 55 s after its start (a clock with hours), the others sooner."""
    from django.utils import timezone

    from games.services.actions import action_append
    from games.services.games import game_create

    deal = solved_deal()
    start = timezone.now() - timedelta(hours=3)
    players, counts = [], [30, 20, 10]
    for index, count in enumerate(counts):
        player = make_player()
        with time_machine.travel(start + timedelta(minutes=index), tick=False) as traveller:
            game = game_create(player=player.user, code=deal.code).game
            for token in deal.line[:count]:
                action_append(game_id=game.id, player=player.user, token=token)
            if index == 0:
                traveller.move_to(start + timedelta(hours=1, minutes=5, seconds=55))
                action_append(game_id=game.id, player=player.user, token=deal.line[count])
        players.append(player.user.username)
    return Field(deal.code, players, [counts[0] + 1, *counts[1:]])


def _cells_inside(page: Page, selector: str) -> None:
    """Every cell of the rows is whole on the screen (no sideways scrolling to reach one)."""
    width = page.evaluate("document.documentElement.clientWidth")
    edges = "cells => cells.map((c) => c.getBoundingClientRect()).map((b) => [b.left, b.right])"
    for box in page.locator(selector).evaluate_all(edges):
        assert box[0] >= -1 and box[1] <= width + 1, f"{selector} cut off: {box} in {width}"


@pytest.mark.parametrize(
    ("screen", "language"),
    [("desktop", "en"), ("phone", "id"), ("phone-360", "ja"), ("phone-360", "en")],
)
def test_a_board_shows_rank_cards_actions_and_time_on_every_screen(
    field: Field, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    viewer = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page, watch = viewer.page, Watch(viewer.page)
    page.goto(f"/boards/{field.code}/")
    expect(page.locator("#live-state")).to_have_attribute("data-state", "live")
    rows = page.locator("#board-rows tr")
    expect(rows).to_have_count(3)
    headers = page.locator(".board-table thead th")
    expect(headers).to_have_count(7)  # the last: "Replay", for screen readers
    texts = headers.evaluate_all("cells => cells.map((c) => c.textContent.trim())")
    assert texts[:6] == HEADERS[language]
    first = rows.first.locator("td")
    expect(first.nth(0)).to_have_text("1")
    expect(first.nth(1)).to_contain_text(field.players[0])
    expect(first.nth(3)).to_have_text(str(field.actions[0]))
    expect(first.nth(4)).to_have_text("1:05:55")  # hours, never "65:55"
    for row, actions in zip(rows.all(), field.actions, strict=True):
        expect(row.locator("td").nth(3)).to_have_text(str(actions))
        expect(row.locator("td").nth(4)).to_have_text(re.compile(r"^\d+:\d\d(:\d\d)?$"))
    if screen != "desktop":
        _cells_inside(page, "#board-rows td")
        # Each figure is named on a phone's row card, in the page's language.
        labels = rows.first.locator("td").evaluate_all("cells => cells.map((c) => c.dataset.label)")
        assert labels[2:6] == HEADERS[language][2:6]
    watch.check(language, f"board on {screen}")

    # The table's side panel of the same deal: the same figures, without the score.
    page.goto(f"/play/{field.code}/")
    entries = page.locator("#live-entries li")
    expect(entries).to_have_count(3)
    expect(entries.first.locator(".rank")).to_have_text("1")
    expect(entries.first.locator(".actions-count")).to_contain_text(str(field.actions[0]))
    expect(entries.first.locator(".time")).to_have_text("1:05:55")
    expect(page.locator("#live-entries .score")).to_have_count(0)
    if screen != "desktop":
        page.locator("#live-entries").scroll_into_view_if_needed()
        _cells_inside(page, "#live-entries li > span")
    watch.check(language, f"table on {screen}")


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    return dailies.today()


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone-360", "id")])
def test_the_owner_sees_their_held_entry_marked_held_and_no_one_else_sees_it(
    today: dailies.Day, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    # One browser, two accounts: both ranked games from the device are held (linked: a link
    # binds both ways).
    owner = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = owner.page
    page.goto("/rules/")  # any page gives the browser its device cookie
    first = f"p{uuid.uuid4().hex[:10]}"
    owner.sign_up_as(first)
    game = owner.post("/api/games/", {"daily": "D3"})
    owner.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    owner.sign_out()
    owner.sign_up_as(owner.username)
    held_game = owner.post("/api/games/", {"daily": "D3"})
    for seq in (1, 2):
        owner.post(f"/api/games/{held_game['id']}/actions/", {"action": "draw", "seq": seq})
    board = today.board("D3")
    assert page.request.get(f"/api/leaderboards/{board}/").json()["own_held"]["held"] is True

    watch = Watch(page)
    page.goto(f"/boards/{board}/")
    rows = page.locator("#board-rows tr")
    expect(rows).to_have_count(1)  # the first account's game is held too: off the board
    assert first not in page.locator("#board-rows").inner_text()
    mine = rows.first
    expect(mine).to_have_class(re.compile(r"\bheld\b"))
    expect(mine.locator("td").nth(0)).to_have_text("—")
    expect(mine.locator(".held-badge")).to_be_visible()
    expect(mine.locator("td").nth(3)).to_have_text("2")
    watch.check(language, "board, held")

    page.goto("/")
    held = page.locator('.daily-deal[data-mode="D3"] .mini-board li.held')
    expect(held).to_contain_text(owner.username)
    expect(held.locator(".held-badge")).to_be_visible()
    watch.check(language, "home, held")

    page.goto(f"/games/{held_game['id']}/")
    expect(page.locator("#held-note")).to_be_visible()
    expect(page.locator("#live-me")).to_be_visible()
    if language == "en":
        expect(page.locator("#live-me")).to_have_text(
            re.compile(r"^You: held for review, 1 card, 2 actions, \d+:\d\d$")
        )
    watch.check(language, "table, held")

    # Another player reads the same board without it: the answer has no entry, and the page,
    # once drawn from it (its one row says no one has played), shows none. A count of no rows
    # would pass before the script drew anything.
    other = new_player(**SCREENS[screen]).page
    answer = other.request.get(f"/api/leaderboards/{board}/").json()
    assert (answer["entries"], answer["own_held"]) == ([], None)
    other.goto(f"/boards/{board}/")
    expect(other.locator("#board-rows tr")).to_have_count(1)
    expect(other.locator("#board-rows tr td.muted")).to_have_count(1)
    expect(other.locator(".held-badge")).to_have_count(0)
    assert other.locator("body").inner_text().count(owner.username) == 0
    assert owner.errors == []


@pytest.fixture
def closed(server_url: str, make_player: Callable[..., ApiPlayer]) -> dailies.Day:
    return dailies.closed_day_none_wins(make_player)


@pytest.mark.parametrize(("screen", "language"), [("desktop", "en"), ("phone", "ja")])
def test_a_closed_board_is_final_with_its_games_as_the_close_left_them(
    closed: dailies.Day, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    viewer = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page, watch = viewer.page, Watch(viewer.page)
    page.goto(f"/boards/{closed.board('D3')}/")
    state = page.locator("#live-state")
    expect(state).to_have_attribute("data-state", "final")
    expect(page.locator("#board-rows tr")).to_have_count(2)
    statuses = page.locator("#board-rows tr td:nth-child(6)")
    words = {"en": "at the close", "ja": "締め切り時点"}[language]
    expect(statuses).to_have_text([words, words])
    page.wait_for_timeout(500)  # the live socket answers meanwhile: the badge stays final
    expect(state).to_have_attribute("data-state", "final")
    if language == "en":
        expect(state).to_have_text("final")
        expect(page.locator("#board-rows")).not_to_contain_text("playing")
    watch.check(language, "closed board")

    # A game of that day, public now: its table's panel says final too.
    game = page.request.get(f"/api/players/{closed.players['D3'][0]}/").json()["games"][0]
    page.goto(f"/games/{game['id']}/")
    expect(page.locator("#live-entries li")).to_have_count(2)
    expect(page.locator("#live-state")).to_have_attribute("data-state", "final")
    watch.check(language, "closed game's table")
