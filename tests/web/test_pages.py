"""The other pages and the table's less common paths, in a real Chromium."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.support.browser import artifact_path
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.situations import (
    long_column_by_search,
    longest_column_along,
    solved_deal,
    tap_to_column,
    tap_to_foundation,
)
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def test_the_last_card_home_is_celebrated(new_player: Callable[..., Player]) -> None:
    deal = solved_deal()
    player = new_player()
    game_id = player.submit(deal.code, list(deal.line[:-1]))
    page = player.page
    page.goto(f"/games/{game_id}/")
    table = Table(page)
    expect(table.stat("actions")).to_have_text(str(table.server_game()["actions"]))
    expect(page.locator("#win")).to_be_hidden()

    box = page.get_by_label("Move", exact=True)
    box.fill(deal.line[-1])
    box.press("Enter")
    expect(page.locator("#win")).to_be_visible()
    expect(page.locator("#win-title")).to_have_text("You won!")
    expect(table.stat("cards")).to_have_text("52")
    assert table.server_game()["won"] is True
    page.get_by_role("button", name="Close").click()
    expect(page.locator("#win")).to_be_hidden()
    assert player.errors == []


@pytest.fixture
def today(transactional_db: None) -> dailies.Day:
    return dailies.today()


def _play_ranked(player: Player, mode: str, tokens: list[str]) -> int:
    game_id = int(player.post("/api/games/", {"daily": mode})["id"])
    for seq, token in enumerate(tokens, start=1):
        player.post(f"/api/games/{game_id}/actions/", {"action": token, "seq": seq})
    return game_id


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_the_win_is_a_modal_with_rank_par_time_and_a_line_to_share(
    today: dailies.Day, new_player: Callable[..., Player], phone: bool
) -> None:
    line = today.lines["D1"]
    _play_ranked(new_player(), "D1", line[:5])  # a rival, below on the board
    player = new_player(viewport=(390, 844) if phone else (1280, 800), touch=phone)
    page = player.page
    page.context.grant_permissions(["clipboard-read", "clipboard-write"])
    game_id = _play_ranked(player, "D1", line[:-1])
    page.goto(f"/games/{game_id}/")
    table = Table(page)
    expect(table.stat("actions")).to_have_text(str(len(line) - 1))
    box = page.get_by_label("Move", exact=True)
    box.fill(line[-1])
    box.press("Enter")

    dialog = page.get_by_role("dialog", name="You won!")
    expect(dialog).to_be_visible()
    assert page.locator("#win").evaluate("n => n.tagName === 'DIALOG' && n.matches(':modal')")
    game = table.server_game()
    assert game["won"] and game["actions"] == len(line)
    minutes, seconds = divmod(game["elapsed"], 60)
    clock = f"{minutes}:{seconds:02d}"
    expect(page.locator("#win-rank")).to_have_text("1 of 2")
    expect(page.locator("#win-par")).to_have_text(f"{today.pars['D1']} actions")
    expect(page.locator("#win-actions")).to_have_text(str(len(line)))
    # One word with the facts and the board: actions, never "moves".
    expect(page.locator("#win-text")).to_have_text(f"All 52 cards home in {len(line)} actions.")
    expect(page.locator("#win-time")).to_have_text(clock)
    share = (
        f"Canfield Arena daily {today.day.isoformat()} D1: won in {len(line)} actions, "
        f"{clock}, rank 1 of 2"
    )
    expect(page.locator("#win-share")).to_have_text(share)
    page.screenshot(path=artifact_path(f"win-{'phone' if phone else 'desktop'}.png"))
    dialog.get_by_role("button", name="Copy").click()
    copy = page.locator("#win-copy")
    expect(copy).to_have_text("Copied")
    assert page.evaluate("() => navigator.clipboard.readText()") == share

    # Tab stays inside, both ways; Escape closes it.
    inside = "() => document.getElementById('win').contains(document.activeElement)"
    for key in ["Tab"] * 6 + ["Shift+Tab"] * 6:
        page.keyboard.press(key)
        assert page.evaluate(inside), f"{key} left the dialog"
    page.keyboard.press("Escape")
    expect(page.locator("#win")).to_be_hidden()
    # Under it, the results card of the ranked game: the solver's own line is par, exactly.
    expect(page.locator("#results")).to_have_attribute("data-ending", "won")
    expect(page.locator("#results-par")).to_have_text(f" par {today.pars['D1']}, ±0")
    expect(page.locator("#results-share")).to_contain_text(f"🎯 {len(line)} (±0)")
    assert page.locator("#results-share").inner_text().count("🟥") == 26
    assert player.errors == []


def test_replay_steps_forward_and_back_with_the_score_drawn(
    new_player: Callable[..., Player],
) -> None:
    deal = solved_deal()
    player = new_player()
    log = list(deal.line[:12])
    game_id = player.submit(deal.code, log)
    page = player.page
    page.goto(f"/replay/{game_id}/")
    table = Table(page)
    expect(page.locator("#stat-step")).to_have_text(f"0/{len(log)}")
    expect(page.locator("#score-chart polyline.line")).to_have_count(1)

    page.get_by_role("button", name="Step forward").click()
    expect(page.locator("#stat-step")).to_have_text(f"1/{len(log)}")
    expect(page.locator("#status")).to_contain_text(log[0])
    after_first = page.request.get(f"/api/games/{game_id}/state/?at=1").json()["state"]
    for number, cards in enumerate(after_first["tableau"], start=1):
        expect(table.column(number).locator("[data-card]")).to_have_count(len(cards))

    page.keyboard.press("End")
    actions = page.request.get(f"/api/games/{game_id}/actions/").json()["actions"]
    expect(page.locator("#stat-step")).to_have_text(f"{len(log)}/{len(log)}")
    expect(table.stat("score")).to_have_text(str(actions[-1]["score_after"]))
    page.keyboard.press("ArrowLeft")
    expect(page.locator("#stat-step")).to_have_text(f"{len(log) - 1}/{len(log)}")
    expect(table.stat("score")).to_have_text(str(actions[-2]["score_after"]))
    # The cards are not playable in a replay.
    expect(page.locator("#felt button[data-card]")).to_have_count(0)
    assert player.errors == []


def test_board_page_ranks_players_and_charts_the_field(new_player: Callable[..., Player]) -> None:
    deal = solved_deal()
    leader, chaser = new_player(), new_player()
    leader.submit(deal.code, list(deal.line[:120]))
    chaser.submit(deal.code, list(deal.line[:40]))
    page = chaser.page
    page.goto(f"/boards/{deal.code}/")
    rows = page.locator("#board-rows tr")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text(leader.username)
    expect(rows.nth(1)).to_contain_text(chaser.username)
    expect(page.locator("#board-rows tr.me")).to_contain_text(chaser.username)
    expect(page.locator("#field-chart rect.bar.me")).to_have_count(1)
    expect(page.locator("#field-chart text.me-label")).to_have_text("you")
    # Two players stand on two different counts of cards: two non-empty bars.
    heights = page.locator("#field-chart rect.bar").evaluate_all(
        "bars => bars.filter(b => parseFloat(b.getAttribute('height')) > 0).length"
    )
    assert heights == 2
    # The chart is drawn at its real width, and again when the window changes size.
    wide = page.locator("#field-chart svg").get_attribute("viewBox")
    page.set_viewport_size({"width": 390, "height": 844})
    expect(page.locator("#field-chart svg")).not_to_have_attribute("viewBox", wide)
    narrow = page.locator("#field-chart svg").get_attribute("viewBox")
    assert narrow and wide and int(narrow.split()[2]) < int(wide.split()[2])
    expect(page.locator("#field-chart rect.bar.me")).to_have_count(1)
    assert chaser.errors == []


def test_player_page_lists_games_and_charts_them(new_player: Callable[..., Player]) -> None:
    deal = solved_deal()
    player = new_player()
    player.submit(deal.code, list(deal.line[:30]))
    player.submit(deal.code, list(deal.line[:60]))
    page = player.page
    page.goto(f"/players/{player.username}/")
    expect(page.locator("#game-rows tr")).to_have_count(2)
    expect(page.locator("#recent-chart rect.bar")).to_have_count(2)
    expect(page.locator("#totals")).to_contain_text("Games")
    assert player.errors == []


def test_the_tap_to_a_column_switch_decides_whether_a_tap_may_go_to_a_column(
    new_player: Callable[..., Player],
) -> None:
    situation = tap_to_column()
    player = new_player()
    page = player.page
    table = Table.open_deal(page, situation.code)
    target = int(situation.token[1])

    page.get_by_label("Tap to a column").uncheck()
    table.card(situation.card).click()
    expect(table.status).to_have_attribute("data-kind", "error")
    expect(table.stat("actions")).to_have_text("0")

    page.get_by_label("Tap to a column").check()
    table.card(situation.card).click()
    expect(table.column(target).locator(f'[data-card="{situation.card}"]')).to_be_visible()
    expect(table.stat("actions")).to_have_text("1")
    assert player.errors == []


def test_someone_elses_game_is_shown_read_only_and_followed_live(
    new_player: Callable[..., Player],
) -> None:
    situation = tap_to_foundation()
    owner, visitor = new_player(), new_player()
    owner_table = Table.open_deal(owner.page, situation.code)
    page = visitor.page
    page.goto(f"/games/{owner_table.game_id}/")
    expect(page.locator("#status")).to_contain_text(f"{owner.username}'s game")
    expect(page.locator("#tableau [data-card]").first).to_be_visible()
    expect(page.locator("#felt button[data-card]")).to_have_count(0)
    expect(page.get_by_role("button", name="Undo")).to_be_disabled()
    # The visitor follows the owner's moves live, over the game's WebSocket.
    watched = Table(page)
    owner_table.card(situation.card).click()
    expect(owner_table.stat("score")).to_have_text("5")
    home = watched.foundation(situation.card[1]).locator(f'[data-card="{situation.card}"]')
    expect(home).to_be_visible(timeout=3_000)
    expect(watched.stat("score")).to_have_text("5")
    assert visitor.errors == []


def test_reopening_a_deal_resumes_the_unfinished_game(new_player: Callable[..., Player]) -> None:
    situation = tap_to_foundation()
    player = new_player()
    first = Table.open_deal(player.page, situation.code)
    first.card(situation.card).click()
    expect(first.stat("actions")).to_have_text("1")
    again = Table.open_deal(player.page, situation.code)
    assert again.game_id == first.game_id
    expect(again.stat("actions")).to_have_text("1")


@pytest.mark.parametrize(
    "viewport", [(1280, 800), (390, 844), (960, 800)], ids=["desktop", "phone", "narrow"]
)
def test_the_live_panel_shows_whole_names_and_the_won_badge(
    new_player: Callable[..., Player], viewport: tuple[int, int]
) -> None:
    deal = solved_deal()
    rival = new_player(sign_up=False)
    long_name = f"{rival.username}_plays_canfield_daily"
    response = rival.page.context.request.post(
        "/api/players/",
        data={"username": long_name, "password": "correct horse 42", "session": True},
    )
    assert response.status == 201, response.text()
    rival.submit(deal.code, list(deal.line))  # won
    player = new_player(viewport=viewport)
    game_id = player.submit(deal.code, list(deal.line[:10]))
    page = player.page
    page.goto(f"/games/{game_id}/")
    rows = page.locator("#live-entries li")
    expect(rows).to_have_count(2)
    expect(rows.first.locator(".won-badge")).to_have_text("won")
    page.locator("#live-title").scroll_into_view_if_needed()
    page.screenshot(path=artifact_path(f"live-panel-{viewport[0]}.png"), full_page=True)
    clipped = rows.evaluate_all(
        """rows => rows.flatMap(li => {
            const box = li.getBoundingClientRect();
            return [...li.querySelectorAll('*')].filter(n => {
                const r = n.getBoundingClientRect();
                return n.scrollWidth > n.clientWidth + 1 || r.left < box.left - 1
                    || r.right > box.right + 1;
            }).map(n => `${n.className || n.tagName}: ${n.textContent}`);
        })"""
    )
    assert clipped == [], "nothing in a row is cut off or spills out of it"
    panel = page.locator(".live-board").bounding_box()
    row = rows.first.bounding_box()
    assert panel and row and row["x"] + row["width"] <= panel["x"] + panel["width"]
    expect(rows.first.locator("a")).to_have_text(long_name)
    assert player.errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_stepping_a_replay_keeps_the_board_in_view(
    new_player: Callable[..., Player], phone: bool
) -> None:
    """Each step marks its action in the list, scrolling the list alone, never the page."""
    deal = solved_deal()
    player = new_player(viewport=(390, 844) if phone else (1280, 800), touch=phone)
    log = list(deal.line[:60])
    game_id = player.submit(deal.code, log)
    page = player.page
    page.goto(f"/replay/{game_id}/")
    expect(page.locator("#stat-step")).to_have_text(f"0/{len(log)}")
    forward = page.get_by_role("button", name="Step forward")

    def felt_top() -> float:
        box = page.locator("#felt").bounding_box()
        assert box is not None
        return box["y"]

    top = felt_top()
    for step in range(1, 6):
        (forward.tap if phone else forward.click)()
        expect(page.locator("#stat-step")).to_have_text(f"{step}/{len(log)}")
    page.keyboard.press("End")
    expect(page.locator("#stat-step")).to_have_text(f"{len(log)}/{len(log)}")
    page.wait_for_timeout(300)
    assert page.evaluate("() => window.scrollY") == 0
    assert felt_top() == top
    # The list has followed: the current action is within its scrolled box.
    current = page.locator('#action-list [aria-current="step"]').bounding_box()
    box = page.locator("#action-list").bounding_box()
    assert current and box and box["y"] <= current["y"] <= box["y"] + box["height"]
    assert player.errors == []


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_a_sealed_ranked_table_fits_with_its_note_and_a_long_column(
    today: dailies.Day, new_player: Callable[..., Player], viewport: tuple[int, int]
) -> None:
    """The ranked game's note above the felt takes height too: the cards make room for it."""
    position = longest_column_along(today.codes["D1"], today.lines["D1"], 10)
    if position.cards < 5:  # today's line sends its cards home: find a long column elsewhere
        position = long_column_by_search(today.codes["D1"], 5)
    assert position.cards >= 5
    player = new_player(viewport=viewport, touch=viewport[0] < 500)
    game_id = _play_ranked(player, "D1", list(position.log))
    page = player.page
    page.goto(f"/games/{game_id}/")
    table = Table(page)
    expect(page.locator("#ranked-note")).to_be_visible()
    expect(table.stat("actions")).to_have_text(str(len(position.log)))
    table.settle()
    page.screenshot(path=artifact_path(f"fit-sealed-{viewport[0]}.png"))
    longest = max(range(1, 5), key=lambda n: len(table.column_cards(n)))
    for locator in (table.column(longest), page.locator("#undo-button")):
        box = locator.bounding_box()
        assert box and box["y"] >= 0 and box["y"] + box["height"] <= viewport[1], box
    card = table.column(longest).locator("[data-card]").first.bounding_box()
    assert card and card["width"] >= 40
    assert player.errors == []
