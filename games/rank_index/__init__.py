"""The rank index: each leaderboard as a Redis sorted set, so that a page, a rank and the
window around a player cost O(log N) at any size (SQL counting misses 5 ms at 1M entries).

Design, and what can go wrong:

* **Layout** (``members``): one sorted set per board whose members sort in the board's
  order byte for byte and carry the display fields, so reads need no SQL row; a hash
  player id -> member (for ``around`` and for replacing an entry) and player id ->
  revision. Keys live under the cache's key prefix (``store``).
* **Writes** (``writes.entry_changed``): after the commit of each write that changed an
  entry (``entry_after_write`` queues it), the entry is read as committed and applied by a
  Lua script only if its ``revision`` is newer than the one held, so one player's commits
  published by two processes in the wrong order leave the newer state.
* **Readiness**: a board is read from the index only once its ``ready`` marker is set,
  and only when the index's size equals the SQL count of entries. A build (``building``)
  empties the board's keys, streams its entries in batches through the same guarded script
  (live updates during a build are never overwritten by older data), then sets ``ready``.
  A removal leaves no revision to guard with, so it moves the board's epoch: a build that
  read the entry before it cannot mark the board ready with the entry put back.
  ``manage.py rebuild_projections`` clears and rebuilds every board (``--rank-index-only``
  for the index alone).
* **Self-healing**: a read that finds a board not ready (a new deployment, a Redis restart:
  Redis keeps nothing on disk here) answers from SQL and starts a build in a background
  thread of its process; a Redis lock (SET NX EX, renewed by each batch) lets one process
  build a board at a time, and others keep reading SQL until ``ready``. A process whose
  update failed (Redis unreachable) remembers the board and, at its next successful contact,
  bumps the board's epoch and drops ``ready``: a build that began earlier cannot mark it
  ready, and the next read starts a new one.
* **Memory**: about 350 MiB per million entries (the set, and the player hashes); a board's
  keys expire ``IDLE_TTL_S`` after its last write or build, so past daily boards leave
  Redis, and a read of one later rebuilds it like any board not ready.
* **Fallback**: any Redis error, a board not ready, or reads inside a transaction (which
  may see uncommitted entries) are answered from the SQL count tables, identically.

Staleness bounds, honestly: an update lands a few ms after its commit (reads in between
show the previous state, as they would have just before the commit). An update lost to a
Redis failure is stale until the failing process next reaches Redis (it then forces a
rebuild), at the latest until the player's next write. An update lost because its process
died between the commit and the update (a crash or kill -9) is not noticed if the entry
only changed; if it added or removed an entry, the sizes differ and the board is rebuilt
after ``MISMATCH_GRACE_S``; otherwise it lasts until the player's next write or a rebuild.
A deleted entry's removal published after a later re-creation (entries are deleted only
with all of a player's games on a code) loses the re-creation the same way.
"""

from games.rank_index.building import background, board_build, index_clear
from games.rank_index.reads import (
    IndexedPage,
    PlayerNotIndexed,
    around,
    boards_entries_after,
    entries_around,
    page,
)
from games.rank_index.store import enabled, health
from games.rank_index.writes import Change, change_of_entry, entry_changed

__all__ = [
    "Change",
    "IndexedPage",
    "PlayerNotIndexed",
    "around",
    "background",
    "board_build",
    "boards_entries_after",
    "change_of_entry",
    "enabled",
    "entries_around",
    "entry_changed",
    "health",
    "index_clear",
    "page",
]
