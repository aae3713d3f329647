"""One write's unit of work: its transaction, the statements it sends, the rows it locked, and
the events it raises.

Every write of a game (a move, a resignation, a submission, a new game, a hint, a fair-play
hold) runs in one::

    with unit_of_work() as unit:
        game = unit.lock_game(game_id=game_id, with_player=True)
        ...play...
        unit.append(action)
        unit.save_game(game, fields)
        entry_after_write(unit=unit, game=game, actions=[action])

The unit sends the statements (``games.move_sql``): a write nobody reads the result of is
held until the next read, which carries it in its round trip, and whatever is still held
goes before the COMMIT, so a move is two round trips once its lock is held without any
service function knowing about round trips. It owns the boundary with the ORM too: any other
statement on the connection within the unit (a queryset's, a savepoint) sends what is held
first (``Writes.carry_held``, a Django execute wrapper), so no caller flushes by hand and
the statements reach the database in the order they were made. It remembers which rows it
locked (the player's row, taken with the game's, is not locked twice) and which game it
moved (one game changed by appending to its log: its entry can be decided from the ranking
rule without looking for the player's best game). It collects the write's events
(``games.events``) and hands them to their handlers once the transaction commits
(``games.services.announcing``), never for a rolled-back write.

A second writer of the same seq that gets past the game's lock anyway is refused by
unique(game, seq): that is a stale seq like any other, and everything rolls back.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from contextlib import contextmanager

from django.db import IntegrityError, connection, transaction
from django.utils.translation import gettext

from games import move_sql
from games.errors import GameNotFound, StaleSeq
from games.events import Event
from games.models import MAX_ID, Action, Game
from games.services.announcing import raise_after_commit
from games.services.row_locks import lock_player, no_game

#: How the databases name a violation of unique(game, seq) in their messages.
SEQ_CONSTRAINT_NAMES = ("action_unique_game_seq", "games_action.game_id, games_action.seq")


class UnitOfWork(move_sql.Writes):
    """What one write holds until it commits (see the module). Made by ``unit_of_work``."""

    def __init__(self) -> None:
        super().__init__(hold=True)
        self.players_locked: set[int] = set()
        self.appended: list[Action] = []
        self.saved: dict[int, Game] = {}
        self.events: list[Event] = []

    def lock_game(self, *, game_id: int, with_player: bool = False) -> Game:
        """The game row, locked until the commit (``GameNotFound`` if there is none);
        ``with_player``: its player's row too, in the same statement (game first, then
        player: the one lock order), for a write that goes on to refresh their entry."""
        if not 0 < game_id <= MAX_ID:
            raise GameNotFound(no_game(game_id), game=game_id)
        game = move_sql.game_lock(game_id, with_player=with_player)
        if game is None:
            raise GameNotFound(no_game(game_id), game=game_id)
        if with_player:
            self.players_locked.add(game.player_id)
        return game

    def lock_player(self, *, player_id: int) -> bool:
        """Lock a player's row (after any game row: the one lock order) unless this unit
        holds it already; whether the row exists."""
        if player_id in self.players_locked:
            return True
        found = lock_player(player_id=player_id)
        if found:
            self.players_locked.add(player_id)
        return found

    def append(self, action: Action) -> None:
        """Write ``action``, a new row of its game's log."""
        self.write(move_sql.action_insert(action))
        self.appended.append(action)

    def save_game(self, game: Game, fields: list[str]) -> None:
        """Write ``fields`` of ``game`` (what the write changed, not the whole row)."""
        self.write(move_sql.row_update(game, fields))
        self.saved[game.id] = game

    def moved(self, game: Game) -> bool:
        """Whether ``game`` is the one game row this unit changed, by appending to its log:
        then nothing else that ranks changed (no other game, no assistance)."""
        appended_to = {action.game_id for action in self.appended}
        return list(self.saved) == [game.id] and appended_to == {game.id}

    def raise_events(self, events: Iterable[Event]) -> None:
        """Have ``events`` handled once this unit commits."""
        self.events.extend(events)

    def stale_seq(self, error: IntegrityError) -> StaleSeq | None:
        """What a failed write of this unit means to its client, if it was its action's seq."""
        if not self.appended or not any(name in str(error) for name in SEQ_CONSTRAINT_NAMES):
            return None
        game_id = self.appended[-1].game_id
        return StaleSeq(
            gettext("the next action of game %(game)s was written by another request")
            % {"game": game_id},
            game=game_id,
        )


@contextmanager
def unit_of_work() -> Iterator[UnitOfWork]:
    """A write's transaction, its statements and its events (see the module)."""
    unit = UnitOfWork()
    try:
        with transaction.atomic(), connection.execute_wrapper(unit.carry_held):
            yield unit
            unit.flush()
            if unit.events:
                raise_after_commit(unit.events)
    except IntegrityError as error:
        stale = unit.stale_seq(error)
        if stale is None:
            raise
        raise stale from error
