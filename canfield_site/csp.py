"""Content-Security-Policy: the pages run only this site's own files.

The pages are ES modules and one stylesheet served from /static/, so the policy
(``settings.CONTENT_SECURITY_POLICY``, sent by django-csp's middleware) allows scripts,
styles, images, fonts and connections (fetch and WebSocket) from this origin alone, no inline
code, no plugins, no framing. An injected ``<script>`` or ``onclick=`` then does nothing.

One page needs more: Swagger UI at ``/api/docs/`` (drf-spectacular's template, self-hosted
from the sidecar) starts itself with an inline ``<script>`` and an inline ``<style>``. Rather
than allowing inline code there, ``DocsInlineHashesMiddleware`` adds the SHA-256 of exactly
those blocks, as rendered, to that response's policy; anything else inline stays blocked.
"""

from __future__ import annotations

import base64
import hashlib
import re
from collections.abc import Callable

from django.http import HttpRequest, HttpResponse
from django.urls import reverse

INLINE_BLOCK = re.compile(rb"<(script|style)(?:\s[^>]*)?>(.*?)</\1>", re.DOTALL | re.IGNORECASE)


def inline_hashes(html: bytes) -> dict[str, list[str]]:
    """``{"script-src": [...], "style-src": [...]}``: CSP hash sources of the inline blocks
    (a ``<script src=...>`` has empty content and needs none)."""
    found: dict[str, list[str]] = {"script-src": [], "style-src": []}
    for tag, content in INLINE_BLOCK.findall(html):
        if not content.strip():
            continue
        digest = base64.b64encode(hashlib.sha256(content).digest()).decode()
        found[f"{tag.decode().lower()}-src"].append(f"'sha256-{digest}'")
    return {directive: hashes for directive, hashes in found.items() if hashes}


class DocsInlineHashesMiddleware:
    """Adds the hashes of /api/docs/'s own inline blocks to its policy (see module docstring).

    Listed after ``csp.middleware.CSPMiddleware`` so that it sees the response first."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        if request.path != reverse("docs") or getattr(response, "streaming", False):
            return response
        if hasattr(response, "render") and not getattr(response, "is_rendered", True):
            response.render()
        if response.get("Content-Type", "").startswith("text/html"):
            # django-csp reads this attribute off the response; HttpResponse does not declare it.
            response._csp_update = inline_hashes(response.content)  # type: ignore[attr-defined]
        return response
