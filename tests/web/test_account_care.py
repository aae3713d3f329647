"""Issue 25, account care in Chromium, desktop and phone, in Indonesian: "Your account" on the
player's own page (nobody else's), a refused and an accepted password change (the browser stays
signed in), and both exports downloaded."""

from __future__ import annotations

import json
from collections.abc import Callable

import httpx
import pytest
from playwright.sync_api import expect

from tests.web.conftest import PASSWORD, Player
from tests.web.page_checks import BROWSER_LOCALE, DEVICES, Watch

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

NEW = "sandi baru yang panjang 9"
OPEN_CODE = "CF1-D3-AAAAAAB"


@pytest.mark.parametrize("device", list(DEVICES))
def test_your_account_changes_the_password_and_downloads_the_games(
    new_player: Callable[..., Player], server_url: str, device: str
) -> None:
    owner = new_player(locale=BROWSER_LOCALE["id"], **DEVICES[device])
    other = new_player()
    page, watch = owner.page, Watch(owner.page)
    page.goto("/")  # the CSRF cookie the submission is signed with
    game = owner.submit(OPEN_CODE, ["draw", "draw"])

    page.goto(f"/players/{other.username}/")
    expect(page.locator("#game-rows")).to_be_visible()
    expect(page.locator("#account-care")).to_have_count(0)  # someone else's page

    page.goto(f"/players/{owner.username}/")
    section = page.locator("#account-care")
    expect(section.locator("h2")).to_have_text("Akun Anda")
    form = section.locator("#password-form")
    submit = form.locator("button[type=submit]")
    expect(submit).to_be_enabled()
    watch.check("id", f"your account on a {device}")

    form.locator("input[name=current_password]").fill("bukan sandi saya 1")
    form.locator("input[name=new_password]").fill(NEW)
    submit.click()
    error = form.locator(".form-error")
    expect(error).to_be_visible()
    expect(form.locator("input[name=current_password]")).to_have_attribute("aria-invalid", "true")
    watch.check("id", f"a wrong current password on a {device}")

    form.locator("input[name=current_password]").fill(PASSWORD)
    form.locator("input[name=new_password]").fill(NEW)
    submit.click()
    expect(form.locator(".form-done")).to_be_visible()
    expect(error).to_be_hidden()
    expect(form.locator("input[name=new_password]")).to_have_value("")
    watch.check("id", f"the password changed on a {device}")
    with httpx.Client(base_url=server_url, timeout=10) as http:
        login = {"username": owner.username, "password": NEW}
        assert http.post("/api/token/", json=login).status_code == 200
    page.reload()  # this browser stays signed in
    expect(page.locator("#account-care")).to_be_visible()

    with page.expect_download() as text_download:
        section.locator("#export-text").click()
    text = text_download.value
    assert text.suggested_filename == f"canfield-{owner.username}-games.txt"
    assert f"game {game}\ncode {OPEN_CODE}\n" in text.path().read_text()
    with page.expect_download() as json_download:
        section.locator("#export-json").click()
    body = json.loads(json_download.value.path().read_text())
    assert [(each["id"], each["log"]) for each in body["games"]] == [(game, ["draw", "draw"])]
    assert not owner.errors
