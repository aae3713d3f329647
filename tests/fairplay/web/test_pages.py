"""Fair play in a real Chromium, on a desktop and on a phone-sized touch screen: the held
player's table says why their ranked game is not on the board, in their language, and the
staff page decides a flag with a press."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from django.conf import LazySettings
from playwright.sync_api import expect

from shared.origins import DEVICE_COOKIE
from tests.conftest import Player as ApiPlayer
from tests.support.browser import artifact_path
from tests.web import dailies
from tests.web.conftest import PASSWORD, Player

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

DESKTOP = {"viewport": (1280, 800)}
PHONE = {"viewport": (390, 844), "touch": True}
HELD_WORDS = {
    "en-US": "Your entry is held for a fair-play review",
    "ja-JP": "フェアプレー審査のため保留中",
    "id-ID": "Entri Anda ditahan untuk tinjauan fair play",
}


@pytest.fixture
def today(server_url: str) -> dailies.Day:
    """Today's deals, chosen in this process before the browser starts (ORM calls)."""
    return dailies.today()


def same_browser(first: Player, second: Player) -> None:
    """Give ``second`` the device cookie ``first``'s browser got from a page: one browser,
    two accounts (as signing out and in again as another would)."""
    first.page.goto("/rules/")
    cookie = next(c for c in first.page.context.cookies() if c["name"] == DEVICE_COOKIE)
    second.page.context.add_cookies([{**cookie}])  # a Cookie read is a cookie to set


@pytest.mark.parametrize(
    ("screen", "locale"),
    [(DESKTOP, "en-US"), (PHONE, "ja-JP"), (PHONE, "id-ID")],
    ids=["desktop-en", "phone-ja", "phone-id"],
)
def test_the_held_player_is_told_why_on_their_table_and_is_off_the_board(
    today: dailies.Day,
    new_player: Callable[..., Player],
    screen: dict,
    locale: str,
) -> None:
    board = today.board("D3")
    first = new_player()
    second = new_player(locale=locale, **screen)
    same_browser(first, second)
    first_game = first.post("/api/games/", {"daily": "D3"})
    first.post(f"/api/games/{first_game['id']}/actions/", {"action": "draw"})
    held_game = second.post("/api/games/", {"daily": "D3"})
    second.post(f"/api/games/{held_game['id']}/actions/", {"action": "draw"})

    page = second.page
    page.goto(f"/games/{held_game['id']}/")
    note = page.locator("#held-note")
    expect(note).to_be_visible()
    expect(note).to_contain_text(HELD_WORDS[locale])
    expect(page.locator("#stock-card")).to_be_visible()  # the table is still there to play
    box, viewport = note.bounding_box(), page.viewport_size
    assert box is not None and viewport is not None
    assert box["y"] + box["height"] <= viewport["height"]  # seen without scrolling
    page.screenshot(
        path=artifact_path(f"fairplay-held-{'-'.join(map(str, screen['viewport']))}-{locale}.png")
    )

    # The link binds both ways: the first player's game is held too, and told so; the board
    # shows neither: the first player sees their own entry alone, marked held (to them only),
    # and not the second's.
    first.page.goto(f"/boards/{board}/")
    rows = first.page.locator("#board-rows tr")
    expect(rows).to_have_count(1)
    expect(rows.first).to_have_class(re.compile(r"\bheld\b"))
    expect(rows.first).to_contain_text(first.username)
    expect(first.page.locator("#board-rows")).not_to_contain_text(second.username)
    first.page.goto(f"/games/{first_game['id']}/")
    expect(first.page.locator("#stock-card")).to_be_visible()
    expect(first.page.locator("#held-note")).to_contain_text(HELD_WORDS["en-US"])
    assert not first.errors and not second.errors


@pytest.fixture
def flagged(
    server_url: str, make_player: Callable[..., ApiPlayer], settings: LazySettings
) -> dict[str, str]:
    """Made before the browser starts (ORM calls): today's D3 with alice's ranked game and
    bob's, started from the same network (both held: a link binds both ways), and a staff
    account (its password hashed as the server checks it: the tests' quick hasher is not the
    server's)."""
    from django.contrib.auth.hashers import make_password
    from django.contrib.auth.models import User

    from games.services.actions import action_append
    from games.services.games import game_create
    from shared.origins import origin_of

    today = dailies.today()
    origin = origin_of(address="203.0.113.5", device_id=None)
    names = {}
    for role in ("alice", "bob"):
        player = make_player()
        game = game_create(player=player.user, daily="D3", origin=origin).game
        action_append(game_id=game.id, player=player.user, token="draw")
        names[role] = player.user.username
    staff = make_player()
    settings.PASSWORD_HASHERS = ["django.contrib.auth.hashers.PBKDF2PasswordHasher"]
    User.objects.filter(pk=staff.user.pk).update(is_staff=True, password=make_password(PASSWORD))
    return {**names, "staff": staff.user.username, "board": today.board("D3")}


def sign_in(player: Player, username: str) -> None:
    response = player.page.context.request.post(
        "/api/session/", data={"username": username, "password": PASSWORD}
    )
    assert response.ok, response.text()


@pytest.mark.parametrize(
    ("screen", "press", "status"),
    [
        (DESKTOP, "Clear: back on the board", "cleared"),
        (PHONE, "Confirm: out for good", "confirmed"),
    ],
    ids=["desktop-clear", "phone-confirm"],
)
def test_staff_decide_a_flag_on_the_staff_page(
    flagged: dict[str, str],
    new_player: Callable[..., Player],
    screen: dict,
    press: str,
    status: str,
) -> None:
    outsider = new_player()
    outsider.page.goto(f"/fair-play/?board={flagged['board']}")
    expect(outsider.page.locator("#refused")).to_be_visible()
    expect(outsider.page.locator("#flags")).to_have_count(0)

    staff = new_player(sign_up=False, **screen)
    sign_in(staff, flagged["staff"])
    page = staff.page
    page.goto(f"/fair-play/?board={flagged['board']}")
    expect(page.locator(".flag")).to_have_count(2)  # bob's and, bound by the link, alice's
    flag = page.locator(".flag").filter(has_text=f"{flagged['bob']}, game")
    expect(flag.locator(".evidence")).to_contain_text(f"same network as {flagged['alice']}'s game")
    flag.locator("textarea[name=note]").fill("looked at it")
    together = flag.get_by_label("The same verdict on every game of this link")
    if screen.get("touch"):
        together.tap()
    else:
        together.check()
    expect(together).to_be_checked()
    button = flag.get_by_role("button", name=press)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    assert (
        box is not None and box["height"] >= 40 and box["x"] + box["width"] <= screen["viewport"][0]
    )
    if screen.get("touch"):
        button.tap()
    else:
        button.click()
    for each in (page.locator(".flag").nth(0), page.locator(".flag").nth(1)):
        expect(each).to_have_attribute("data-status", status)
        expect(each.locator(".verdicts")).to_contain_text(
            f"{flagged['staff']} · {status} · looked at it"
        )
    page.screenshot(path=artifact_path(f"fairplay-staff-{status}.png"), full_page=True)

    outsider.page.goto(f"/boards/{flagged['board']}/")
    rows = outsider.page.locator("#board-rows tr")
    expect(rows).to_have_count(2 if status == "cleared" else 0)
    if status == "cleared":
        names = outsider.page.locator("#board-rows").inner_text()
        assert flagged["bob"] in names and flagged["alice"] in names
    assert not staff.errors and not outsider.errors
