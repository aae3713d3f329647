"""Derived data and how it is derived: a game's summary from its log, entries from games.

The live write path and ``rebuild_projections`` both call these functions, which is what
makes a rebuild give identical tables: there is one definition of every derived value.

* Game summary (seq, score, cards, moves, won, status, snapshot, reached_at, finished_at):
  from the engine game after the log and the action rows' times.
* Leaderboard entry of (code, player): a copy of their best game on that code, best being
  most cards on the foundations, then fewest moves, then the position reached earliest.
"""

from collections.abc import Sequence
from datetime import datetime
from typing import Any

from engine import Game as EngineGame
from games.models import Action, Game, LeaderboardEntry
from games.replaying import RESIGN, ReplayedLog

#: Best game first: the ranking order of DESIGN.md, then the game id so ties are stable.
BEST_GAME_ORDER = ("-cards", "moves", "reached_at", "id")

#: What an entry copies from its game.
COPIED_FIELDS = ("cards", "moves", "score", "won", "status", "reached_at")


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
    if best is None:
        if entry is None:
            return False
        entry.delete()
        return True
    wanted = entry_values(best)
    if entry is None:
        LeaderboardEntry.objects.create(code=code, player_id=player_id, **wanted)
        return True
    if entry_current_values(entry) == wanted:
        return False
    for field, value in wanted.items():
        setattr(entry, field, value)
    entry.save(update_fields=[*wanted.keys()])
    return True
