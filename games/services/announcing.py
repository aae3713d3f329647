"""After a write commits: its events (``games.events``) to their handlers, those of each
event's type (``HANDLERS``, keyed by type) first, then those of the whole write
(``WRITE_HANDLERS``).

The order is the rule, so it is these tables', not a comment's: the rank index takes the
changed entries first, because the live announcement reads the entries' ranks from it (in
the publisher's thread, after this). The announcement hears the write's events together, so
it can tell a write's actions, entry and end in one change of its game.

A handler never makes the write fail: it runs after the commit, and the write's answer must
not become a 500 because Redis or a watcher could not be told. One that raises anyway is
logged and the next one still runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence
from typing import Any

from django.db import transaction

from games import live, rank_index
from games.events import EntryChanged, Event

logger = logging.getLogger(__name__)

#: Hears one committed event of the type it is registered for.
EventHandler = Callable[[Any], None]
#: Hears a committed write's events together.
Handler = Callable[[Sequence[Event]], None]


def index_entry(event: EntryChanged) -> None:
    """The rank index takes a changed entry as written."""
    rank_index.entry_changed(board=event.board, player_id=event.player_id, change=event.change)


def announce_live(events: Sequence[Event]) -> None:
    """The game's and the board's watchers are told (queued for the publisher's thread)."""
    live.game_changed(events)


#: Who hears each committed event, by its type, in this order (before ``WRITE_HANDLERS``).
HANDLERS: dict[type[Event], tuple[EventHandler, ...]] = {EntryChanged: (index_entry,)}
#: Who hears a committed write's events together, in this order.
WRITE_HANDLERS: tuple[Handler, ...] = (announce_live,)


def handle(events: Sequence[Event]) -> None:
    """Run every handler on ``events`` (committed), in order: each event's type's, then the
    write's."""
    for event in events:
        for on_event in HANDLERS.get(type(event), ()):
            attempt(on_event, event, count=1)
    for on_write in WRITE_HANDLERS:
        attempt(on_write, events, count=len(events))


def attempt(handler: Callable[[Any], None], heard: object, *, count: int) -> None:
    """``handler(heard)``, logged and swallowed if it raises (see the module)."""
    try:
        handler(heard)
    except Exception:
        logger.exception("%s failed on %d committed event(s)", handler.__name__, count)


def raise_after_commit(events: Sequence[Event]) -> None:
    """Hand ``events`` to the handlers once the current transaction commits (nothing if it
    rolls back; at once outside a transaction)."""
    if events:
        committed = tuple(events)
        transaction.on_commit(lambda: handle(committed))
