"""Checking stored games against a full replay of their logs.

``verify_games`` reports every disagreement; ``rebuild_projections`` uses the same
recomputation to repair the derived fields. A game is sound when its action rows are
numbered 1..n without gaps, every stored token and ``score_after`` is what the engine
produces when the log is replayed, and its row's summary is what the log implies.
"""

import json
from collections.abc import Iterator, Sequence
from dataclasses import dataclass, field
from typing import Any

from games.errors import ServiceError
from games.models import Action, Game
from games.projections import game_summary_from_log
from games.replaying import replay_log


@dataclass
class GameCheck:
    """Outcome of replaying one game: what is wrong, and the summary its log implies."""

    game: Game
    problems: list[str] = field(default_factory=list)
    expected: dict[str, Any] | None = None

    @property
    def ok(self) -> bool:
        return not self.problems

    def summary_differences(self) -> dict[str, tuple[Any, Any]]:
        """Row fields whose stored value differs from the log's: ``{field: (stored, log)}``."""
        if self.expected is None:
            return {}
        return {
            name: (getattr(self.game, name), value)
            for name, value in self.expected.items()
            if comparable(getattr(self.game, name)) != comparable(value)
        }


def comparable(value: Any) -> Any:
    """JSON-like values as the database returns them (tuples become lists, and so on)."""
    if isinstance(value, dict | list | tuple):
        return json.loads(json.dumps(value))
    return value


def check_game(*, game: Game, actions: Sequence[Action]) -> GameCheck:
    """Replay ``game``'s log and compare every stored row with the result."""
    check = GameCheck(game=game)
    seqs = [action.seq for action in actions]
    if seqs != list(range(1, len(actions) + 1)):
        check.problems.append(f"seq is not 1..{len(actions)} without gaps: {gap_hint(seqs)}")
        return check
    try:
        replayed = replay_log(code=game.code, tokens=[action.token for action in actions])
    except ServiceError as error:
        index = error.extra.get("index")
        where = f"action {index + 1}" if isinstance(index, int) else "log"
        token = error.extra.get("token")
        what = f" ({token})" if isinstance(token, str) else ""
        check.problems.append(f"{where}{what} does not replay: {error.detail}")
        return check
    for stored, expected in zip(actions, replayed.actions, strict=True):
        if stored.token != expected.token:
            check.problems.append(
                f"action {stored.seq}: token {stored.token!r}, replay gives {expected.token!r}"
            )
        if stored.score_after != expected.score_after:
            check.problems.append(
                f"action {stored.seq}: score_after {stored.score_after}, "
                f"replay gives {expected.score_after}"
            )
    check.expected = game_summary_from_log(game=game, replayed=replayed, actions=actions)
    for name, (stored, wanted) in check.summary_differences().items():
        shown = (stored, wanted) if name != "snapshot" else ("(stored)", "(replayed)")
        check.problems.append(f"game row {name}: {shown[0]}, log gives {shown[1]}")
    return check


def gap_hint(seqs: list[int]) -> str:
    """The first place where the numbering goes wrong, for the report."""
    for position, seq in enumerate(seqs, start=1):
        if seq != position:
            return f"position {position} holds seq {seq}"
    return "ok"


def iter_game_checks(*, chunk: int = 500) -> Iterator[GameCheck]:
    """Check every game in id order, loading logs a chunk of games at a time."""
    last_id = 0
    while True:
        games = list(Game.objects.filter(id__gt=last_id).order_by("id")[:chunk])
        if not games:
            return
        logs: dict[int, list[Action]] = {game.id: [] for game in games}
        for action in Action.objects.filter(game_id__in=logs).order_by("game_id", "seq"):
            logs[action.game_id].append(action)
        for game in games:
            yield check_game(game=game, actions=logs[game.id])
        last_id = games[-1].id
