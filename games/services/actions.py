"""Appending to a game's log: a live move or tap, and resigning.

One unit of work per action (``games.services.unit_of_work``): lock the game row and its
player's, check the owner, the status and the client's ``seq``, restore the engine from the
row's snapshot (O(1) in the log's length), play, write the action row, then the game row and
the leaderboard entry. A game that becomes won is replayed in full from its stored log
before the commit. WebSocket watchers hear about it only after the commit.

The unit decides when its statements go (``games.move_sql``): once the lock is held, a move
is two round trips, the action INSERT, the game UPDATE and the entry's read, then the
entry's UPDATE and the board counts before the COMMIT. A win's replay reads the stored log
through the ORM, which the unit sends its held action row ahead of.
"""

from datetime import datetime

from django.contrib.auth.models import User
from django.utils import timezone
from django.utils.translation import gettext

from engine import Game as EngineGame
from games.errors import (
    LogCorrupt,
    NothingToResign,
    ServiceError,
)
from games.kernel import Refusal, decide_move, message_refusal
from games.models import Action, Game
from games.projections import elapsed_seconds
from games.quotas import MoveThrottle, actions_quota_charge
from games.replaying import RESIGN, replay_log
from games.selectors.games import shown_state
from games.services.entry_after_write import entry_after_write
from games.services.locking import lock_own_live_game
from games.services.move_rules import Appended, refusal_error, signals_held, writable_game
from games.services.move_write import move_written, one_statement_moves
from games.services.unit_of_work import UnitOfWork, unit_of_work


def move_played(
    *,
    game_id: int,
    player: User,
    token: str | None = None,
    tap: str | None = None,
    double_click: bool = True,
    expected_seq: int | None = None,
    resign: bool = False,
    throttle: MoveThrottle | None = None,
) -> Appended:
    """A move (or a resign) a transport carried, REST's or the socket's: the player's action
    quota charged first, here and nowhere in a view or a consumer (a submission charges its
    whole log in ``submission_create``), then the move through the kernel. A refused move has
    been charged too, as it always was: the quota counts what a player asks. A transport
    whose request no throttle counted yet (the socket) hands over the player's: it is
    counted first, with the quota, in one command."""
    actions_quota_charge(player_id=player.pk, actions=1, throttle=throttle)
    if resign:
        return game_resign(game_id=game_id, player=player, expected_seq=expected_seq)
    return action_append(
        game_id=game_id,
        player=player,
        token=token,
        tap=tap,
        double_click=double_click,
        expected_seq=expected_seq,
    )


def action_append(
    *,
    game_id: int,
    player: User,
    token: str | None = None,
    tap: str | None = None,
    double_click: bool = True,
    expected_seq: int | None = None,
) -> Appended:
    """Play one action (a token, or a tap the engine resolves to a move) on a live game.

    ``expected_seq`` is the seq the action is to get (1 for the first); a stale one raises
    ``StaleSeq`` and nothing is written. The stored token is always the concrete move.
    """
    refusal = message_refusal(token=token, tap=tap)
    if refusal is not None:
        raise refusal_error(refusal)
    if one_statement_moves():
        written = move_written(
            game_id=game_id,
            player=player,
            token=token,
            tap=tap,
            double_click=double_click,
            expected_seq=expected_seq,
        )
        if written is not None:
            return written
    with unit_of_work() as unit:
        game = lock_writable_game(
            unit=unit, game_id=game_id, player=player, expected_seq=expected_seq
        )
        decision = decide_move(
            snapshot=game.snapshot, seq=game.seq, token=token, tap=tap, double_click=double_click
        )
        if isinstance(decision, Refusal):
            raise refusal_error(decision)
        engine_game, summary = decision.engine_game, decision.summary
        now = timezone.now()
        action = next_action(
            game=game, token=decision.token, score_after=decision.score_after, at=now
        )
        unit.append(action)
        for field, value in summary.items():
            setattr(game, field, value)
        game.reached_at = now
        game.action_count = game.seq  # a live game's log has no resign yet
        game.elapsed = elapsed_seconds(game=game, reached_at=now)
        if decision.won:  # the replay reads the stored log, this action's row sent first
            verify_won_log(game=game, engine_game=engine_game)
            game.status = Game.Status.WON
            game.finished_at = now
        fields = [*summary, "seq", "reached_at", "action_count", "elapsed", *FINISHED_FIELDS]
        fields += signals_held(game=game, stamp=now)
        return finish_append(
            unit=unit, game=game, action=action, engine_game=engine_game, fields=fields
        )


def game_resign(*, game_id: int, player: User, expected_seq: int | None = None) -> Appended:
    """Give up a live game: a ``resign`` action ends it (its position and entry stay). A game
    with no action yet cannot be resigned (``NothingToResign``): leaving it makes no entry."""
    with unit_of_work() as unit:
        game = lock_writable_game(
            unit=unit, game_id=game_id, player=player, expected_seq=expected_seq
        )
        if game.seq == 0:
            raise nothing_to_resign(game_id=game_id)
        now = timezone.now()
        action = next_action(game=game, token=RESIGN, score_after=game.score, at=now)
        unit.append(action)
        game.status = Game.Status.RESIGNED
        game.finished_at = now
        engine_game = EngineGame.from_snapshot(game.snapshot)
        fields = ["seq", *FINISHED_FIELDS, *signals_held(game=game, stamp=now)]
        return finish_append(
            unit=unit, game=game, action=action, engine_game=engine_game, fields=fields
        )


def nothing_to_resign(*, game_id: int) -> NothingToResign:
    return NothingToResign(
        gettext("game %(game)s has no action yet: there is nothing to resign") % {"game": game_id},
        game=game_id,
    )


def lock_writable_game(
    *, unit: UnitOfWork, game_id: int, player: User, expected_seq: int | None
) -> Game:
    """The game row and its player's, locked by ``unit``, once the player may append the
    action ``expected_seq`` to it: their own, still being played, on a board that has not
    closed (``writable_game``)."""
    game = lock_own_live_game(unit=unit, game_id=game_id, player=player)
    return writable_game(game, expected_seq=expected_seq)


def next_action(*, game: Game, token: str, score_after: int, at: datetime) -> Action:
    """The next action row, not written yet (``UnitOfWork.append`` writes it; the game's
    lock and unique(game, seq) guard its seq)."""
    game.seq += 1
    return Action(game=game, seq=game.seq, token=token, score_after=score_after, created_at=at)


def verify_won_log(*, game: Game, engine_game: EngineGame) -> None:
    """Replay the whole stored log of a game that just became won; it must agree exactly."""
    stored = list(game.actions.order_by("seq").values_list("seq", "token", "score_after"))
    try:
        replayed = replay_log(code=game.code, tokens=[token for _, token, _ in stored])
    except ServiceError as error:
        raise LogCorrupt(
            gettext("game %(game)s: its stored log does not replay: %(error)s")
            % {"game": game.id, "error": error.detail},
            game=game.id,
        ) from error
    expected = [(a.seq, a.token, a.score_after) for a in replayed.actions]
    if expected != stored or replayed.game != engine_game:
        raise LogCorrupt(
            gettext("game %(game)s: its stored log does not replay to this win")
            % {"game": game.id},
            game=game.id,
        )


#: What ending a game changes of its row (``updated_at`` is written on every save).
FINISHED_FIELDS = ("status", "finished_at", "updated_at")


def finish_append(
    *,
    unit: UnitOfWork,
    game: Game,
    action: Action,
    engine_game: EngineGame,
    fields: list[str],
) -> Appended:
    """Write the game row's ``fields`` (what the append changed: the UPDATE writes those
    alone, not the whole row with its code and player), refresh the player's entry, have
    watchers told after the commit."""
    unit.save_game(game, fields)
    state = shown_state(game, engine_game)
    entry_after_write(unit=unit, game=game, actions=[action], state=state)
    return Appended(game=game, action=action, engine_game=engine_game, state=state)
