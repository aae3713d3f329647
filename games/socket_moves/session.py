"""One game socket's side of the move protocol: who plays on it, in which language, how
fast, and how many bad frames in a row it has sent.

* **Who**: the signed-in browser's player (the session, read once at connect), or the
  player of the API token a ``hello`` gives (a bad token is refused, then the socket
  closed with 4401).
  Anyone else may watch; their moves are refused ``not_owner``.
* **Language**: the language cookie, else ``Accept-Language``, of the handshake: what
  Django's locale middleware picks for a REST request of the same browser.
* **Rate**: every frame counts against the socket's own throttle, every move of a player
  against their REST one (``CANFIELD_THROTTLE_RATES["user"]`` for both; ``off`` turns
  both off); over it, ``refused`` ``throttled`` with its wait.
* **Bad frames**: a frame refused as malformed (HTTP's 400 or 413: not JSON, an unknown
  type, a missing or invalid field, too long, another game) is one strike; any other
  answer clears them; the ``STRIKES``-th in a row is refused, then the socket is closed
  with 1008 (policy violation). Nothing a frame holds is ever stored, or a server error.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpRequest
from django.http.cookie import parse_cookie
from django.utils import translation
from rest_framework.exceptions import AuthenticationFailed, Throttled

from games.api.throttling import SocketCounters, SocketThrottle
from games.errors import NotOwner
from games.live.loops import read_in_thread
from games.socket_moves import playing
from games.socket_moves.messages import (
    Hello,
    Move,
    Resign,
    ack_text,
    decoded,
    hello_text,
    message_seq,
    parsed,
    refused_text,
)

#: A ``hello`` with a token that is no valid API token.
CLOSE_BAD_TOKEN = 4401
#: Too many malformed frames in a row (WebSocket's own "policy violation").
CLOSE_GARBAGE = 1008
#: Malformed frames in a row that close the socket.
STRIKES = 5
#: Refusals of malformed input: these count as strikes.
MALFORMED_STATUSES = frozenset({400, 413})


@dataclass(frozen=True)
class Reply:
    """What the socket does with a frame: send ``text`` (if any), then close with ``close``."""

    text: str | None = None
    close: int | None = None


def scope_language(scope: dict[str, Any]) -> str:
    """The language a REST request with this handshake's headers is answered in."""
    headers = dict(scope.get("headers", ()))
    request = HttpRequest()
    request.COOKIES = parse_cookie(headers.get(b"cookie", b"").decode("latin-1"))
    accept = headers.get(b"accept-language")
    if accept:
        request.META["HTTP_ACCEPT_LANGUAGE"] = accept.decode("latin-1")
    return translation.get_language_from_request(request)


class SocketMoves:
    """The move protocol of one socket on game ``game_id``, owned by ``owner_id``."""

    def __init__(self, *, game_id: int, owner_id: int, scope: dict[str, Any]) -> None:
        self.game_id = game_id
        self.owner_id = owner_id
        user = scope.get("user")
        self.player: User | None = (
            user if isinstance(user, User) and user.is_authenticated else None
        )
        self.language = scope_language(scope)
        self.counters = SocketCounters()
        self.strikes = 0

    async def receive(self, text: str | None, data: bytes | None) -> Reply:
        """The answer to one frame (``text`` or binary ``data``)."""
        with translation.override(self.language):
            seq: int | None = None
            try:
                throttle = SocketThrottle(self.counters)
                allowed = throttle.allow_request(None, None)  # every frame counts, garbage too
                raw = decoded(text, data)
                seq = message_seq(raw)
                if not allowed:
                    raise Throttled(throttle.wait())
                message = parsed(raw, game_id=self.game_id)
                self.strikes = 0
                if isinstance(message, Hello):
                    return await self.hello(message)
                return Reply(text=ack_text(await self.play(message)))
            except AuthenticationFailed as error:  # said as REST says it, then closed
                status, body = playing.refusal(error)
                return Reply(
                    text=refused_text(seq=seq, status=status, error=body), close=CLOSE_BAD_TOKEN
                )
            except Exception as error:  # every refusal, the unexpected ones too
                return self.refused(error, seq)

    async def hello(self, message: Hello) -> Reply:
        self.player = await read_in_thread(lambda: playing.token_player(message.token))
        return Reply(text=hello_text(self.player.get_username()))

    async def play(self, message: Move | Resign) -> dict[str, Any]:
        player = self.player
        if player is None or player.pk != self.owner_id:
            raise NotOwner(
                translation.gettext("only the player of game %(game)s may move in it")
                % {"game": self.game_id},
                game=self.game_id,
            )
        language = self.language

        def in_thread() -> dict[str, Any]:
            with translation.override(language):
                return playing.play(game_id=self.game_id, player=player, message=message)

        answer: dict[str, Any] = await read_in_thread(in_thread)
        return answer

    def refused(self, error: Exception, seq: int | None) -> Reply:
        status, body = playing.refusal(error)
        text = refused_text(seq=seq, status=status, error=body)
        if status not in MALFORMED_STATUSES:
            self.strikes = 0
            return Reply(text=text)
        self.strikes += 1
        return Reply(text=text, close=CLOSE_GARBAGE if self.strikes >= STRIKES else None)
