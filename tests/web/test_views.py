"""The page views through Django's test client (no browser).

The browser tests prove the pages work; these pin down what the server side of
the web app promises, quickly: status codes, the CSRF cookie the scripts need,
code checking delegated to the engine, and that every static
file and every ES module import the pages reference exists (there is no build
step to catch a broken import: it would just be a blank page).
"""

from __future__ import annotations

import html
import json
import re
from collections.abc import Callable
from pathlib import Path

import pytest
from django.conf import LazySettings
from django.contrib.staticfiles import finders
from django.test import Client
from django.utils import translation
from django.utils.translation import gettext

from engine import Deal, DealCodeError
from tests.conftest import Player as ApiPlayer
from tests.support.responses import PageResponse

STATIC_JS = Path(__file__).resolve().parents[2] / "web" / "static" / "web" / "js"
TEMPLATES = Path(__file__).resolve().parents[2] / "web" / "templates" / "web"


def _page_data(response: PageResponse) -> dict:
    match = re.search(
        rb'<script id="page-data" type="application/json">(.*?)</script>', response.content
    )
    assert match, "the page must hand its parameters to its script"
    return json.loads(match.group(1))


@pytest.mark.django_db
@pytest.mark.parametrize(
    "url",
    [
        "/",
        "/play/CF1-D3-ABCDEFG/",
        "/boards/CF1-D1-ABCDEFG/",
        "/players/ann/",
        "/daily/",
        "/daily/2026-11-20/D1/line/",
        "/ratings/",
        "/seasons/",
    ],
)
def test_every_page_renders_and_sets_the_csrf_cookie(
    client: Client, make_player: Callable[..., ApiPlayer], url: str
) -> None:
    make_player("ann")  # a player's page is a player's: an unknown name is a 404
    response = client.get(url)
    assert response.status_code == 200
    assert "csrftoken" in response.cookies
    assert b'type="module"' in response.content


@pytest.mark.django_db
def test_an_unknown_players_page_is_a_404_in_the_sites_look(client: Client) -> None:
    response = client.get("/players/nobody/")
    assert response.status_code == 404
    assert b"No such player" in response.content and b"nobody" in response.content


@pytest.mark.django_db
def test_a_code_in_any_case_is_normalised_for_the_page(
    client: Client, make_player: Callable[..., ApiPlayer]
) -> None:
    client.force_login(make_player().user)
    response = client.get("/play/cf1-d3-abcdefg/")
    assert _page_data(response) == {"code": "CF1-D3-ABCDEFG", "game": None}


@pytest.mark.django_db
def test_a_visitor_sees_the_deal_behind_the_sign_up(client: Client) -> None:
    from engine import Game

    response = client.get("/play/cf1-d1-abcdefg/")
    preview = _page_data(response)["preview"]
    assert preview == Game.from_code("CF1-D1-ABCDEFG").state()


@pytest.mark.django_db
@pytest.mark.parametrize("bad", ["CF1-D2-ABCDEFG", "CF2-D3-ABCDEFG", "hello", "CF2-D3-" + "1" * 47])
def test_a_bad_code_gets_a_clear_page_with_the_engines_reason(client: Client, bad: str) -> None:
    with pytest.raises(DealCodeError) as reason:
        Deal.from_code(bad)
    for url in (f"/play/{bad}/", f"/boards/{bad}/"):
        response = client.get(url)
        assert response.status_code == 404
        assert str(reason.value).encode() in response.content.replace(b"&#x27;", b"'")


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "id", "ja"])
def test_the_bad_code_page_says_the_engines_reason_in_the_readers_language(
    client: Client, language: str
) -> None:
    bad = "CF1-D2-ABCDEFG"
    with pytest.raises(DealCodeError) as raised:
        Deal.from_code(bad)
    with translation.override(language):
        reason = raised.value.problem.sentence(gettext)
        title = gettext("Unknown deal code")
    if language != "en":
        assert reason != str(raised.value) and title != "Unknown deal code"
    response = client.get(f"/play/{bad}/", HTTP_ACCEPT_LANGUAGE=language)
    assert response.status_code == 404
    text = html.unescape(response.content.decode())
    assert reason in text and title in text
    assert f'<html lang="{language}"' in text


def _board_ids() -> tuple[str, str]:
    from datetime import timedelta

    from games.boards import utc_today

    today = utc_today()
    return f"daily-{today.isoformat()}-D3", f"daily-{(today + timedelta(days=1)).isoformat()}-D1"


@pytest.mark.django_db
def test_a_layout_code_in_any_case_is_normalised_for_the_pages(
    client: Client, make_player: Callable[..., ApiPlayer]
) -> None:
    from engine import Game

    code = Deal.from_code("CF1-D3-ABCDEFG").layout_code
    typed = code.lower().replace("0", "o")
    assert _page_data(client.get(f"/play/{typed}/"))["preview"] == Game.from_code(code).state()
    assert _page_data(client.get(f"/boards/{typed}/"))["code"] == code
    client.force_login(make_player().user)
    assert _page_data(client.get(f"/play/{typed}/")) == {"code": code, "game": None}


@pytest.mark.django_db
def test_a_daily_board_page_gets_its_day_and_mode_and_no_code(client: Client) -> None:
    today, _ = _board_ids()
    response = client.get(f"/boards/{today}/")
    assert response.status_code == 200
    day = today.removeprefix("daily-").removesuffix("-D3")
    assert _page_data(response) == {
        "board": today,
        "code": None,
        "day": day,
        "mode": "D3",
        "who": "humans",
    }
    assert b"/play/" not in response.content
    assert _page_data(client.get("/boards/cf1-d3-abcdefg/"))["code"] == "CF1-D3-ABCDEFG"


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("board", "reason"),
    [
        ("daily-2026-13-01-D3", "is not a date"),
        ("daily-2026-12-01-D2", "nor a daily board"),
        ("DAILY-2026-12-01-D3", "nor a daily board"),
    ],
)
def test_a_bad_board_id_gets_a_clear_page(client: Client, board: str, reason: str) -> None:
    response = client.get(f"/boards/{board}/")
    assert response.status_code == 404
    assert reason.encode() in response.content


@pytest.mark.django_db
def test_a_board_of_a_day_to_come_is_not_a_page(client: Client) -> None:
    _, tomorrow = _board_ids()
    response = client.get(f"/boards/{tomorrow}/")
    assert response.status_code == 404
    assert b"has not come yet" in response.content
    day = tomorrow.removeprefix("daily-").removesuffix("-D1")
    assert client.get(f"/daily/{day}/D1/line/").status_code == 404


@pytest.mark.django_db
def test_archive_and_line_pages_take_their_parameters(client: Client) -> None:
    assert _page_data(client.get("/daily/")) == {"before": None}
    assert _page_data(client.get("/daily/?before=2026-11-20")) == {"before": "2026-11-20"}
    assert _page_data(client.get("/daily/?before=yesterday")) == {"before": None}
    response = client.get("/daily/2026-11-20/D3/line/")
    assert response.status_code == 200
    assert _page_data(response) == {
        "day": "2026-11-20",
        "mode": "D3",
        "board": "daily-2026-11-20-D3",
    }
    assert client.get("/daily/2026-11-20/D2/line/").status_code == 404


def test_every_static_file_a_template_names_exists() -> None:
    names = set()
    for template in TEMPLATES.glob("*.html"):
        names |= set(re.findall(r"{% static '([^']+)' %}", template.read_text()))
    assert names, "templates reference static files"
    missing = sorted(name for name in names if finders.find(name) is None)
    assert missing == []


def test_every_module_import_resolves_to_a_file() -> None:
    imports = 0
    for module in STATIC_JS.rglob("*.js"):
        for target in re.findall(r'^import .*? from "(\.{1,2}/[^"]+)";', module.read_text(), re.M):
            imports += 1
            assert (module.parent / target).resolve().is_file(), f"{module.name} imports {target}"
    assert imports > 10


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["games", "replay"])
def test_a_game_that_does_not_exist_is_a_clear_404_page(client: Client, page: str) -> None:
    response = client.get(f"/{page}/9999/")
    assert response.status_code == 404
    assert b"No such game" in response.content
    assert b"9999" in response.content
    assert b'id="felt"' not in response.content  # no empty table


@pytest.mark.django_db
@pytest.mark.parametrize("page", ["games", "replay"])
def test_a_sealed_game_is_a_page_for_its_owner_alone(
    client: Client, make_player: Callable[..., ApiPlayer], settings: LazySettings, page: str
) -> None:
    from games.services.games import game_create

    settings.DAILY_SECRET, settings.CANFIELD_DAILY_SOLVE_SECONDS = "canfield tests", 2.0
    owner, other = make_player(), make_player()
    sealed = game_create(player=owner.user, daily="D3").game
    opened = game_create(player=owner.user, draw=3).game
    assert client.get(f"/{page}/{sealed.id}/").status_code == 404  # a visitor
    client.force_login(other.user)
    refused = client.get(f"/{page}/{sealed.id}/")
    assert refused.status_code == 404 and b"No such game" in refused.content
    assert client.get(f"/{page}/{opened.id}/").status_code == 200  # anyone may watch it
    client.force_login(owner.user)
    response = client.get(f"/{page}/{sealed.id}/")
    assert response.status_code == 200 and "csrftoken" in response.cookies
    assert _page_data(response)["game"] == sealed.id


@pytest.mark.django_db
def test_a_board_page_takes_whose_entries_from_its_url(client: Client) -> None:
    """The switch's choice (``?who=``): people by default, and for anything unknown (a link
    to a page is never a 400); the current choice is marked in the page."""
    for asked, shown in (("", "humans"), ("bots", "bots"), ("all", "all"), ("robots", "humans")):
        response = client.get(f"/boards/CF1-D3-ABCDEFG/?who={asked}")
        assert _page_data(response)["who"] == shown
        assert f'data-who="{shown}" aria-current="page"' in response.content.decode()
