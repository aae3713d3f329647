"""Leagues in Chromium, on a desktop and a phone-sized touch screen: a league made on home,
joined by its invite link (a signed-in player at once; a visitor after signing up, back on
the link), today's D3 within the league live as its members play (a stranger's game left
out), a renewed link that no longer works, and the league page in Indonesian and Japanese
with no English left, nothing cut off and no script error."""

from __future__ import annotations

import re
import uuid
from collections.abc import Callable

import pytest
from playwright.sync_api import Page, expect

from tests.web.conftest import PASSWORD, Player
from tests.web.dailies import today
from tests.web.page_checks import BROWSER_LOCALE, DEVICES, Watch
from tests.web.test_guests import fill_account_dialog

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

LEAGUE_URL = re.compile(r"/leagues/\d+/$")


@pytest.fixture
def todays_deals(server_url: str) -> None:
    """Today's deals chosen in this process before the browser is lent (no ORM call while its
    loop runs), the same the server plays (the same secret)."""
    today()


def create_on_home(page: Page, name: str) -> str:
    """Make a league from home's "Your leagues"; its invite link, from its page."""
    page.goto("/")
    page.locator("#league-create-name").fill(name)
    page.locator("#league-create button[type=submit]").click()
    expect(page).to_have_url(LEAGUE_URL)
    expect(page.locator("#league-name")).to_have_text(name)
    return page.locator("#invite-link").input_value()


def play_daily(player: Player, actions: int) -> None:
    """``player``'s ranked D3 of today with ``actions`` draws (through the API, as the page)."""
    game = player.post("/api/games/", {"daily": "D3"})
    for _ in range(actions):
        player.post(f"/api/games/{game['id']}/actions/", {"action": "draw"})


def board_players(page: Page) -> list[str]:
    rows = page.locator("#league-boards [data-mode=D3] [data-entries] li[data-player]")
    return [str(name) for name in rows.evaluate_all("rows => rows.map(r => r.dataset.player)")]


@pytest.mark.parametrize("screen", list(DEVICES))
def test_a_league_is_made_on_home_joined_by_its_link_and_ranked_live(
    todays_deals: None, new_player: Callable[..., Player], screen: str
) -> None:
    owner, friend, stranger = (new_player(**DEVICES[screen]) for _ in range(3))
    watch = Watch(owner.page)
    invite = create_on_home(owner.page, "Lunch crew")
    assert "/leagues/join/" in invite

    friend.page.goto(invite)
    expect(friend.page).to_have_url(LEAGUE_URL)
    expect(friend.page.locator(f"#members-table [data-member={owner.username}]")).to_contain_text(
        "owner"
    )
    expect(friend.page.locator(f"#members-table [data-member={friend.username}]")).to_be_visible()

    owner.page.reload()
    expect(owner.page.locator("#league-boards [data-mode=D3] [data-live-state]")).to_have_text(
        "live"
    )
    play_daily(stranger, 5)  # on the global board, not in the league
    play_daily(owner, 1)
    play_daily(friend, 2)
    board = owner.page.locator("#league-boards [data-mode=D3] [data-entries]")
    expect(board.locator("li[data-player]")).to_have_count(2)
    expect(board.locator(f"li[data-player={owner.username}] .rank")).to_have_text("1")
    expect(board.locator(f"li[data-player={friend.username}] .rank")).to_have_text("2")
    assert stranger.username not in board_players(owner.page)
    expect(board.locator(f"li[data-player={owner.username}]")).to_have_class(re.compile("me"))

    owner.page.goto("/")
    expect(owner.page.locator("#home-leagues-list li")).to_have_count(1)
    expect(owner.page.locator("#home-leagues-list a")).to_have_text("Lunch crew")
    owner.page.locator("#home-leagues-list a").click()
    expect(owner.page).to_have_url(LEAGUE_URL)
    watch.check("en", f"the league page on a {screen}")
    # Played from the league's page, the results card's share text carries its link.
    owner.page.locator("#league-boards [data-mode=D1] [data-play]").click()
    expect(owner.page).to_have_url(re.compile(r"/\?play=D1$"))
    shared = owner.page.evaluate("window.sessionStorage.getItem('canfield.league')")
    assert '"name":"Lunch crew"' in shared and invite.split("/leagues/")[1] in shared
    assert not friend.errors and not owner.errors


@pytest.mark.parametrize("screen", list(DEVICES))
def test_a_visitor_signs_up_from_the_link_and_lands_in_the_league(
    new_player: Callable[..., Player], screen: str
) -> None:
    owner = new_player(**DEVICES[screen])
    invite = create_on_home(owner.page, "Night owls")
    visitor = new_player(sign_up=False, **DEVICES[screen])
    visitor.page.goto(invite)
    expect(visitor.page.locator("#league-join h1")).to_have_text("Join Night owls")
    visitor.page.locator("#join-signup").click()
    name = f"v{uuid.uuid4().hex[:10]}"
    fill_account_dialog(visitor.page, name, PASSWORD, "Create account")
    expect(visitor.page).to_have_url(LEAGUE_URL)
    expect(visitor.page.locator(f"#members-table [data-member={name}]")).to_be_visible()
    assert not visitor.errors


def test_a_renewed_link_no_longer_works_and_nothing_is_joined(
    new_player: Callable[..., Player],
) -> None:
    owner, late = new_player(), new_player(**DEVICES["phone"])
    invite = create_on_home(owner.page, "Renewers")
    renew = owner.page.locator("#invite-renew")
    renew.click()
    expect(renew).to_have_text("Press again to confirm")
    renew.click()
    expect(owner.page.locator("#invite-status")).to_contain_text("old one no longer works")
    fresh = owner.page.locator("#invite-link").input_value()
    assert fresh != invite
    response = late.page.goto(invite)
    assert response is not None and response.status == 404
    expect(late.page.locator("#bad-invite h1")).to_have_text("This invite link does not work")
    late.page.goto("/")
    assert late.page.request.get("/api/leagues/").json()["leagues"] == []  # what home lists
    expect(late.page.locator("#home-leagues-list li")).to_have_count(0)
    late.page.goto(fresh)
    expect(late.page).to_have_url(LEAGUE_URL)


@pytest.mark.parametrize(
    ("screen", "language"), [("phone", "id"), ("desktop", "ja"), ("phone", "ja")]
)
def test_the_league_pages_in_indonesian_and_japanese(
    todays_deals: None, new_player: Callable[..., Player], screen: str, language: str
) -> None:
    owner = new_player(locale=BROWSER_LOCALE[language], **DEVICES[screen])
    friend = new_player(locale=BROWSER_LOCALE[language], **DEVICES[screen])
    watch = Watch(owner.page)
    owner.page.goto("/")
    owner.page.locator("#league-create-name").fill("Klub 東京")
    owner.page.locator("#league-create button[type=submit]").click()
    expect(owner.page).to_have_url(LEAGUE_URL)
    friend.page.goto(owner.page.locator("#invite-link").input_value())
    expect(friend.page).to_have_url(LEAGUE_URL)
    play_daily(friend, 1)
    owner.page.reload()
    expect(
        owner.page.locator("#league-boards [data-mode=D3] [data-entries] li[data-player]")
    ).to_have_count(1)
    watch.check(language, f"the league page in {language} on a {screen}")
    stale = new_player(locale=BROWSER_LOCALE[language], **DEVICES[screen])
    stale_watch = Watch(stale.page)
    stale.page.goto("/leagues/join/forged-link/")
    stale_watch.failures.clear()  # the 404 is the page's answer, not a failure
    stale_watch.check(language, f"a stale invite in {language}")


def test_a_game_played_from_the_league_shares_the_leagues_link(
    todays_deals: None, new_player: Callable[..., Player]
) -> None:
    player = new_player()
    page = player.page
    invite = create_on_home(page, "Share club")
    page.locator("#league-boards [data-mode=D1] [data-play]").click()
    expect(page).to_have_url(re.compile(r"/\?play=D1$"))
    game = player.post("/api/games/", {"daily": "D1"})
    player.post(f"/api/games/{game['id']}/actions/", {"action": "draw", "seq": 1})
    page.goto(f"/games/{game['id']}/")  # the same tab: it remembers the league
    page.locator("#resign-button").click()
    page.locator("#resign-button").click()
    expect(page.locator("#results-share")).to_contain_text(f"Share club: {invite}")
    assert not player.errors


def sign_up_in_dialog(page: Page, name: str) -> None:
    """The account dialog, opened for signing up, filled and sent (in any language)."""
    dialog = page.locator("#account-dialog")
    expect(dialog).to_be_visible()
    dialog.locator("input[name=username]").fill(name)
    dialog.locator("input[name=password]").fill(PASSWORD)
    dialog.locator("[data-submit]").click()


def leagues_of(player: Player) -> list[dict]:
    """The player's leagues as the API answers them, with the browser's session."""
    answer = player.page.context.request.get("/api/leagues/")
    assert answer.ok, answer.text()
    return list(answer.json()["leagues"])


def press_twice(page: Page, selector: str) -> None:
    button = page.locator(selector)
    button.click()
    expect(button).to_have_attribute("data-armed", "true")
    button.click()


@pytest.mark.parametrize("language", ["en", "id", "ja"])
def test_the_league_flow_end_to_end_on_a_phone(
    new_player: Callable[..., Player], language: str
) -> None:
    """Made, joined by a visitor who signs up from the link, renamed, a member removed, handed
    on and left, on a phone in each language: no English left, nothing cut off, no error."""
    phone = {"locale": BROWSER_LOCALE[language], **DEVICES["phone"]}
    owner, third = new_player(**phone), new_player(**phone)
    visitor = new_player(sign_up=False, **phone)
    watch, visitor_watch = Watch(owner.page), Watch(visitor.page)
    invite = create_on_home(owner.page, "Klub 東京")

    visitor.page.goto(invite)
    expect(visitor.page.locator("#join-signup")).to_be_visible()
    visitor_watch.check(language, f"the invite page to a visitor in {language}")
    visitor.page.locator("#join-signup").click()
    name = f"v{uuid.uuid4().hex[:10]}"
    sign_up_in_dialog(visitor.page, name)
    expect(visitor.page).to_have_url(LEAGUE_URL)
    third.page.goto(invite)
    expect(third.page).to_have_url(LEAGUE_URL)

    owner.page.reload()
    members = owner.page.locator("#members-table")
    expect(members.locator("tr[data-member]")).to_have_count(3)
    owner.page.locator("#rename-input").fill("ab")  # too short: said in the reader's words
    owner.page.locator("#rename-form button[type=submit]").click()
    expect(owner.page.locator("#league-error")).to_be_visible()
    assert "name:" not in owner.page.locator("#league-error").inner_text()
    watch.check(language, f"a refused name in {language}")
    owner.page.locator("#rename-input").fill("Klub Jumat 金曜")
    owner.page.locator("#rename-form button[type=submit]").click()
    expect(owner.page.locator("#league-name")).to_have_text("Klub Jumat 金曜")

    press_twice(owner.page, f"[data-remove={third.username}]")
    expect(members.locator("tr[data-member]")).to_have_count(2)
    assert leagues_of(third) == []

    press_twice(owner.page, f"[data-hand-on={name}]")
    expect(members.locator(f"[data-member={name}] .owner-badge")).to_be_visible()
    expect(owner.page.locator("#invite-renew")).to_have_count(0)
    watch.check(language, f"the league page of a member in {language}")
    press_twice(owner.page, "#league-leave")
    expect(owner.page).to_have_url(re.compile(r"^https?://[^/]+/$"))  # home
    assert leagues_of(owner) == []

    visitor.page.reload()
    expect(visitor.page.locator("#members-table tr[data-member]")).to_have_count(1)
    expect(visitor.page.locator("#rename-form")).to_be_visible()  # its owner now
    visitor_watch.check(language, f"the league page of its new owner in {language}")
