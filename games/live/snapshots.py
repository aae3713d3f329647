"""What a watcher gets on connecting: a board's top entries, or a game's board.

Board snapshots are cached per process for a short while (``SnapshotCache``): when thousands
of watchers (re)connect to one board at once (a popular daily deal, a server restart), each
would otherwise read the same page from the database.
"""

from __future__ import annotations

import threading
import time

from engine import Game as EngineGame
from games.live.protocol import SnapshotMessage, StateMessage
from games.live.versions import versions
from games.models import Game
from games.replaying import RESIGN, deal_from_code, play_token
from games.selectors.games import ShownState, shown_state
from games.selectors.leaderboards import leaderboard_page

#: Entries in the snapshot a watcher gets on connecting (the protocol's "top 20").
SNAPSHOT_SIZE = 20


class SnapshotCache:
    """The last snapshot this process built for each board, reused while it is still good.

    A cached snapshot is reused only for the *same* version and for ``max_age`` seconds: a
    watcher joins the group before it reads the version, and versions are bumped after the
    commit, so any change a reused snapshot misses has a larger version and reaches the
    watcher as a message. ``max_age`` bounds what a change made without a bump (a projection
    rebuild) can hide.
    """

    def __init__(self, *, max_age: float = 2.0, max_boards: int = 1024) -> None:
        self._max_age = max_age
        self._max_boards = max_boards
        self._lock = threading.Lock()
        self._snapshots: dict[str, tuple[float, SnapshotMessage]] = {}

    def get(self, board: str, version: int) -> SnapshotMessage | None:
        with self._lock:
            found = self._snapshots.get(board)
        if found is None or found[1].version != version:
            return None
        built_at, snapshot = found
        return snapshot if time.monotonic() - built_at <= self._max_age else None

    def clear(self) -> None:
        with self._lock:
            self._snapshots.clear()

    def put(self, board: str, snapshot: SnapshotMessage) -> None:
        with self._lock:
            if len(self._snapshots) >= self._max_boards:
                self._snapshots.clear()
            self._snapshots[board] = (time.monotonic(), snapshot)


snapshot_cache = SnapshotCache()


def board_snapshot(board: str) -> SnapshotMessage:
    """The ``snapshot`` message of a board: its version first, then the top entries.

    Reading the version *before* the entries means every change the entries miss has a
    larger version, so a consumer may drop messages up to this version (already included).
    """
    version = versions().current(board)
    cached = snapshot_cache.get(board, version)
    if cached is not None:
        return cached
    page = leaderboard_page(board=board, limit=SNAPSHOT_SIZE)
    snapshot = SnapshotMessage(
        board=board, version=version, total=page.total, entries=tuple(page.entries)
    )
    snapshot_cache.put(board, snapshot)
    return snapshot


def game_snapshot(game: Game) -> StateMessage:
    """The ``state`` message of a game: its seq and the board after it."""
    state = shown_state(game, EngineGame.from_snapshot(game.snapshot))
    return StateMessage(game=game.id, seq=game.seq, state=state, status=game.status)


def states_after(game: Game, seqs: list[int]) -> dict[int, ShownState]:
    """The board after each action in ``seqs`` of a committed game, as clients may see it.

    For what the service did not hand over itself (a live move brings its own state): the
    row's own snapshot when it is the game's last action (O(1)), else one replay of the
    stored log recording the states on the way (a submission: O(log), never O(log) per
    action).
    """
    if seqs == [game.seq]:
        return {game.seq: shown_state(game, EngineGame.from_snapshot(game.snapshot))}
    wanted = set(seqs)
    engine_game = EngineGame(deal_from_code(game.code))
    states: dict[int, ShownState] = {}
    for seq, token in game.actions.filter(seq__lte=max(seqs)).values_list("seq", "token"):
        if token != RESIGN:
            play_token(engine_game, token)
        if seq in wanted:
            states[seq] = shown_state(game, engine_game)
    return states
