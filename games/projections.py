"""Derived data and how it is derived: a game's summary from its log, entries from games.

The live write path and ``rebuild_projections`` both call these functions, which is what
makes a rebuild give identical tables: there is one definition of every derived value.

* Game summary (seq, score, cards, moves, won, status, snapshot, reached_at, finished_at):
  from the engine game after the log and the action rows' times.
* Leaderboard entry of (code, player): a copy of their best game on that code, best being
  unassisted (no hint asked) before assisted, then most cards on the foundations, then
  fewest moves, then the position reached earliest.
* Board counts: how many entries of a code stand at each (assisted, cards, moves) and at
  each (assisted, cards) (``StandingCount``, ``CardsCount``), what ranks are summed from.

``Game.assisted`` is the one ranking input that is not in the log: it is a fact about the
game row (a hint was given), kept as is by rebuilds and copied to the entry.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from django.db import connection
from django.db.models import Count

from engine import Game as EngineGame
from games.models import Action, CardsCount, Game, LeaderboardEntry, StandingCount
from games.replaying import RESIGN, ReplayedLog

#: Best game first: the ranking order of DESIGN.md below unassisted-first, then the game id
#: so ties are stable.
BEST_GAME_ORDER = ("assisted", "-cards", "moves", "reached_at", "id")

#: What an entry copies from its game.
COPIED_FIELDS = ("cards", "moves", "score", "won", "status", "reached_at", "assisted")


def engine_summary(engine_game: EngineGame) -> dict[str, Any]:
    """The game row's fields that follow from the engine position alone."""
    return {
        "score": engine_game.score,
        "cards": engine_game.cards,
        "moves": engine_game.moves,
        "won": engine_game.won,
        "snapshot": engine_game.to_snapshot(),
    }


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
        **engine_summary(replayed.game),
        "status": status,
        "reached_at": reached_at,
        "finished_at": actions[-1].created_at if actions and status != "playing" else None,
    }


def best_game(*, code: str, player_id: int) -> Game | None:
    """The player's best game on a code: the one their leaderboard entry shows."""
    return Game.objects.filter(code=code, player_id=player_id).order_by(*BEST_GAME_ORDER).first()


def entry_values(game: Game) -> dict[str, Any]:
    """What a leaderboard entry holds for this game."""
    return {"game_id": game.id, **{field: getattr(game, field) for field in COPIED_FIELDS}}


def entry_current_values(entry: LeaderboardEntry) -> dict[str, Any]:
    """What a leaderboard entry holds now (same keys as ``entry_values``)."""
    return {"game_id": entry.game_id, **{field: getattr(entry, field) for field in COPIED_FIELDS}}


def leaderboard_entry_refresh(*, code: str, player_id: int) -> bool:
    """Make the player's entry on ``code`` show their best game; True if the entry changed.

    Callers hold a lock on the player's row (``lock_player``), so two writes
    of one player never race to create the same entry.
    """
    best = best_game(code=code, player_id=player_id)
    entry = LeaderboardEntry.objects.filter(code=code, player_id=player_id).first()
    before = None if entry is None else standing_of(entry)
    after = None if best is None else standing_of(best)
    if best is None:
        if entry is None:
            return False
        entry.delete()
    elif entry is None:
        LeaderboardEntry.objects.create(code=code, player_id=player_id, **entry_values(best))
    else:
        wanted = entry_values(best)
        if entry_current_values(entry) == wanted:
            return False
        for field, value in wanted.items():
            setattr(entry, field, value)
        entry.revision += 1
        entry.save(update_fields=[*wanted.keys(), "revision"])
    board_counts_move(code=code, before=before, after=after)
    return True


Standing = tuple[bool, int, int]  # (assisted, cards, moves)


def standing_of(row: Game | LeaderboardEntry) -> Standing:
    """What a rank count is keyed by: everything that orders entries except the time."""
    return (row.assisted, row.cards, row.moves)


def board_counts_move(*, code: str, before: Standing | None, after: Standing | None) -> None:
    """One entry of ``code`` went from standing ``before`` to ``after`` (None: no entry).

    Count rows are changed in ascending key order, so two transactions moving entries in
    opposite directions lock them in the same order and cannot deadlock.
    """
    if before == after:
        return
    changes = [(key, delta) for key, delta in ((before, -1), (after, 1)) if key is not None]
    for (assisted, cards, moves), delta in sorted(changes):
        key = {"code": code, "assisted": assisted, "cards": cards, "moves": moves}
        count_add(StandingCount, key, delta)
    if before is None or after is None or before[:2] != after[:2]:
        for (assisted, cards, _), delta in sorted(changes):
            count_add(CardsCount, {"code": code, "assisted": assisted, "cards": cards}, delta)


def count_add(
    model: type[CardsCount] | type[StandingCount], key: dict[str, Any], delta: int
) -> None:
    """Add ``delta`` to the count row ``key``; a row that reaches 0 is deleted, so the table
    stays exactly a GROUP BY of the entries. One statement in the usual case."""
    table = connection.ops.quote_name(model._meta.db_table)
    names = [connection.ops.quote_name(name) for name in key]
    with connection.cursor() as cursor:
        if delta > 0:
            placeholders = ", ".join(["%s"] * (len(key) + 1))
            cursor.execute(
                f"INSERT INTO {table} ({', '.join(names)}, entries) VALUES ({placeholders})"
                f" ON CONFLICT ({', '.join(names)})"
                f" DO UPDATE SET entries = {table}.entries + EXCLUDED.entries",
                [*key.values(), delta],
            )
            return
        where = " AND ".join(f"{name} = %s" for name in names)
        cursor.execute(
            f"UPDATE {table} SET entries = entries + %s WHERE {where} RETURNING entries",
            [delta, *key.values()],
        )
        row = cursor.fetchone()
        if row is not None and row[0] <= 0:
            cursor.execute(f"DELETE FROM {table} WHERE {where}", [*key.values()])


#: The key fields of the two count tables, in the order of their keys.
STANDING_KEY = ("code", "assisted", "cards", "moves")
CARDS_KEY = ("code", "assisted", "cards")


def board_counts_from_entries() -> tuple[dict[tuple[Any, ...], int], dict[tuple[Any, ...], int]]:
    """What the count tables must hold, computed from the entries (for rebuilds), keyed by
    ``STANDING_KEY`` and ``CARDS_KEY`` values."""

    def grouped(fields: tuple[str, ...]) -> dict[tuple[Any, ...], int]:
        rows = LeaderboardEntry.objects.values(*fields).annotate(n=Count("id"))
        return {tuple(row[name] for name in fields): row["n"] for row in rows}

    return grouped(STANDING_KEY), grouped(CARDS_KEY)
