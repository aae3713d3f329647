"""A simple honest player that sees only the table: the weaker opponent of the calibration.

Its rule, in order: a card to its foundation (reserve, columns, waste), the reserve top to
a column, a whole column onto another while the reserve can refill it, the waste top to a
column, draw, recycle. It never undoes and never takes a card back, and it stops when a
recycle would start a pass exactly like the last one (nothing moved since): every pass
after it would repeat.
"""

from __future__ import annotations

from collections.abc import Sequence

from engine.deal import Deal
from engine.table_player.harness import TableRun, View, play_at_table

#: The default cap on a game's actions: far beyond any honest game (a won game is ~100-250).
MAX_ACTIONS = 1000


class Stall:
    """Whether a recycle would begin a pass identical to the last one: nothing but draws
    since the last recycle (a shared rule: every player stops there rather than loop)."""

    def __init__(self) -> None:
        self.moved_since_recycle = True

    def note(self, token: str) -> None:
        if token == "recycle":
            self.moved_since_recycle = False
        elif token != "draw":
            self.moved_since_recycle = True

    def allows(self, token: str) -> bool:
        return token != "recycle" or self.moved_since_recycle


def greedy_move(view: View, legal: Sequence[str], stall: Stall) -> str | None:
    """The greedy rule's move among ``legal`` (tokens) in ``view``, or None to stop."""
    allowed = set(legal)
    columns = view["tableau"]
    whole_columns = (
        f"{src + 1}{dst + 1}" + (f"x{len(column)}" if len(column) > 1 else "")
        for src, column in enumerate(columns)
        for dst in range(4)
        if view["reserve"] and dst != src
    )
    ordered = (
        "RF",
        "1F",
        "2F",
        "3F",
        "4F",
        "WF",
        "R1",
        "R2",
        "R3",
        "R4",
        *whole_columns,
        "W1",
        "W2",
        "W3",
        "W4",
        "draw",
        "recycle",
    )
    for token in ordered:
        if token in allowed and stall.allows(token):
            return token
    return None


class GreedyPlayer:
    """:func:`greedy_move` as a table player."""

    nodes = 0

    def __init__(self) -> None:
        self._view: View = {}
        self._stall = Stall()

    def start(self, view: View) -> None:
        self._view = view

    def choose(self, legal: Sequence[str]) -> str | None:
        return greedy_move(self._view, legal, self._stall)

    def observe(self, token: str, view: View) -> None:
        self._view = view
        self._stall.note(token)


def greedy_from_table(deal: Deal, *, max_actions: int = MAX_ACTIONS) -> TableRun:
    """The greedy player's game on ``deal``, seeing only the table."""
    return play_at_table(deal, GreedyPlayer(), max_actions=max_actions)
