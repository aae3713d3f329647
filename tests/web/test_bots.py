"""Declared bots in Chromium, desktop and phone: the board's people / bots / all switch (the
choice in the URL, a "bot" mark on bots' entries) and the sign-up dialog's bot checkbox, in
each language."""

from __future__ import annotations

import uuid
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.web.conftest import PASSWORD, Player
from tests.web.page_checks import BROWSER_LOCALE, DEVICES, LANGUAGES, Watch
from tests.web.situations import solved_deal

pytestmark = [pytest.mark.browser, pytest.mark.e2e]


@pytest.mark.parametrize("device", list(DEVICES))
def test_the_board_switch_shows_people_bots_or_all_with_a_bot_mark(
    new_player: Callable[..., Player], device: str
) -> None:
    deal = solved_deal()
    person = new_player(**DEVICES[device])
    robot = new_player(sign_up=False)
    name = f"b{uuid.uuid4().hex[:10]}"
    made = robot.page.context.request.post(
        "/api/players/", data={"username": name, "password": PASSWORD, "session": True, "bot": True}
    )
    assert made.status == 201, made.text()
    robot.page.goto("/")  # the pages' CSRF cookie, which the submission is signed with
    robot.submit(deal.code, list(deal.line[:120]))  # ahead of the person
    person.submit(deal.code, list(deal.line[:40]))
    page, watch = person.page, Watch(person.page)
    page.goto(f"/boards/{deal.code}/")
    switch = page.locator("#who-switch")
    expect(switch.locator("[aria-current=page]")).to_have_attribute("data-who", "humans")
    rows = page.locator("#board-rows tr")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text(person.username)
    expect(page.locator("#board-rows .bot-badge")).to_have_count(0)
    watch.check("en", f"the people's board on a {device}")

    switch.locator("[data-who=bots]").click()
    expect(page).to_have_url(f"{page.url.split('?')[0]}?who=bots")
    expect(switch.locator("[aria-current=page]")).to_have_attribute("data-who", "bots")
    expect(rows).to_have_count(1)
    expect(rows.nth(0)).to_contain_text(name)
    expect(rows.nth(0).locator(".bot-badge")).to_have_text("bot")
    watch.check("en", f"the bots' board on a {device}")

    switch.locator("[data-who=all]").click()
    expect(switch.locator("[aria-current=page]")).to_have_attribute("data-who", "all")
    expect(rows).to_have_count(2)
    expect(rows.nth(0)).to_contain_text(name)  # the bot won more cards: first of all
    expect(rows.nth(0).locator("td").first).to_have_text("1")
    expect(rows.nth(1)).to_contain_text(person.username)
    expect(rows.nth(1).locator("td").first).to_have_text("2")
    expect(page.locator("#board-rows .bot-badge")).to_have_count(1)
    expect(page.locator("#live-state")).to_have_attribute("data-state", "polling")
    watch.check("en", f"the board of all on a {device}")


@pytest.mark.parametrize("device", list(DEVICES))
@pytest.mark.parametrize("language", LANGUAGES)
def test_the_sign_up_dialog_declares_a_bot(
    new_player: Callable[..., Player], device: str, language: str
) -> None:
    visitor = new_player(sign_up=False, locale=BROWSER_LOCALE[language], **DEVICES[device])
    page, watch = visitor.page, Watch(visitor.page)
    page.goto("/")
    page.locator("#signin-button").click()
    dialog = page.locator("#account-dialog")
    expect(dialog.locator("input[name=bot]")).to_be_hidden()  # signing in declares nothing
    dialog.locator("[data-switch]").click()
    checkbox = dialog.locator("input[name=bot]")
    expect(checkbox).to_be_visible()
    watch.check(language, f"the sign-up dialog on a {device}")
    name = f"b{uuid.uuid4().hex[:10]}"
    dialog.locator("input[name=username]").fill(name)
    dialog.locator("input[name=password]").fill(PASSWORD)
    checkbox.check()
    dialog.locator("[data-submit]").click()
    expect(page.locator("#account-name")).to_have_text(name)
    me = page.context.request.get("/api/me/").json()
    assert (me["username"], me["bot"]) == (name, True)
    assert visitor.errors == []
