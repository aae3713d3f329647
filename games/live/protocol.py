"""The live-update protocol: every message a watcher's socket gets, and its JSON, defined once.

Four messages, each a small frozen dataclass that knows its JSON (``json()``), its text
(``text()``, encoded once however many sockets get it) and the number watchers order it by
(``number``: a board's ``version``, a game's ``seq``):

* ``snapshot`` ``{"type","board","who","version","total","entries"}``: a board's top entries,
  first on ``ws/leaderboards/<board>/``;
* ``entry`` ``{"type","board","who","version","entry"}``: one player's entry after it changed;
  when an entry leaves the board (held for a fair-play review) a new ``snapshot`` is sent
  instead, since no entry message can say "gone";

A board message is about one partition of the board (``games.boards``: its people, or with
``?who=bots`` its declared bots): ``board`` is the board's id, ``who`` the partition, and the
versions count that partition's changes.
* ``state`` ``{"type","game","seq","state"}``: a game's board, first on ``ws/games/<id>/``;
* ``action`` ``{"type","game","seq","token","score","state"}``: one appended action and the
  board after it.

An entry is exactly what ``GET /api/leaderboards/<board>/`` shows (``EntryOut``), written
here without the REST framework so that the publisher and the consumers do not import it:
``tests/games/live/test_protocol.py`` holds the two to the same JSON. States are given as clients
may see them (``games.selectors.games.shown_state``: no face-down card of a sealed game); this
module only carries them.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.utils import timezone

from games.boards import partition_of, who_of
from games.selectors.games import ShownState
from games.selectors.leaderboard_rows import RankedEntry

#: Message types of the channel layer (``"leaderboard.entry"`` -> ``leaderboard_entry``).
ENTRY_EVENT = "leaderboard.entry"
ACTION_EVENT = "game.action"


def leaderboard_group(board: str) -> str:
    """Channel-layer group of a ranking board; board ids (``CF1-D3-ABCDEFG``,
    ``daily-2026-12-01-D3``, a bots partition's ``daily-2026-12-01-D3.bots``) are valid group
    text."""
    return f"leaderboard.{board}"


def game_group(game_id: int) -> str:
    """Channel-layer group of one game's spectators."""
    return f"game.{game_id}"


def encoded(message: dict[str, Any]) -> str:
    """A message's text: compact JSON, as every socket gets it."""
    return json.dumps(message, separators=(",", ":"))


def iso_datetime(value: datetime) -> str:
    """A time as the REST API renders it (DRF's ISO 8601: the current time zone, ``Z`` for
    UTC)."""
    text = timezone.localtime(value).isoformat() if timezone.is_aware(value) else value.isoformat()
    return text[:-6] + "Z" if text.endswith("+00:00") else text


def entry_json(entry: RankedEntry) -> dict[str, Any]:
    """An entry exactly as ``GET /api/leaderboards/<board>/`` shows it (``game`` is None
    while its board is sealed: ``RankedEntry`` already says so).

    That is the protocol's fields plus ``reached_at``: with it a client can order entries
    whose rank went stale (another player's move shifted them) by the board's own key.
    """
    return {
        "rank": entry.rank,
        "player": entry.player,
        "cards": entry.cards,
        "actions": entry.actions,
        "elapsed": entry.elapsed,
        "score": entry.score,
        "moves": entry.moves,
        "won": entry.won,
        "status": entry.status,
        "game": entry.game,
        "reached_at": iso_datetime(entry.reached_at),
        "assisted": entry.assisted,
        "bot": entry.bot,
        "provisional": entry.provisional,
    }


class Message:
    """What every message has: its JSON, its text, its ordering number."""

    def json(self) -> dict[str, Any]:
        raise NotImplementedError

    @property
    def number(self) -> int:
        raise NotImplementedError

    def text(self) -> str:
        return encoded(self.json())


@dataclass(frozen=True)
class SnapshotMessage(Message):
    """A board's top entries and its version when they were read (what a watcher may drop
    messages up to); ``board`` is a ranking board (a partition)."""

    board: str
    version: int
    total: int
    entries: tuple[RankedEntry, ...]

    @property
    def number(self) -> int:
        return self.version

    def json(self) -> dict[str, Any]:
        return {
            "type": "snapshot",
            "board": partition_of(self.board)[0],
            "who": who_of(self.board),
            "version": self.version,
            "total": self.total,
            "entries": [entry_json(entry) for entry in self.entries],
        }


@dataclass(frozen=True)
class EntryMessage(Message):
    """One player's entry on a board, rank included, at board version ``version``."""

    board: str
    version: int
    entry: RankedEntry

    @property
    def number(self) -> int:
        return self.version

    def json(self) -> dict[str, Any]:
        return {
            "type": "entry",
            "board": partition_of(self.board)[0],
            "who": who_of(self.board),
            "version": self.version,
            "entry": entry_json(self.entry),
        }


@dataclass(frozen=True)
class StateMessage(Message):
    """A game's board after its action ``seq``, and its status (the board knows a win, not a
    resignation: the status is the server's to tell, so no client works it out)."""

    game: int
    seq: int
    state: ShownState
    status: str

    @property
    def number(self) -> int:
        return self.seq

    def json(self) -> dict[str, Any]:
        return {
            "type": "state",
            "game": self.game,
            "seq": self.seq,
            "status": self.status,
            "state": self.state,
        }


@dataclass(frozen=True)
class ActionMessage(Message):
    """Action ``seq`` of a game (``token``, the score after it), the board and the game's
    status after it."""

    game: int
    seq: int
    token: str
    score: int
    state: ShownState
    status: str

    @property
    def number(self) -> int:
        return self.seq

    def json(self) -> dict[str, Any]:
        return {
            "type": "action",
            "game": self.game,
            "seq": self.seq,
            "token": self.token,
            "score": self.score,
            "status": self.status,
            "state": self.state,
        }


def layer_event(event_type: str, group: str, message: Message) -> dict[str, Any]:
    """The channel-layer event carrying ``message`` to ``group``: its text, encoded here
    once (the fan-out relays it as is to every socket), and its number (relays order by it)."""
    return {"type": event_type, "group": group, "number": message.number, "text": message.text()}


def entry_event(message: EntryMessage | SnapshotMessage) -> tuple[str, dict[str, Any]]:
    """A board's ``entry`` message (or a fresh ``snapshot`` after an entry left it) as the
    (group, event) the publisher sends."""
    group = leaderboard_group(message.board)
    return group, layer_event(ENTRY_EVENT, group, message)


def action_event(message: ActionMessage) -> tuple[str, dict[str, Any]]:
    """An ``action`` message as the (group, event) the publisher sends."""
    group = game_group(message.game)
    return group, layer_event(ACTION_EVENT, group, message)
