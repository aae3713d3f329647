"""Derived data and how it is derived: a game's summary from its log, entries from games.

The live write path and ``rebuild_projections`` both call these functions, which is what
makes a rebuild give identical tables: there is one definition of every derived value.

* Game summary (seq, score, cards, moves, actions, elapsed, won, status, snapshot,
  reached_at, finished_at): from the engine game after the log and the action rows' times.
* Leaderboard entry of (board, player): a copy of their best game on that board by the
  ranking rule (``games.ranking``), among games with at least one action; ``assisted`` if
  the player ever asked for a hint on that board (``Assistance``). Entries are kept under
  the game's *ranking board* (``games.boards.entry_board``): the board's own id for people,
  its bots partition for a declared bot's games. A player's games all rank in one partition
  (the flag is the player's, declared before their first game), so their games on a board
  are found by the board's id alone. On a daily board that has
  closed, the entry is what the game was at the close (``position_at_close``): later actions
  do not change it. A game held for fair-play review (``Game.held``) makes no entry, so it
  is in no rank, count, chart or live message.
* Board counts: how many entries of a board stand at each (assisted, cards, actions) and at
  each (assisted, cards) (``StandingCount``, ``CardsCount``), what ranks are summed from.

``Assistance`` (and ``Game.assisted``, which game asked) is the one ranking input that is not
in the log: a fact, kept as is by rebuilds.
"""

from collections.abc import Sequence
from dataclasses import dataclass
from datetime import datetime
from typing import Any

from django.db.models import Count, QuerySet

from games import move_sql
from games.boards import closes_at, partition_of
from games.kernel import (
    COPIED_FIELDS,
    CountTable,
    EntryPlan,
    count_changes,
    elapsed_between,
    engine_summary,
    entry_plan,
)
from games.models import (
    Action,
    Assistance,
    CardsCount,
    Game,
    LeaderboardEntry,
    StandingCount,
)
from games.move_sql import CARDS_KEY, STANDING_KEY, Statement, Writes
from games.rank_rule import Standing
from games.ranking import order_by, standing_of
from games.replaying import RESIGN, ReplayedLog, replay_log


def elapsed_seconds(*, game: Game, reached_at: datetime) -> int | None:
    """Whole seconds from the game's creation to ``reached_at`` on the server clock; None
    for a submitted log, whose times are the submission's, not the play's."""
    return elapsed_between(created_at=game.created_at, at=reached_at, offline=game.offline)


def game_summary_from_log(
    *, game: Game, replayed: ReplayedLog, actions: Sequence[Action]
) -> dict[str, Any]:
    """The derived fields of ``game`` given its replayed log and its stored action rows.

    Times come from the rows: the position was reached by the last action that is not a
    resignation (or at creation), the game finished with its last action if it is over.
    """
    moving = [action for action in actions if action.token != RESIGN]
    status = replayed.status
    reached_at: datetime = moving[-1].created_at if moving else game.created_at
    return {
        "seq": len(actions),
        "action_count": len(moving),
        **engine_summary(replayed.game),
        "elapsed": elapsed_seconds(game=game, reached_at=reached_at),
        "status": status,
        "reached_at": reached_at,
        "finished_at": actions[-1].created_at if actions and status != "playing" else None,
    }


def position_at_close(game: Game) -> dict[str, Any] | None:
    """What a daily game's entry holds once its day has closed: its summary as of the last
    action before the close, None if it had none (the live path stops refreshing the entry
    at the close; a rebuild replays the log up to it)."""
    assert game.daily is not None
    closing = closes_at(game.daily)
    rows = list(game.actions.filter(created_at__lt=closing).order_by("seq"))
    if not rows:
        return None
    replayed = replay_log(code=game.code, tokens=[row.token for row in rows])
    summary = game_summary_from_log(game=game, replayed=replayed, actions=rows)
    return {field: summary[field] for field in COPIED_FIELDS}


def best_games(*, board: str, player_id: int) -> QuerySet[Game]:
    """The player's games on a board that may rank there (at least one action, not held for
    review), best first (``board``: the games' board id, not a partition's). A move reads the
    first one's id with its entry, in SQL (``games.move_sql.entry_read``; a test holds the two
    to the same answer)."""
    return (
        ranking_games()
        .filter(board=board, player_id=player_id)
        .order_by(*order_by(with_assisted=False))
    )


def ranking_games() -> QuerySet[Game]:
    """The games that make entries: at least one action, not held for fair-play review. The
    live path and ``rebuild_projections`` both read them here."""
    return Game.objects.filter(seq__gt=0, held=False)


def best_game(*, board: str, player_id: int) -> Game | None:
    """The player's best game among those that rank on ``board`` (a ranking board, either
    partition): what their entry there shows."""
    return best_games(board=partition_of(board)[0], player_id=player_id).first()


def is_assisted(*, board: str, player_id: int) -> bool:
    """Whether the player asked for a hint on ``board`` (either partition: the mark is kept
    under the board's own id)."""
    return Assistance.objects.filter(board=partition_of(board)[0], player_id=player_id).exists()


def entry_values(game: Game, *, assisted: bool) -> dict[str, Any]:
    """What a leaderboard entry holds for this game."""
    return {
        "game_id": game.id,
        **{field: getattr(game, field) for field in COPIED_FIELDS},
        "assisted": assisted,
    }


def entry_current_values(entry: LeaderboardEntry) -> dict[str, Any]:
    """What a leaderboard entry holds now (same keys as ``entry_values``)."""
    return {
        "game_id": entry.game_id,
        **{field: getattr(entry, field) for field in COPIED_FIELDS},
        "assisted": entry.assisted,
    }


@dataclass(frozen=True)
class EntryRefresh:
    """What a refresh did: whether the entry changed, and the entry as it now stands (None:
    the player has none on the board), so that what follows the commit (the rank index)
    need not read it again."""

    changed: bool
    entry: LeaderboardEntry | None


def leaderboard_entry_refresh(*, board: str, player_id: int) -> bool:
    """Make the player's entry on ``board`` show their best game; True if the entry changed.

    Callers hold a lock on the player's row (``lock_player``), so two writes of one player
    never race to create the same entry. Callers also decide whether the board is still
    open to changes (a closed daily board is final: ``games.services.entry_after_write``).
    """
    return entry_refresh(board=board, player_id=player_id).changed


def player_entries(*, board: str, player_id: int) -> QuerySet[LeaderboardEntry]:
    return LeaderboardEntry.objects.filter(board=board, player_id=player_id)


def entry_refresh(
    *,
    board: str,
    player_id: int,
    moved: Game | None = None,
    unit: Writes | None = None,
) -> EntryRefresh:
    """``leaderboard_entry_refresh``, telling the entry too (``board``: a ranking board,
    ``games.boards.entry_board`` of the player's games); ``moved`` is the one game row
    this write changed, if only one did (a live action): the entry is then decided from the
    ranking rule without looking for the best game when it can be. ``unit``: the write's
    unit of work (``games.services.unit_of_work``), whose held writes the entry's read
    carries (the best-game subquery reads the game rows as written) and which holds the
    entry's own writes in turn; without one, each statement is sent at once.

    The best game after such a write is the entry's game or ``moved``, unless ``moved`` *was*
    the entry's game and fell back (an action that put up no card: every action counts),
    where another game of the player may now be ahead; a ranked daily game is its player's
    only game on its board, so even then it stays the best. For that case the entry is read
    with the id of the player's best game on the board (a subquery on the best-game index):
    only when another game is ahead is that game read. Assistance only changes with a hint,
    which refreshes without ``moved``: the entry's flag is current.
    """
    if moved is not None and moved.held:
        moved = None  # a held game is no candidate: decide from the games that rank
    unit = unit or Writes(hold=False)
    # With ``moved``, read with the entry: whether ``moved`` is still the best game.
    read = unit.read(
        move_sql.entry_read(
            board=board,
            player_id=player_id,
            games_board=None if moved is None else partition_of(board)[0],
        )
    )
    entry = read.entry
    best: Game | None
    plan = EntryPlan.LOOK if moved is None else entry_plan(moved=moved, entry=entry)
    if plan is EntryPlan.KEEP:
        return EntryRefresh(changed=False, entry=entry)
    if plan is EntryPlan.TAKE:
        assert moved is not None and entry is not None
        return entry_written(entry, entry_values(moved, assisted=entry.assisted), unit=unit)
    if moved is not None and entry is not None and read.best_game_id == moved.id:
        best = moved  # it fell back and is still ahead of the player's other games
    else:
        best = best_game(board=board, player_id=player_id)
    if best is None:
        return entry_set(board=board, player_id=player_id, entry=entry, wanted=None)
    if moved is not None and entry is not None:
        assisted = entry.assisted
    else:
        assisted = is_assisted(board=board, player_id=player_id)
    wanted = entry_values(best, assisted=assisted)
    return entry_set(board=board, player_id=player_id, entry=entry, wanted=wanted, unit=unit)


def entry_set(
    *,
    board: str,
    player_id: int,
    entry: LeaderboardEntry | None,
    wanted: dict[str, Any] | None,
    unit: Writes | None = None,
) -> EntryRefresh:
    """Make the player's entry on ``board`` (``entry``, as read) hold ``wanted`` (the values
    of ``entry_values``; None: no entry), its board's counts with it."""
    unit = unit or Writes(hold=False)
    if wanted is None:
        if entry is None:
            return EntryRefresh(changed=False, entry=None)
        entry.delete()  # after the unit's held statements (``Writes.carry_held``)
        unit.write(*board_counts_statements(board=board, before=standing_of(entry), after=None))
        return EntryRefresh(changed=True, entry=None)
    if entry is None:
        entry = LeaderboardEntry.objects.create(board=board, player_id=player_id, **wanted)
        unit.write(*board_counts_statements(board=board, before=None, after=standing_of(entry)))
        return EntryRefresh(changed=True, entry=entry)
    return entry_written(entry, wanted, unit=unit)


def entry_at_close(game: Game, *, assisted: bool) -> dict[str, Any] | None:
    """What the entry of a daily ``game`` whose day has closed holds (``entry_values`` as of
    the close), None if it makes none (no action before the close, or held for review): what
    ``rebuild_projections`` computes, and what lifting a hold after the close restores."""
    if game.held:
        return None
    at_close = position_at_close(game)
    if at_close is None:
        return None
    return {"game_id": game.id, **at_close, "assisted": assisted}


def entry_written(entry: LeaderboardEntry, wanted: dict[str, Any], *, unit: Writes) -> EntryRefresh:
    """Give an existing entry the values ``wanted`` (nothing written if it has them): its
    UPDATE and the count changes it makes, written by ``unit`` (neither reads the other's
    result)."""
    if entry_current_values(entry) == wanted:
        return EntryRefresh(changed=False, entry=entry)
    before = standing_of(entry)
    changed = [field for field, value in wanted.items() if getattr(entry, field) != value]
    for field in changed:
        setattr(entry, field, wanted[field])
    entry.revision += 1
    unit.write(
        move_sql.row_update(entry, [*changed, "revision"]),
        *board_counts_statements(board=entry.board, before=before, after=standing_of(entry)),
    )
    return EntryRefresh(changed=True, entry=entry)


def board_counts_move(*, board: str, before: Standing | None, after: Standing | None) -> None:
    """One entry of ``board`` went from standing ``before`` to ``after`` (None: no entry)."""
    move_sql.send(board_counts_statements(board=board, before=before, after=after))


def board_counts_statements(
    *, board: str, before: Standing | None, after: Standing | None
) -> list[Statement[int]]:
    """``board_counts_move``'s statements, unsent (to go in the round trip of the entry's
    own write).

    The rows and their order are the kernel's (``games.kernel.count_changes``).
    """
    moves: list[CountChanges] = []
    for change in count_changes(board=board, before=before, after=after):
        model = StandingCount if change.table is CountTable.STANDING else CardsCount
        if not moves or moves[-1][0] is not model:
            moves.append((model, []))
        moves[-1][1].append((change.key, change.delta))
    return counts_statements(moves)


#: A count table and the (key values, delta) to add to its rows, keys in ascending order.
CountChanges = tuple[type[CardsCount] | type[StandingCount], list[tuple[tuple[Any, ...], int]]]


def counts_statements(moves: Sequence[CountChanges]) -> list[Statement[int]]:
    """Add each delta to its count row, in the order given; a row that reaches 0 is
    deleted, so the tables stay exactly a GROUP BY of the entries.

    An ``UPDATE`` for a -1, an ``INSERT ... ON CONFLICT DO UPDATE`` for a +1 (the entries
    never make a row negative). After each -1 comes the ``DELETE`` of its row if it is at 0,
    sent whether or not it is (it deletes nothing otherwise): then no statement depends on an
    earlier one's result, and all of them go in one round trip. The ``DELETE`` touches the
    row the ``UPDATE`` just locked, so the lock order stays the order given.
    """
    statements = []
    for model, rows in moves:
        for key, delta in rows:
            statements.append(move_sql.count_change(model, key, delta))
            if delta < 0:
                statements.append(move_sql.count_delete(model, key))
    return statements


def board_counts_from_entries() -> tuple[dict[tuple[Any, ...], int], dict[tuple[Any, ...], int]]:
    """What the count tables must hold, computed from the entries (for rebuilds), keyed by
    ``STANDING_KEY`` and ``CARDS_KEY`` values."""

    def grouped(fields: tuple[str, ...]) -> dict[tuple[Any, ...], int]:
        rows = LeaderboardEntry.objects.values(*fields).annotate(n=Count("id"))
        return {tuple(row[name] for name in fields): row["n"] for row in rows}

    return grouped(STANDING_KEY), grouped(CARDS_KEY)
