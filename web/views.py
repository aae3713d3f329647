"""Page views: each renders a shell and hands the page its few parameters.

The pages are deliberately thin on the server: every game action goes
through the REST API (so it is verified and logged exactly like a bot's), and
live data arrives over the WebSocket. A view only checks the URL's parameters
(a bad deal code gets a clear page, not a broken table) and makes sure the
CSRF cookie exists, since the scripts read it to sign their API calls.
"""

from __future__ import annotations

from datetime import date
from typing import Any

from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET

from web.deal_codes import deal_preview, line_states, normalise_board, normalise_code
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


def _bad_code(request: HttpRequest, code: str, reason: str, *, board: bool = False) -> HttpResponse:
    return _page(
        request,
        "bad_code.html",
        title="Unknown board" if board else "Unknown deal code",
        data={"code": code, "reason": reason, "board": board},
        status=404,
    )


def _daily_parts(board_id: str) -> tuple[str, str] | None:
    """`(day, mode)` of a daily board id, None for a deal code."""
    from games.boards import DAILY_BOARD

    found = DAILY_BOARD.match(board_id)
    return None if found is None else (found["day"], found["mode"])


def _future(day: str) -> bool:
    from games.boards import utc_today

    return date.fromisoformat(day) > utc_today()


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
    data: dict[str, object] = {"code": normalised, "game": None}
    if not request.user.is_authenticated:
        data["preview"] = deal_preview(normalised)
    return _page(request, "table.html", title=f"Play {normalised}", data=data)


def _no_such_game(request: HttpRequest, game_id: int) -> HttpResponse | None:
    """The "no such game" page (404) when ``request.user`` may not read game ``game_id``: it
    does not exist, or it is another player's sealed game (which the API hides alike)."""
    from games.errors import GameNotFound
    from games.selectors.games import game_for

    viewer = request.user if request.user.is_authenticated else None
    try:
        game_for(game_id=game_id, viewer=viewer)
    except GameNotFound:
        return _page(
            request, "no_game.html", title="No such game", data={"game": game_id}, status=404
        )
    return None


@require_GET
@ensure_csrf_cookie
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    missing = _no_such_game(request, game_id)
    return missing or _page(
        request, "table.html", title=f"Game {game_id}", data={"code": None, "game": game_id}
    )


@require_GET
@ensure_csrf_cookie
def board(request: HttpRequest, code: str) -> HttpResponse:
    """A board's page: a deal code's, or a daily board's (``daily-2026-12-01-D3``), whose code
    the page shows only once the board's day has closed (it reads it from the API)."""
    normalised, reason = normalise_board(code)
    if normalised is None:
        return _bad_code(request, code, reason, board=True)
    daily = _daily_parts(normalised)
    if daily is not None and _future(daily[0]):
        return _bad_code(request, code, f"{daily[0]} has not come yet", board=True)
    data = {
        "board": normalised,
        "code": None if daily else normalised,
        "day": daily and daily[0],
        "mode": daily and daily[1],
    }
    return _page(request, "board.html", title=f"Leaderboard {normalised}", data=data)


@require_GET
def board_field(request: HttpRequest, code: str) -> JsonResponse:
    """How many players stand at each count of cards on a board (a deal code or a daily
    board), for the field chart.

    The REST API pages through entries, which cannot draw the whole field of a
    board with many players; this is one GROUP BY on the leaderboard table.
    """
    normalised, reason = normalise_board(code)
    if normalised is None:
        return JsonResponse({"error": "invalid_code", "detail": reason}, status=404)
    counts = board_field_counts(board=normalised)
    return JsonResponse(
        {
            "board": normalised,
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
    missing = _no_such_game(request, game_id)
    return missing or _page(
        request, "replay.html", title=f"Replay of game {game_id}", data={"game": game_id}
    )


@require_GET
@ensure_csrf_cookie
def archive(request: HttpRequest) -> HttpResponse:
    """Past days, newest first, from ``GET /api/daily/?before=``; ``?before=<date>`` pages."""
    asked = request.GET.get("before", "")
    before: str | None
    try:
        before = date.fromisoformat(asked).isoformat() if len(asked) == 10 else None
    except ValueError:
        before = None
    return _page(request, "archive.html", title="Past daily deals", data={"before": before})


@require_GET
@ensure_csrf_cookie
def daily_line(request: HttpRequest, day: str, mode: str) -> HttpResponse:
    """The solver's winning line of a closed day's deal (read from ``GET /api/daily/<day>/``)."""
    board_id, reason = normalise_board(f"daily-{day}-{mode}")
    if board_id is None:
        return _bad_code(request, f"{day} {mode}", reason, board=True)
    if _future(day):
        return _bad_code(request, f"{day} {mode}", f"{day} has not come yet", board=True)
    return _page(
        request,
        "line.html",
        title=f"The solver's line, {day} draw {mode[1]}",
        data={"day": day, "mode": mode, "board": board_id},
    )


@require_GET
def daily_line_json(request: HttpRequest, day: str, mode: str) -> JsonResponse:
    """The positions along the solver's line of a closed day's deal, for the line page to step
    through (the client has no engine). A sealed or unknown day is a 404 like the API's."""
    from games.daily.store import daily_codes, daily_deal_shown, daily_lines
    from games.errors import DailyNotFound

    board_id, reason = normalise_board(f"daily-{day}-{mode}")
    if board_id is None:
        return JsonResponse({"error": "bad_board", "detail": reason}, status=404)
    try:
        deal = daily_deal_shown(day=date.fromisoformat(day))
    except DailyNotFound as error:
        return JsonResponse(error.as_dict(), status=404)
    codes, lines = daily_codes(deal), daily_lines(deal)
    if codes is None or lines is None:
        return JsonResponse(
            {"error": "sealed", "detail": f"the deals of {day} are sealed until the day closes"},
            status=404,
        )
    tokens = lines[mode]
    return JsonResponse(
        {
            "board": board_id,
            "code": codes[mode],
            "line": tokens,
            "states": line_states(codes[mode], tokens),
        }
    )
