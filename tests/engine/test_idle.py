"""Idle loops: the actions of a line that came back to a position and showed nothing new."""

from __future__ import annotations

import random
from functools import cache

import pytest

from engine import Deal, Game, replay
from engine.solver import solve
from engine.table_player.detours import with_detours
from engine.table_player.idle import idle_actions, played_length

DEAL = Deal.from_number(1000, draw=3)


@cache
def solver_line() -> tuple[str, ...]:
    result = solve(Game(DEAL), seconds=10)
    assert result.status == "won"
    return tuple(result.line)


def test_a_look_at_new_cards_is_exploration_and_a_second_look_is_idle() -> None:
    assert idle_actions(DEAL, ["draw", "undo"]) == 0  # three stock cards seen for the first time
    assert idle_actions(DEAL, ["draw", "undo", "draw"]) == 2  # back where the look was: idle
    assert idle_actions(DEAL, ["draw", "undo", "draw", "undo", "draw"]) == 4
    assert idle_actions(DEAL, ["draw", "draw", "undo", "undo"]) == 0  # two looks, both new


def test_the_solvers_line_goes_round_no_loop() -> None:
    assert idle_actions(DEAL, solver_line()) == 0


@pytest.mark.parametrize("seed", range(4))
def test_detours_that_show_nothing_are_cut_to_the_line_under_them(seed: int) -> None:
    """A card moved and moved back, a card taken back from a foundation and put up again:
    however many, the played length is the solver's line's."""
    line = solver_line()
    rng = random.Random(seed)
    padded = with_detours(DEAL, line, rng=rng, count=12, kinds=["shuffle", "take_back"])
    assert len(padded) > len(line) and replay(DEAL, padded).won
    assert played_length(DEAL, padded) == len(line)


def test_an_extra_pass_through_a_stock_already_seen_is_idle() -> None:
    """Through the stock once (everything seen), then a whole pass more and back: idle."""
    game = Game(DEAL)
    line: list[str] = []
    while game.stock:
        game.play("draw")
        line.append("draw")
    game.play("recycle")
    line.append("recycle")
    first_pass = len(line)
    while game.stock:
        game.play("draw")
        line.append("draw")
    game.play("recycle")
    line.append("recycle")
    assert idle_actions(DEAL, line) == len(line) - first_pass
