"""``ws/leaderboards/<board>/?league=<id>``: a league's board, live, for its members.

The socket reads the session (a member is a signed-in account); anyone else, a guest, an
anonymous socket or a stranger, is refused with 4404 at connect, as for a league that does
not exist. ``who`` as on the global board's socket (``humans``, ``bots``; ``all``: 4400).
A member removed (or leaving) while connected gets the socket closed with 4404.
"""

from __future__ import annotations

import asyncio
import contextlib

from games.boards import Who, parse_board, parse_who, ranking_board
from games.consumers import (
    CLOSE_BAD_REQUEST,
    CLOSE_NOT_FOUND,
    CLOSE_OFFSET,
    RelayConsumer,
    query_value,
)
from games.errors import BadBoard, BadWho, ServiceError
from games.live.loops import read_in_thread
from games.selectors.board_shown import board_shown
from leagues import live
from leagues.errors import LeagueNotFound


class RosterWatcher:
    """Hears the league's roster notices for one socket: closes it when they name its
    player."""

    def __init__(self, consumer: LeagueBoardConsumer, player_id: int) -> None:
        self.consumer = consumer
        self.player_id = player_id
        self.task: asyncio.Task[None] | None = None

    def deliver(self, number: int, text: str) -> None:
        if live.gone_player(text) == self.player_id and self.task is None:
            self.task = asyncio.create_task(self.consumer.close(code=CLOSE_NOT_FOUND))


class LeagueBoardConsumer(RelayConsumer):
    roster: RosterWatcher | None = None
    roster_group: str | None = None

    async def connect(self) -> None:
        from leagues.selectors import league_of_member

        raw = query_value(self.scope, "league") or ""
        try:
            board = parse_board(self.scope["url_route"]["kwargs"]["board"]).id
            who = parse_who(query_value(self.scope, "who"))
        except (BadBoard, BadWho):
            await self.refuse(CLOSE_BAD_REQUEST)
            return
        if who is Who.ALL or not (raw.isascii() and raw.isdigit()) or len(raw) > 18:
            await self.refuse(CLOSE_BAD_REQUEST)
            return
        league_id = int(raw)
        viewer = self.scope.get("user")
        named = board

        def checked() -> str:
            league_of_member(viewer=viewer, league_id=league_id)  # first: a stranger learns nothing
            return board_shown(named).id  # the board's own rule (``games.consumers``)

        try:
            board = await read_in_thread(checked)
        except LeagueNotFound:
            await self.refuse(CLOSE_NOT_FOUND)
            return
        except ServiceError as refused:  # what REST answers, as a close code: 4000 + status
            await self.refuse(CLOSE_OFFSET + refused.status)
            return
        partition = ranking_board(board, bot=who is Who.BOTS)
        await self.accept()
        self.roster = RosterWatcher(self, viewer.pk)
        await self.start(
            group=live.league_board_group(league_id, partition),
            snapshot=lambda: live.league_snapshot(league_id, partition),
        )
        if self.fanout is not None and self.group is not None:
            self.roster_group = live.league_roster_group(league_id)
            await self.fanout.join(self.roster_group, self.roster)
            # Removed between the check and the join: the notice went before we listened.
            still = await read_in_thread(
                lambda: _is_member(league_id=league_id, player_id=viewer.pk)
            )
            if not still:
                await self.close(code=CLOSE_NOT_FOUND)

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        if self.roster_group is not None and self.fanout is not None and self.roster is not None:
            # Redis down: its subscriptions are gone with it anyway.
            with contextlib.suppress(Exception):
                await self.fanout.leave(self.roster_group, self.roster)


def _is_member(*, league_id: int, player_id: int) -> bool:
    from leagues.selectors import is_member

    return is_member(league_id=league_id, player_id=player_id)
