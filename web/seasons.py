"""The seasons page, ``/seasons/``: a week's or a month's standings, rendered on the server
from the same selector as ``GET /api/seasons/`` (``ratings.season_selectors.season_page``),
its query read by the API's own serializer (``SeasonIn``) as the ladder page reads its own
(``web.ladder.page_query``: a page link is never a 400, a refused field shows its default;
a season none of whose days is rated shows the current one and says so).

The page keeps itself current: a season moves only when a day is rated, so its script asks
the API for the season's header once a minute and, when it changed, reads this page again
and swaps the standings in (docs/ratings.md says why not over the boards' socket).
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

from web.ladder import PAGE_SIZE, ladder_links, page_query

#: Closed seasons listed under the standings (the latest).
ARCHIVE_SHOWN = 12


def seasons_context(request: HttpRequest) -> dict[str, Any]:
    """What the seasons page shows for ``request``'s query (see the module)."""
    from games.boards import Who
    from ratings.errors import NotInSeason, SeasonNotFound
    from ratings.season_selectors import season_page, seasons_archived
    from ratings.serializers import SeasonIn

    keys = ("period", "draw", "who", "season", "offset", "around")
    query = page_query(request.GET.dict(), SeasonIn, keys)
    period, draw, who = query["period"], query["draw"], query["who"]
    bot = who == Who.BOTS
    chosen: dict[str, Any] = {"period": period, "draw": draw, "bot": bot, "limit": PAGE_SIZE}
    missing = None
    named = query.get("season")  # kept on the page unless there is no such season
    try:
        page = season_page(
            **chosen, offset=query["offset"], key=query.get("season"), around=query.get("around")
        )
    except (SeasonNotFound, NotInSeason) as refusal:
        missing = refusal.detail
        if isinstance(refusal, SeasonNotFound):
            named = None
        page = season_page(**chosen, key=named)
    key = page.season["key"] if page.season else None
    me = request.user.get_username() if request.user.is_authenticated else None
    placed = me is not None and any(entry["player"] == me for entry in page.entries)
    if me is not None and not placed and page.season is not None:
        try:
            season_page(**chosen, key=key, around=me)
            placed = True
        except NotInSeason:
            placed = False
    base = f"period={period}&draw={draw}&who={who}" + (f"&season={key}" if key else "")
    _, archive = seasons_archived(period=period, limit=ARCHIVE_SHOWN, offset=0)
    return {
        "standings": page,
        "period": period,
        "draw": draw,
        "who": who,
        "me": me,
        "around_me": me if placed else None,
        "missing": missing,
        "base": base,
        "links": ladder_links(base=base, offset=page.offset, total=page.total),
        "last": min(page.offset + PAGE_SIZE, page.total),
        "archive": archive,
        # A season named (and found) stays on the page, even when the player asked around has
        # no place in it; otherwise it follows the days rated.
        "chosen": named is not None,
    }
