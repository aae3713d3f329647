"""What is happening now: games being played on open deals, and the best game of each recent
closed daily board (``GET /api/live/``, the page ``/live/``).

**Never a sealed day's game.** A ranked daily game is left out whatever its day (while its day
is open its line is its owner's alone: a second account watching it would play the deal knowing
its cards; once closed it is no longer being played), and so is every board still sealed: the
closed boards are those before ``first_sealed_day``. An open game's layout is never a sealed
one (such a game is refused at its start: ``games.daily.store.open_deal``), so what is listed
is public already (its replay, its socket).

**"Now"** is read from what every move already writes: a game's ``reached_at``, the time of its
last action. Playing now means still being played, with an action in the last
``PLAYING_WINDOW``; the read is one range scan of a partial index (``game_playing_open``),
newest first, cut at ``limit``: its cost does not grow with the games kept.

**Games under way first.** A first tap on home's practice deal makes a game with one action,
and a visitor who leaves at once leaves it there: the list shows games with
``SETTLED_ACTIONS`` actions or more first, then the ones barely begun (two reads of the same
index, each cut at ``limit``), so it never opens on a row of abandoned one-action games.
"""

from dataclasses import asdict
from datetime import datetime, timedelta
from typing import Any

from django.db.models import QuerySet
from django.utils import timezone

from games.boards import DAILY_MODES, daily_board, first_sealed_day
from games.daily.store import daily_pars
from games.models import DailyDeal, Game
from games.selectors.leaderboards import leaderboard_read

#: A game with an action this recent is being played now.
PLAYING_WINDOW = timedelta(minutes=10)
MAX_PLAYING = 50
#: A game with this many actions is under way: listed before the ones barely begun.
SETTLED_ACTIONS = 5
#: Closed days whose boards' best games are listed, newest first.
MAX_CLOSED_DAYS = 14


def playing_query(*, since: datetime, settled: bool | None = None) -> QuerySet[Game]:
    """Open games still being played with an action since ``since``, the latest first: the
    conditions of the partial index ``game_playing_open``, so it is read from that index.
    ``settled``: only games with ``SETTLED_ACTIONS`` or more (True), or fewer (False)."""
    games = Game.objects.filter(
        status=Game.Status.PLAYING,
        daily__isnull=True,
        offline=False,
        seq__gt=0,
        reached_at__gte=since,
    )
    if settled is True:
        games = games.filter(seq__gte=SETTLED_ACTIONS)
    elif settled is False:
        games = games.filter(seq__lt=SETTLED_ACTIONS)
    return games.order_by("-reached_at")


def games_playing_now(*, limit: int) -> list[dict[str, Any]]:
    """Open games with an action in the last ``PLAYING_WINDOW``, those under way first
    (``SETTLED_ACTIONS``), each part the latest first; ``idle``: seconds since that action by
    the server's clock (a page says "2 minutes ago" from it, whatever its device's clock
    says)."""
    now = timezone.now()
    fields = (
        "id",
        "code",
        "draw",
        "board",
        "player__username",
        "cards",
        "action_count",
        "elapsed",
        "assisted",
        "bot",
        "reached_at",
    )
    since = now - PLAYING_WINDOW
    rows = list(playing_query(since=since, settled=True).values(*fields)[:limit])
    if len(rows) < limit:
        begun = playing_query(since=since, settled=False).values(*fields)[: limit - len(rows)]
        rows.extend(begun)
    return [
        {
            "game": row["id"],
            "player": row["player__username"],
            "code": row["code"],
            "draw": row["draw"],
            "board": row["board"],
            "cards": row["cards"],
            "actions": row["action_count"],
            "elapsed": row["elapsed"],
            "assisted": row["assisted"],
            "bot": row["bot"],
            "last_action_at": row["reached_at"],
            "idle": max(0, int((now - row["reached_at"]).total_seconds())),
        }
        for row in rows
    ]


def closed_dailies_best(*, days: int) -> list[dict[str, Any]]:
    """The top entry of each board of the last ``days`` closed days, newest first (``best``
    None on a board nobody played): read as the board itself is (``leaderboard_read``, people
    only), so the ranking rule stays where it is."""
    deals = DailyDeal.objects.filter(date__lt=first_sealed_day()).order_by("-date")[:days]
    out: list[dict[str, Any]] = []
    for deal in deals:
        pars = daily_pars(deal)
        for mode, draw in DAILY_MODES.items():
            board = daily_board(deal.date, mode).id
            page = leaderboard_read(board=board, limit=1)
            out.append(
                {
                    "date": deal.date,
                    "mode": mode,
                    "draw": draw,
                    "board": board,
                    "par": pars[mode],
                    "players": page.total,
                    "best": asdict(page.entries[0]) if page.entries else None,
                }
            )
    return out
