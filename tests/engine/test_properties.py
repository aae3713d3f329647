"""Property tests over random games: the engine against the slow reference model."""

from __future__ import annotations

import itertools
import json

import pytest
from hypothesis import HealthCheck, given, settings

from engine import CARD_NAMES, TOKENS, Game, State, replay
from tests.engine import reference
from tests.engine.walks import choices, fresh_games, games, pick

SETTINGS = settings(max_examples=80, deadline=None, suppress_health_check=[HealthCheck.too_slow])


def all_cards(game: Game) -> list[str]:
    state = game.state()
    cards = state["reserve"] + state["stock"] + state["waste"]
    cards += [c for col in state["tableau"] for c in col]
    cards += [c for pile in state["foundations"].values() for c in pile]
    return cards


@pytest.mark.slow
@SETTINGS
@given(games, choices)
def test_engine_agrees_with_the_reference_model(game: Game, steps: list[int]) -> None:
    """Same legal moves, same state after each move, and undo gives back the exact state."""
    before: list[State] = []
    for choice in steps:
        state = game.state()
        legal = {str(m) for m in game.legal_moves()}
        assert legal - {"undo"} == reference.legal_tokens(state)
        assert ("undo" in legal) == bool(before)
        token = pick(game, choice)
        game.play(token)
        if token == "undo":
            assert game.state() == before.pop()
        else:
            assert game.state() == reference.apply(state, token)
            before.append(state)
            del before[:-100]


@SETTINGS
@given(games, choices)
def test_invariants_hold_along_any_game(game: Game, steps: list[int]) -> None:
    for choice in steps:
        game.play(pick(game, choice))
        cards = all_cards(game)
        assert len(cards) == 52 and len(set(cards)) == 52
        state = game.state()
        assert state["cards"] == sum(len(p) for p in state["foundations"].values())
        for column in state["tableau"]:
            assert column or not state["reserve"]  # the refill is immediate
            for below, above in itertools.pairwise(column):
                assert reference.stacks_on(above, below)


@pytest.mark.slow
@SETTINGS
@given(games, choices)
def test_listed_moves_are_exactly_the_playable_tokens(game: Game, steps: list[int]) -> None:
    for choice in steps[:30]:
        game.play(pick(game, choice))
    listed = {str(m) for m in game.legal_moves()}
    snapshot = game.to_snapshot()
    playable = set()
    for token in [*TOKENS, "undo"]:
        copy = Game.from_snapshot(snapshot)
        try:
            copy.play(token)
        except ValueError:
            assert copy == game  # a refused move leaves the game untouched
        else:
            playable.add(token)
        assert game.is_legal(token) == (token in playable)
    assert listed == playable
    assert game.to_snapshot() == snapshot  # is_legal changed nothing


@SETTINGS
@given(fresh_games(), choices)
def test_replay_of_the_log_equals_the_game_played_move_by_move(
    game: Game, steps: list[int]
) -> None:
    assert game.deal is not None and game.deal.code is not None
    played = Game(game.deal)
    log = []
    for choice in steps:
        token = pick(played, choice)
        played.play(token)
        log.append(token)
    assert replay(game.deal, log) == played
    assert replay(game.deal.code, " ".join(log)) == played


@SETTINGS
@given(games, choices, choices)
def test_snapshot_round_trip_restores_the_game_and_its_undo(
    game: Game, steps: list[int], more: list[int]
) -> None:
    for choice in steps:
        game.play(pick(game, choice))
    restored = Game.from_snapshot(json.loads(json.dumps(game.to_snapshot())))
    assert restored == game
    assert restored.state() == game.state()
    for choice in more:
        token = pick(game, choice)
        game.play(token)
        restored.play(token)
        assert restored == game


@SETTINGS
@given(games, choices, choices)
def test_a_copy_is_equal_and_independent(game: Game, steps: list[int], more: list[int]) -> None:
    for choice in steps:
        game.play(pick(game, choice))
    copy = game.copy()
    assert copy == game
    snapshot = game.to_snapshot()
    for choice in more:
        copy.play(pick(copy, choice))
    assert game.to_snapshot() == snapshot  # playing on the copy left the game alone


@SETTINGS
@given(games, choices)
def test_taps_agree_with_the_reference_model(game: Game, steps: list[int]) -> None:
    for choice in steps[:40]:
        game.play(pick(game, choice))
    state = game.state()
    legal = set(game.legal_moves())
    for card in [*CARD_NAMES, "stock"]:
        for double_click in (True, False):
            move = game.tap(card, double_click=double_click)
            assert (None if move is None else str(move)) == reference.tap(state, card, double_click)
            assert move is None or move in legal
