"""After a game's row is written: its player's leaderboard entry, then the watchers.

The entry, the rank index and the board's watchers are those of the game's ranking board
(``games.boards.entry_board``: a declared bot's games rank on the bots partition).

Every write path (a new game, a move, a resign, a submission, a hint) ends the same way, so
it lives here once: the entry is refreshed in the same transaction as the game row, and the
write's events are raised for after the commit (``games.services.announcing``), so neither
the rank index nor a watcher hears of a rolled-back write.

A daily board is final from its close on: a ranked game played on after midnight UTC keeps
its log growing, but its entry stays what it was at the close (``board_is_final``).
"""

from __future__ import annotations

from collections.abc import Sequence
from datetime import datetime
from typing import TYPE_CHECKING

from django.utils import timezone

from games import rank_index
from games.boards import day_sealed, entry_board
from games.events import ActionAppended, EntryChanged, Event, GameFinished
from games.models import Action, Game, LeaderboardEntry
from games.projections import (
    EntryRefresh,
    entry_at_close,
    entry_refresh,
    entry_set,
    is_assisted,
    player_entries,
)
from games.selectors.games import ShownState

if TYPE_CHECKING:
    from games.services.unit_of_work import UnitOfWork


def board_is_final(*, game: Game, at: datetime) -> bool:
    """True when ``game`` ranks on a daily board that had closed by ``at``."""
    return game.daily is not None and not day_sealed(game.daily, now=at)


def entry_after_write(
    *,
    unit: UnitOfWork,
    game: Game,
    actions: Sequence[Action] = (),
    state: ShownState | None = None,
) -> None:
    """Refresh the entry of ``game``'s player on its board and announce ``actions`` (the
    rows just appended, if any) after the commit. Call in the write's unit of work, once
    the game row is written: the player's row is locked after the game's (the one lock
    order: ``unit`` takes it with the game's, or now), so that a player's entries are
    written by one transaction at a time.

    ``state``: the board after the last action as clients may see it (``shown_state``), when
    the write has it (the announcement then need not restore the engine again). When
    ``game`` is the one game the unit changed by appending to its log (``unit.moved``), the
    entry may be decided without a best-game query (``games.projections.entry_refresh``).
    A game with no action yet cannot change any entry (entries show games that have one),
    unless it just asked for a hint: that marks the player's entry on the board, whichever
    game holds it.
    """
    at = actions[-1].created_at if actions else timezone.now()
    refreshed = None
    if (game.seq > 0 or game.assisted) and not board_is_final(game=game, at=at):
        unit.lock_player(player_id=game.player_id)
        refreshed = entry_refresh(
            board=entry_board(game),
            player_id=game.player_id,
            moved=game if unit.moved(game) else None,
            unit=unit,
        )
    write_announce(unit=unit, game=game, refreshed=refreshed, actions=actions, state=state)


def entry_rederive(*, unit: UnitOfWork, game: Game) -> None:
    """Re-derive the entry of ``game``'s player on its board after something other than its
    log changed (a fair-play hold set or lifted: ``games.services.holds``), and announce it.
    Call in the write's unit of work with the game and player rows locked. On a daily
    board that has closed the entry is what ``rebuild_projections`` makes of it: the game as
    it stood at the close (``entry_at_close``)."""
    if not board_is_final(game=game, at=timezone.now()):
        entry_after_write(unit=unit, game=game)
        return
    board = entry_board(game)
    assisted = is_assisted(board=board, player_id=game.player_id)
    refreshed = entry_set(
        board=board,
        player_id=game.player_id,
        entry=player_entries(board=board, player_id=game.player_id).first(),
        wanted=entry_at_close(game, assisted=assisted),
        unit=unit,
    )
    write_announce(unit=unit, game=game, refreshed=refreshed)


def write_announce(
    *,
    unit: UnitOfWork,
    game: Game,
    refreshed: EntryRefresh | None,
    actions: Sequence[Action] = (),
    state: ShownState | None = None,
) -> None:
    """Raise the write's events (``write_events``) for after the commit; ``unit`` hands them
    over after its commit (``games.services.announcing`` says who hears them, in which
    order)."""
    unit.raise_events(write_events(game=game, refreshed=refreshed, actions=actions, state=state))


def write_events(
    *,
    game: Game,
    refreshed: EntryRefresh | None,
    actions: Sequence[Action] = (),
    state: ShownState | None = None,
) -> list[Event]:
    """A write's events (``games.events``): the entry if it changed, each appended action (the
    last one with ``state``), the game's end if the last one ended it."""
    board = entry_board(game)
    events: list[Event] = []
    if refreshed is not None and refreshed.changed:
        change = index_change(refreshed.entry, player_id=game.player_id, game=game)
        events.append(EntryChanged(board=board, player_id=game.player_id, change=change))
    for action in actions:
        events.append(
            ActionAppended(
                game_id=game.id,
                board=board,
                player_id=game.player_id,
                seq=action.seq,
                token=action.token,
                score_after=action.score_after,
                state=state if action is actions[-1] else None,
            )
        )
    if actions and game.status != Game.Status.PLAYING:
        events.append(
            GameFinished(
                game_id=game.id,
                board=board,
                player_id=game.player_id,
                seq=actions[-1].seq,
                status=game.status,
            )
        )
    return events


def index_change(
    entry: LeaderboardEntry | None, *, player_id: int, game: Game
) -> rank_index.Change | None:
    """The rank index's change for the entry as written, built from the values in hand (the
    player's name from the game's player when that is loaded); None: let the index read it."""
    if entry is None:
        return (player_id, 0, "")
    if entry.game_id != game.id or "player" not in game._state.fields_cache:
        return None
    return rank_index.change_of_entry(entry, username=game.player.get_username())
