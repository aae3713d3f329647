"""Issue 37, part 2: the newcomer's defects, in Chromium on a desktop and a phone (a guest's
practice game resumed on home, ...)."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable, Iterator
from datetime import timedelta
from typing import Any

import pytest
from playwright.sync_api import Browser, Page, expect

from tests.conftest import Player as ApiPlayer
from tests.support.servers import CHEAP_HASHING, run_asgi_server, server_env_for_test_db
from tests.web import dailies
from tests.web.conftest import DAILY_ENV, PASSWORD, TIMEOUT_MS, Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import solved_deal
from tests.web.table_page import GAME_URL, Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 768)},
    "phone": {"viewport": (390, 844), "touch": True},
}
GUEST_NAME = re.compile(r"^guest-[a-z0-9]{6}$")
OPEN_CODE = "CF1-D3-AAAAACL"


def tap(page: Page, selector: str) -> None:
    """A tap on a touch screen, a click on a desktop (as a hand would)."""
    if page.evaluate("navigator.maxTouchPoints") > 0:
        page.locator(selector).tap()
    else:
        page.locator(selector).click()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_guest_finds_their_practice_game_again_on_reloading_home(
    new_player: Callable[..., Player], screen: str
) -> None:
    visitor = new_player(sign_up=False, **SCREENS[screen])
    page = visitor.page
    page.goto("/")
    code = page.evaluate("JSON.parse(document.getElementById('page-data').textContent)")[
        "practice"
    ]["code"]
    expect(page.locator("#game-code")).to_have_text(code)
    tap(page, "#stock-card")  # the first tap makes the guest's game and draws
    table = Table(page)
    expect(table.stat("actions")).to_have_text("1")
    expect(page.locator("#account-name")).to_have_text(GUEST_NAME)
    tap(page, "#stock-card")
    expect(table.stat("actions")).to_have_text("2")
    waste = table.waste_cards()

    page.reload()
    expect(page.locator("#game-code")).to_have_text(code)  # the same deal, not a new one
    expect(table.stat("actions")).to_have_text("2")  # where they left it
    assert table.waste_cards() == waste
    expect(page.locator("#undo-button")).to_be_enabled()
    tap(page, "#stock-card")  # and it plays on
    expect(table.stat("actions")).to_have_text("3")
    name = page.locator("#account-name").inner_text()
    [game] = page.request.get(f"/api/players/{name}/").json()["games"]
    assert (game["board"], game["moves"]) == (code, 3)
    assert visitor.errors == []


@pytest.fixture
def one_guest_an_hour(server_url: str) -> Iterator[str]:
    """A server whose network limit of guests is 1 an hour (its counters its own)."""
    env = {
        **server_env_for_test_db(),
        **CHEAP_HASHING,
        **DAILY_ENV,
        "CANFIELD_THROTTLE_ANON": "off",
        "CANFIELD_THROTTLE_USER": "off",
        "CANFIELD_THROTTLE_GUEST": "1/hour",
        "CANFIELD_CACHE_PREFIX": f"test-guests-{uuid.uuid4().hex[:12]}",
    }
    with run_asgi_server(env=env) as url:
        yield url


def page_on(browser: Browser, url: str, screen: str, locale: str = "en-US") -> Page:
    device = SCREENS[screen]
    viewport = device["viewport"]
    context = browser.new_context(
        locale=locale,
        base_url=url,
        viewport={"width": viewport[0], "height": viewport[1]},
        has_touch=device.get("touch", False),
        is_mobile=device.get("touch", False),
    )
    context.set_default_timeout(TIMEOUT_MS)
    return context.new_page()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_past_the_networks_guests_a_newcomer_is_offered_an_account_and_plays_on(
    one_guest_an_hour: str, chromium: Browser, screen: str
) -> None:
    first = page_on(chromium, one_guest_an_hour, screen)
    first.goto("/")
    tap(first, "#stock-card")
    expect(first.locator("#account-name")).to_have_text(GUEST_NAME)  # the hour's one guest

    page = page_on(chromium, one_guest_an_hour, screen)  # the next pupil of the class
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.goto("/")
    tap(page, "#stock-card")
    dialog = page.locator("#account-dialog")
    expect(dialog).to_be_visible()  # the way on: an account, at once
    said = dialog.locator(".form-error")
    expect(said).to_contain_text("your network")
    expect(said).to_contain_text("Create an account to play now")
    expect(said).to_contain_text(re.compile(r"as a guest again in (about )?\d+"))
    dialog.locator("[data-close]").click()
    expect(page.locator("#stock-card")).to_be_visible()  # the deal is still on the felt
    page.get_by_role("button", name="Play a random deal").click()  # another way in: the same
    expect(dialog).to_be_visible()
    dialog.get_by_label("Username").fill(f"p{uuid.uuid4().hex[:10]}")
    dialog.get_by_label("Password").fill(PASSWORD)
    dialog.get_by_role("button", name="Create account").click()
    expect(page.locator("#account-name")).not_to_have_text(GUEST_NAME)
    expect(page.locator("#account-name")).to_be_visible()
    page.get_by_role("button", name="Play a random deal").click()
    expect(page).to_have_url(GAME_URL)  # playing, as an account
    table = Table(page)
    expect(table.column(1).locator("[data-card]").first).to_be_visible()
    assert errors == []
    first.context.close()
    page.context.close()


@pytest.mark.parametrize(
    ("screen", "language"), [("phone", "en"), ("phone", "id"), ("desktop", "ja")]
)
def test_past_the_networks_guests_a_newcomer_plays_on_as_a_limited_guest(
    one_guest_an_hour: str, chromium: Browser, screen: str, language: str
) -> None:
    """The other way on: the deal on the felt played with nothing stored (no guest made),
    in the reader's language, its moves and Undo as at any table."""
    first = page_on(chromium, one_guest_an_hour, screen)
    first.goto("/")
    tap(first, "#stock-card")
    expect(first.locator("#account-name")).to_have_text(GUEST_NAME)  # the hour's one guest

    page = page_on(chromium, one_guest_an_hour, screen, BROWSER_LOCALE[language])
    watch = Watch(page)
    page.goto("/")
    tap(page, "#stock-card")
    dialog = page.locator("#account-dialog")
    expect(dialog).to_be_visible()
    watch.check(language, f"the guest limit's dialog in {language}")
    dialog.locator("[data-limited]").click()
    expect(dialog).not_to_be_visible()
    expect(page.locator("body")).to_have_attribute("data-limited-guest", "true")
    watch.check(language, f"a limited guest's table in {language}")
    table = Table(page)
    tap(page, "#stock-card")
    expect(table.stat("actions")).to_have_text("1")
    tap(page, "#stock-card")
    expect(table.stat("actions")).to_have_text("2")
    waste = table.waste_cards()
    tap(page, "#undo-button")
    expect(table.stat("actions")).to_have_text("3")  # an undo is an action, as ranked
    assert table.waste_cards() != waste
    expect(page.locator("#hint-button")).to_be_hidden()
    assert page.request.get("/api/me/").status == 401  # no guest was made: nothing stored
    watch.check(language, f"a limited guest's game in {language}")
    first.context.close()
    page.context.close()


@pytest.fixture
def closed_game(server_url: str, make_player: Callable[..., ApiPlayer]) -> dict[str, Any]:
    """A ranked game of a past day its close left unfinished, played 50 seconds from its
    start (the ranked time), opened days later."""
    from games.models import Game

    closed = dailies.closed_game(make_player)
    game = Game.objects.get(pk=closed.game_id)
    Game.objects.filter(pk=game.id).update(
        elapsed=50, reached_at=game.created_at + timedelta(seconds=50)
    )
    return {
        "id": game.id,
        "token": closed.owner.token,
        "player": closed.owner.user.username,
        "code": closed.day.codes["D3"],
    }


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_after_the_close_the_tables_clock_says_the_ranked_time(
    closed_game: dict[str, Any], new_player: Callable[..., Player], screen: str
) -> None:
    owner = new_player(sign_up=False, **SCREENS[screen])
    page = owner.page
    page.context.set_extra_http_headers({"Authorization": f"Token {closed_game['token']}"})
    page.goto(f"/games/{closed_game['id']}/")
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#results-time")).to_have_text("0:50")
    expect(page.locator("#stat-time")).to_have_text("0:50")  # one clock: not the days since
    expect(page.locator("#stat-time")).to_have_attribute("data-running", "false")
    assert owner.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_table_and_the_player_page_count_actions_as_the_boards_rank_them(
    new_player: Callable[..., Player], screen: str
) -> None:
    player = new_player(**SCREENS[screen])
    page = player.page
    table = Table.open_deal(page, OPEN_CODE)
    tap(page, "#stock-card")
    expect(table.stat("actions")).to_have_text("1")
    tap(page, "#undo-button")  # an undo refunds a move, and costs an action
    expect(table.stat("actions")).to_have_text("2")
    label = page.locator("#stat-actions").locator("xpath=preceding-sibling::dt")
    expect(label).to_have_text(re.compile("^actions$", re.I))
    board = page.request.get(f"/api/leaderboards/{OPEN_CODE}/").json()["entries"]
    assert [entry["actions"] for entry in board] == [2]

    page.goto(f"/players/{player.username}/")
    games = page.locator("table:has(#game-rows)")
    expect(games.locator("th").nth(4)).to_have_text("Actions")
    expect(page.locator("#game-rows tr").first.locator("td").nth(4)).to_have_text("2")
    assert player.errors == []


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    return dailies.today()


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_held_first_daily_is_a_day_played_and_the_calendar_says_held(
    today: dailies.Day, new_player: Callable[..., Player], screen: str
) -> None:
    # One browser, two accounts: the second ranked game from the device is held (linked).
    owner = new_player(sign_up=False, **SCREENS[screen])
    page = owner.page
    page.goto("/rules/")  # any page gives the browser its device cookie
    owner.sign_up_as(f"p{uuid.uuid4().hex[:10]}")
    first = owner.post("/api/games/", {"daily": "D3"})
    owner.post(f"/api/games/{first['id']}/actions/", {"action": "draw", "seq": 1})
    owner.sign_out()
    owner.sign_up_as(owner.username)
    game = owner.post("/api/games/", {"daily": "D3"})
    page.goto(f"/games/{game['id']}/")
    tap(page, "#stock-card")
    expect(Table(page).stat("actions")).to_have_text("1")
    board = today.board("D3")
    assert page.request.get(f"/api/leaderboards/{board}/").json()["own_held"]["held"] is True
    tap(page, "#resign-button")
    tap(page, "#resign-button")  # the confirmation
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#results-streak")).to_have_text("1 day")  # their first daily, played
    page.reload()
    expect(page.locator("#results-streak")).to_have_text("1 day")  # and so when reopened

    page.goto(f"/players/{owner.username}/")
    entry = page.locator('#calendar .day-entry[data-mode="D3"]')
    expect(entry).to_have_text("D3 held for review")
    expect(page.locator("#calendar")).not_to_contain_text("null")
    assert owner.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_results_card_counts_the_first_daily_in_the_streak_at_once(
    today: dailies.Day, new_player: Callable[..., Player], screen: str
) -> None:
    player = new_player(**SCREENS[screen])
    page = player.page
    page.goto("/")  # home: today's ranked deal face down, dealt by the first tap
    tap(page, "#stock-card")
    expect(Table(page).stat("actions")).to_have_text("1")
    tap(page, "#resign-button")
    tap(page, "#resign-button")  # the confirmation
    expect(page.locator("#results")).to_be_visible()
    expect(page.locator("#results-streak")).to_have_text("1 day")  # right after, as reopened
    [game] = page.request.get(f"/api/players/{player.username}/").json()["games"]
    page.goto(f"/games/{game['id']}/")
    expect(page.locator("#results-streak")).to_have_text("1 day")
    assert player.errors == []


def large_cards(page: Page) -> None:
    """This browser's card size is large (as the settings dialog keeps it)."""
    page.add_init_script(
        "localStorage.setItem('canfield.settings', JSON.stringify({card_size: 'large'}))"
    )


@pytest.mark.parametrize("ranked", [False, True], ids=["open", "ranked"])
def test_large_cards_stay_on_the_felt_on_a_1366_by_768_screen(
    today: dailies.Day, new_player: Callable[..., Player], ranked: bool
) -> None:
    player = new_player(viewport=(1366, 768))
    page = player.page
    large_cards(page)
    if ranked:
        game = player.post("/api/games/", {"daily": "D3"})
        player.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
        page.goto(f"/games/{game['id']}/")
    else:
        Table.open_deal(page, OPEN_CODE)
    expect(page.locator("html")).to_have_attribute("data-card-size", "large")
    expect(page.locator("#tableau [data-card]").first).to_be_visible()
    Table(page).settle()
    felt = page.locator("#felt").bounding_box()
    assert felt is not None
    outside = page.evaluate(
        """(felt) => [...document.querySelectorAll('#felt .card, #felt .pile')]
          .map((node) => [node.dataset.card || node.id, node.getBoundingClientRect()])
          .filter(([, box]) => box.width
            && (box.left < felt.x - 1 || box.right > felt.x + felt.width + 1))
          .map(([name]) => name)""",
        felt,
    )
    assert outside == [], outside
    assert page.evaluate("document.documentElement.scrollWidth") <= 1366
    assert player.errors == []


def test_the_phones_games_table_says_what_each_figure_is_and_keeps_a_games_number_whole(
    new_player: Callable[..., Player],
) -> None:
    player = new_player(**SCREENS["phone"])
    page = player.page
    for _ in range(3):
        player.submit(OPEN_CODE, ["draw", "draw"])
    page.goto(f"/players/{player.username}/")
    row = page.locator("#game-rows tr").first
    expect(row).to_be_visible()
    labels = row.locator("td").evaluate_all(
        "cells => cells.map((cell) => getComputedStyle(cell, '::before').content)"
    )
    assert labels[2:6] == ['"Cards "', '"Score "', '"Actions "', '"Status "'], labels
    number = row.locator("a").first
    expect(number).to_have_text(re.compile(r"^#\d+$"))
    lines = number.evaluate("(node) => node.getClientRects().length")
    assert lines == 1  # "#36" whole, not "#3" over "6"
    assert player.errors == []


BOX_BESIDE_WORDS = """(label) => {
  const box = label.querySelector('input').getBoundingClientRect();
  const words = [...label.childNodes]
    .find((node) => node.nodeType === 3 && node.textContent.trim());
  const range = document.createRange();
  range.selectNodeContents(words);
  const first = range.getClientRects()[0];
  return box.right <= first.left && Math.abs(box.top - first.top) < box.height;
}"""


@pytest.mark.parametrize(
    ("screen", "language"), [("phone", "ja"), ("phone", "id"), ("desktop", "en")]
)
def test_the_dialogs_speak_to_people_and_keep_their_boxes_and_done_in_sight(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    visitor = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = visitor.page
    page.goto("/rules/")
    page.locator("#settings-button").click()
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    done = dialog.locator("button[type=submit]")
    expect(done).to_be_in_viewport(ratio=1)  # no scrolling to find it
    for label in dialog.locator("label.check").all():
        assert label.evaluate(BOX_BESIDE_WORDS), label.inner_text()
    done.click()
    expect(dialog).to_be_hidden()

    page.locator("#signup-button").click()
    account = page.locator("#account-dialog")
    expect(account).to_be_visible()
    bot = account.locator("label.check")
    assert bot.evaluate(BOX_BESIDE_WORDS)
    account.locator("input[name=username]").fill(f"p{uuid.uuid4().hex[:10]}")
    account.locator("input[name=password]").fill("short")
    account.locator("[data-submit]").click()
    said = account.locator(".form-error")
    expect(said).to_be_visible()
    assert not re.match(r"^\\w+:", said.inner_text()), said.inner_text()  # no "password: …"
    assert "password" not in said.inner_text().lower() or language == "en"
    expect(account.locator("input[name=password]")).to_have_attribute("aria-invalid", "true")
    assert visitor.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_an_open_board_says_final_when_it_closes_under_the_reader(
    today: dailies.Day, new_player: Callable[..., Player], screen: str
) -> None:
    player = new_player()
    game = player.post("/api/games/", {"daily": "D3"})
    player.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    reader = new_player(sign_up=False, **SCREENS[screen])
    page = reader.page
    page.clock.install()
    board = today.board("D3")
    page.goto(f"/boards/{board}/")
    status = page.locator("#board-rows tr").first.locator("td").nth(5)
    expect(status).to_have_text("playing")
    closes_in = page.request.get(f"/api/leaderboards/{board}/").json()["closes_in"]
    page.clock.fast_forward(int(closes_in * 1000) + 2_000)
    page.clock.run_for(2_000)
    expect(page.locator("#live-state")).to_contain_text("final")
    expect(status).to_have_text("at the close")  # final, without a reload
    assert reader.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_live_now_opens_on_games_under_way_not_abandoned_first_taps(
    new_player: Callable[..., Player], screen: str
) -> None:
    keen = new_player()
    under_way = keen.post("/api/games/", {"code": OPEN_CODE})["id"]
    for seq in range(1, 7):
        keen.post(f"/api/games/{under_way}/actions/", {"action": "draw", "seq": seq})
    left = []
    for _ in range(2):  # visitors who tapped once and went (after the keen player's move)
        guest = new_player()
        game = guest.post("/api/games/", {"code": "CF1-D1-AAAAACL"})
        guest.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
        left.append(game["id"])
    viewer = new_player(sign_up=False, **SCREENS[screen])
    page = viewer.page
    page.goto("/live/")
    rows = page.locator("#playing-list li[data-game]")
    expect(rows).to_have_count(3)
    expect(rows.first).to_have_attribute("data-game", str(under_way))
    assert viewer.errors == []


@pytest.fixture
def closed_board(server_url: str, make_player: Callable[..., ApiPlayer]) -> str:
    """A closed daily board with two entries (12 and 5 actions of the solver's line)."""
    return dailies.closed_day(make_player).board("D3")


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_field_charts_labels_and_ticks_stand_under_its_bars(
    closed_board: str, new_player: Callable[..., Player], screen: str
) -> None:
    reader = new_player(sign_up=False, **SCREENS[screen])
    page = reader.page
    page.goto(f"/boards/{closed_board}/")
    chart = page.locator("#field-chart svg")
    expect(chart.locator("rect.bar").first).to_be_attached()
    bars = chart.locator("rect.bar").evaluate_all(
        """(rects) => rects.filter((rect) => Number(rect.getAttribute('height')) > 0)
          .map((rect) => Number(rect.getAttribute('x')) + Number(rect.getAttribute('width')) / 2)"""
    )
    ticks = chart.locator("line.tick").evaluate_all(
        "(lines) => lines.map((line) => Number(line.getAttribute('x1')))"
    )
    labels = chart.locator("text.x-label").evaluate_all(
        "(texts) => texts.map((text) => Number(text.getAttribute('x')))"
    )
    assert bars, "no bar"
    slots = chart.locator("rect.bar").evaluate_all(
        "(rects) => rects.map((r) => Number(r.getAttribute('x')) + r.getAttribute('width') / 2)"
    )
    for middle in bars:  # every bar with players has its tick under its middle
        assert any(abs(middle - x) < 0.5 for x in ticks), (middle, ticks)
    assert any(abs(bars[0] - x) < 0.5 for x in labels), (bars, labels)  # and is numbered
    for x in [*ticks, *labels]:  # no tick or number between two bars
        assert any(abs(middle - x) < 0.5 for middle in slots), (x, slots)
    assert reader.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_an_unknown_players_page_is_a_404_saying_so(
    new_player: Callable[..., Player], screen: str
) -> None:
    visitor = new_player(sign_up=False, **SCREENS[screen])
    page = visitor.page
    response = page.goto("/players/nobody-by-this-name/")
    assert response is not None and response.status == 404  # as /games/99999/ answers
    expect(page.get_by_role("heading", name="No such player")).to_be_visible()
    expect(page.locator("main")).to_contain_text("nobody-by-this-name")
    assert visitor.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_guests_reopened_won_game_says_it_was_won_not_that_they_are_playing(
    new_player: Callable[..., Player], screen: str
) -> None:
    deal = solved_deal()
    guest = new_player(sign_up=False, **SCREENS[screen])
    page = guest.page
    page.goto("/")
    tap(page, "#stock-card")  # a first game: they are a guest now
    expect(page.locator("#account-name")).to_have_text(GUEST_NAME)
    won = guest.submit(deal.code, list(deal.line))
    page.goto(f"/games/{won}/")
    expect(Table(page).stat("cards")).to_have_text("52")
    status = page.locator("#status")
    expect(status).to_contain_text("You won this game")
    expect(status).not_to_contain_text("You are playing")
    assert guest.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_closed_daily_is_named_by_its_board_and_its_card_gives_the_table_par_room(
    closed_game: dict[str, Any], new_player: Callable[..., Player], screen: str
) -> None:
    owner = new_player(sign_up=False, **SCREENS[screen])
    page = owner.page
    page.context.set_extra_http_headers({"Authorization": f"Token {closed_game['token']}"})
    page.goto(f"/games/{closed_game['id']}/")
    expect(page.locator("#results")).to_be_visible()
    name = page.locator("#game-code")
    expect(name).to_have_text(re.compile(r"^daily \d{4}-\d\d-\d\d, draw 3$"))  # not 50 chars
    assert closed_game["code"] not in page.title()
    table_par = page.locator("#results .results-table-par")
    if table_par.count():  # the day has a table par: a sentence the card's width, not a cell's
        card = page.locator("#results").bounding_box()
        box = table_par.bounding_box()
        assert card and box and box["width"] > card["width"] * 0.7, (box, card)
    page.goto(f"/replay/{closed_game['id']}/")
    expect(name).to_have_text(re.compile(r"^daily \d{4}-\d\d-\d\d, draw 3$"))
    page.goto(f"/players/{closed_game['player']}/")
    expect(page.locator("#game-rows tr").first).to_contain_text("ranked daily")
    expect(page.locator("#game-rows")).not_to_contain_text(closed_game["code"])
    assert owner.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_board_its_reader_has_not_played_logs_no_404(
    today: dailies.Day, new_player: Callable[..., Player], screen: str
) -> None:
    rival = new_player()
    rival.post(
        f"/api/games/{rival.post('/api/games/', {'code': OPEN_CODE})['id']}/actions/",
        {"action": "draw", "seq": 1},
    )
    reader = new_player(**SCREENS[screen])  # signed in, on no board yet
    page = reader.page
    refused: list[str] = []
    page.on("response", lambda r: refused.append(r.url) if r.status >= 400 else None)
    console: list[str] = []
    page.on("console", lambda m: console.append(m.text) if m.type == "error" else None)
    for path in (f"/boards/{OPEN_CODE}/", f"/boards/{today.board('D3')}/"):
        page.goto(path)
        expect(page.locator("#board-rows tr").first).to_be_visible()
        page.wait_for_load_state("networkidle")
    expect(page.locator("#around-me")).to_be_hidden()  # no place: nothing to go around
    assert refused == [] and console == [], (refused, console)
    assert reader.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_a_keyboard_skips_the_header_and_the_owner_finds_account_care_at_the_top(
    new_player: Callable[..., Player], screen: str
) -> None:
    player = new_player(**SCREENS[screen])
    page = player.page
    page.goto(f"/players/{player.username}/")
    page.keyboard.press("Tab")  # the first stop: the skip link, shown
    skip = page.locator(".skip-link")
    expect(skip).to_be_focused()
    expect(skip).to_have_text("Skip to the page")
    expect(skip).to_be_in_viewport()
    page.keyboard.press("Enter")
    assert page.evaluate("document.activeElement.id") == "main"

    link = page.locator("#account-care-link")
    expect(link).to_be_in_viewport()  # at the head of their page, not only at its foot
    link.click()
    expect(page.locator("#account-care h2")).to_be_in_viewport()
    assert player.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_the_legal_moves_list_is_a_setting_off_on_a_ranked_game_by_default(
    today: dailies.Day, new_player: Callable[..., Player], screen: str
) -> None:
    player = new_player(**SCREENS[screen])
    page = player.page
    game = player.post("/api/games/", {"daily": "D3"})
    player.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    page.goto(f"/games/{game['id']}/")
    expect(Table(page).stat("actions")).to_have_text("1")
    chips = page.locator("#legal-moves button")
    expect(chips).to_have_count(0)  # the sealed daily: no list of moves found for the player

    page.locator("#settings-button").click()
    dialog = page.locator("#settings-dialog")
    choice = dialog.locator("select[name=legal_moves]")
    expect(choice).to_have_value("open_only")
    choice.select_option("always")
    dialog.locator("button[type=submit]").click()
    expect(chips.first).to_be_visible()  # asked for: listed at once, ranked game or not

    page.locator("#settings-button").click()
    dialog.locator("select[name=legal_moves]").select_option("open_only")
    dialog.locator("button[type=submit]").click()
    expect(chips).to_have_count(0)
    Table.open_deal(page, OPEN_CODE)
    expect(chips.first).to_be_visible()  # an open deal lists them by default
    assert player.errors == []


@pytest.mark.parametrize(("screen", "language"), [("phone", "ja"), ("phone", "en")])
def test_the_ranked_note_folds_to_a_line_once_play_begins(
    today: dailies.Day, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = player.page
    game = player.post("/api/games/", {"daily": "D3"})
    page.goto(f"/games/{game['id']}/")
    note = page.locator("#ranked-note")
    expect(page.locator("#time-away")).to_be_visible()  # read in full before the first move
    tall = note.bounding_box()
    tap(page, "#stock-card")
    expect(Table(page).stat("actions")).to_have_text("1")
    expect(page.locator("#time-away")).to_be_hidden()
    expect(note.locator("#countdown")).to_be_visible()  # the countdown stays in sight
    short = note.bounding_box()
    assert tall and short and short["height"] < tall["height"] / 2, (tall, short)
    assert short["height"] < 70, short  # two lines at most, in Japanese too
    note.locator("summary").click()  # and it opens again on a tap
    expect(page.locator("#time-away")).to_be_visible()
    assert player.errors == []


@pytest.mark.parametrize("screen", ["desktop", "phone"])
def test_offline_the_table_says_so_keeps_the_taps_in_order_and_sends_them_when_back(
    new_player: Callable[..., Player], screen: str
) -> None:
    player = new_player(**SCREENS[screen])
    page = player.page
    table = Table.open_deal(page, OPEN_CODE)
    expect(page.locator("#live-state")).to_have_text("live")
    page.context.set_offline(True)
    expect(table.status).to_contain_text("You are offline")
    expect(page.locator("#live-state")).to_have_text("offline")  # not "live"
    tap(page, "#stock-card")
    tap(page, "#stock-card")
    expect(page.locator("#pending")).to_be_visible()
    expect(page.locator("#pending")).to_contain_text("Offline")  # not "Sending…" forever
    page.wait_for_timeout(1500)
    expect(table.stat("actions")).to_have_text("0")  # nothing was lost meanwhile, nor sent
    page.context.set_offline(False)
    expect(table.stat("actions")).to_have_text("2", timeout=20_000)  # both, in order
    expect(page.locator("#pending")).to_be_hidden()
    log = page.request.get(f"/api/games/{table.game_id}/actions/").json()["actions"]
    assert [action["token"] for action in log] == ["draw", "draw"]
    expect(page.locator("#live-state")).not_to_have_text("offline")
    expect(table.status).not_to_contain_text("offline")
    assert player.errors == []
