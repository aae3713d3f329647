"""The table: it holds the true game and shows a player only what a player at the table sees.

A table-view player must not be able to reach the true state, so the game lives in
:func:`play_at_table`'s frame and nowhere else: the player is handed the table view after
each action (``engine.table.table_view``) and the tokens of the legal moves (legality only
ever depends on face-up cards), never the ``Game``, the deal or its code.
"""

from __future__ import annotations

import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Protocol

from engine.deal import Deal
from engine.game import Game
from engine.table import table_view

View = Mapping[str, Any]


class TablePlayer(Protocol):
    """A player at the table: shown the first view, then asked for a move and shown the
    view after it, until it returns None (it stops) or the game is won."""

    #: Solver nodes it spent so far (0 for a player that does not search).
    nodes: int

    def start(self, view: View) -> None: ...

    def choose(self, legal: Sequence[str]) -> str | None: ...

    def observe(self, token: str, view: View) -> None: ...


@dataclass(frozen=True)
class TableRun:
    """One game played at the table: the line, where it ended, what it cost."""

    line: tuple[str, ...]
    cards: int
    won: bool
    nodes: int
    seconds: float

    @property
    def actions(self) -> int:
        """The log's length: what the boards rank by, after the cards."""
        return len(self.line)

    @property
    def key(self) -> tuple[int, int]:
        """``(cards, actions)``: more cards, then fewer actions, is better (see ``par.better``)."""
        return self.cards, self.actions


class PlayerBrokeTheRules(RuntimeError):
    """The player chose a move that is not legal: a bug in the player."""


def play_at_table(deal: Deal, player: TablePlayer, *, max_actions: int) -> TableRun:
    """Play ``deal`` with ``player`` seeing only the table, for at most ``max_actions``."""
    started = time.process_time()
    game = Game(deal)
    player.start(table_view(game.state()))
    line: list[str] = []
    while not game.won and len(line) < max_actions:
        legal = [str(move) for move in game.legal_moves()]
        token = player.choose(legal)
        if token is None:
            break
        if token not in legal:
            raise PlayerBrokeTheRules(f"{token!r} is not legal here")
        game.play(token)
        line.append(token)
        player.observe(token, table_view(game.state()))
    return TableRun(
        line=tuple(line),
        cards=game.cards,
        won=game.won,
        nodes=player.nodes,
        seconds=time.process_time() - started,
    )
