"""Page views: each renders a shell and hands the page its few parameters.

The pages are deliberately thin on the server: every game action goes
through the REST API (so it is verified and logged exactly like a bot's), and
live data arrives over the WebSocket. A view only checks the URL's parameters
(a bad deal code gets a clear page, not a broken table) and makes sure the
CSRF cookie exists, since the scripts read it to sign their API calls.
"""

from __future__ import annotations

from datetime import date
from typing import TYPE_CHECKING, Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import render
from django.utils.translation import gettext
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_safe

from shared.words import page_words
from web.deal_codes import deal_preview, normalise_board, normalise_code, sealed_reason

if TYPE_CHECKING:
    from games.models import Game


def _page(
    request: HttpRequest,
    template: str,
    *,
    title: str,
    data: dict[str, Any],
    status: int = 200,
    **context: Any,
) -> HttpResponse:
    """Render a page shell; `data` reaches the page script through json_script, `context`
    the template alone."""
    return render(
        request,
        f"web/{template}",
        {"title": title, "page_data": data, "words": page_words(), **context},
        status=status,
    )


def _bad_code(request: HttpRequest, code: str, reason: str, *, board: bool = False) -> HttpResponse:
    return _page(
        request,
        "bad_code.html",
        title=gettext("Unknown board") if board else gettext("Unknown deal code"),
        data={"code": code, "reason": reason, "board": board},
        status=404,
    )


def _sealed(request: HttpRequest, code: str, reason: str) -> HttpResponse:
    """The page for a code whose layout is a sealed daily's: said so, nothing of it shown."""
    return _page(
        request,
        "bad_code.html",
        title=gettext("Sealed until the close"),
        data={"code": code, "reason": reason, "board": False, "sealed": True},
        status=404,
    )


def not_yet(day: str) -> str:
    """What a page of a day to come says: the API's words (``games.daily.store``)."""
    from games.daily.store import not_come_yet

    return not_come_yet(date.fromisoformat(day)).detail


def _daily_parts(board_id: str) -> tuple[str, str] | None:
    """`(day, mode)` of a daily board id, None for a deal code."""
    from games.boards import DAILY_BOARD

    found = DAILY_BOARD.match(board_id)
    return None if found is None else (found["day"], found["mode"])


def _future(day: str) -> bool:
    from games.boards import utc_today

    return date.fromisoformat(day) > utc_today()


def practice_deal(draw: int = 3) -> dict[str, object]:
    """A random open deal and its starting layout, for the felt at the top of home: a visitor
    plays it on their first tap (the tap makes the game, never the page view). Every open
    layout is public; a code whose layout is a sealed daily's is never offered (a random
    code all but never is one, but the rule has no exceptions)."""
    from engine import random_code

    while True:
        code = random_code(draw=draw)
        if sealed_reason(code) is None:
            return {"code": code, "preview": deal_preview(code)}


@require_safe
@ensure_csrf_cookie
def home(request: HttpRequest) -> HttpResponse:
    """Home is the game: today's deal on the felt at the top (the page script picks the
    signed-in player's ranked daily, face down until their first tap, or this practice deal),
    the day's boards below. A player with an unfinished open game (a guest's practice game
    above all) finds it again there, where they left it, rather than a new deal."""
    return _page(
        request,
        "home.html",
        title="Canfield Arena",
        data={"practice": practice_deal(), "resume": _unfinished_open_game(request)},
    )


def _unfinished_open_game(request: HttpRequest) -> int | None:
    """The id of the viewer's last unfinished open game (not a ranked daily), if any."""
    from games.models import Game

    if not request.user.is_authenticated:
        return None
    return (
        Game.objects.filter(
            player_id=request.user.pk,
            status=Game.Status.PLAYING,
            daily__isnull=True,
            offline=False,
            hold_confirmed=False,
        )
        .order_by("-updated_at", "-id")
        .values_list("id", flat=True)
        .first()
    )


@require_safe
@ensure_csrf_cookie
def rules(request: HttpRequest) -> HttpResponse:
    """The rules of play in the reader's language (the same rules as docs/rules.md)."""
    return _page(request, "rules.html", title=gettext("The rules of Canfield"), data={})


@require_safe
@ensure_csrf_cookie
def play(request: HttpRequest, code: str) -> HttpResponse:
    """Start (or resume) the signed-in player's game of `code`: the script does it via the API."""
    normalised, reason = normalise_code(code)
    if normalised is None:
        return _bad_code(request, code, reason)
    sealed = sealed_reason(normalised)
    if sealed is not None:
        return _sealed(request, normalised, sealed)
    data: dict[str, object] = {"code": normalised, "game": None}
    if not request.user.is_authenticated:
        data["preview"] = deal_preview(normalised)
    return _page(
        request, "table.html", title=gettext("Play %(code)s") % {"code": normalised}, data=data
    )


def _no_such_game(request: HttpRequest, game_id: int) -> HttpResponse | Game:
    """The game, or the "no such game" page (404) when ``request.user`` may not read game
    ``game_id``: it does not exist, or it is another player's sealed game (which the API
    hides alike)."""
    from games.errors import GameNotFound
    from games.selectors.games import game_for

    viewer = request.user if request.user.is_authenticated else None
    try:
        return game_for(game_id=game_id, viewer=viewer)
    except GameNotFound:
        return _page(
            request,
            "no_game.html",
            title=gettext("No such game"),
            data={"game": game_id},
            status=404,
        )


def _own_hold(request: HttpRequest, game: Game) -> dict[str, Any] | None:
    """A fair-play hold on the viewer's own game, as its owner is told of it (no one else)."""
    from fairplay.selectors import owner_holds

    if not game.held or request.user.pk != game.player_id:
        return None
    return owner_holds([(game.id, game.held, game.hold_confirmed)])[game.id]


@require_safe
@ensure_csrf_cookie
def table(request: HttpRequest, game_id: int) -> HttpResponse:
    found = _no_such_game(request, game_id)
    if isinstance(found, HttpResponse):
        return found
    return _page(
        request,
        "table.html",
        title=gettext("Game %(id)s") % {"id": game_id},
        data={"code": None, "game": game_id},
        hold=_own_hold(request, found),
    )


@require_safe
@ensure_csrf_cookie
def board(request: HttpRequest, code: str) -> HttpResponse:
    """A board's page: a deal code's, or a daily board's (``daily-2026-12-01-D3``), whose code
    the page shows only once the board's day has closed (it reads it from the API)."""
    normalised, reason = normalise_board(code)
    if normalised is None:
        return _bad_code(request, code, reason, board=True)
    daily = _daily_parts(normalised)
    if daily is not None and _future(daily[0]):
        return _bad_code(request, code, not_yet(daily[0]), board=True)
    sealed = None if daily else sealed_reason(normalised)
    if sealed is not None:
        return _sealed(request, normalised, sealed)
    data = {
        "board": normalised,
        "code": None if daily else normalised,
        "day": daily and daily[0],
        "mode": daily and daily[1],
        "who": _who(request),
    }
    return _page(
        request,
        "board.html",
        title=gettext("Leaderboard %(board)s") % {"board": normalised},
        data=data,
        who=data["who"],
    )


def _who(request: HttpRequest) -> str:
    """The page's ``?who=`` (people, bots, or all in one ranking); anything else shows the
    default, people, as the API does without one (a page link is never a 400)."""
    from games.boards import Who

    asked = request.GET.get("who", "")
    return asked if asked in {who.value for who in Who} else Who.HUMANS.value


@require_safe
@ensure_csrf_cookie
def player(request: HttpRequest, username: str) -> HttpResponse:
    """A player's page; its owner also gets the "Your account" section (password, export):
    rendered for them alone, so nobody else's page holds it, even hidden."""
    from django.contrib.auth.models import User

    from accounts.guests import is_guest

    if not User.objects.filter(username=username).exists():
        # As the API answers it (404 ``player_not_found``) and as /games/<unknown>/ does.
        return _page(
            request,
            "no_player.html",
            title=gettext("No such player"),
            data={"username": username},
            status=404,
        )
    owner = request.user.is_authenticated and request.user.get_username() == username
    return _page(
        request,
        "player.html",
        title=gettext("Player %(name)s") % {"name": username},
        data={"username": username},
        owner=owner,
        owner_guest=owner and is_guest(request.user),
    )


@require_safe
@ensure_csrf_cookie
def replay(request: HttpRequest, game_id: int) -> HttpResponse:
    found = _no_such_game(request, game_id)
    return (
        found
        if isinstance(found, HttpResponse)
        else _page(
            request,
            "replay.html",
            title=gettext("Replay of game %(id)s") % {"id": game_id},
            data={"game": game_id},
        )
    )


@require_safe
@ensure_csrf_cookie
def archive(request: HttpRequest) -> HttpResponse:
    """Past days, newest first, from ``GET /api/daily/?before=``; ``?before=<date>`` pages."""
    asked = request.GET.get("before", "")
    before: str | None
    try:
        before = date.fromisoformat(asked).isoformat() if len(asked) == 10 else None
    except ValueError:
        before = None
    return _page(
        request, "archive.html", title=gettext("Past daily deals"), data={"before": before}
    )


@require_safe
@ensure_csrf_cookie
def ratings_ladder(request: HttpRequest) -> HttpResponse:
    """A rating ladder, rendered here from the API's own selector (``web.ladder``)."""
    from web.ladder import ladder_context

    context = ladder_context(request)
    return _page(
        request,
        "ratings.html",
        title=gettext("Ratings"),
        data={"draw": context["draw"], "who": context["who"]},
        **context,
    )


@require_safe
@ensure_csrf_cookie
def seasons(request: HttpRequest) -> HttpResponse:
    """A week's or a month's standings, rendered from the API's own selector
    (``web.seasons``)."""
    from web.seasons import seasons_context

    context = seasons_context(request)
    season = context["standings"].season
    return _page(
        request,
        "seasons.html",
        title=gettext("Seasons"),
        data={
            "period": context["period"],
            "draw": context["draw"],
            "who": context["who"],
            "season": season and {key: season[key] for key in ("key", "days_rated", "final")},
            "chosen": context["chosen"],
        },
        **context,
    )


@require_safe
@ensure_csrf_cookie
def live_now(request: HttpRequest) -> HttpResponse:
    """Games being played now on open deals, to watch, and the best game of each recent closed
    daily board, to replay (``GET /api/live/``; never a sealed day's game). Refreshed by its
    button: no Channels group spans every open game, and one that did would carry every move
    of every open game to this list."""
    return _page(request, "live.html", title=gettext("Live now"), data={})


@require_safe
@ensure_csrf_cookie
def daily_line(request: HttpRequest, day: str, mode: str) -> HttpResponse:
    """The solver's winning line of a closed day's deal (read from ``GET /api/daily/<day>/``)."""
    board_id, reason = normalise_board(f"daily-{day}-{mode}")
    if board_id is None:
        return _bad_code(request, f"{day} {mode}", reason, board=True)
    if _future(day):
        return _bad_code(request, f"{day} {mode}", not_yet(day), board=True)
    return _page(
        request,
        "line.html",
        title=gettext("The solver's line, %(day)s draw %(draw)s") % {"day": day, "draw": mode[1]},
        data={"day": day, "mode": mode, "board": board_id},
    )


def page_not_found(request: HttpRequest, exception: Exception | None = None) -> HttpResponse:
    """Any path without a page (``handler404``; the API answers its own in JSON): a 404 in the
    site's look and the reader's language, with the way back, not the server's bare text."""
    return _page(
        request,
        "not_found.html",
        title=gettext("Page not found"),
        data={"path": request.path},
        status=404,
    )
