"""Reading games: the row, its position for clients, its log, and past positions.

Every read of a game goes through ``game_for`` (who may see it) and ``shown_state`` (what of
its board they may see), so a new read path cannot forget a sealed game: while its day is
open, a ranked daily game exists for its owner alone (anyone else gets the 404 of a game
that does not exist), and even its owner sees only what a player at the table sees
(``engine.table``): no face-down card, no deal code, no deal number.
"""

from dataclasses import dataclass
from typing import Any, TypeAlias

from django.contrib.auth.models import AbstractBaseUser, AnonymousUser
from django.db.models import Q, QuerySet
from django.utils import timezone
from django.utils.translation import gettext

from engine import Game as EngineGame
from engine import State, TableView, finishing_line
from games.boards import closes_at, first_sealed_day, game_sealed, seconds_to
from games.errors import GameNotFound, InvalidInput
from games.hooks import owner_holds
from games.models import MAX_ID, Action, Game
from games.past_positions import position_after
from games.projections import elapsed_seconds

Viewer = AbstractBaseUser | AnonymousUser | None
#: A game's board as clients may see it (``shown_state``): the whole state, or the table's view
#: of a sealed game (face-down cards None).
ShownState: TypeAlias = State | TableView


@dataclass(frozen=True)
class Position:
    """What a client needs to show and play a game: the board and the moves it allows."""

    state: ShownState
    legal_moves: list[str]
    #: The moves that finish a won-by-force game (``engine.finishing``), else empty. Only
    #: offered once no card is face down, so it tells a sealed game's owner nothing unseen.
    finish: list[str]


def not_found(game_id: int) -> GameNotFound:
    return GameNotFound(f"there is no game {game_id}", game=game_id)


def game_get(*, game_id: int) -> Game:
    """A game by id, with its player (``GameNotFound`` if there is none). Server side only:
    what leaves the server is read through ``game_for``."""
    if not 0 < game_id <= MAX_ID:
        raise not_found(game_id)
    game = Game.objects.select_related("player").filter(pk=game_id).first()
    if game is None:
        raise not_found(game_id)
    return game


def game_for(*, game_id: int, viewer: Viewer) -> Game:
    """The game ``viewer`` may read: any game, but a sealed one only for its owner.

    Whether another player's game is sealed is asked in the query itself: the database
    returns no row for it, as for a game that does not exist, so the two 404s do the same
    work (loading and decoding the row first made the sealed one measurably slower: a
    timing oracle for which ids are today's ranked games)."""
    if not 0 < game_id <= MAX_ID:
        raise not_found(game_id)
    readable = ~Q(daily__gte=first_sealed_day())
    if viewer is not None and viewer.pk is not None:
        readable |= Q(player_id=viewer.pk)
    game = Game.objects.select_related("player").filter(readable, pk=game_id).first()
    if game is None:
        raise not_found(game_id)
    return game


def shown_state(game: Game, engine_game: EngineGame) -> ShownState:
    """The board of ``engine_game`` (a position of ``game``) as clients may see it."""
    return engine_game.table_state() if game_sealed(game) else engine_game.state()


def game_summary(game: Game) -> dict[str, Any]:
    """The game row as clients see it: the code and number are withheld while sealed."""
    sealed = game_sealed(game)
    closes = None if game.daily is None else closes_at(game.daily)
    return {
        **{name: value for name, value in vars(game).items() if not name.startswith("_")},
        "player": game.player,
        "code": None if sealed else game.code,
        "number": None if sealed else game.number,
        "sealed": sealed,
        "closes_at": closes,
        "closes_in": seconds_to(closes),
        "actions": game.action_count,
        "clock": game_clock(game),
    }


def game_clock(game: Game) -> int | None:
    """The game's time on the server clock, the one ``elapsed`` ranks by: seconds from its
    creation to now while it is played, to its last action once it is over (a ranked game
    its day's close ended too: its board, results card and banner say that time, and so
    does its clock, not the hours since); None for a submitted log. A table ticks on from
    this figure, so a player's clock never runs on their device's time."""
    now = timezone.now()
    closed = game.daily is not None and closes_at(game.daily) <= now
    end = game.finished_at or (game.reached_at if closed else now)
    return elapsed_seconds(game=game, reached_at=end)


def ranked_games_of(viewer: Viewer, *, boards: list[str]) -> dict[str, dict[str, Any]]:
    """The viewer's own ranked games on these daily boards: ``{board: {"id", "status",
    "seq", "player_id", "bot", "held", "confirmed", "held_reason"}}`` (a fair-play hold: its owner's
    to know, ``games.hooks.owner_holds``), empty for an anonymous viewer. Only ever their
    own: it tells nothing of anyone else's game."""
    if viewer is None or not viewer.is_authenticated:
        return {}
    rows = Game.objects.filter(player_id=viewer.pk, board__in=boards, daily__isnull=False)
    found = list(rows.values_list("board", "id", "status", "seq", "held", "hold_confirmed", "bot"))
    holds = owner_holds((row[1], row[4], row[5]) for row in found)
    return {
        board: {
            "id": game_id,
            "status": status,
            "seq": seq,
            "player_id": viewer.pk,
            "bot": bot,
            **holds[game_id],
        }
        for board, game_id, status, seq, _, _, bot in found
    }


def game_position(
    *, game: Game, engine_game: EngineGame | None = None, state: ShownState | None = None
) -> Position:
    """The current board from the row's snapshot; a finished game allows no more moves.

    A write that just played the position passes its ``engine_game`` (and the ``state`` it
    built with ``shown_state``), so it is not restored from the snapshot again."""
    if engine_game is None:
        engine_game = EngineGame.from_snapshot(game.snapshot)
    playing = game.status == Game.Status.PLAYING
    moves = [str(move) for move in engine_game.legal_moves()] if playing else []
    line = finishing_line(engine_game) if playing else None
    return Position(
        state=shown_state(game, engine_game) if state is None else state,
        legal_moves=moves,
        finish=[str(move) for move in line or ()],
    )


def game_actions(*, game: Game, after: int = 0) -> QuerySet[Action]:
    """The game's log in order, from the action after seq ``after``."""
    return game.actions.filter(seq__gt=after).order_by("seq")


def game_state_at(*, game: Game, at: int) -> ShownState:
    """The board after action ``at`` (0: the deal), from the nearest kept position
    (``games.past_positions``)."""
    if not 0 <= at <= game.seq:
        raise InvalidInput(
            gettext("at must be between 0 and %(seq)s for game %(game)s")
            % {"seq": game.seq, "game": game.id},
            seq=game.seq,
        )
    return shown_state(game, position_after(game=game, at=at))
