"""The sealed daily boards in a real Chromium: home, the ranked table, the board pages while
sealed and once closed, the solver's line, the archive, and the server's tied ranks."""

from __future__ import annotations

import re
from collections.abc import Callable
from datetime import timedelta

import pytest
import time_machine
from playwright.sync_api import Page, expect

from games.daily.lines import line_states
from tests.conftest import Player as ApiPlayer
from tests.support.browser import artifact_path
from tests.web import dailies
from tests.web.conftest import Player
from tests.web.situations import solved_deal
from tests.web.table_page import GAME_URL, Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

CLOCK = re.compile(r"^\d\d:[0-5]\d:[0-5]\d$")


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    """Today's two deals, chosen in this process before the browser starts (same secret as
    the server): the test knows the codes the pages must never show."""
    return dailies.today()


@pytest.fixture
def closed(server_url: str, make_player: Callable[..., ApiPlayer]) -> dailies.Day:
    return dailies.closed_day(make_player)


def _assert_no_code(page: Page, day: dailies.Day) -> None:
    html, text = page.content(), page.locator("body").inner_text()
    for code in day.codes.values():
        assert code not in html and code not in text
        assert code.lower() not in html.lower()


def test_home_shows_the_two_sealed_boards_without_their_codes(
    today: dailies.Day, new_player: Callable[..., Player]
) -> None:
    visitor = new_player(sign_up=False)
    page = visitor.page
    page.goto("/")
    for mode, draw in (("D3", 3), ("D1", 1)):
        panel = page.locator(f'.daily-deal[data-mode="{mode}"]')
        link = panel.locator("[data-board]")
        expect(link).to_have_text(today.board(mode))
        expect(link).to_have_attribute("href", f"/boards/{today.board(mode)}/")
        expect(panel.locator("[data-par]")).to_have_text(f"· par {today.pars[mode]} moves")
        expect(panel.locator("[data-players]")).to_have_text("· 0 players")
        expect(
            panel.get_by_text(f"Sign in to play your ranked game of draw {draw}.")
        ).to_be_visible()
    expect(page.locator("#daily-countdown")).to_have_text(CLOCK)
    # Fixed in advance: today's and tomorrow's commitments, four fingerprints, no code.
    commitments = page.locator("#daily-commitments")
    commitments.locator("summary").click()
    expect(commitments.locator(".commitment")).to_have_count(4)
    for hashed in commitments.locator(".hash").all_inner_texts():
        assert re.fullmatch(r"[0-9a-f]{64}", hashed)
    _assert_no_code(page, today)
    page.screenshot(path=artifact_path("home-desktop.png"), full_page=True)
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    page.screenshot(path=artifact_path("home-phone.png"), full_page=True)
    # Play, signed out: the sign-in dialog, not a game.
    page.get_by_role("button", name="Play draw 1").click()
    expect(page.locator("#account-dialog")).to_be_visible()
    expect(page.locator("#account-dialog .form-error")).to_contain_text("ranked")
    assert visitor.errors == []


def test_play_starts_the_ranked_game_sealed_and_a_second_play_resumes_it(
    today: dailies.Day, new_player: Callable[..., Player]
) -> None:
    player = new_player()
    page = player.page
    page.goto("/")
    page.get_by_role("button", name="Play draw 3").click()
    expect(page).to_have_url(GAME_URL)
    table = Table(page)
    game = table.server_game()
    assert game["board"] == today.board("D3") and game["code"] is None and game["sealed"]

    # Said and counted down; no Hint button; the bar names the board, not a code.
    note = page.locator("#ranked-note")
    expect(note).to_contain_text(f"Your ranked game of {today.day.isoformat()}, draw 3")
    countdown = page.locator("#countdown")
    expect(countdown).to_have_text(CLOCK)
    first = countdown.inner_text()
    expect(countdown).not_to_have_text(first, timeout=3_000)  # it ticks
    expect(page.get_by_role("button", name="Hint")).to_have_count(0)
    expect(page.locator("#game-code")).to_have_text(f"daily {today.day.isoformat()}, draw 3")

    # Face-down cards are backs: none of them is named anywhere on the felt.
    expect(table.column(1).locator("[data-card]").first).to_be_visible()
    state = game["state"]
    expect(page.locator("#reserve-count")).to_have_text(str(len(state["reserve"])))
    expect(table.card(state["reserve"][-1])).to_be_visible()
    expect(page.locator("#stock-card.back")).to_be_visible()
    hidden = dailies.face_down_cards(today.codes["D3"])
    shown = page.locator("#felt [data-card]").evaluate_all("ns => ns.map(n => n.dataset.card)")
    assert shown and not set(shown) & set(hidden)
    labels = page.locator("#felt .card:not(.empty)[aria-label]").evaluate_all(
        "ns => ns.map(n => n.getAttribute('aria-label'))"
    )
    names = [_card_name(card) for card in hidden]
    assert labels and not [label for label in labels if any(n in label for n in names)]
    _assert_no_code(page, today)
    page.screenshot(path=artifact_path("sealed-table-desktop.png"), full_page=True)

    # The first action puts the game on the board; the home page then offers to resume it.
    page.locator("#stock-card").click()
    expect(table.stat("actions")).to_have_text("1")
    expect(page.locator("#live-entries li", has_text=player.username)).to_be_visible()
    page.goto("/")
    panel = page.locator('.daily-deal[data-mode="D3"]')
    expect(panel.locator("[data-entries] li", has_text=player.username)).to_be_visible()
    expect(panel.locator("[data-players]")).to_have_text("· 1 player")
    panel.get_by_role("button", name="Resume draw 3").click()
    expect(page).to_have_url(re.compile(rf"/games/{game['id']}/$"))
    expect(table.stat("actions")).to_have_text("1")
    assert player.errors == []


def test_the_sealed_table_on_a_phone_and_practice_once_it_is_over(
    today: dailies.Day, new_player: Callable[..., Player]
) -> None:
    player = new_player(viewport=(390, 844), touch=True)
    page = player.page
    game = player.post("/api/games/", {"daily": "D1"})
    player.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})  # something to resign
    page.goto(f"/games/{game['id']}/")
    table = Table(page)
    expect(table.column(1).locator("[data-card]").first).to_be_visible()
    expect(page.locator("#countdown")).to_have_text(CLOCK)
    expect(page.locator("#practice")).to_be_hidden()
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the sealed table overflows a phone: {width}px"
    page.screenshot(path=artifact_path("sealed-table-phone.png"), full_page=True)

    page.get_by_role("button", name="Resign").click()
    page.get_by_role("button", name="Confirm resign").click()
    practice = page.locator("#practice")
    expect(practice).to_be_visible()
    expect(practice.get_by_role("link", name="A past daily deal (the archive)")).to_have_attribute(
        "href", "/daily/"
    )
    practice.get_by_role("button", name="A random deal").click()
    expect(page).not_to_have_url(re.compile(rf"/games/{game['id']}/$"))
    expect(page).to_have_url(GAME_URL)
    expect(page.locator("#game-code")).to_have_text(re.compile(r"^CF1-D1-[A-Z]{7}$"))
    expect(page.locator("#ranked-note")).to_be_hidden()
    expect(page.get_by_role("button", name="Hint", exact=True)).to_be_visible()
    assert player.errors == []


def test_a_sealed_board_page_shows_no_code_and_no_game_links(
    today: dailies.Day, new_player: Callable[..., Player]
) -> None:
    ranked, visitor = new_player(), new_player()
    game = ranked.post("/api/games/", {"daily": "D3"})
    ranked.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})
    page = visitor.page
    page.goto(f"/boards/{today.board('D3')}/")
    rows = page.locator("#board-rows tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_contain_text(ranked.username)
    expect(page.locator("#daily-state")).to_contain_text("Sealed")
    expect(page.locator("#countdown")).to_have_text(CLOCK)
    expect(page.locator("#board-par")).to_contain_text(f"par {today.pars['D3']} moves")
    expect(page.locator('main a[href^="/replay/"], main a[href^="/games/"]')).to_have_count(0)
    expect(page.locator("#board-play")).to_have_count(0)
    _assert_no_code(page, today)
    assert visitor.errors == []


def test_the_player_page_shows_a_sealed_game_to_its_owner_without_its_code(
    today: dailies.Day, new_player: Callable[..., Player]
) -> None:
    owner, visitor = new_player(), new_player()
    ranked = owner.post("/api/games/", {"daily": "D3"})
    owner.post(f"/api/games/{ranked['id']}/actions/", {"action": "draw"})
    deal = solved_deal()
    owner.submit(deal.code, list(deal.line[:10]))
    page = owner.page
    page.goto(f"/players/{owner.username}/")
    rows = page.locator("#game-rows tr")
    expect(rows).to_have_count(2)
    sealed = rows.filter(has_text="ranked daily")
    expect(sealed).to_contain_text(f"ranked daily {today.day.isoformat()}, draw 3 (sealed)")
    board_link = sealed.locator(f'a[href="/boards/{today.board("D3")}/"]')
    expect(board_link).to_have_text(f"ranked daily {today.day.isoformat()}, draw 3 (sealed)")
    expect(sealed.get_by_role("link", name="replay")).to_have_count(0)
    expect(rows.filter(has_text=deal.code)).to_have_count(1)
    _assert_no_code(page, today)
    # Anyone else sees the open game only: a sealed game is its owner's alone.
    visitor.page.goto(f"/players/{owner.username}/")
    expect(visitor.page.locator("#game-rows tr")).to_have_count(1)
    expect(visitor.page.locator("#game-rows")).to_contain_text(deal.code)
    assert owner.errors == [] and visitor.errors == []


def test_a_closed_days_board_shows_its_code_par_and_the_solvers_line(
    closed: dailies.Day, new_player: Callable[..., Player]
) -> None:
    visitor = new_player(sign_up=False)
    page = visitor.page
    code, line = closed.codes["D3"], closed.lines["D3"]
    page.goto(f"/boards/{closed.board('D3')}/")
    expect(page.locator("#board-code")).to_have_text(code)
    expect(page.locator("#board-par")).to_contain_text(f"par {closed.pars['D3']} moves")
    expect(page.locator("#board-par")).to_contain_text(
        f"knowing every card: {len(line)} actions; seeing only the table:"
    )
    expect(page.locator("#board-play")).to_have_attribute("href", f"/play/{code}/")
    rows = page.locator("#board-rows tr")
    expect(rows).to_have_count(2)
    # 12 moves of the line beat 5 when they put more cards home; level on cards, 5 actions win.
    home = [
        sum(len(pile) for pile in line_states(code, line[:count])[-1]["foundations"].values())
        for count in (12, 5)
    ]
    first = closed.players["D3"][0 if home[0] > home[1] else 1]
    expect(rows.nth(0)).to_contain_text(first)
    expect(page.locator('#board-rows a[href^="/replay/"]')).to_have_count(2)  # games public now

    page.get_by_role("link", name="The solver's winning line").click()
    expect(page).to_have_url(f"/daily/{closed.day.isoformat()}/D3/line/")
    expect(page.locator("#line-code")).to_have_text(code)
    moves = page.locator("#line-moves li")
    expect(moves).to_have_count(len(line))
    assert moves.all_inner_texts() == line
    expect(page.locator("#line-play")).to_have_attribute("href", f"/play/{code}/")
    # Stepped through on the felt: the positions are the engine's along the line.
    table = Table(page)
    expect(page.locator("#stat-step")).to_have_text(f"0/{len(line)}")
    page.get_by_role("button", name="Step forward").click()
    expect(page.locator("#stat-step")).to_have_text(f"1/{len(line)}")
    page.screenshot(path=artifact_path("line-desktop.png"))
    after_first = line_states(code, line[:1])[-1]
    for number, cards in enumerate(after_first["tableau"], start=1):
        expect(table.column(number).locator("[data-card]")).to_have_count(len(cards))
    page.get_by_role("button", name="Last position").click()
    expect(table.stat("cards")).to_have_text("52")
    expect(page.locator("#felt button[data-card]")).to_have_count(0)  # nothing to play here
    assert visitor.errors == []


def test_the_archive_lists_the_closed_day_with_both_boards(
    closed: dailies.Day, new_player: Callable[..., Player]
) -> None:
    visitor = new_player(sign_up=False)
    page = visitor.page
    page.goto("/daily/")
    day = page.locator(f'.archive-day[data-date="{closed.day.isoformat()}"]')
    expect(day).to_be_visible()
    for mode in ("D3", "D1"):
        board = day.locator(f'.archive-board[data-mode="{mode}"]')
        expect(board).to_contain_text(closed.codes[mode])
        expect(board).to_contain_text(f"par {closed.pars[mode]}")
        expect(board.locator(".table-par")).to_contain_text("seeing only the table")
        players = len(closed.players.get(mode, []))
        expect(board).to_contain_text(f"{players} player")
        expect(board.get_by_role("link", name="final board")).to_have_attribute(
            "href", f"/boards/{closed.board(mode)}/"
        )
        # The commitment shown before the day, checked here against the code and salt.
        proof = board.locator(".proof")
        proof.locator("summary").click()
        expect(proof.locator(".verdict")).to_have_text("checks out")
        expect(proof).to_contain_text(f"printf '%s\\n%s' {closed.codes[mode]} ")
    expect(page.locator("#archive-older")).to_be_hidden()  # one day: one page
    page.set_viewport_size({"width": 390, "height": 844})
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert visitor.errors == []


@pytest.fixture
def tied_board(server_url: str, make_player: Callable[..., ApiPlayer]) -> tuple[str, list[str]]:
    """Four entries on one deal made at one frozen instant: the 2nd and 3rd play the same
    log, so they are equal on everything that ranks (cards, actions, time, reached_at)."""
    from django.utils import timezone

    from games.services.submissions import submission_create

    deal = solved_deal()
    names = []
    with time_machine.travel(timezone.now() - timedelta(minutes=5), tick=False):
        for moves in (60, 40, 40, 20):
            player = make_player()
            submission_create(player=player.user, code=deal.code, actions=list(deal.line[:moves]))
            names.append(player.user.username)
    return deal.code, names


def test_players_level_on_a_board_share_the_servers_rank(
    tied_board: tuple[str, list[str]], new_player: Callable[..., Player]
) -> None:
    code, names = tied_board
    viewer = new_player()
    page = viewer.page
    page.goto(f"/boards/{code}/")
    expect(page.locator("#live-state")).to_have_attribute("data-state", "live")
    expect(page.locator("#board-rows tr")).to_have_count(4)
    expect(page.locator("#board-rows tr td:first-child")).to_have_text(["1", "2", "2", "4"])
    expect(page.locator("#board-rows tr").first).to_contain_text(names[0])
    # The table's live side panel shows the same ranks.
    Table.open_deal(page, code)
    expect(page.locator("#live-entries li .rank")).to_have_text(["1", "2", "2", "4"])
    assert viewer.errors == []


RANK_NAMES = {"A": "ace", "T": "10", "J": "jack", "Q": "queen", "K": "king"}
SUIT_NAMES = {"C": "clubs", "D": "diamonds", "H": "hearts", "S": "spades"}


def _card_name(card: str) -> str:
    """A card as the page names it for a screen reader (cards.js cardName)."""
    return f"{RANK_NAMES.get(card[0], card[0])} of {SUIT_NAMES[card[1]]}"
