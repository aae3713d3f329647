"""Issue 25, part 8: the app installs. A web app manifest with its icons; a service worker that
keeps the app shell (static files, the offline page) and nothing else; offline, a page is the
offline page in the reader's language; back online, the practice game goes on where it was.
In Chromium on a desktop (1366x800) and a phone (390x844, touch), in en/id/ja."""

from __future__ import annotations

import struct
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from django.contrib.staticfiles import finders
from django.test import Client
from playwright.sync_api import Page, expect

from tests.web.conftest import Player
from tests.web.page_checks import BROWSER_LOCALE, Watch
from tests.web.situations import solved_deal
from tests.web.table_page import Table
from web.app_icons import icon_files

SCREENS: dict[str, dict[str, Any]] = {
    "desktop": {"viewport": (1366, 800)},
    "phone": {"viewport": (390, 844), "touch": True},
}
OFFLINE = {"en": "You are offline", "id": "Anda sedang luring", "ja": "オフラインです"}
#: Every URL the service worker's caches hold, read in the page.
CACHED_URLS = """async () => {
  const urls = [];
  for (const key of await caches.keys()) {
    const cache = await caches.open(key);
    for (const request of await cache.keys()) urls.push(new URL(request.url).pathname);
  }
  return urls;
}"""


def png_size(data: bytes) -> tuple[int, int]:
    assert data[:8] == b"\x89PNG\r\n\x1a\n" and data[12:16] == b"IHDR"
    width, height = struct.unpack(">II", data[16:24])
    return width, height


@pytest.mark.django_db
def test_the_manifest_names_the_app_its_icons_and_how_it_opens(client: Client) -> None:
    answer = client.get("/manifest.webmanifest", HTTP_ACCEPT_LANGUAGE="ja")
    assert answer.status_code == 200
    assert answer["Content-Type"] == "application/manifest+json"
    manifest = answer.json()
    assert manifest["name"] == "Canfield Arena" and manifest["lang"] == "ja"
    assert manifest["display"] == "standalone" and manifest["start_url"] == "/"
    assert manifest["theme_color"] == "#0a281e"
    assert not manifest["description"].isascii()  # in the reader's language
    sizes = {icon["sizes"]: icon for icon in manifest["icons"]}
    assert {"192x192", "512x512", "any"} <= set(sizes)
    for size in (192, 512):
        icon = sizes[f"{size}x{size}"]
        assert icon["src"].startswith("/static/web/icons/") and "maskable" in icon["purpose"]
        found = finders.find(icon["src"].removeprefix("/static/"))
        assert isinstance(found, str), icon["src"]
        assert png_size(Path(found).read_bytes()) == (size, size)


@pytest.mark.slow
def test_the_committed_icons_are_what_the_generator_draws() -> None:
    from web.app_icons import ICONS

    for name, data in icon_files().items():
        assert (ICONS / name).read_bytes() == data, f"{name}: run python -m web.app_icons"


@pytest.mark.django_db
def test_the_service_worker_keeps_the_shell_and_no_api(client: Client) -> None:
    answer = client.get("/sw.js")
    assert answer.status_code == 200
    assert answer["Content-Type"].startswith("text/javascript")
    assert answer["Cache-Control"] == "no-cache"
    script = answer.content.decode()
    assert '"/static/web/js/pages/table.js"' in script and '"/offline/"' in script
    assert "/api/" not in script.split("const SHELL = ")[1].split(";")[0]


def service_worker_ready(page: Page) -> None:
    """Wait until the service worker controls the page (it claims it once active)."""
    page.evaluate(
        """async () => {
          const workers = navigator.serviceWorker;
          await workers.ready;
          if (!workers.controller) {
            await new Promise((done) =>
              workers.addEventListener("controllerchange", done, { once: true }));
          }
        }"""
    )


@pytest.mark.browser
@pytest.mark.e2e
@pytest.mark.parametrize(
    ("screen", "language"), [("desktop", "en"), ("phone", "id"), ("phone", "ja")]
)
def test_offline_a_page_is_the_offline_page_and_back_online_the_game_goes_on(
    new_player: Callable[..., Player], screen: str, language: str
) -> None:
    deal = solved_deal()
    player = new_player(locale=BROWSER_LOCALE[language], **SCREENS[screen])
    page = player.page
    table = Table.open_deal(page, deal.code)
    service_worker_ready(page)
    page.locator("#move-input").fill(deal.line[0])
    page.locator("#move-input").press("Enter")
    expect(table.stat("actions")).to_have_text("1")
    game_url = page.url

    page.context.set_offline(True)
    page.reload()
    expect(page.locator("#offline h1")).to_have_text(OFFLINE[language])
    assert page.url == game_url  # the page asked for, its place kept
    expect(page.locator("html")).to_have_attribute("lang", language)
    Watch(page).check(language, f"the offline page on a {screen}")

    page.context.set_offline(False)  # the page reloads by itself: the game as it was left
    expect(table.stat("actions")).to_have_text("1")
    expect(page.locator("#offline")).to_have_count(0)
    page.locator("#move-input").fill(deal.line[1])
    page.locator("#move-input").press("Enter")
    expect(table.stat("actions")).to_have_text("2")

    cached = page.evaluate(CACHED_URLS)
    assert "/offline/" in cached and "/static/web/js/pages/table.js" in cached
    assert all(url.startswith("/static/") or url == "/offline/" for url in cached), cached
    assert player.errors == []


@pytest.mark.browser
@pytest.mark.e2e
def test_a_ranked_game_leaves_nothing_of_its_deal_in_the_caches(
    new_player: Callable[..., Player],
) -> None:
    player = new_player(**SCREENS["desktop"])
    page = player.page
    page.goto("/")
    service_worker_ready(page)
    game = player.post("/api/games/", {"daily": "D3"})
    page.goto(f"/games/{game['id']}/")
    expect(page.locator("#tableau [data-column='1'] [data-card]").first).to_be_visible()
    page.locator("#move-input").fill("draw")
    page.locator("#move-input").press("Enter")
    expect(page.locator("#stat-actions")).to_have_text("1")
    cached = page.evaluate(CACHED_URLS)
    assert all(url.startswith("/static/") or url == "/offline/" for url in cached), cached
    offline = page.evaluate("async () => (await (await caches.match('/offline/')).text())")
    assert "data-card" not in offline and f"/games/{game['id']}/" not in offline
    assert player.errors == []
