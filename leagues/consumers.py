"""``ws/leaderboards/<board>/?league=<id>``: a league's board, live, for its members.

The socket reads the session (a member is a signed-in account). An API client without one
names its player as on a game's socket, by a first message ``{"type": "hello", "token":
"<api token>"}``, answered ``{"type": "hello", "player"}`` before the snapshot; a first
message that is no hello with a valid, unexpired token is answered ``refused`` (the body REST
would answer) and the socket closed with 4401. Anyone who is no member, a guest or a stranger,
is refused with 4404, as for a league that does not exist. ``who`` as on the global board's
socket (``humans``, ``bots``; ``all``: 4400). A member removed (or leaving) while connected
gets the socket closed with 4404.
"""

from __future__ import annotations

import asyncio
import contextlib
from typing import Any

from django.contrib.auth.models import User
from django.utils import translation
from rest_framework.exceptions import AuthenticationFailed

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
from games.socket_moves import CLOSE_BAD_TOKEN
from games.socket_moves.messages import decoded, hello_text, refused_text
from games.socket_moves.playing import refusal, token_player
from games.socket_moves.session import scope_language
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
    awaiting_hello = False
    league_id = 0
    board = ""
    who = Who.HUMANS

    async def connect(self) -> None:
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
        self.league_id = int(raw)
        self.board, self.who = board, who
        viewer = self.scope.get("user")
        if isinstance(viewer, User) and viewer.is_authenticated:
            await self.watch(viewer, accepted=False)
            return
        await self.accept()  # an API client: its first message names its player
        self.awaiting_hello = True

    async def receive(self, text_data: str | None = None, bytes_data: bytes | None = None) -> None:
        """The first message of a socket without a session: a hello with an API token (what
        follows is ignored, as on every board's socket)."""
        if not self.awaiting_hello:
            return
        self.awaiting_hello = False
        with translation.override(scope_language(self.scope)):
            try:
                message = decoded(text_data, bytes_data)
                if message.get("type") != "hello":
                    raise AuthenticationFailed(
                        translation.gettext(
                            'a league\'s socket without a session opens with {"type": "hello", '
                            '"token": "<api token>"}'
                        )
                    )
                player = await read_in_thread(lambda: token_player(message.get("token")))
            except Exception as error:  # every refusal: said as REST says it, then closed
                status, body = refusal(error)
                await self.send(text_data=refused_text(seq=None, status=status, error=body))
                await self.close(code=CLOSE_BAD_TOKEN)
                return
        await self.send(text_data=hello_text(player.get_username()))
        await self.watch(player, accepted=True)

    async def watch(self, viewer: Any, *, accepted: bool) -> None:
        """Start ``viewer``'s feed of the league's board if they are a member (4404 if not)."""
        from leagues.selectors import league_of_member

        league_id, named = self.league_id, self.board

        def checked() -> str:
            league_of_member(viewer=viewer, league_id=league_id)  # first: a stranger learns nothing
            return board_shown(named).id  # the board's own rule (``games.consumers``)

        try:
            board = await read_in_thread(checked)
        except LeagueNotFound:
            await self.refused_with(CLOSE_NOT_FOUND, accepted=accepted)
            return
        except ServiceError as refused:  # what REST answers, as a close code: 4000 + status
            await self.refused_with(CLOSE_OFFSET + refused.status, accepted=accepted)
            return
        partition = ranking_board(board, bot=self.who is Who.BOTS)
        if not accepted:
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

    async def refused_with(self, code: int, *, accepted: bool) -> None:
        if accepted:
            await self.close(code=code)
        else:
            await self.refuse(code)

    async def disconnect(self, code: int) -> None:
        await super().disconnect(code)
        if self.roster_group is not None and self.fanout is not None and self.roster is not None:
            # Redis down: its subscriptions are gone with it anyway.
            with contextlib.suppress(Exception):
                await self.fanout.leave(self.roster_group, self.roster)


def _is_member(*, league_id: int, player_id: int) -> bool:
    from leagues.selectors import is_member

    return is_member(league_id=league_id, player_id=player_id)
