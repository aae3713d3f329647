"""A move on PostgreSQL in two round trips, its write in one: read, decide, write once.

The locked path (``games.services.actions``) takes the game's and the player's locks, then
reads, plays and writes in a transaction: four round trips and a COMMIT. Here the game row
and the player's entry are read together without a lock (``move_sql.game_with_entry``),
checked by the same rules (``own_live_game``, ``writable_game``), the move decided by the
kernel with everything it writes as data (``games.kernel.move_projection``), and written by
one call of ``canfield_move`` (``games.move_function``) in autocommit, so the COMMIT rides
the same round trip. The write checks what the decision rested on: the game's ``seq``,
status, player and hold, the entry's revision, and for an entry that fell back that no
other game of the player ranks on the board.

What this path does not write, it leaves to the locked one, which then answers exactly as
it always has: a stale ``seq`` found at the write (another tab, a resend: the locked path
refuses it, or the socket re-acks it), an entry or player not as read, a move that wins
(its whole stored log is replayed before the commit), an entry to create or look for
(``EntryPlan.LOOK``), a game a fair-play judge holds. Nothing is written twice: the write
either happens whole, once, or not at all, and the locked path starts from the rows as
they then are. SQLite, a caller inside a transaction, and ``CANFIELD_MOVE_ONE_STATEMENT=0``
take the locked path for every move.

The fair-play judges (``games.hooks``) run before the write, on the game as the move leaves
it, as on the locked path; a judge that records a listing for a line runs outside the
move's write, so a move whose write then loses a race leaves that record (rare: a line
beyond the board's par, raced by a second tab).
"""

from __future__ import annotations

from django.conf import settings
from django.contrib.auth.models import User
from django.db import DatabaseError, connection
from django.utils import timezone

from games import move_sql
from games.boards import entry_board
from games.kernel import EntryPlan, Refusal, decide_move, move_projection
from games.models import MAX_ID, Action
from games.move_function import STALE
from games.projections import EntryRefresh, entry_current_values
from games.selectors.games import shown_state
from games.services.announcing import raise_after_commit
from games.services.entry_after_write import write_events
from games.services.locking import own_live_game
from games.services.move_rules import Appended, refusal_error, signals_held, writable_game

#: What the database says when a write was not as read (the function's own, or the action's
#: unique(game, seq) taken by a row written behind the game's back): take the locked path.
NOT_AS_READ = (STALE, "23505")


def one_statement_moves() -> bool:
    """Whether a move may be written here: on PostgreSQL (the function), outside any
    transaction (one statement is its own), unless turned off."""
    return (
        bool(settings.CANFIELD_MOVE_ONE_STATEMENT)
        and connection.vendor == "postgresql"
        and connection.get_autocommit()
    )


def move_written(
    *,
    game_id: int,
    player: User,
    token: str | None,
    tap: str | None,
    double_click: bool,
    expected_seq: int | None,
) -> Appended | None:
    """Play one action as ``action_append`` does, in one read and one write; a refusal is
    raised as there. None: nothing was written, take the locked path (see the module)."""
    if not 0 < game_id <= MAX_ID:
        return None
    game, entry = move_sql.game_with_entry(game_id)
    if game is None:
        return None
    writable_game(own_live_game(game, player=player), expected_seq=expected_seq)
    decision = decide_move(
        snapshot=game.snapshot, seq=game.seq, token=token, tap=tap, double_click=double_click
    )
    if isinstance(decision, Refusal):
        raise refusal_error(decision)
    if decision.won:
        return None
    now = timezone.now()
    projection = move_projection(decision, game=game, entry=entry, board=entry_board(game), at=now)
    if projection.entry is EntryPlan.LOOK or entry is None:
        return None
    held = game.held
    for field, value in projection.game_fields.items():
        setattr(game, field, value)
    game.updated_at = now
    if signals_held(game=game, stamp=now):
        return None
    wanted = projection.entry_values
    take = wanted is not None and entry_current_values(entry) != wanted
    statement = move_sql.move_write(
        game=game, player_id=player.pk, held=held, projection=projection, take=take, entry=entry
    )
    try:
        action_id = move_sql.send_one(statement)
    except DatabaseError as error:
        if getattr(error.__cause__, "sqlstate", None) in NOT_AS_READ:
            return None
        raise
    if action_id is None:
        return None
    action = Action(
        id=action_id,
        game=game,
        seq=projection.seq,
        token=projection.token,
        score_after=projection.score_after,
        created_at=now,
    )
    action._state.adding = False
    action._state.db = connection.alias
    if take:
        assert wanted is not None
        for field, value in wanted.items():
            setattr(entry, field, value)
        entry.revision += 1
    state = shown_state(game, decision.engine_game)
    refreshed = EntryRefresh(changed=take, entry=entry)
    raise_after_commit(write_events(game=game, refreshed=refreshed, actions=[action], state=state))
    return Appended(game=game, action=action, engine_game=decision.engine_game, state=state)
