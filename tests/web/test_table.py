"""The table in a real Chromium against the real server: every gesture goes to the server
(over the game's socket, ``test_socket_moves.py``; REST while it is down) and the screen must
then show the server's state."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from engine.cards import RANK_SHORT, RANK_WORDS, RANKS
from tests.support.browser import artifact_path
from tests.support.quiet import InFlight
from tests.web.conftest import Player
from tests.web.game_sockets import RoutedGameSockets
from tests.web.situations import block_move, long_column, tap_to_foundation
from tests.web.table_page import GAME_URL, Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


def test_sign_up_in_the_page_then_play_todays_deal(new_player: Callable[..., Player]) -> None:
    player = new_player(sign_up=False)
    page = player.page
    page.goto("/")
    page.locator("#signup-button").click()
    dialog = page.locator("#account-dialog")
    dialog.get_by_label("Username").fill(player.username)
    dialog.get_by_label("Password").fill("correct horse 42")
    dialog.get_by_role("button", name="Create account").click()
    expect(page.locator("#account-name")).to_have_text(player.username)

    board = page.request.get("/api/daily/").json()["boards"]["D3"]["board"]
    expect(page.locator('[data-mode="D3"] [data-board]')).to_have_text(board)
    page.get_by_role("button", name="Play draw 3").click()
    expect(page).to_have_url(GAME_URL)
    table = Table(page)
    game = table.server_game()
    assert game["board"] == board and game["code"] is None  # today's ranked deal, sealed
    expect(page.locator("#game-code")).to_have_text(re.compile(r"^daily \d{4}-\d\d-\d\d, draw 3$"))
    state = game["state"]
    expect(page.locator("#reserve-count")).to_have_text(str(len(state["reserve"])))
    expect(table.card(state["reserve"][-1])).to_be_visible()
    expect(
        table.foundation(state["base"][1]).locator(f'[data-card="{state["base"]}"]')
    ).to_be_visible()
    table.expect_matches_server()
    # Empty foundations show the starting rank (the base card's rank) of their suit: its
    # short form on the slot, its word in the label ("the 7 of clubs", "the ace of clubs").
    start = RANKS.index(state["base"][0])
    for suit, pile in state["foundations"].items():
        if not pile:
            label = table.foundation(suit).locator(".card.empty").get_attribute("aria-label")
            assert label and f"starts with the {RANK_WORDS[start]}" in label
            expect(table.foundation(suit)).to_contain_text(RANK_SHORT[start])
    assert player.errors == []


def test_tap_sends_a_card_home_then_drag_takes_it_back(new_player: Callable[..., Player]) -> None:
    situation = tap_to_foundation()
    player = new_player()
    table = Table.open_deal(player.page, situation.code)
    suit = situation.card[1]

    table.card(situation.card).click()
    expect(table.foundation(suit).locator(f'[data-card="{situation.card}"]')).to_be_visible()
    expect(table.stat("score")).to_have_text("5")
    expect(table.stat("actions")).to_have_text("1")

    # A take-back keeps the points already scored.
    table.drag(table.foundation(suit).locator("[data-card]"), table.column(situation.column))
    expect(
        table.column(situation.column).locator(f'[data-card="{situation.card}"]')
    ).to_be_visible()
    expect(table.stat("actions")).to_have_text("2")
    expect(table.stat("score")).to_have_text("5")
    assert [a["token"] for a in _log(table)] == [situation.token, situation.take_back]
    table.expect_matches_server()
    assert player.errors == []


def _log(table: Table) -> list[dict]:
    return table.page.request.get(f"/api/games/{table.game_id}/actions/").json()["actions"]


def test_draw_then_undo(new_player: Callable[..., Player]) -> None:
    situation = block_move()
    player = new_player()
    table = Table.open_deal(player.page, situation.code)
    stock = table.server_game()["state"]["stock"]

    player.page.locator("#stock-card").click()
    expect(player.page.locator("#waste [data-card]")).to_have_count(3)
    assert table.waste_cards() == list(reversed(stock[-3:]))
    # Fanned three, but only the top one is playable.
    expect(player.page.locator("#waste button[data-card]")).to_have_count(1)
    expect(player.page.locator("#waste button[data-card]")).to_have_attribute(
        "data-card", stock[-3]
    )
    expect(table.stat("actions")).to_have_text("1")

    player.page.get_by_role("button", name="Undo").click()
    expect(player.page.locator("#waste [data-card]")).to_have_count(0)
    expect(table.stat("actions")).to_have_text("2")  # an undo is one more action: it ranks
    assert [a["token"] for a in _log(table)] == ["draw", "undo"]
    assert player.errors == []


def test_tapping_the_spent_stock_recycles_the_waste(new_player: Callable[..., Player]) -> None:
    situation = block_move()
    player = new_player()
    page = player.page
    table = Table.open_deal(page, situation.code)
    stock = len(table.server_game()["state"]["stock"])
    draws = -(-stock // 3)
    for done in range(1, draws + 1):
        page.locator("#stock-card").click()
        expect(table.stat("actions")).to_have_text(str(done))
    expect(page.locator("#stock-card")).to_have_accessible_name("Stock empty: recycle the waste")
    page.locator("#stock-card").click()
    expect(page.locator("#waste [data-card]")).to_have_count(0)
    assert _log(table)[-1]["token"] == "recycle"
    assert player.errors == []


def test_drag_a_block_and_see_a_refused_drop_snap_back(new_player: Callable[..., Player]) -> None:
    situation = block_move()
    player = new_player()
    table = Table.open_deal(player.page, situation.code)

    # Refused: the card stays home and the server's reason is shown.
    source, target = (int(c) for c in situation.rejected)
    moved = table.column_cards(source)[-1]
    table.drag(table.card(moved), table.column(target))
    expect(table.status).to_contain_text(situation.reason.split(": ", 1)[-1])
    expect(table.column(source).locator(f'[data-card="{moved}"]')).to_be_visible()
    expect(table.stat("actions")).to_have_text("0")

    # A single card, then the block it makes possible.
    first_source, first_target = (int(c) for c in situation.first)

    def only_legal_places_light_up() -> None:
        expect(table.column(first_target)).to_have_class(re.compile(r"\bdrop-ok\b"))
        expect(table.column(first_target)).to_have_class(re.compile(r"\bdrop-hover\b"))
        lit = table.page.locator("#felt .drop-ok")
        targets = [f"{first_source}{k}" for k in range(1, 5)] + [f"{first_source}F"]
        expect(lit).to_have_count(sum(1 for token in targets if token in legal))

    legal = table.server_game()["legal_moves"]
    table.drag(
        table.card(table.column_cards(first_source)[-1]),
        table.column(first_target),
        while_over=only_legal_places_light_up,
    )
    expect(table.page.locator("#felt .drop-ok")).to_have_count(0)
    expect(table.stat("actions")).to_have_text("1")
    block_source, block_target = int(situation.block[0]), int(situation.block[1])
    table.drag(table.card(situation.block_cards[0]), table.column(block_target))
    expect(table.stat("actions")).to_have_text("2")
    assert table.column_cards(block_target)[-len(situation.block_cards) :] == list(
        situation.block_cards
    )
    assert situation.block_cards[0] not in table.column_cards(block_source)
    assert [a["token"] for a in _log(table)] == [situation.first, situation.block]
    table.expect_matches_server()
    assert player.errors == []


def test_keyboard_box_plays_tokens_and_taps(new_player: Callable[..., Player]) -> None:
    situation = tap_to_foundation()
    player = new_player()
    page = player.page
    table = Table.open_deal(page, situation.code)
    box = page.get_by_label("Move", exact=True)
    box.fill("draw")
    box.press("Enter")
    expect(table.stat("actions")).to_have_text("1")
    box.fill(situation.card.lower())
    box.press("Enter")
    expect(
        table.foundation(situation.card[1]).locator(f'[data-card="{situation.card}"]')
    ).to_be_visible()
    box.fill("24x9")
    box.press("Enter")
    expect(table.status).not_to_be_empty()
    expect(table.stat("actions")).to_have_text("2")
    assert player.errors == []


def test_a_finger_tap_on_a_phone_plays_the_card(new_player: Callable[..., Player]) -> None:
    situation = tap_to_foundation()
    player = new_player(viewport=(390, 844), touch=True)
    table = Table.open_deal(player.page, situation.code)
    table.card(situation.card).tap()
    expect(
        table.foundation(situation.card[1]).locator(f'[data-card="{situation.card}"]')
    ).to_be_visible()
    expect(table.stat("score")).to_have_text("5")
    player.page.locator("#stock-card").tap()
    expect(table.stat("actions")).to_have_text("2")
    assert player.errors == []


def test_a_finger_drags_a_block_on_a_phone(new_player: Callable[..., Player]) -> None:
    situation = block_move()
    player = new_player(viewport=(390, 844), touch=True)
    table = Table.open_deal(player.page, situation.code)
    first_source, first_target = (int(c) for c in situation.first)
    table.finger_drag(table.card(table.column_cards(first_source)[-1]), table.column(first_target))
    expect(table.stat("actions")).to_have_text("1")
    table.finger_drag(table.card(situation.block_cards[0]), table.column(int(situation.block[1])))
    expect(table.stat("actions")).to_have_text("2")
    assert [a["token"] for a in _log(table)] == [situation.first, situation.block]
    assert player.errors == []


def test_enter_on_a_focused_card_taps_it(new_player: Callable[..., Player]) -> None:
    situation = tap_to_foundation()
    player = new_player()
    table = Table.open_deal(player.page, situation.code)
    table.card(situation.card).focus()
    player.page.keyboard.press("Enter")
    expect(
        table.foundation(situation.card[1]).locator(f'[data-card="{situation.card}"]')
    ).to_be_visible()
    expect(table.stat("score")).to_have_text("5")


@pytest.mark.parametrize(("name", "viewport"), [("desktop", (1280, 800)), ("phone", (390, 844))])
def test_table_layout_fits_and_is_readable(
    new_player: Callable[..., Player], name: str, viewport: tuple[int, int]
) -> None:
    """Screenshots for humans (tests/artifacts/), plus the layout facts that must hold."""
    situation = block_move()
    player = new_player(viewport=viewport)
    page = player.page
    table = Table.open_deal(page, situation.code)
    page.locator("#stock-card").click()
    expect(table.stat("actions")).to_have_text("1")
    table.settle()  # the slide animation ends before the picture
    page.screenshot(path=artifact_path(f"table-{name}.png"), full_page=True)

    width = page.evaluate("document.documentElement.scrollWidth")
    too_wide = page.evaluate(
        """limit => [...document.querySelectorAll('body *')]
            .filter(n => n.getBoundingClientRect().right > limit)
            .map(n => `${n.tagName}#${n.id}.${n.className} ${n.getBoundingClientRect().right}`)""",
        viewport[0],
    )
    assert width <= viewport[0], f"sideways scroll at {name} size ({width}px): {too_wide[:8]}"
    for number in range(1, 5):
        box = table.column(number).bounding_box()
        assert box and box["x"] >= 0 and box["x"] + box["width"] <= viewport[0]
    card_box = table.column(1).locator("[data-card]").first.bounding_box()
    assert card_box and card_box["width"] >= 40, "cards must stay readable on a phone"
    rank_size = page.locator("#tableau .card .corner").first.evaluate(
        "node => parseFloat(getComputedStyle(node).fontSize)"
    )
    assert rank_size >= 14
    red = page.locator("#felt .card.red").first.evaluate("n => getComputedStyle(n).color")
    black = page.locator("#felt .card.black").first.evaluate("n => getComputedStyle(n).color")
    assert red != black and re.match(r"rgb\((\d+)", red) and int(red[4:].split(",")[0]) > 150
    assert player.errors == []
    nameless = page.locator("main button, #felt [role=img]").evaluate_all(
        "nodes => nodes.filter(n => !(n.getAttribute('aria-label') || n.textContent.trim()))"
        ".map(n => n.outerHTML.slice(0, 80))"
    )
    assert nameless == [], "every control and card has an accessible name"


@pytest.mark.parametrize("touch", [True, False], ids=["phone-finger", "desktop-mouse"])
def test_the_first_tap_after_a_drag_is_played(
    new_player: Callable[..., Player], touch: bool
) -> None:
    """A finger drag ends with no click: the tap after it must not be swallowed."""
    situation = block_move()
    player = new_player(viewport=(390, 844) if touch else (1280, 800), touch=touch)
    table = Table.open_deal(player.page, situation.code)
    first_source, first_target = (int(c) for c in situation.first)
    gesture = table.finger_drag if touch else table.drag
    gesture(table.card(table.column_cards(first_source)[-1]), table.column(first_target))
    expect(table.stat("actions")).to_have_text("1")
    stock = player.page.locator("#stock-card")
    tap = stock.tap if touch else stock.click
    tap()
    expect(table.stat("actions")).to_have_text("2")
    # A drag that goes nowhere (it slides back) swallows no tap either.
    gesture(table.card(table.column_cards(first_target)[-1]), player.page.locator("#base-hint"))
    expect(player.page.locator(".drag-ghost")).to_have_count(0)
    tap()
    expect(table.stat("actions")).to_have_text("3")
    assert [a["token"] for a in _log(table)] == [situation.first, "draw", "draw"]
    assert player.errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_double_click_plays_one_move_and_reports_no_error(
    new_player: Callable[..., Player], phone: bool
) -> None:
    """The second click of a double click (or a quick second tap) is no tap of its own: its card
    has gone home with the first, and the click lands on a stale or different place."""
    situation = tap_to_foundation()
    player = new_player(viewport=(390, 844) if phone else (1280, 800), touch=phone)
    page = player.page
    table = Table.open_deal(page, situation.code)
    card = table.card(situation.card)
    requests = InFlight(page)
    if phone:
        box = card.bounding_box()
        assert box
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + 10)
        page.touchscreen.tap(box["x"] + box["width"] / 2, box["y"] + 10)
    else:
        card.dblclick()
    home = table.foundation(situation.card[1]).locator(f'[data-card="{situation.card}"]')
    expect(home).to_be_visible()
    expect(table.stat("actions")).to_have_text("1")
    requests.quiet()  # a second request, had one been sent, has come back
    expect(table.status).not_to_have_attribute("data-kind", "error")
    expect(table.stat("actions")).to_have_text("1")
    assert [a["token"] for a in _log(table)] == [situation.token]
    assert player.errors == []


def _focused(page: Page) -> str:
    return page.evaluate(
        "() => { const n = document.activeElement;"
        " return n ? (n.dataset.card || n.id || n.dataset.token || n.tagName) : ''; }"
    )


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_focus_stays_on_what_acted_after_a_move(
    new_player: Callable[..., Player], viewport: tuple[int, int]
) -> None:
    """A keyboard player's focus is not thrown back to the page by the redraw after a move."""
    situation = tap_to_foundation()
    player = new_player(viewport=viewport)
    page = player.page
    table = Table.open_deal(page, situation.code)
    table.card(situation.card).focus()
    page.keyboard.press("Enter")
    expect(table.stat("actions")).to_have_text("1")
    assert _focused(page) == situation.card  # the card, on its foundation now
    page.locator("#stock-card").focus()
    page.keyboard.press("Enter")
    expect(table.stat("actions")).to_have_text("2")
    assert _focused(page) == "stock-card"
    page.keyboard.press("Enter")  # still there: a second draw
    expect(table.stat("actions")).to_have_text("3")
    assert _focused(page) == "stock-card"
    undo = page.get_by_role("button", name="Undo")
    undo.focus()
    page.keyboard.press("Enter")
    expect(table.stat("actions")).to_have_text("4")  # an undo is an action too: it ranks
    assert _focused(page) == "undo-button"
    chip = page.locator('#legal-moves [data-token="draw"]')
    chip.focus()
    page.keyboard.press("Enter")
    expect(table.stat("actions")).to_have_text("5")
    assert _focused(page) == "draw"  # the redrawn chip of the same move
    assert player.errors == []


@pytest.mark.parametrize("phone", [False, True], ids=["desktop", "phone"])
def test_a_pending_move_shows_and_taps_meanwhile_are_neither_lost_nor_doubled(
    new_player: Callable[..., Player], phone: bool
) -> None:
    situation = tap_to_foundation()
    player = new_player(viewport=(390, 844) if phone else (1280, 800), touch=phone)
    page = player.page
    sockets = RoutedGameSockets(page)  # the moves, held back until the test lets them go
    table = Table.open_deal(page, situation.code)
    sockets.wait_until_open()
    sockets.hold = True
    requests = InFlight(page)
    press = (lambda node: node.tap()) if phone else (lambda node: node.click())
    press(page.locator("#stock-card"))
    sockets.wait_for_move()
    pending = page.locator("#pending")
    expect(pending).to_be_visible()
    expect(pending).to_have_text(re.compile("Sending"))
    expect(page.locator("#felt")).to_have_attribute("aria-busy", "true")
    # Taps meanwhile wait their turn: the card's (twice: the second finds it gone home).
    press(table.card(situation.card))
    requests.quiet(held=1)
    press(table.card(situation.card))
    requests.quiet(held=1)
    assert sockets.seqs() == [1], "one move at a time, each with the seq after the last"
    sockets.hold = False
    sockets.release()
    sockets.wait_for_move(len(sockets.moves) + 1)
    expect(table.stat("actions")).to_have_text("2")
    expect(pending).to_be_hidden()
    expect(page.locator("#felt")).not_to_have_attribute("aria-busy", "true")
    requests.quiet()
    assert sockets.seqs() == [1, 2]
    expect(table.status).not_to_have_attribute("data-kind", "error")
    assert [a["token"] for a in _log(table)] == ["draw", situation.token]
    assert player.errors == []


FITS = {
    "phone-portrait": (390, 844),
    "phone-landscape": (844, 390),
    "tablet": (768, 1024),
    "desktop": (1280, 800),
    "laptop-narrow": (960, 800),  # the side panel beside the felt leaves it less width
}


@pytest.mark.parametrize("name", FITS)
def test_the_whole_table_fits_the_screen_with_a_long_column(
    new_player: Callable[..., Player], name: str
) -> None:
    """Cards are sized from the screen's width and height: a long column stays on screen with
    the buttons (a phone held sideways keeps at least the felt), and cards stay readable."""
    width, height = FITS[name]
    position = long_column(12)
    phone = name.startswith("phone")
    player = new_player(viewport=(width, height), touch=phone)
    page = player.page
    game_id = player.submit(position.code, list(position.log))
    page.goto(f"/games/{game_id}/")
    table = Table(page)
    expect(table.stat("actions")).to_have_text(str(table.server_game()["actions"]))
    table.settle()
    page.screenshot(path=artifact_path(f"fit-{name}.png"))

    def inside(selector: str) -> None:
        box = page.locator(selector).bounding_box()
        assert box, selector
        assert box["x"] >= 0 and box["x"] + box["width"] <= width, f"{selector}: {box}"
        assert box["y"] >= 0 and box["y"] + box["height"] <= height, f"{selector}: {box}"

    longest = max(range(1, 5), key=lambda n: len(table.column_cards(n)))
    assert len(table.column_cards(longest)) == position.cards
    inside(f'#tableau [data-column="{longest}"]')
    inside("#felt")
    inside("#stock-card")
    inside(f'#foundations [data-suit="{table.server_game()["state"]["base"][1]}"]')
    if name != "phone-landscape":
        inside("#undo-button")
        inside("#resign-button")
    card = table.column(longest).locator("[data-card]").first.bounding_box()
    assert card and card["width"] >= 40, card
    if name == "phone-portrait":
        assert card["width"] >= 60, "a phone's cards are not shrunk by a note beside them"
    # Every card of the long column shows its rank: the fan is no narrower than the corner.
    fan = (
        table.column(longest)
        .locator("[data-card]")
        .evaluate_all("ns => ns[1].getBoundingClientRect().top - ns[0].getBoundingClientRect().top")
    )
    corner = table.column(longest).locator(".corner").first.bounding_box()
    assert corner and fan >= corner["height"] * 0.9 + corner["y"] - card["y"]
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    assert player.errors == []


@pytest.mark.parametrize("viewport", [(1280, 800), (390, 844)], ids=["desktop", "phone"])
def test_the_dragged_card_keeps_its_face(
    new_player: Callable[..., Player], viewport: tuple[int, int]
) -> None:
    """The ghost under the pointer looks like the card: same size, corner, pip and paper."""
    situation = block_move()
    player = new_player(viewport=viewport)
    table = Table.open_deal(player.page, situation.code)
    source, target = (int(c) for c in situation.first)
    card = table.column_cards(source)[-1]
    look = """n => { const c = n.querySelector('.corner'), p = n.querySelector('.pip');
        const r = n.getBoundingClientRect();
        const px = (value) => parseFloat(value).toFixed(1);
        return [px(r.width), px(r.height), px(getComputedStyle(c).fontSize),
                px(getComputedStyle(p).fontSize), getComputedStyle(n).backgroundColor,
                px(getComputedStyle(n).borderRadius)]; }"""
    home = table.card(card).evaluate(look)
    seen = {}

    def while_over() -> None:
        seen["ghost"] = player.page.locator(f'.drag-ghost [data-card="{card}"]').evaluate(look)

    table.drag(table.card(card), table.column(target), while_over=while_over)
    assert seen["ghost"] == home
    expect(table.stat("actions")).to_have_text("1")
    assert player.errors == []
