"""The move kernel: one move decided as a pure function (no Django, no I/O, no clock).

A move's rules have one home here, whatever carried the move (REST, the socket, a test): given
what the adapter read under its lock (the game's snapshot and ``seq``) and the message (a token
or a tap, the ``seq`` the client expects), ``decide_move`` returns the ``Decision`` (the
action's token and score, the engine at the new position, the game row's fields that follow
from it, whether the move won) or a ``Refusal`` (its kind and the engine's own problem or
reason, which the adapter says in the request's language: the codes clients see do not
change). ``message_refusal`` checks the message's shape before anything is read, as REST
always has.

What reads a clock, a counter or another row stays one step beside the kernel, in the sync
adapter (``games.services.actions``): the lock and the owner, hold and day-closed checks
(``games.services.locking``), the quota and throttle, the time stamps, the won log's replay
from the stored rows. The kernel imports nothing of Django (an import-linter contract in
``pyproject.toml`` holds it), so the socket's async adapter of issue 39 can call it as it is.

A decision carries what the move changes as data (``Projection``: the action row, the game
row's fields, the entry's plan and the board's count rows), so a writer applies it without
reading anything again: on PostgreSQL one statement writes it all
(``games.services.move_write``); the sync adapter's unit of work decides the same entry
through the same ``entry_plan`` and ``count_changes`` (``games.projections``).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from datetime import date, datetime
from enum import Enum
from typing import Any

from engine import Game as EngineGame
from engine import IllegalMove, NotationError
from engine.reasons import Reason, why_tap_does_nothing
from engine.table import is_face_down
from games.rank_rule import Standing, better_than, row_key, standing_of


class RefusalKind(Enum):
    """Why a move is refused: each maps to one error (and HTTP status) in the adapter."""

    #: Neither or both of a token and a tap (``InvalidInput``, 400).
    ONE_OF = "one_of"
    #: The client's ``seq`` is not the next one (``StaleSeq``, 409).
    STALE_SEQ = "stale_seq"
    #: A token or tapped card name that is no move (``BadNotation``, 400).
    MALFORMED = "malformed"
    #: A move the rules refuse, or a tap that makes none (``RejectedAction``, 422).
    REFUSED = "refused"


@dataclass(frozen=True)
class Refusal:
    kind: RefusalKind
    #: The engine's notation problem (``MALFORMED``) or refusal reason (``REFUSED``).
    problem: NotationError | Reason | None = None
    #: What the refusal names: ``token``/``tap`` as given, ``seq``/``expected`` for a stale one.
    params: tuple[tuple[str, Any], ...] = ()


@dataclass(frozen=True)
class Decision:
    """A move the rules accept: the action row's ``seq``, ``token`` (always the concrete move)
    and ``score_after``, the engine at the new position, the game row's fields that follow
    from it (``summary``), and whether it won the game."""

    seq: int
    token: str
    score_after: int
    engine_game: EngineGame
    summary: dict[str, Any]
    won: bool


def message_refusal(*, token: str | None, tap: str | None) -> Refusal | None:
    """A move message names exactly one of a token and a tap."""
    if (token is None) == (tap is None):
        return Refusal(RefusalKind.ONE_OF)
    return None


def seq_refusal(*, seq: int, expected_seq: int | None) -> Refusal | None:
    """The client's ``expected_seq`` must be the next action's (None: the client did not say)."""
    if expected_seq is not None and expected_seq != seq + 1:
        return Refusal(
            RefusalKind.STALE_SEQ,
            params=(("given", expected_seq), ("seq", seq), ("expected", seq + 1)),
        )
    return None


def engine_summary(engine_game: EngineGame) -> dict[str, Any]:
    """The game row's fields that follow from the engine position alone."""
    return {
        "score": engine_game.score,
        "cards": engine_game.cards,
        "moves": engine_game.moves,
        "won": engine_game.won,
        "snapshot": engine_game.to_snapshot(),
    }


def tap_token(engine_game: EngineGame, tap: str, *, double_click: bool) -> str | Refusal:
    """The token of the move a tap makes (the engine decides), or the refusal: a card the rules
    keep face down says so (``tap_face_down``) rather than that it cannot move, so the player
    knows why. It tells a sealed game's owner nothing new: every card not shown face up on the
    table is face down, and the reason does not say where."""
    try:
        move = engine_game.tap(tap, double_click=double_click)
    except NotationError as error:
        return Refusal(RefusalKind.MALFORMED, error, (("tap", tap),))
    if move is None:
        face_down = is_face_down(engine_game.state(), tap)
        reason = why_tap_does_nothing(tap, face_down=face_down)
        return Refusal(RefusalKind.REFUSED, reason, (("tap", tap),))
    return str(move)


def decide_move(
    *,
    snapshot: Mapping[str, Any],
    seq: int,
    token: str | None,
    tap: str | None,
    double_click: bool = True,
) -> Decision | Refusal:
    """One move on the game at ``snapshot`` with ``seq`` actions: the decision or the refusal.
    The message's shape and its ``seq`` are checked before (``message_refusal``,
    ``seq_refusal``), as the adapter reads the game between the two."""
    engine_game = EngineGame.from_snapshot(snapshot)
    if tap is not None:
        tapped = tap_token(engine_game, tap, double_click=double_click)
        if isinstance(tapped, Refusal):
            return tapped
        token = tapped
    given = str(token)
    try:
        played = str(engine_game.play(given))
    except NotationError as error:
        return Refusal(RefusalKind.MALFORMED, error, (("token", given),))
    except IllegalMove as error:
        return Refusal(RefusalKind.REFUSED, error.reason, (("token", given),))
    return Decision(
        seq=seq + 1,
        token=played,
        score_after=engine_game.score,
        engine_game=engine_game,
        summary=engine_summary(engine_game),
        won=engine_game.won,
    )


def elapsed_between(*, created_at: datetime, at: datetime, offline: bool) -> int | None:
    """Whole seconds from a game's creation to ``at`` on the server clock; None for a
    submitted log, whose times are the submission's, not the play's."""
    if offline:
        return None
    return max(0, int((at - created_at).total_seconds()))


class EntryPlan(Enum):
    """What a move does to its player's entry on the board, decided from the entry as read
    and the moved game's row after the move (``entry_plan``)."""

    #: The entry stays: it shows another game, which still ranks before the moved one.
    KEEP = "keep"
    #: The entry takes the moved game's values.
    TAKE = "take"
    #: The moved game was the entry's and fell back: it takes the moved game's values if no
    #: other game of the player ranks on the board (else another one may be ahead now).
    TAKE_IF_ALONE = "take_if_alone"
    #: Not decidable from the entry (none yet, or the moved game is held): the best game is
    #: to be looked for (the sync adapter's ``entry_refresh``).
    LOOK = "look"


def entry_plan(*, moved: Any, entry: Any | None) -> EntryPlan:
    """The entry's plan after a move of ``moved`` (a game row as the move leaves it: ``id``,
    ``seq``, ``daily``, ``held`` and the ranking fields), ``entry`` the player's entry on
    the game's board as read (None: none). A ranked daily game is its player's only game on
    its board, so it stays the best even when it falls back."""
    if moved.held or entry is None or moved.seq == 0:
        return EntryPlan.LOOK
    if entry.game_id != moved.id:
        return EntryPlan.TAKE if better_than(moved, entry) else EntryPlan.KEEP
    if moved.daily is not None or row_key(moved) <= row_key(entry):
        return EntryPlan.TAKE
    return EntryPlan.TAKE_IF_ALONE


class CountTable(Enum):
    """The board's two count tables: by (assisted, cards, actions) and by (assisted, cards)."""

    STANDING = "standing"
    CARDS = "cards"


@dataclass(frozen=True)
class CountChange:
    """Add ``delta`` to the count row ``key`` of ``table`` (a row at 0 goes)."""

    table: CountTable
    key: tuple[Any, ...]
    delta: int


def count_changes(
    *, board: str, before: Standing | None, after: Standing | None
) -> tuple[CountChange, ...]:
    """One entry of ``board`` went from standing ``before`` to ``after`` (None: no entry):
    the count rows to change, each table's in ascending key order, so two writers moving
    entries in opposite directions lock them in one order and cannot deadlock."""
    if before == after:
        return ()
    changes = sorted((key, delta) for key, delta in ((before, -1), (after, 1)) if key is not None)
    rows = [CountChange(CountTable.STANDING, (board, *key), delta) for key, delta in changes]
    if before is None or after is None or before[:2] != after[:2]:
        rows += [CountChange(CountTable.CARDS, (board, *key[:2]), delta) for key, delta in changes]
    return tuple(rows)


@dataclass(frozen=True)
class MovedRow:
    """The moved game's row as the move leaves it: what the ranking rule and the entry read."""

    id: int
    seq: int
    daily: date | None
    held: bool
    assisted: bool
    cards: int
    action_count: int
    elapsed: int | None
    reached_at: datetime


@dataclass(frozen=True)
class Projection:
    """Everything a decided move writes, as data: the action row (``seq``, ``token``,
    ``score_after``, ``at``), the game row's changed fields, the entry's plan with the values
    it takes (the moved game's, ``None`` for ``KEEP``/``LOOK``) and the count rows that
    change with it (for ``TAKE``: ``TAKE_IF_ALONE`` writes them only once it is known)."""

    seq: int
    token: str
    score_after: int
    at: datetime
    game_fields: dict[str, Any]
    entry: EntryPlan
    entry_values: dict[str, Any] | None
    counts: tuple[CountChange, ...]


#: What an entry copies from its game (``games.projections.entry_values``).
COPIED_FIELDS = (
    "cards",
    "action_count",
    "elapsed",
    "moves",
    "score",
    "won",
    "status",
    "reached_at",
)


def move_projection(
    decision: Decision,
    *,
    game: Any,
    entry: Any | None,
    board: str,
    at: datetime,
) -> Projection:
    """What ``decision`` writes on ``game`` (the row as read: ``id``, ``daily``, ``held``,
    ``assisted``, ``created_at``, ``offline``, ``status``) at ``at``, with ``entry`` the
    player's entry on ``board`` (the game's ranking board) as read. A live game's log has no
    resign yet, so its action count is its ``seq``."""
    fields = {
        **decision.summary,
        "seq": decision.seq,
        "reached_at": at,
        "action_count": decision.seq,
        "elapsed": elapsed_between(created_at=game.created_at, at=at, offline=game.offline),
    }
    moved = MovedRow(
        id=game.id,
        seq=decision.seq,
        daily=game.daily,
        held=game.held,
        assisted=game.assisted,
        cards=fields["cards"],
        action_count=fields["action_count"],
        elapsed=fields["elapsed"],
        reached_at=at,
    )
    plan = entry_plan(moved=moved, entry=entry)
    values = None
    counts: tuple[CountChange, ...] = ()
    if plan in (EntryPlan.TAKE, EntryPlan.TAKE_IF_ALONE):
        assert entry is not None
        row = {**fields, "status": game.status}  # a move leaves a live game live
        values = {
            "game_id": game.id,
            **{name: row[name] for name in COPIED_FIELDS},
            "assisted": entry.assisted,
        }
        after = (entry.assisted, values["cards"], values["action_count"])
        counts = count_changes(board=board, before=standing_of(entry), after=after)
    return Projection(
        seq=decision.seq,
        token=decision.token,
        score_after=decision.score_after,
        at=at,
        game_fields=fields,
        entry=plan,
        entry_values=values,
        counts=counts,
    )
