"""Issue 11, item 8: a Content-Security-Policy on the pages, and the pages still work under it.

In-process: the header and its directives, and the docs page's hashes. In Chromium (a real
uvicorn): the home page, a table and Swagger UI load with no CSP violation reported, and
an injected inline script does not run. Before: no policy at all.
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import pytest
from playwright.sync_api import Browser
from rest_framework.test import APIClient

from canfield_site.csp import inline_hashes
from tests.support.servers import run_asgi_server, server_env_for_test_db

CODE = "CF1-D3-AAAAACL"


def directives(header: str) -> dict[str, list[str]]:
    parsed = {}
    for part in header.split(";"):
        name, *values = part.split()
        parsed[name] = values
    return parsed


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/", f"/play/{CODE}/", "/players/nobody/"])
def test_pages_have_a_strict_policy(api_client: APIClient, path: str) -> None:
    policy = directives(api_client.get(path)["Content-Security-Policy"])
    assert policy["script-src"] == ["'self'"]
    assert policy["style-src"] == ["'self'"]
    assert policy["object-src"] == ["'none'"]
    assert policy["frame-ancestors"] == ["'none'"]
    assert "'unsafe-inline'" not in str(policy) and "'unsafe-eval'" not in str(policy)


@pytest.mark.django_db
def test_the_docs_page_allows_exactly_its_own_inline_blocks(api_client: APIClient) -> None:
    response = api_client.get("/api/docs/")
    policy = directives(response["Content-Security-Policy"])
    expected = inline_hashes(response.content)
    assert expected["script-src"] and expected["style-src"]
    assert policy["script-src"] == ["'self'", *expected["script-src"]]
    assert policy["style-src"] == ["'self'", *expected["style-src"]]
    assert "'unsafe-inline'" not in str(policy)


@pytest.fixture
def base_url(transactional_db: None) -> Iterator[str]:
    with run_asgi_server(env=server_env_for_test_db()) as url:
        yield url


@pytest.mark.e2e
@pytest.mark.browser
def test_pages_work_under_the_policy_in_chromium(base_url: str, chromium: Browser) -> None:
    page = chromium.new_page()
    problems: list[str] = []
    page.on(
        "console",
        lambda message: (
            problems.append(message.text)
            if re.search(r"Content.Security.Policy|Refused to", message.text)
            else None
        ),
    )
    page.on("pageerror", lambda error: problems.append(str(error)))
    page.goto(f"{base_url}/", wait_until="networkidle")
    page.goto(f"{base_url}/play/{CODE}/", wait_until="networkidle")
    page.wait_for_selector("#stock-card", state="attached")
    page.goto(f"{base_url}/api/docs/", wait_until="networkidle")
    page.wait_for_selector(".swagger-ui .opblock", timeout=15_000)
    assert problems == []
    # And the policy bites: an injected inline script does not run.
    page.goto(f"{base_url}/", wait_until="networkidle")
    page.evaluate(
        """() => { const s = document.createElement('script');
             s.textContent = 'window.injected = true'; document.head.append(s); }"""
    )
    assert page.evaluate("() => window.injected === true") is False
    assert any("Content Security Policy" in text for text in problems), problems
