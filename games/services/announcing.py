"""After a write commits: its events (``games.events``) to their handlers, in the order of
``HANDLERS``.

The order is the rule, so it is this table's, not a comment's: the rank index takes the
changed entries first, because the live announcement reads the entries' ranks from it (in
the publisher's thread, after this). Each handler gets the write's events together, so the
announcement can tell a write's actions, entry and end in one change of its game.

A handler never makes the write fail: it runs after the commit, and the write's answer must
not become a 500 because Redis or a watcher could not be told. One that raises anyway is
logged and the next one still runs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Sequence

from django.db import transaction

from games import live, rank_index
from games.events import EntryChanged, Event

logger = logging.getLogger(__name__)

Handler = Callable[[Sequence[Event]], None]


def index_entries(events: Sequence[Event]) -> None:
    """The rank index takes each changed entry as written."""
    for event in events:
        if isinstance(event, EntryChanged):
            rank_index.entry_changed(
                board=event.board, player_id=event.player_id, change=event.change
            )


def announce_live(events: Sequence[Event]) -> None:
    """The game's and the board's watchers are told (queued for the publisher's thread)."""
    live.game_changed(events)


#: Who hears a committed write, in this order.
HANDLERS: tuple[Handler, ...] = (index_entries, announce_live)


def handle(events: Sequence[Event]) -> None:
    """Run every handler on ``events`` (committed), in order."""
    for handler in HANDLERS:
        try:
            handler(events)
        except Exception:
            logger.exception("%s failed on %d committed event(s)", handler.__name__, len(events))


def raise_after_commit(events: Sequence[Event]) -> None:
    """Hand ``events`` to the handlers once the current transaction commits (nothing if it
    rolls back; at once outside a transaction)."""
    if events:
        committed = tuple(events)
        transaction.on_commit(lambda: handle(committed))
