"""The socket's move protocol: the messages a client sends, read; those it gets, written.

Client to server, one JSON object per text frame of at most ``MAX_FRAME_CHARS`` characters:

* ``{"type": "hello", "token": "<api token>"}``: play as that token's player;
* ``{"type": "move", "seq": N, "action": "24x3"}`` or
  ``{"type": "move", "seq": N, "tap": "7H", "double_click": true}``: one action, the fields
  of ``POST /api/games/<id>/actions/`` (``ActionIn``), validated by the same serializer;
* ``{"type": "resign", "seq": N}``: the fields of ``POST /api/games/<id>/resign/``.

Any of them may name its ``game``; another game's id is refused (``wrong_game``).

Server to client: ``hello`` ``{"type", "player"}``; ``ack`` ``{"type", **the REST answer}``
(its ``seq`` the game's, ``action.seq`` the acked move's: the same but for a resend of a move
another client has moved after); ``refused`` ``{"type", "seq", "status", "error"}``, where
``seq`` is the message's own (null if it had none) and ``error`` the REST error body of the
HTTP ``status`` REST would answer.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from django.utils.translation import gettext
from rest_framework.utils.encoders import JSONEncoder

from games.api.parsing import MAX_JSON_DEPTH, deeper_than, validated
from games.api.serializers.actions import ActionIn, ResignIn
from games.errors import BadMessage, MessageTooLarge, UnknownMessage, WrongGame

#: The longest frame read: a move is under 100 characters, a hello under 100.
MAX_FRAME_CHARS = 4096


@dataclass(frozen=True)
class Hello:
    token: object


@dataclass(frozen=True)
class Move:
    seq: int | None
    action: str | None
    tap: str | None
    double_click: bool


@dataclass(frozen=True)
class Resign:
    seq: int | None


ClientMessage = Hello | Move | Resign


def decoded(text: str | None, data: bytes | None) -> dict[str, Any]:
    """A frame as the JSON object it must be, or ``BadMessage`` / ``MessageTooLarge``."""
    if text is None:
        raise BadMessage(gettext("a message is a JSON object in a text frame, not binary data"))
    if len(text) > MAX_FRAME_CHARS:
        raise MessageTooLarge(
            gettext("a message is at most %(limit)s characters long") % {"limit": MAX_FRAME_CHARS},
            limit=MAX_FRAME_CHARS,
        )
    try:
        message = json.loads(text)
    except (ValueError, RecursionError):
        raise BadMessage(gettext("a message is a JSON object; this is not JSON")) from None
    if not isinstance(message, dict) or deeper_than(message, MAX_JSON_DEPTH):
        raise BadMessage(gettext("a message is a JSON object with a type"))
    return message


def message_seq(message: dict[str, Any]) -> int | None:
    """The message's ``seq`` if it is a number, for its refusal to name."""
    seq = message.get("seq")
    return seq if isinstance(seq, int) and not isinstance(seq, bool) else None


def parsed(message: dict[str, Any], *, game_id: int) -> ClientMessage:
    """The client message ``message`` is, validated as REST validates its body (a DRF
    ``ValidationError`` says which field is wrong)."""
    if "game" in message and message["game"] != game_id:
        raise WrongGame(
            gettext("this socket plays game %(game)s, not %(other)s")
            % {"game": game_id, "other": json.dumps(message["game"])[:40]},
            game=game_id,
        )
    kind = message.get("type")
    if kind == "hello":
        return Hello(token=message.get("token"))
    if kind == "move":
        fields = validated(ActionIn, message)
        return Move(
            seq=fields.get("seq"),
            action=fields.get("action"),
            tap=fields.get("tap"),
            double_click=fields["double_click"],
        )
    if kind == "resign":
        return Resign(seq=validated(ResignIn, message).get("seq"))
    raise UnknownMessage(
        gettext('a message\'s type is "hello", "move" or "resign", not %(type)s')
        % {"type": json.dumps(kind)[:40]},
        types=["hello", "move", "resign"],
    )


def encoded(message: dict[str, Any]) -> str:
    """A message's text, with REST's encoder (so an ack's values read as REST's do)."""
    return json.dumps(message, cls=JSONEncoder, separators=(",", ":"), ensure_ascii=False)


def hello_text(player: str) -> str:
    return encoded({"type": "hello", "player": player})


def ack_text(answer: dict[str, Any]) -> str:
    return encoded({"type": "ack", **answer})


def refused_text(*, seq: int | None, status: int, error: dict[str, Any]) -> str:
    return encoded({"type": "refused", "seq": seq, "status": status, "error": error})
