"""Live updates: what WebSocket watchers are told, and how it reaches their sockets.

* ``protocol``: the messages (snapshot, entry, state, action) and their JSON, in one place;
  the groups they go to.
* ``publishing``: after each commit the service calls ``game_changed``; a background thread
  (``background``) turns the queued changes into messages, folded a batch at a time.
* ``versions``: the per-board counters that let a watcher notice a missed message.
* ``snapshots``: what a watcher gets on connecting.
* ``fanout``: one subscription per group and process, and each socket's in-order relay.
* ``loops``: which event loop or thread each piece runs on.

The names below are what the rest of the project uses; ``games.consumers`` wires sockets to
them. Other modules call them through this package (``live.game_changed(...)``), so a test
may replace one here.
"""

from games.live.protocol import (
    ACTION_EVENT,
    ENTRY_EVENT,
    entry_json,
    game_group,
    leaderboard_group,
)
from games.live.publishing import (
    GameChange,
    game_changed,
    missed_boards,
    publish_changes,
    publisher,
    wait_idle,
)
from games.live.snapshots import (
    SNAPSHOT_SIZE,
    board_snapshot,
    game_snapshot,
    snapshot_cache,
    states_after,
)
from games.live.versions import versions

__all__ = [
    "ACTION_EVENT",
    "ENTRY_EVENT",
    "SNAPSHOT_SIZE",
    "GameChange",
    "board_snapshot",
    "entry_json",
    "game_changed",
    "game_group",
    "game_snapshot",
    "leaderboard_group",
    "missed_boards",
    "publish_changes",
    "publisher",
    "snapshot_cache",
    "states_after",
    "versions",
    "wait_idle",
]
