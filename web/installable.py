"""The app installs (issue 25, part 8): a web app manifest, a service worker, an offline page.

The service worker caches the **app shell** alone: the files under ``/static/`` (scripts,
styles, icons: the same for every player, nothing of any game in them) and the offline page.
It never stores an API answer, a page of a game or a board, the WebSocket or the JavaScript
catalogue: everything under ``/api/`` and ``/ws/`` passes it untouched, so no sealed deal and
no ranked game's data can be kept on a device by it (``docs/architecture.md``, "Installable").
A page asked for while the network is down gets the offline page in its place; it reloads by
itself when the network is back, and the game (kept on the server) is where it was left.
"""

from __future__ import annotations

import hashlib
import json
from functools import cache
from pathlib import Path

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.templatetags.static import static
from django.urls import reverse
from django.utils.translation import get_language, gettext
from django.views.decorators.http import require_safe

from shared.words import page_words
from web.app_icons import SIZES

STATIC = Path(__file__).resolve().parent / "static"
#: The service worker's code (linted like every script); ``/sw.js`` serves it after its constants.
WORKER = STATIC / "web" / "js" / "service_worker.js"
#: The header's colour (arena.css): the installed app's title bar matches it.
THEME_COLOUR = "#0a281e"
BACKGROUND_COLOUR = "#10382a"


@cache
def shell_files() -> tuple[tuple[str, ...], str]:
    """The URLs of every static file of the app (the shell) and a version: a hash of their
    contents, so a deploy that changes any of them changes the service worker, which then
    replaces its cache. Read once per process."""
    digest = hashlib.sha256()
    urls = []
    for path in sorted(p for p in STATIC.rglob("*") if p.is_file() and p != WORKER):
        name = path.relative_to(STATIC).as_posix()
        digest.update(name.encode() + b"\0" + path.read_bytes())
        urls.append(static(name))
    return tuple(urls), digest.hexdigest()[:16]


@require_safe
def manifest(request: HttpRequest) -> JsonResponse:
    """``/manifest.webmanifest``: what an installed Canfield Arena is (name, icons, colours,
    where it opens), in the reader's language."""
    icons = [
        {
            "src": static(f"web/icons/icon-{size}.png"),
            "sizes": f"{size}x{size}",
            "type": "image/png",
            "purpose": "any maskable",
        }
        for size in SIZES
    ]
    icons.append({"src": static("web/icons/icon.svg"), "sizes": "any", "type": "image/svg+xml"})
    body = {
        "name": "Canfield Arena",
        "short_name": "Canfield",
        "description": gettext("Canfield solitaire, played to be ranked: two daily deals."),
        "lang": get_language(),
        "start_url": reverse("web:home"),
        "scope": "/",
        "display": "standalone",
        "background_color": BACKGROUND_COLOUR,
        "theme_color": THEME_COLOUR,
        "icons": icons,
    }
    return JsonResponse(
        body, content_type="application/manifest+json", json_dumps_params={"ensure_ascii": False}
    )


@require_safe
def service_worker(request: HttpRequest) -> HttpResponse:
    """``/sw.js``, at the top so that it may serve every page's offline fallback. Never cached
    by HTTP: the browser checks it on each visit and a new version replaces the old one."""
    urls, version = shell_files()
    offline = reverse("web:offline")
    constants = (
        f"const CACHE = {json.dumps('canfield-shell-' + version)};\n"
        f"const SHELL = {json.dumps([*urls, offline])};\n"
        f"const OFFLINE = {json.dumps(offline)};\n"
    )
    return HttpResponse(
        constants + WORKER.read_text(encoding="utf-8"),
        content_type="text/javascript; charset=utf-8",
        headers={"Cache-Control": "no-cache"},
    )


@require_safe
def offline(request: HttpRequest) -> HttpResponse:
    """The page shown in place of any page while the network is down (the service worker keeps
    it, in the language of its last visit). It holds nothing of any game."""
    return render(
        request,
        "web/offline.html",
        {"title": gettext("You are offline"), "page_data": {}, "words": page_words()},
    )
