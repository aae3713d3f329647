"""Issue 25, part 5: the Settings panel, reachable from every page's header, in Chromium on a
desktop (1366x800) and a phone (390x844, touch), in en/id/ja: each setting changes what it says
on the table, is kept in the browser, and, signed in, with the account (whose settings win
after a sign-in)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from playwright.sync_api import FloatRect, Locator, Page, expect

from tests.web.conftest import PASSWORD, Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import solved_deal, tap_to_column
from tests.web.table_page import Table

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
}
TITLES = {"en": "Settings", "id": "Pengaturan", "ja": "設定"}


def open_settings(page: Page) -> Locator:
    """Open the header's Settings panel: the dialog."""
    page.locator("#settings-button").click()
    dialog = page.locator("#settings-dialog")
    expect(dialog).to_be_visible()
    return dialog


def close_settings(page: Page) -> None:
    page.locator("#settings-form button[type=submit]").click()
    expect(page.locator("#settings-dialog")).to_be_hidden()


def box(locator: Locator) -> FloatRect:
    found = locator.bounding_box()
    assert found is not None
    return found


def colour(locator: Locator, css: str = "color") -> str:
    return str(locator.evaluate(f"node => getComputedStyle(node).{css}"))


@pytest.mark.parametrize(
    ("screen", "language"), [("desktop", "en"), ("phone", "ja"), ("phone", "id")]
)
def test_the_settings_panel_changes_the_table_and_the_browser_keeps_it(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    deal = solved_deal()
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page, watch = player.page, Watch(player.page)
    table = Table.open_deal(page, deal.code)
    first = table.column(1).locator("[data-card]").first
    medium = box(first)["width"]
    stock = page.locator("#stock .card.back")
    felt = page.locator("#felt")
    red_back, green_felt = colour(stock, "backgroundColor"), colour(felt, "backgroundImage")

    dialog = open_settings(page)
    expect(dialog.locator("h2")).to_have_text(TITLES[language])
    watch.check(language, f"the settings panel on a {screen}")
    # A desktop has room for larger cards; a phone held upright has none (small, then).
    size = "large" if screen == "desktop" else "small"
    dialog.locator("select[name=card_size]").select_option(size)
    dialog.locator("input[name=four_colour]").check()
    dialog.locator("select[name=card_back]").select_option("blue")
    dialog.locator("select[name=felt]").select_option("grey")
    dialog.locator("input[name=left_handed]").check()
    close_settings(page)

    sized = box(first)["width"]
    assert sized > medium * 1.1 if size == "large" else sized < medium * 0.9, (medium, sized)
    assert colour(stock, "backgroundColor") == "rgb(31, 78, 140)" != red_back
    assert "rgb(74, 81, 89)" in colour(felt, "backgroundImage") != green_felt
    # Left-handed: the stock on the right of the reserve, columns still 1 to 4 from the left.
    assert box(page.locator(".stock-slot"))["x"] > box(page.locator(".waste-slot"))["x"]
    assert box(table.column(1))["x"] < box(table.column(2))["x"]
    for card, ink in (
        ("C", "rgb(23, 119, 58)"),
        ("D", "rgb(26, 86, 184)"),
        ("H", "rgb(192, 38, 45)"),
    ):
        on_felt = page.locator(f'#felt .card[data-card$="{card}"]')
        if on_felt.count():
            assert colour(on_felt.first) == ink, card
    watch.check(language, f"the table with {size} cards, left-handed, on a {screen}")

    page.reload()  # kept in this browser
    expect(table.column(1).locator("[data-card]").first).to_be_visible()
    assert box(table.column(1).locator("[data-card]").first)["width"] == pytest.approx(sized)
    assert page.evaluate("document.documentElement.dataset.hand") == "left"
    page.goto("/rules/")  # every page's header has it
    dialog = open_settings(page)
    expect(dialog.locator("select[name=card_size]")).to_have_value(size)
    expect(dialog.locator("input[name=four_colour]")).to_be_checked()
    watch.check(language, f"the settings panel on the rules page on a {screen}")
    assert player.errors == []


def test_account_settings_follow_the_player_and_win_over_the_browsers_after_sign_in(
    new_player: Callable[..., Player],
) -> None:
    owner = new_player(**SCREENS["desktop"])
    page = owner.page
    page.goto("/")
    expect(page.locator("html[data-settings-synced=true]")).to_have_count(1)
    dialog = open_settings(page)
    with page.expect_response(
        lambda r: r.url.endswith("/api/me/settings/") and r.request.method == "PUT"
    ):
        dialog.locator("select[name=card_size]").select_option("small")
    with page.expect_response(
        lambda r: r.url.endswith("/api/me/settings/") and r.request.method == "PUT"
    ):
        dialog.locator("input[name=sound]").check()
    saved = page.request.get("/api/me/settings/").json()["settings"]
    assert saved == {"card_size": "small", "sound": True}

    # Another device: its own settings as a guest; once signed in, the account's win, and the
    # one the account never saved (the felt) stays this browser's and is saved to the account.
    other = new_player(sign_up=False, **SCREENS["phone"])
    phone = other.page
    phone.goto("/daily/")
    dialog = open_settings(phone)
    dialog.locator("select[name=card_size]").select_option("large")
    dialog.locator("select[name=felt]").select_option("blue")
    close_settings(phone)
    phone.locator("#signin-button").click()
    form = phone.locator("#account-form")
    form.locator("input[name=username]").fill(owner.username)
    form.locator("input[name=password]").fill(PASSWORD)
    form.locator("button[type=submit]").click()
    expect(phone.locator("#account-name")).to_have_text(owner.username)
    expect(phone.locator("html[data-settings-synced=true]")).to_have_count(1)
    root = phone.locator("html")
    expect(root).to_have_attribute("data-card-size", "small")
    expect(root).to_have_attribute("data-felt", "blue")
    dialog = open_settings(phone)
    expect(dialog.locator("input[name=sound]")).to_be_checked()
    expect(dialog.locator("#settings-where")).to_contain_text("your account's settings win")
    account = phone.request.get("/api/me/settings/").json()["settings"]
    assert account == {"card_size": "small", "sound": True, "felt": "blue"}
    assert owner.errors == [] and other.errors == []


def test_the_tap_rule_and_hint_confirmation_are_settings(
    new_player: Callable[..., Player],
) -> None:
    situation = tap_to_column()
    player = new_player(locale=BROWSER_LOCALE["id"], **SCREENS["phone"])
    page = player.page
    table = Table.open_deal(page, situation.code)
    dialog = open_settings(page)
    dialog.locator("select[name=tap_rule]").select_option("home_only")
    dialog.locator("input[name=hint_confirm]").uncheck()
    close_settings(page)
    expect(page.locator("#double-click")).not_to_be_checked()  # the table's switch agrees

    table.card(situation.card).tap()
    expect(table.status).to_have_attribute("data-kind", "error")
    expect(table.stat("actions")).to_have_text("0")

    page.locator("#hint-button").tap()  # one tap asks at once: no confirmation asked for
    expect(page.locator("#assisted-badge")).to_be_visible()
    assert table.server_game()["assisted"] is True

    page.locator("#double-click").check()  # and the switch changes the setting
    table.card(situation.card).tap()
    expect(
        table.column(int(situation.token[1])).locator(f'[data-card="{situation.card}"]')
    ).to_be_visible()
    assert (
        page.evaluate("JSON.parse(localStorage['canfield.settings']).tap_rule") == "home_or_column"
    )
    Watch(page).check("id", "the table after the settings on a phone")
    assert player.errors == []


@pytest.mark.parametrize("language", ["en", "ja"])
def test_the_replay_speed_setting_is_the_replays_default_and_sound_is_off_until_chosen(
    new_player: Callable[..., Player], language: str
) -> None:
    deal = solved_deal()
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS["desktop"])
    game_id = player.submit(deal.code, list(deal.line[:4]))
    page = player.page
    table = Table.open_deal(page, deal.code)
    expect(page.locator("html")).not_to_have_attribute("data-last-sound", "move")
    page.locator("#move-input").fill(deal.line[4])
    page.locator("#move-input").press("Enter")
    expect(table.stat("actions")).to_have_text("5")
    assert page.evaluate("document.documentElement.dataset.lastSound") is None  # off by default

    dialog = open_settings(page)
    dialog.locator("input[name=sound]").check()
    dialog.locator("select[name=replay_speed]").select_option("1400")
    close_settings(page)
    page.locator("#move-input").fill(deal.line[5])
    page.locator("#move-input").press("Enter")
    expect(table.stat("actions")).to_have_text("6")
    expect(page.locator("html")).to_have_attribute("data-last-sound", "move")

    page.goto(f"/replay/{game_id}/")
    expect(page.locator("#replay-speed")).to_have_value("1400")
    Watch(page).check(language, "the replay at the chosen speed")
    assert player.errors == []


@pytest.mark.parametrize("language", ["en", "id", "ja"])
def test_the_settings_button_fits_every_header_on_a_360_px_phone(
    new_player: Callable[..., Player], language: str
) -> None:
    phone = {"viewport": (360, 780), "touch": True, "locale": BROWSER_LOCALE[language]}
    for player in (new_player(sign_up=False, **phone), new_player(**phone)):
        page, watch = player.page, Watch(player.page)
        page.goto("/daily/")
        expect(page.locator("#account")).not_to_have_attribute("data-state", "loading")
        expect(page.locator("#settings-button")).to_be_visible()
        watch.check(language, f"the header at 360 px ({player.username})")
        open_settings(page)
        watch.check(language, f"the settings panel at 360 px ({player.username})")
        assert player.errors == []
