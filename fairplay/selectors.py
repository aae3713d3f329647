"""Fair play's reads: the staff review of a board's flags, what an owner is told of the hold
on their own games, and a closed board's table par as everyone reads it."""

from collections.abc import Iterable
from datetime import date
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Prefetch

from fairplay.engine_like_review import engine_like_shown
from fairplay.evidence import evidence_strength, evidence_words
from fairplay.models import DayReview, Flag, Verdict
from fairplay.reasons import (
    hold_reason,
    link_words,
    reason_words,
    status_words,
    table_par_words,
)
from fairplay.table_pars import board_table_par
from games.boards import parse_board
from games.errors import ServiceError


def board_flags(*, board: str) -> list[Flag]:
    """Every flag of ``board``, oldest first, with its game, player and verdicts."""
    verdicts = Verdict.objects.select_related("staff").order_by("id")
    return list(
        Flag.objects.filter(board=board)
        .select_related("game", "game__player")
        .prefetch_related(Prefetch("verdicts", queryset=verdicts))
        .order_by("created_at", "id")
    )


def flag_review(flag: Flag) -> dict[str, Any]:
    """A flag as staff read it: the entry, why it was raised, the evidence (the other games
    and players of a link, never the hashes; what a signal measured) and every verdict so
    far."""
    game = flag.game
    linked = flag.reason == Flag.Reason.LINKED
    links: list[dict[str, Any]] = flag.evidence if linked else []
    players = dict(
        User.objects.filter(pk__in={link["player"] for link in links}).values_list("pk", "username")
    )
    return {
        "id": flag.id,
        "board": flag.board,
        "game": game.id,
        "player": game.player.username,
        "entry": {
            "cards": game.cards,
            "actions": game.action_count,
            "elapsed": game.elapsed,
            "status": game.status,
        },
        "reason": {"code": flag.reason, "detail": reason_words(flag.reason)},
        "evidence": [
            {
                "kind": link["kind"],
                "detail": link_words(link["kind"]),
                "game": link["game"],
                "player": players.get(link["player"]),
            }
            for link in links
        ],
        "measured": None
        if linked
        else {
            "kind": flag.reason,
            "detail": evidence_words(flag.reason, flag.evidence),
            "figures": flag.evidence,
        },
        "strength": round(evidence_strength(flag.reason, flag.evidence), 2),
        "engine": engine_like_shown(game_id=game.id, player_id=game.player_id)
        if flag.reason == Flag.Reason.ENGINE_LIKE
        else None,
        "status": flag.status,
        "status_detail": status_words(flag.status),
        "created_at": flag.created_at,
        "verdicts": [
            {
                "verdict": verdict.verdict,
                "staff": verdict.staff.username,
                "note": verdict.note,
                "at": verdict.created_at,
            }
            for verdict in flag.verdicts.all()
        ],
    }


#: The staff page's order of statuses: waiting first, then listed, then decided.
STATUS_ORDER = (Flag.Status.HELD, Flag.Status.LISTED, Flag.Status.CONFIRMED, Flag.Status.CLEARED)


def by_strength(reviews: list[dict[str, Any]]) -> list[dict[str, Any]]:
    """Flags as staff work through them: those waiting first (held, then listed), each by the
    strength of its evidence (``evidence_strength``), strongest first; decided ones last."""
    return sorted(
        reviews, key=lambda review: (STATUS_ORDER.index(review["status"]), -review["strength"])
    )


def flag_reviewed(*, flag_id: int) -> dict[str, Any]:
    """``flag_review`` of one flag read afresh (after a verdict)."""
    flag = (
        Flag.objects.select_related("game", "game__player")
        .prefetch_related(Prefetch("verdicts", queryset=Verdict.objects.select_related("staff")))
        .get(pk=flag_id)
    )
    return flag_review(flag)


def flagged_boards(*, limit: int = 30) -> list[str]:
    """The boards with flags, newest first (the staff page's choice of boards)."""
    rows = Flag.objects.order_by("-board").values_list("board", flat=True).distinct()
    return list(rows[:limit])


#: The statuses of a flag that keep its game out of the ranking (the owner is told its reason;
#: of several, the first raised, as ``dict`` keeps the last of a newest-first list).
HOLDING = (Flag.Status.HELD, Flag.Status.CONFIRMED)

#: A game as the owner's reads have it: (id, held, hold confirmed).
HeldRow = tuple[int, bool, bool]


def owner_holds(games: Iterable[HeldRow]) -> dict[int, dict[str, Any]]:
    """What the owner of each game is told of a hold: ``{"held", "confirmed",
    "held_reason"}`` (``held_reason`` null when not held). Games that are not held cost no
    query; held ones one for all (their flags' reasons). For the owner's reads only: to
    anyone else a held entry is simply not on the board."""
    rows = list(games)
    held = [game_id for game_id, is_held, _ in rows if is_held]
    flags = Flag.objects.filter(game_id__in=held, status__in=HOLDING).order_by("-id")
    reasons = (
        {
            game_id: (reason, measured)
            for game_id, reason, measured in flags.values_list(
                "game_id", "reason", "evidence__statistic"
            )
        }
        if held
        else {}
    )
    return {
        game_id: {
            "held": is_held,
            "confirmed": is_held and confirmed,
            "held_reason": hold_reason(
                *reasons.get(game_id, (Flag.Reason.LINKED, None)), confirmed=confirmed
            )
            if is_held
            else None,
        }
        for game_id, is_held, confirmed in rows
    }


#: Where a board's table par stands, as every answer about a daily board says it
#: (``table_par_status``).
TABLE_PAR_STATUSES = ("pending", "ready", "none")


def table_par_status(*, board: str, closed: bool) -> str:
    """Where ``board``'s table par stands: ``ready`` once stored (told before the close only
    through its expected tier), else ``pending`` while the board is open (the fair-play worker
    computes today's and tomorrow's), else ``none``: a closed board never gets one, nor does a
    board that is no daily (pass ``closed=True`` for it). The same for every viewer, and the
    deal's pars are computed for every day alike, so it tells nothing about the deal."""
    if board_table_par(board) is not None:
        return "ready"
    return "none" if closed else "pending"


def table_par_shown(*, board: str) -> dict[str, Any] | None:
    """A closed daily board's table par as anyone reads it (the caller asks only once the day
    has closed: before then it would tell how hard the sealed deal is), None if it has none.
    """
    par = board_table_par(board)
    if par is None:
        return None
    won = sum(1 for cards, _ in par.runs if cards == 52)
    return {
        "runs": len(par.runs),
        "won": won,
        "median_actions": par.median_actions,
        "detail": table_par_words(par, won=won),
    }


def board_day(board: str) -> date | None:
    """The day of a daily board id, None for any other board."""
    try:
        return parse_board(board).day
    except ServiceError:
        return None


def best_known_shown(*, board: str) -> dict[str, Any] | None:
    """A closed daily board's best known line as anyone reads it once the worker reviewed the
    day (``fairplay.review``): ``{"actions", "by"}``, ``by`` ``"par"`` (the optimiser's line)
    or ``"player"`` (a shorter verified ranked line on the board; whose is not said: it may be
    a held one). None before the review, and the caller asks only once the day has closed."""
    day = board_day(board)
    if day is None:
        return None
    review = DayReview.objects.filter(day=day).values_list("boards", flat=True).first()
    record = (review or {}).get(board)
    if not isinstance(record, dict) or record.get("best_known") is None:
        return None
    return {
        "actions": int(record["best_known"]),
        "by": "par" if record.get("best_game") is None else "player",
    }
