"""Issue 25, account care in Chromium: delete my account from my own page, confirmed with the
password (a wrong one refused in words), on a desktop in English and a phone in Japanese. The
browser is signed out; the game stays on its board, under a neutral name, ranked as it was."""

from __future__ import annotations

import re
from collections.abc import Callable

import pytest
from playwright.sync_api import expect

from tests.web.conftest import PASSWORD, Player
from tests.web.page_checks import BROWSER_LOCALE, DEVICES, Watch

pytestmark = [pytest.mark.browser, pytest.mark.e2e]

OPEN_CODE = "CF1-D3-AAAAAAB"


def board_rows(player: Player) -> list[tuple[int, str, int, int]]:
    entries = player.page.request.get(f"/api/leaderboards/{OPEN_CODE}/").json()["entries"]
    return [(e["rank"], e["player"], e["cards"], e["actions"]) for e in entries]


@pytest.mark.parametrize(("device", "language"), [("desktop", "en"), ("phone", "ja")])
def test_delete_my_account_from_my_page_keeps_the_game_on_its_board(
    new_player: Callable[..., Player], device: str, language: str
) -> None:
    owner = new_player(locale=BROWSER_LOCALE[language], **DEVICES[device])
    rival = new_player()
    page, watch = owner.page, Watch(owner.page)
    for who, log in ((owner, ["draw", "draw", "draw"]), (rival, ["draw"])):
        who.page.goto("/rules/")  # the CSRF cookie the submission is signed with
        who.submit(OPEN_CODE, log)
    before = board_rows(rival)
    assert [name for _, name, _, _ in before] == [rival.username, owner.username]

    page.goto(f"/players/{owner.username}/")
    form = page.locator("#delete-form")
    submit = form.locator("button[type=submit]")
    expect(submit).to_be_enabled()
    form.locator("input[name=password]").fill("not my password 1")
    submit.click()
    expect(form.locator(".form-error")).to_be_visible()
    expect(form.locator("input[name=password]")).to_have_attribute("aria-invalid", "true")
    watch.check(language, f"a wrong password to delete on a {device}")

    form.locator("input[name=password]").fill(PASSWORD)
    submit.click()
    expect(page).to_have_url(re.compile(r"/$"))
    expect(page.locator("#account")).to_have_attribute("data-state", "anonymous")
    after = board_rows(rival)
    [(_, gone, _, _)] = [row for row in after if row[1] != rival.username]
    assert gone.startswith("deleted-")
    assert after == [
        (rank, gone if name == owner.username else name, cards, actions)
        for rank, name, cards, actions in before
    ]
    assert page.request.get(f"/api/players/{owner.username}/").status == 404
    watch.check(language, f"home after deleting the account on a {device}")
