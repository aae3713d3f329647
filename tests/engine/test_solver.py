"""The solver: wins it finds replay in the real engine, losses it claims are real, budgets hold.

Losses are checked against an independent exhaustive search over the engine's own
``legal_moves()`` (no pruning, one draw at a time: ``tests/engine/oracle.py``), here on a
few deals and in ``test_solver_oracle.py`` on hundreds of positions.
"""

from __future__ import annotations

import doctest
import random
import time
from collections.abc import Iterator

import pytest

import engine.solver
from engine import Deal, Game, State, replay
from engine.cards import CARD_BY_NAME
from engine.deal import make_code
from engine.solver import SolveResult, cli_main, hint, solve
from engine.solver.moves import complete_moves
from engine.solver.position import Position
from engine.solver.search import line_tokens, search
from engine.solver.shorten import shorten
from tests.engine.oracle import exhaustive

# Deal numbers found by scanning draw-3 deals: solved within a few hundred nodes...
QUICK_WINS = (1000, 1001, 1003, 5004)
# ...proven lost within a few thousand nodes (6055: not one card can move, ever)...
QUICK_LOSSES = (6055, 6069, 6087, 5018, 3000043, 3000056, 3000095, 3000226)
# ...won by one plain depth-first search over every move after about 100,000 nodes...
SLOW_WIN = 5020
# ...and one whose proof of loss takes about 700,000 nodes, for the budgets.
HARD = 1000062


def code(number: int, draw: int = 3) -> str:
    return make_code(number, draw)


def game_with(**piles: object) -> Game:
    """A game at a hand-made position (``Game.from_state``), base card 7H, draw 3."""
    return Game.from_state({"base": "7H", "draw": 3, **piles})


# -------------------------------------------------------------------------------- wins


def near_won_game() -> Game:
    """Five cards to go; the shortest win is 1F 2F 1F 2F draw WF (or a reordering)."""
    return game_with(
        reserve=[],
        stock=["6S"],
        waste=[],
        tableau=[["6C", "5D"], ["6D", "5C"], [], []],
        foundations={
            "C": ["7C", "8C", "9C", "TC", "JC", "QC", "KC", "AC", "2C", "3C", "4C"],
            "D": ["7D", "8D", "9D", "TD", "JD", "QD", "KD", "AD", "2D", "3D", "4D"],
            "H": ["7H", "8H", "9H", "TH", "JH", "QH", "KH", "AH", "2H", "3H", "4H", "5H", "6H"],
            "S": ["7S", "8S", "9S", "TS", "JS", "QS", "KS", "AS", "2S", "3S", "4S", "5S"],
        },
    )


def test_a_known_short_win_is_found_and_wins_in_the_engine() -> None:
    game = near_won_game()
    result = solve(game, seconds=5)
    assert result.status == "won"
    assert len(result.line) == 6
    copy = Game.from_snapshot(game.to_snapshot())
    for token in result.line:
        copy.play(token)
    assert copy.won


@pytest.mark.parametrize("number", QUICK_WINS)
def test_a_deals_line_replays_to_a_win(number: int) -> None:
    result = solve(Game.from_code(code(number)), seconds=10)
    assert result.status == "won"
    assert replay(code(number), result.line).won


@pytest.mark.parametrize("draw", [1, 3])
def test_a_position_backed_off_from_a_win_is_won_again(draw: int) -> None:
    deal_code = code(QUICK_WINS[0], draw)
    full = solve(Game.from_code(deal_code), seconds=10)
    assert full.status == "won"
    midway = replay(deal_code, full.line[: len(full.line) - 25])
    assert not midway.won
    result = solve(midway, seconds=10)
    assert result.status == "won"
    assert replay(deal_code, full.line[: len(full.line) - 25] + result.line).won


def test_solving_leaves_the_game_untouched() -> None:
    game = replay(code(QUICK_WINS[1]), ["draw", "draw"])
    before = game.to_snapshot()
    solve(game, seconds=5)
    assert game.to_snapshot() == before


def test_a_won_game_needs_no_move() -> None:
    game = near_won_game()
    for token in solve(game, seconds=5).line:
        game.play(token)
    result = solve(game, seconds=1)
    assert (result.status, result.line) == ("won", [])


def test_hint_gives_a_legal_first_move_of_a_winning_line() -> None:
    game = Game.from_code(code(QUICK_WINS[2]))
    result = hint(game, 5)
    assert result.status == "won"
    assert result.line[0] in {str(move) for move in game.legal_moves()}


def test_detours_are_cut_out_of_a_line_and_it_still_wins() -> None:
    shorter = 0
    for number in (1000009, 1000034, 1000003):
        game = Game.from_code(code(number))
        position = Position.from_state(game.state())
        outcome = search(position, seconds=30, max_nodes=200_000)
        assert outcome.status == "won"
        raw = line_tokens(position, outcome.moves)
        cut = line_tokens(position, shorten(position, outcome.moves))
        assert len(cut) <= len(raw)
        assert replay(code(number), cut).won
        shorter += len(cut) < len(raw)
    assert shorter >= 1


# -------------------------------------------------------------------------------- losses


@pytest.mark.parametrize("number", QUICK_LOSSES)
def test_a_lost_deal_is_proven_lost_and_an_exhaustive_search_agrees(number: int) -> None:
    game = Game.from_code(code(number))
    result = solve(game, seconds=10)
    assert result.status == "lost"
    assert result.line == []
    assert exhaustive(game, 200_000) == "lost"


def test_positions_proven_lost_are_remembered_and_skipped() -> None:
    position = Position.from_state(Game.from_code(code(QUICK_LOSSES[1])).state())
    lost: set[bytes] = set()
    first = search(position, seconds=10, max_nodes=None, lost=lost)
    assert first.status == "lost"
    assert position.key() in lost
    again = search(position, seconds=10, max_nodes=None, lost=lost)
    assert (again.status, again.nodes) == ("lost", 0)


@pytest.mark.slow
def test_no_position_on_a_winning_line_is_ever_marked_lost() -> None:
    position = Position.from_state(Game.from_code(code(SLOW_WIN)).state())
    lost: set[bytes] = set()
    assert search(position, seconds=60, max_nodes=20_000, lost=lost).status == "unknown"
    assert lost  # the cut-off search still proved some positions lost
    outcome = search(position, seconds=60, max_nodes=None, lost=set())
    assert outcome.status == "won"
    on_line = []
    for move in outcome.moves:
        on_line.append(position.play(move))
        assert position.key() not in lost
    for record in reversed(on_line):
        position.undo(record)


def test_a_deal_where_no_card_can_ever_move_is_lost_without_search() -> None:
    game = Game.from_code(code(6055))
    assert {str(move) for move in game.legal_moves()} == {"draw"}
    result = solve(game, seconds=1)
    assert (result.status, result.nodes) == ("lost", 0)


# -------------------------------------------------------------------------------- budgets


@pytest.mark.perf
def test_the_time_budget_is_respected() -> None:
    started = time.perf_counter()
    result = solve(Game.from_code(code(HARD)), seconds=0.5)
    elapsed = time.perf_counter() - started
    assert result.status == "unknown"
    assert result.line == []
    assert 0.5 <= result.seconds <= elapsed < 0.5 + 0.3
    assert result.nodes > 0


def test_the_node_budget_is_respected() -> None:
    result = solve(Game.from_code(code(HARD)), seconds=60, max_nodes=700)
    assert (result.status, result.nodes) == ("unknown", 700)


# -------------------------------------------------------------------------------- the edge


def walk(game: Game, steps: int) -> Iterator[Position]:
    """Positions along a line chosen by the solver's own ordering, each paired with the engine."""
    position = Position.from_state(game.state())
    for _ in range(steps):
        yield position
        moves = complete_moves(position)
        if not moves:
            return
        for token in line_tokens(position, moves[-1:]):
            game.play(token)
        position = Position.from_state(game.state())


@pytest.mark.parametrize("draw", [1, 3])
def test_every_generated_move_is_legal_in_the_engine(draw: int) -> None:
    game = Game.from_code(code(1002, draw))
    for position in walk(game, 60):
        for move in complete_moves(position):
            copy = Game.from_snapshot(game.to_snapshot())
            for token in line_tokens(position, [move]):
                copy.play(token)
            record = position.play(move)
            assert Position.from_state(copy.state()).key() == position.key()
            position.undo(record)


@pytest.mark.parametrize("draw", [1, 3])
def test_draws_reach_exactly_the_waste_cards_the_solver_expects(draw: int) -> None:
    game = replay(code(1002, draw), ["draw"] * 5)
    position = Position.from_state(game.state())
    reachable = position.reachable_waste()
    assert len(reachable) == len(set(reachable))
    for target in reachable:
        copy = Game.from_snapshot(game.to_snapshot())
        for token in position.draw_tokens_to(target):
            copy.play(token)
        waste = copy.state()["waste"]
        assert len(waste) == target
        assert CARD_BY_NAME[waste[-1]] == position.talon[target - 1]


def test_column_order_does_not_change_the_key() -> None:
    game = Game.from_code(code(1002))
    state = game.state()
    swapped: State = {**state, "tableau": list(reversed(state["tableau"]))}
    assert Position.from_state(swapped).key() == Position.from_state(state).key()


def test_the_command_line_prints_the_result(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main([code(QUICK_WINS[0]), "--seconds", "5"]) == 0
    out = capsys.readouterr().out
    assert "status:  won" in out
    line = next(row for row in out.splitlines() if row.startswith("line:"))
    assert replay(code(QUICK_WINS[0]), line.split()[1:]).won


def test_the_command_line_can_switch_the_draw_mode(capsys: pytest.CaptureFixture[str]) -> None:
    assert cli_main([code(QUICK_WINS[0], 3), "--draw", "1", "--max-nodes", "5000"]) == 0
    out = capsys.readouterr().out
    assert f"deal:    {code(QUICK_WINS[0], 1)}" in out
    assert "status:  won" in out
    line = next(row for row in out.splitlines() if row.startswith("line:"))
    assert replay(code(QUICK_WINS[0], 1), line.split()[1:]).won


def test_the_command_line_solves_a_layout_code_in_either_draw_mode(
    capsys: pytest.CaptureFixture[str],
) -> None:
    layout = Deal.from_number(QUICK_WINS[0]).layout_code
    assert cli_main([layout, "--draw", "1", "--max-nodes", "5000"]) == 0
    out = capsys.readouterr().out
    assert f"deal:    {layout.replace('-D3-', '-D1-')}" in out
    line = next(row for row in out.splitlines() if row.startswith("line:"))
    assert replay(code(QUICK_WINS[0], 1), line.split()[1:]).won


def test_the_command_line_rejects_a_bad_code(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        cli_main(["CF9-D3-AAAAAAA"])
    assert exit_info.value.code == 2
    assert "CF9" in capsys.readouterr().err


def test_the_docstring_example_holds() -> None:
    result = doctest.testmod(engine.solver)
    assert result.attempted > 0
    assert result.failed == 0


def test_result_is_a_frozen_record() -> None:
    result = SolveResult("unknown", [], 0, 0.0)
    with pytest.raises(AttributeError):
        result.status = "won"  # type: ignore[misc]


@pytest.mark.parametrize("draw", [1, 3])
def test_waste_lengths_with_one_key_reach_each_other_by_draws_alone(draw: int) -> None:
    """The key merges waste lengths; sound only because draws and recycles alone lead
    from each of them to the other (checked in the engine, one draw at a time)."""
    game = replay(code(1002, draw), ["draw"])
    positions = []
    for _ in range(40):  # every waste length of two whole passes
        positions.append(game.copy())
        game.play("draw" if game.stock else "recycle")
    keys = [Position.from_state(g.state()).key() for g in positions]
    for i, first in enumerate(positions):
        for j, second in enumerate(positions):
            if keys[i] != keys[j]:
                continue
            walker = first.copy()
            target = (second.stock, second.waste)
            for _ in range(40):
                if (walker.stock, walker.waste) == target:
                    break
                walker.play("draw" if walker.stock else "recycle")
            assert (walker.stock, walker.waste) == target
    assert len(set(keys)) < len(keys)  # some were merged


@pytest.mark.parametrize("draw", [1, 3])
def test_complete_moves_cover_every_engine_move(draw: int) -> None:
    """Every card move the engine allows leads to a position the complete generator
    reaches too (same key), or to the position itself up to column order; draws only
    change the waste, which the generator covers by playing waste cards at any length."""
    rng = random.Random(draw)
    game = Game.from_code(code(1002, draw))
    for _ in range(300):
        position = Position.from_state(game.state())
        reached = {position.key()}
        for solver_move in complete_moves(position):
            record = position.play(solver_move)
            reached.add(position.key())
            position.undo(record)
        waste_tops = set(position.reachable_waste())
        for move in game.legal_moves():
            if move.token in ("undo", "draw", "recycle"):
                continue
            child = game.copy()
            child.play(move)
            assert Position.from_state(child.state()).key() in reached, move.token
        assert len(position.talon) - len(game.stock) in waste_tops | {0}
        moves = [move for move in game.legal_moves() if move.token != "undo"]
        if not moves or game.won:
            game = Game.from_code(code(1002 + rng.randrange(50), draw))
            continue
        game.play(rng.choice(moves))
