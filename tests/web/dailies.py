"""Daily deals for the browser tests, made in this process before the browser starts.

The server subprocess cannot be sent back in time, so a closed day is made here: its deals
are chosen and its ranked games played under ``time_machine`` on that day, through the same
services the API uses, and the rows are committed (``transactional_db``) for the server to
read. Django refuses ORM calls while Playwright's sync API is alive in this thread, so the
fixtures that call these must come before ``new_player`` in a test's arguments.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, date, datetime, timedelta
from typing import TYPE_CHECKING

import time_machine

from engine import Game
from tests.conftest import Player as ApiPlayer

if TYPE_CHECKING:
    from games.models import DailyDeal  # for the annotation: the service is imported where used


@dataclass(frozen=True)
class Day:
    day: date
    codes: dict[str, str]  # mode -> code (sealed while the day is open: server side only)
    pars: dict[str, int | None]
    lines: dict[str, list[str]]
    players: dict[str, list[str]] = field(default_factory=dict)  # mode -> usernames

    def board(self, mode: str) -> str:
        return f"daily-{self.day.isoformat()}-{mode}"


def _day(deal: DailyDeal, players: dict[str, list[str]] | None = None) -> Day:
    from games.daily.store import daily_code, daily_pars

    return Day(
        day=deal.date,
        codes={mode: daily_code(deal, mode) for mode in ("D3", "D1")},
        pars=daily_pars(deal),
        lines={"D3": list(deal.line), "D1": list(deal.line_d1)},
        players=players or {},
    )


CLOSE_MARGIN_S = 90.0  # longer than a browser test on a busy CI machine takes


def _after_a_close_too_near() -> None:
    """Sleep past 00:00 UTC when it is under ``CLOSE_MARGIN_S`` away: a test that reads
    today's board as open would otherwise see it close under it (CI, once, at 23:59)."""
    now = datetime.now(UTC)
    midnight = datetime.combine(now.date() + timedelta(days=1), datetime.min.time(), UTC)
    left = (midnight - now).total_seconds()
    if left < CLOSE_MARGIN_S:
        time.sleep(left + 1.0)


def today() -> Day:
    """Today's deals, chosen now if nobody has asked for them yet (the server agrees: same
    secret, and a stored day never changes); never a day about to close."""
    from games.boards import utc_today
    from games.daily.pars import pars_found
    from games.daily.store import daily_deal_get

    _after_a_close_too_near()
    deal = daily_deal_get(day=utc_today())
    pars_found(deal)  # as prepare_daily (or the referee, within a minute) leaves a day
    return _day(deal)


def closed_day(
    make_player: Callable[..., ApiPlayer], *, days_ago: int = 3, moves: tuple[int, ...] = (12, 5)
) -> Day:
    """A day `days_ago` before today, whose D3 board got one ranked game per entry of
    `moves`, each playing that many moves of the solver's line on that day, and whose boards
    have their table pars (as `prepare_daily` stores them; the tests' small budget)."""
    from fairplay.table_pars import day_table_pars
    from games.boards import utc_today
    from games.daily.store import daily_deal_get
    from games.services.actions import action_append
    from games.services.games import game_create

    day = utc_today() - timedelta(days=days_ago)
    names = []
    with time_machine.travel(f"{day.isoformat()} 08:00Z", tick=False):
        deal = daily_deal_get(day=day)
        for count in moves:
            player = make_player()
            game = game_create(player=player.user, daily="D3").game
            for token in deal.line[:count]:
                action_append(game_id=game.id, player=player.user, token=token)
            names.append(player.user.username)
    day_table_pars(day)
    deal.refresh_from_db()  # the par optimiser ran first: the day's pars as stored now
    return _day(deal, {"D3": names})


def closed_day_none_wins(
    make_player: Callable[..., ApiPlayer],
    *,
    moves: tuple[int, ...] = (12, 5),
    first: int = 3,
    tries: int = 10,
) -> Day:
    """``closed_day`` on the most recent day from ``first`` days ago whose D3 line is longer
    than every entry of ``moves``, so none of its players has won: a seeded search (the test
    secret, day after day) instead of assuming that whatever today makes three days ago has a
    long enough line."""
    from games.boards import utc_today
    from games.daily.store import daily_deal_get

    for days_ago in range(first, first + tries):
        if len(daily_deal_get(day=utc_today() - timedelta(days=days_ago)).line) > max(moves):
            return closed_day(make_player, days_ago=days_ago, moves=moves)
    raise AssertionError(f"no D3 line longer than {max(moves)} in {tries} days from {first}")


def face_down_cards(code: str) -> list[str]:
    """The cards a player at the start of `code` must not see: the reserve below its top
    and the whole stock."""
    state = Game.from_code(code).state()
    return [*state["reserve"][:-1], *state["stock"]]


@dataclass(frozen=True)
class ClosedGame:
    day: Day
    owner: ApiPlayer
    game_id: int


def closed_game(make_player: Callable[..., ApiPlayer]) -> ClosedGame:
    """The first player's ranked D3 game of ``closed_day_none_wins``: unfinished when its day
    closed, its status still ``playing`` (the close changes no row). Its owner was made in this
    process: a browser signs in with their API token (this process's password hashes are the
    fast test ones, which the server does not take)."""
    from games.models import Game

    made: list[ApiPlayer] = []

    def keep(*args: object, **kwargs: object) -> ApiPlayer:
        made.append(make_player(*args, **kwargs))
        return made[-1]

    day = closed_day_none_wins(keep)
    owner = next(player for player in made if player.user.username == day.players["D3"][0])
    game = Game.objects.get(player=owner.user, board=day.board("D3"))
    assert game.status == "playing"
    return ClosedGame(day, owner, game.id)
