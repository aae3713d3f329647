"""The staff page: a board's flags with a clear and a confirm button each.

Plain forms (POST, CSRF-checked) to the same services as the API, so it works on any phone
without a script of its own; the verdict's answer is a redirect back to the board's list.
Only staff accounts see it: anyone else gets a 403 page saying so.
"""

from django.contrib.auth.models import User
from django.http import HttpRequest, HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.urls import reverse
from django.utils.http import urlencode
from django.utils.translation import gettext
from django.views.decorators.csrf import ensure_csrf_cookie
from django.views.decorators.http import require_GET, require_POST

from fairplay.errors import NotStaff
from fairplay.line_review import flag_line
from fairplay.selectors import board_flags, by_strength, flag_review, flagged_boards
from fairplay.services import flag_decide, staff_check
from games.boards import DAILY_MODES, daily_board, parse_board, utc_today
from games.errors import ServiceError
from shared.words import page_words


def staff_or_none(request: HttpRequest) -> User | None:
    user = request.user
    if not isinstance(user, User):
        return None
    try:
        return staff_check(user)
    except NotStaff:
        return None


def page(
    request: HttpRequest,
    context: dict[str, object],
    *,
    status: int = 200,
    template: str = "fairplay/flags.html",
) -> HttpResponse:
    """The page shell of ``web/base.html`` with this page's parts."""
    return render(
        request,
        template,
        {"title": gettext("Fair-play review"), "page_data": {}, "words": page_words(), **context},
        status=status,
    )


@require_GET
@ensure_csrf_cookie
def flags_page(request: HttpRequest) -> HttpResponse:
    """``/fair-play/?board=<board>``: today's draw 3 board unless another is named."""
    if staff_or_none(request) is None:
        return page(request, {"refused": True}, status=403)
    asked = request.GET.get("board") or daily_board(utc_today(), "D3").id
    try:
        board = parse_board(asked).id
    except ServiceError as error:
        return page(request, {"board": asked, "problem": error.detail}, status=400)
    today = [daily_board(utc_today(), mode).id for mode in DAILY_MODES]
    boards = list(dict.fromkeys([*today, *flagged_boards()]))
    flags = by_strength([flag_review(flag) for flag in board_flags(board=board)])
    return page(request, {"board": board, "boards": boards, "flags": flags})


@require_POST
def verdict_post(request: HttpRequest, flag_id: int) -> HttpResponse:
    """A verdict from the page's form; back to the board's list (a refusal says why there)."""
    staff = staff_or_none(request)
    if staff is None:
        return page(request, {"refused": True}, status=403)
    board = request.POST.get("board", "")
    try:
        flag = flag_decide(
            flag_id=flag_id,
            staff=staff,
            verdict=request.POST.get("verdict"),
            note=request.POST.get("note", ""),
            together=request.POST.get("together") == "1",
        )
    except ServiceError as error:
        return page(request, {"board": board, "problem": error.detail}, status=error.status)
    query = urlencode({"board": flag.board})
    return HttpResponseRedirect(f"{reverse('fairplay:flags')}?{query}#flag-{flag.id}")


@require_GET
def line_page(request: HttpRequest, flag_id: int) -> HttpResponse:
    """``/fair-play/flags/<id>/line/``: the flagged line step by step, what the player could
    see beside the face-down cards (``fairplay.line_review``)."""
    if staff_or_none(request) is None:
        return page(request, {"refused": True}, status=403)
    try:
        line = flag_line(flag_id=flag_id)
    except ServiceError as error:
        return page(request, {"problem": error.detail}, status=error.status)
    return page(request, {"line": line}, template="fairplay/line.html")
