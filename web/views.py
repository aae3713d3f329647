"""Page views: each renders a shell and hands the page its few parameters.

The pages are deliberately thin on the server: every game action goes
through the REST API (so it is verified and logged exactly like a bot's), and
live data arrives over the WebSocket. A view only checks the URL's parameters
(a bad deal code gets a clear page, not a broken table) and makes sure the
CSRF cookie exists, since the scripts read it to sign their API calls.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET

from web.deal_codes import deal_preview, normalise_code
from web.selectors import board_field_counts


def _page(
    request: HttpRequest, template: str, *, title: str, data: dict[str, Any], status: int = 200
) -> HttpResponse:
    """Render a page shell; `data` reaches the page script through json_script."""
    return render(
        request,
        f"web/{template}",
        {"title": title, "page_data": data},
        status=status,
    )


def _bad_code(request: HttpRequest, code: str, reason: str) -> HttpResponse:
    return _page(
        request,
        "bad_code.html",
        title="Unknown deal code",
        data={"code": code, "reason": reason},
        status=404,
    )


@require_GET
@ensure_csrf_cookie
def home(request: HttpRequest) -> HttpResponse:
    return _page(request, "home.html", title="Canfield Arena", data={})


@require_GET
@ensure_csrf_cookie
def play(request: HttpRequest, code: str) -> HttpResponse:
    """Start (or resume) the signed-in player's game of `code`: the script does it via the API."""
    normalised, reason = normalise_code(code)
    if normalised is None:
        return _bad_code(request, code, reason)
    data = {"code": normalised, "game": None}
    if not request.user.is_authenticated:
        data["preview"] = deal_preview(normalised)
    return _page(request, "table.html", title=f"Play {normalised}", data=data)


@require_GET
@ensure_csrf_cookie
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    return _page(
        request, "table.html", title=f"Game {game_id}", data={"code": None, "game": game_id}
    )


@require_GET
@ensure_csrf_cookie
def board(request: HttpRequest, code: str) -> HttpResponse:
    normalised, reason = normalise_code(code)
    if normalised is None:
        return _bad_code(request, code, reason)
    return _page(
        request, "board.html", title=f"Leaderboard {normalised}", data={"code": normalised}
    )


@require_GET
def board_field(request: HttpRequest, code: str) -> JsonResponse:
    """How many players stand at each count of cards on a board, for the field chart.

    The REST API pages through entries, which cannot draw the whole field of a
    board with many players; this is one GROUP BY on the leaderboard table.
    """
    normalised, reason = normalise_code(code)
    if normalised is None:
        return JsonResponse({"error": "invalid_code", "detail": reason}, status=404)
    counts = board_field_counts(code=normalised)
    return JsonResponse(
        {
            "code": normalised,
            "total": sum(counts.values()),
            "counts": [{"cards": cards, "players": n} for cards, n in sorted(counts.items())],
        }
    )


@require_GET
@ensure_csrf_cookie
def player(request: HttpRequest, username: str) -> HttpResponse:
    return _page(request, "player.html", title=f"Player {username}", data={"username": username})


@require_GET
@ensure_csrf_cookie
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    return _page(request, "replay.html", title=f"Replay of game {game_id}", data={"game": game_id})
