"""The ladder page, ``/ratings/``, through Django's test client: rendered on the server from
the API's selector (the same players in the same order), its query read by the API's
serializer but never a 400, "around me" for a signed-in player on the ladder only."""

import re

import pytest
from django.contrib.auth.models import User
from django.test import Client
from rest_framework.test import APIClient

from tests.support.responses import PageResponse


def listed(response: PageResponse) -> list[str]:
    return re.findall(r'<tr data-player="([^"]+)"', response.content.decode())


def test_the_page_lists_what_the_api_lists(
    ladder: None, client: Client, api_client: APIClient
) -> None:
    page = client.get("/ratings/")
    assert page.status_code == 200
    api = api_client.get("/api/ratings/?limit=50").json()
    assert listed(page) == [entry["player"] for entry in api["entries"]]
    assert "newcomer" not in listed(page)  # provisional: on no ladder
    assert listed(client.get("/ratings/?who=bots")) == ["machine"]
    assert listed(client.get("/ratings/?draw=1")) == []
    assert 'id="around-me"' not in page.content.decode()  # nobody is signed in


@pytest.mark.parametrize(
    "query", ["draw=2", "who=all", "who=robots", "offset=-1", "offset=many", "around=" + "x" * 151]
)
def test_a_bad_query_shows_the_default_not_a_400(ladder: None, client: Client, query: str) -> None:
    page = client.get(f"/ratings/?{query}")
    assert page.status_code == 200
    assert listed(page)[0] == "p0"


def test_around_a_player_and_around_one_off_the_ladder(ladder: None, client: Client) -> None:
    client.force_login(User.objects.get(username="p5"))
    page = client.get("/ratings/").content.decode()
    assert 'id="around-me"' in page and "around=p5" in page
    around = client.get("/ratings/?around=p5")
    assert listed(around)[:2] == ["p0", "p1"] and 'class="me"' in around.content.decode()
    missing = client.get("/ratings/?around=newcomer")
    assert missing.status_code == 200 and 'id="ladder-missing"' in missing.content.decode()
    assert listed(missing)[0] == "p0"
    client.force_login(User.objects.get(username="newcomer"))
    assert 'id="around-me"' not in client.get("/ratings/").content.decode()
