"""Telling moves (``engine.table_player.telling``) and how the verdict reads them
(``engine.table_player.par.judge``).

The counts on real lines use the production judge's budget: a few seconds each, so they are
marked slow; the bench (``bench/clairvoyance.py``) measures the rates.
"""

from __future__ import annotations

import pytest

from engine import Deal, Game
from engine.solver import solve
from engine.table_player.par import WEIGHT_ALONE, TablePar, _thresholds, judge
from engine.table_player.telling import Telling, count_telling, surprise, truth_after

#: A draw-3 deal the table-view player never wins and the solver does (bench/clairvoyance.py).
EDGE_DEAL = 1007
#: An easy deal: the table backs every move the solver's line makes.
EASY_CODE = "CF1-D3-AAAAACL"


def par_of(runs: list[tuple[int, int]], solver_actions: int) -> TablePar:
    threshold, borderline, reason, edge = _thresholds(runs, solver_actions, out_of_time=False)
    return TablePar(
        3, tuple(runs), solver_actions, threshold, borderline, reason, {}, 0.0, edge=edge
    )


def told(weight: float) -> Telling:
    return Telling(decisions=150, against=5, telling=2, worse=1, weight=weight, at=(40, 41))


def test_a_line_past_the_threshold_is_held_whatever_its_moves_weigh() -> None:
    par = par_of([(52, 190), (52, 201), (52, 240), (30, 160)], solver_actions=150)
    assert judge(par, cards=52, actions=150).verdict == "clairvoyant"  # not counted yet
    held = judge(par, cards=52, actions=150, telling=told(0.0))
    assert held.verdict == "clairvoyant"  # telling moves only ever add a hold
    assert held.evidence["telling"] == told(0.0).to_json()


def test_moves_that_weigh_enough_hold_a_padded_line_not_one_below_the_median() -> None:
    par = par_of([(52, 190), (52, 201), (52, 240), (30, 160)], solver_actions=150)
    heavy = told(WEIGHT_ALONE)
    assert judge(par, cards=52, actions=201, telling=heavy).verdict == "clairvoyant"  # median
    assert judge(par, cards=52, actions=202, telling=heavy).verdict == "clear"  # below it
    assert judge(par, cards=52, actions=201, telling=told(WEIGHT_ALONE - 0.1)).verdict == "clear"
    assert judge(par, cards=30, actions=120, telling=heavy).verdict == "clear"  # lost
    no_edge = par_of([(52, 150), (52, 160)], solver_actions=150)
    assert no_edge.edge is False  # the moves still count where the engine's line is no better
    assert judge(no_edge, cards=52, actions=150, telling=heavy).verdict == "clairvoyant"


def test_a_moves_weight_and_its_record() -> None:
    assert surprise(0, 6) > surprise(1, 6) > surprise(3, 6) > 0
    assert Telling.from_json(told(4.25).to_json()) == told(4.25)


@pytest.mark.slow
def test_a_full_information_line_tells_where_the_table_does_not_win() -> None:
    deal = Deal.from_number(EDGE_DEAL, draw=3)
    line = solve(Game(deal), seconds=30).line
    telling = count_telling(deal, line)
    assert telling.weight >= WEIGHT_ALONE, telling
    assert telling.telling == len(telling.at) and all(0 <= i < len(line) for i in telling.at)
    game = Game(deal)  # at a telling move, the table's choice is proven lost, the line's wins
    for token in line[: telling.at[0]]:
        game.play(token)
    assert truth_after(game, line[telling.at[0]], max_nodes=20_000) == "won"


@pytest.mark.slow
def test_a_line_the_table_backs_tells_nothing() -> None:
    deal = Deal.from_code(EASY_CODE)
    telling = count_telling(deal, solve(Game(deal), seconds=30).line)
    assert (telling.telling, telling.weight) == (0, 0.0), telling
    assert telling.decisions > 100
