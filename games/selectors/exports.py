"""A player's games as logs, to keep (``GET /api/me/games/export/``): JSON or plain text.

Every game of the player, oldest first, with its deal code, status, times and its log (the
stored tokens in order, ``resign`` included), but none of a day not yet closed: a sealed
game's log is a line through that day's deal, and an export is a file made to be kept and
passed on, so those games are left out until the close (only their boards and when they
close are said, under ``withheld``). The owner still reads them on the table meanwhile.

Each game's log is read up to the ``seq`` of the row read with it, so a game played on
while the export is made comes out as it stood, its status and its log agreeing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from datetime import UTC, datetime
from typing import Any

from django.contrib.auth.models import User
from django.db.models import Q
from django.utils import timezone

from games.boards import closes_at, first_sealed_day
from games.models import Action, Game

#: Games whose actions are read in one query.
CHUNK = 500

#: The game fields an export carries, besides its log.
FIELDS = (
    "id",
    "code",
    "draw",
    "board",
    "daily",
    "status",
    "cards",
    "score",
    "action_count",
    "elapsed",
    "offline",
    "assisted",
    "created_at",
    "finished_at",
    "seq",
)


@dataclass(frozen=True)
class Export:
    username: str
    exported_at: datetime
    #: Each game's fields (``actions``: how many made the position; ``ended_at``) and ``log``.
    games: list[dict[str, Any]]
    #: The boards of the player's games still sealed, and when each closes.
    withheld: list[dict[str, Any]]


def games_export(*, user: User) -> Export:
    """Every game of ``user`` that may leave as a file, with its log; the sealed ones named."""
    mine = Game.objects.filter(player_id=user.pk)
    sealed = Q(daily__gte=first_sealed_day())
    boards = mine.filter(sealed).order_by("daily", "board").values_list("board", "daily")
    withheld = [
        {"board": board, "closes_at": closes_at(day)} for board, day in boards if day is not None
    ]
    rows = list(mine.exclude(sealed).order_by("created_at", "id").values(*FIELDS))
    games = [exported(row, log) for row, log in zip(rows, logs_of(rows), strict=True)]
    return Export(
        username=user.get_username(), exported_at=timezone.now(), games=games, withheld=withheld
    )


def logs_of(rows: list[dict[str, Any]]) -> Iterator[list[str]]:
    """The log of each game row, in the rows' order, a chunk of games per query; each read
    up to its row's ``seq`` (an action appended since the row was read is left out)."""
    for start in range(0, len(rows), CHUNK):
        last = {row["id"]: row["seq"] for row in rows[start : start + CHUNK]}
        tokens: defaultdict[int, list[str]] = defaultdict(list)
        actions = Action.objects.filter(game_id__in=list(last)).order_by("game_id", "seq")
        for game_id, seq, token in actions.values_list("game_id", "seq", "token"):
            if seq <= last[game_id]:
                tokens[game_id].append(token)
        yield from (tokens[game_id] for game_id in last)


def exported(row: dict[str, Any], log: list[str]) -> dict[str, Any]:
    fields = {name: value for name, value in row.items() if name not in {"seq", "action_count"}}
    ended = fields.pop("finished_at")
    return {**fields, "actions": row["action_count"], "ended_at": ended, "log": log}


def utc_text(moment: datetime | None) -> str:
    """``2026-12-01T10:12:03Z``, or ``-`` for no moment (a game still being played)."""
    if moment is None:
        return "-"
    return moment.astimezone(UTC).strftime("%Y-%m-%dT%H:%M:%SZ")


def export_text(export: Export) -> str:
    """The export as plain text: a few ``#`` lines, then one block per game (``key value``
    lines, the last one ``log`` and the tokens as the engine writes them), a blank line
    between blocks. Keys and statuses stay English, as the API's codes do."""
    exported_at = utc_text(export.exported_at)
    head = [
        f"# Canfield Arena: the games of {export.username}, exported {exported_at}",
        "# one block per game; its log line is the game's actions in order, as the engine",
        '# writes them (POST /api/submissions/ takes it as "log" with an open deal\'s code)',
        *(withheld_line(each) for each in export.withheld),
    ]
    return "\n\n".join(["\n".join(head), *map(game_block, export.games)]) + "\n"


def withheld_line(withheld: dict[str, Any]) -> str:
    closes = utc_text(withheld["closes_at"])
    return f"# left out until its day closes: {withheld['board']} (closes {closes})"


def game_block(game: dict[str, Any]) -> str:
    lines: Iterable[tuple[str, Any]] = (
        ("game", game["id"]),
        ("code", game["code"]),
        ("board", game["board"]),
        ("status", game["status"]),
        ("cards", game["cards"]),
        ("actions", game["actions"]),
        ("created", utc_text(game["created_at"])),
        ("ended", utc_text(game["ended_at"])),
        ("log", " ".join(game["log"])),
    )
    return "\n".join(f"{key} {value}".rstrip() for key, value in lines)
