"""The hook table: what apps above ``games`` run inside its transactions, or add to its
reads, without ``games`` importing them.

``games`` owns the event store, the boards and the move path; fair play and ratings sit above it
(docs/architecture.md, "Layers"). Most of what they do follows a move afterwards, from its
events and ``games``' selectors. Three things cannot wait: fair play's judgment of a ranked
action (a line crossing the threshold is held in the action's own transaction, so its entry
never shows), fair play's record of where a new ranked game came from (in the game's creating
transaction, so a second player from the same place is linked from their first action), and a
held game's reason as its owner is told it (the owner's reads show it beside the entry). And a
rebuild of the projections rebuilds the ratings read from them in the same transaction.

Each app registers its hooks in its ``AppConfig.ready()``; the table is filled once at start,
before any request, and read on every call. With nothing registered (a test settings module
without the app), a hook does nothing: no judgment holds, no origin is kept, a held game says
no reason, nothing else is rebuilt.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass, field
from datetime import datetime
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from games.models import Game
    from shared.origins import Origin

#: One action of a ranked game judged in its transaction: True holds the game from it on.
ActionJudge = Callable[["Game", datetime], bool]
#: A new ranked game and where its request came from, in the game's creating transaction.
RankedGameStarted = Callable[["Game", "Origin | None"], object]
#: A game as its owner's reads have it: (id, held, hold confirmed).
HeldRow = tuple[int, bool, bool]
#: What the owner of each game is told of a hold: ``{"held", "confirmed", "held_reason"}``.
OwnerHolds = Callable[[list[HeldRow]], dict[int, dict[str, Any]]]
#: A rebuild beside the projections' (``rebuild_projections``): (check, say) -> rows changed.
Rebuild = Callable[[bool, Callable[[str], None]], int]


@dataclass
class HookTable:
    """Every hook registered, by what it is for (one list each: the order of registration)."""

    action_judges: list[ActionJudge] = field(default_factory=list)
    ranked_game_started: list[RankedGameStarted] = field(default_factory=list)
    owner_holds: list[OwnerHolds] = field(default_factory=list)
    rebuilds: dict[str, Rebuild] = field(default_factory=dict)


HOOKS = HookTable()


def action_held(*, game: Game, stamp: datetime) -> bool:
    """Whether any judge holds ``game`` after the action stamped ``stamp`` (every judge is
    asked: each may record what it saw)."""
    held = False
    for judge in HOOKS.action_judges:
        held = judge(game, stamp) or held
    return held


def ranked_game_started(*, game: Game, origin: Origin | None) -> None:
    for hook in HOOKS.ranked_game_started:
        hook(game, origin)


def owner_holds(games: Iterable[HeldRow]) -> dict[int, dict[str, Any]]:
    """What the owner of each game is told of its hold (the registered reader's answer; without
    one, the flags alone and no reason)."""
    rows = list(games)
    if HOOKS.owner_holds:
        return HOOKS.owner_holds[-1](rows)
    return {
        game_id: {"held": held, "confirmed": held and confirmed, "held_reason": None}
        for game_id, held, confirmed in rows
    }


def rebuilt_beside(
    *, check: bool, say: Callable[[str], None], skip: bool = False
) -> dict[str, int]:
    """Run every rebuild registered beside the projections': rows changed, by what they are
    (``skip``: run none, each says 0)."""
    return {what: 0 if skip else rebuild(check, say) for what, rebuild in HOOKS.rebuilds.items()}
