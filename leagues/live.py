"""A league's boards live, on the boards' socket (``ws/leaderboards/<board>/?league=<id>``).

The same protocol as a global board (``games.live.protocol``: a ``snapshot``, then an
``entry`` per change), each message also naming its ``league``; ranks are within the league,
versions count the league board's own changes. The games' publisher hands every batch's
changed entries to ``league_entry_events`` (its ``entry_followers`` hook, on its thread,
after the global boards' messages): one read of the changed players' memberships, then per
league and board one read of the league's board, one message per changed member.

A member who leaves or is removed stops hearing the league at once: after the commit a
``gone`` notice goes to the league's roster group, and every socket of that player on the
league closes (4404, as a stranger's connect is refused).
"""

from __future__ import annotations

import json
import logging
from dataclasses import dataclass
from typing import Any

from django.db import transaction

from games.boards import partition_of, who_of
from games.live.loops import send_events, server_loop
from games.live.protocol import Message, entry_json, layer_event
from games.live.versions import versions
from games.selectors.leaderboard_rows import RankedEntry

logger = logging.getLogger(__name__)

#: Channel-layer message types (the fan-out relays texts; the types name what they are).
LEAGUE_ENTRY_EVENT = "league.entry"
LEAGUE_ROSTER_EVENT = "league.roster"

#: Entries in a league board's snapshot (as a global board's).
LEAGUE_SNAPSHOT_SIZE = 20


def league_board_group(league_id: int, board: str) -> str:
    """The group of a league's board on one ranking partition (``daily-…-D3``, ``….bots``)."""
    return f"league.{league_id}.{board}"


def league_roster_group(league_id: int) -> str:
    """The group that tells a league's sockets who left it."""
    return f"league.{league_id}.roster"


def version_key(league_id: int, board: str) -> str:
    """The league board's counter in ``games.live.versions`` (apart from the board's own)."""
    return f"league.{league_id}.{board}"


@dataclass(frozen=True)
class LeagueSnapshotMessage(Message):
    league: int
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
            "league": self.league,
            "version": self.version,
            "total": self.total,
            "entries": [entry_json(entry) for entry in self.entries],
        }


@dataclass(frozen=True)
class LeagueEntryMessage(Message):
    league: int
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
            "league": self.league,
            "version": self.version,
            "entry": entry_json(self.entry),
        }


def league_snapshot(league_id: int, board: str) -> LeagueSnapshotMessage:
    """A league board's snapshot: its version first, then its top entries (what a change
    missed has a larger version)."""
    from leagues.selectors import league_top

    version = versions().current(version_key(league_id, board))
    entries, total = league_top(league_id, (board,), LEAGUE_SNAPSHOT_SIZE)
    return LeagueSnapshotMessage(
        league=league_id, board=board, version=version, total=total, entries=tuple(entries)
    )


def league_entry_events(entries: list[tuple[str, int]]) -> list[tuple[str, dict[str, Any]]]:
    """The league ``entry`` messages of changed ``(ranking board, player id)`` pairs: one per
    league of the player, each read after its version's bump (``games.live.publishing``)."""
    from leagues.models import Membership
    from leagues.selectors import league_entries_ranked

    players = {player_id for _, player_id in entries}
    leagues: dict[int, list[int]] = {}
    for league_id, player_id in Membership.objects.filter(player_id__in=players).values_list(
        "league_id", "player_id"
    ):
        leagues.setdefault(player_id, []).append(league_id)
    triples = [
        (league_id, board, player_id)
        for board, player_id in entries
        for league_id in leagues.get(player_id, ())
    ]
    if not triples:
        return []
    numbers = versions().bump_many([version_key(league, board) for league, board, _ in triples])
    by_board: dict[tuple[int, str], list[tuple[int, int]]] = {}
    for (league_id, board, player_id), version in zip(triples, numbers, strict=True):
        by_board.setdefault((league_id, board), []).append((player_id, version))
    events = []
    for (league_id, board), changed in by_board.items():
        ranked = league_entries_ranked(
            league_id=league_id, board=board, player_ids=[player_id for player_id, _ in changed]
        )
        group = league_board_group(league_id, board)
        for (_, version), entry in zip(changed, ranked, strict=True):
            if entry is None:  # left the league meanwhile: the gap makes watchers re-read
                continue
            message = LeagueEntryMessage(
                league=league_id, board=board, version=version, entry=entry
            )
            events.append((group, layer_event(LEAGUE_ENTRY_EVENT, group, message)))
    return events


def member_gone_after_commit(*, league_id: int, player_id: int) -> None:
    """Once the current transaction commits, tell the league's sockets that ``player_id``
    is no longer a member (theirs close)."""

    def tell() -> None:
        group = league_roster_group(league_id)
        text = json.dumps({"type": "gone", "league": league_id, "player": player_id})
        event = {"type": LEAGUE_ROSTER_EVENT, "group": group, "number": 0, "text": text}
        try:
            send_events([(group, event)], server_loop())
        except Exception:  # the membership is gone: their next connect is refused anyway
            logger.exception("league %s: the sockets of player %s not told", league_id, player_id)

    transaction.on_commit(tell)


def gone_player(text: str) -> int | None:
    """The player a roster notice names (None: not a notice this reads)."""
    try:
        found = json.loads(text)
        return int(found["player"]) if found.get("type") == "gone" else None
    except (ValueError, TypeError, KeyError, AttributeError):
        return None
