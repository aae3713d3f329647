"""The ratings ladder page, ``/ratings/``: rendered on the server from the same selector as
``GET /api/ratings/`` (``ratings.selectors.ladder_page``), so page and API list the same
players in the same order, and the page reads without a script.

Its query is the API's (``draw``, ``who``, ``offset``, ``around``) read by the API's own
serializer (``ratings.serializers.LadderIn``), but a page link is never a 400: a field the
serializer refuses is dropped and its default shown, as the board pages do with ``?who=``.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any

from django.http import HttpRequest

if TYPE_CHECKING:
    from rest_framework.serializers import Serializer

#: Players on a page of the ladder.
PAGE_SIZE = 50


def page_query(
    params: dict[str, str], serializer: type[Serializer], keys: tuple[str, ...]
) -> dict[str, Any]:
    """The clean ``serializer`` values of ``params``' ``keys``; a refused field takes its
    default (the seasons page reads its query so too: ``web.seasons``)."""
    asked = {key: params[key] for key in keys if params.get(key)}
    first = serializer(data=asked)
    if first.is_valid():
        return dict(first.validated_data)
    kept = serializer(data={key: value for key, value in asked.items() if key not in first.errors})
    kept.is_valid(raise_exception=True)
    return dict(kept.validated_data)


def ladder_query(params: dict[str, str]) -> dict[str, Any]:
    """The clean ``LadderIn`` values of ``params``; a refused field takes its default."""
    from ratings.serializers import LadderIn

    return page_query(params, LadderIn, ("draw", "who", "offset", "around"))


def ladder_links(*, base: str, offset: int, total: int) -> dict[str, str | None]:
    """The query strings (``base`` and an offset) of the page before and after this one
    (None at an end)."""
    earlier = max(0, offset - PAGE_SIZE)
    return {
        "previous": f"?{base}&offset={earlier}" if offset > 0 else None,
        "next": f"?{base}&offset={offset + PAGE_SIZE}" if offset + PAGE_SIZE < total else None,
    }


def ladder_context(request: HttpRequest) -> dict[str, Any]:
    """What the ladder page shows for ``request``'s query: a page of the ladder, or the page
    around a player (``?around=``; one off the ladder gets the top page and a note)."""
    from games.boards import Who
    from ratings.errors import NotOnLadder
    from ratings.selectors import ladder_page, ladder_position

    query = ladder_query(request.GET.dict())
    draw, who = query["draw"], query["who"]
    bot = who == Who.BOTS
    missing = None
    try:
        page = ladder_page(
            draw=draw, bot=bot, limit=PAGE_SIZE, offset=query["offset"], around=query.get("around")
        )
    except NotOnLadder as refusal:
        missing = refusal.detail
        page = ladder_page(draw=draw, bot=bot, limit=PAGE_SIZE)
    me = request.user.get_username() if request.user.is_authenticated else None
    placed = me is not None and ladder_position(username=me, draw=draw, bot=bot) is not None
    return {
        "ladder": page,
        "draw": draw,
        "who": who,
        "me": me,
        "around_me": me if placed else None,
        "missing": missing,
        "links": ladder_links(base=f"draw={draw}&who={who}", offset=page.offset, total=page.total),
        "last": min(page.offset + PAGE_SIZE, page.total),
    }
