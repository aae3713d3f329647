"""Issue 11, item 5: hostile JSON and NUL bytes get a clear 4xx, never a 500.

Deep nesting made the JSON decoder raise ``RecursionError`` (a 500 on every JSON endpoint);
a NUL in a path or query parameter reached PostgreSQL, which refuses NUL in text (a 500
there, a pointless query elsewhere).
"""

from __future__ import annotations

import pytest
from rest_framework.test import APIClient

from games.api.parsing import MAX_JSON_DEPTH

pytestmark = pytest.mark.django_db

JSON_POSTS = [
    "/api/players/",
    "/api/token/",
    "/api/session/",
    "/api/games/",
    "/api/submissions/",
    "/api/games/1/actions/",
]


def nested(depth: int) -> str:
    return '{"a": ' * depth + "1" + "}" * depth


@pytest.mark.parametrize("path", JSON_POSTS)
@pytest.mark.parametrize("body", ["[" * 100_000, nested(5_000), "[" * 2_000 + "]" * 2_000])
def test_deep_nesting_is_a_400(player_client: APIClient, path: str, body: str) -> None:
    """Signed in, so that every endpoint gets as far as reading its body."""
    response = player_client.post(path, data=body, content_type="application/json")
    assert response.status_code == 400, response.content[:200]
    assert response.json()["error"] == "malformed_request"
    assert "nest" in response.json()["detail"]


def test_nesting_is_bounded_below_the_decoders_own_limit(api_client: APIClient) -> None:
    too_deep = api_client.post(
        "/api/players/", data=nested(MAX_JSON_DEPTH + 1), content_type="application/json"
    )
    assert too_deep.status_code == 400
    assert too_deep.json()["error"] == "malformed_request"
    within = api_client.post(
        "/api/players/", data=nested(MAX_JSON_DEPTH), content_type="application/json"
    )
    # Parsed, then refused: its field "a" is none of a sign-up's.
    assert within.json()["error"] == "unknown_fields"


def test_ordinary_bodies_still_parse(api_client: APIClient) -> None:
    body = {"username": "plain", "password": "a fine password 42", "x": [[{"y": [1]}]]}
    nested_answer = api_client.post("/api/players/", body, format="json")
    assert nested_answer.json()["unknown"] == ["x"]  # parsed: then refused for its field
    del body["x"]
    assert api_client.post("/api/players/", body, format="json").status_code == 201


@pytest.mark.parametrize(
    "path",
    [
        "/api/players/a%00b/",
        "/api/leaderboards/CF1-D3-AAAA%00ACL/",
        "/players/a%00b/",
        "/boards/x%00/",
        "/api/nothing%00/",
    ],
)
def test_a_nul_in_the_path_is_a_404(api_client: APIClient, path: str) -> None:
    response = api_client.get(path)
    assert response.status_code == 404
    if path.startswith("/api/"):
        assert response.json() == {
            "error": "not_found",
            "detail": "no such resource (the path has a NUL byte)",
        }


def test_a_nul_in_the_query_is_a_400(api_client: APIClient) -> None:
    response = api_client.get("/api/leaderboards/CF1-D3-AAAAACL/?around=a%00b")
    assert response.status_code == 400
    assert response.json()["error"] == "invalid_input"
