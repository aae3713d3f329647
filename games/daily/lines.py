"""The solver's winning line of a closed day, as positions a client without an engine can step
through (the line page)."""

from __future__ import annotations

from engine import Deal, Game, State


def line_states(code: str, tokens: list[str]) -> list[State]:
    """The deal of ``code``, then the state after each move of ``tokens`` (engine states).

    Whole states, every card face up: only for a code that may be told, i.e. a closed day's
    (the caller checks), whose layout is public from then on."""
    game = Game(Deal.from_code(code))
    states = [game.state()]
    for token in tokens:
        game.play(token)
        states.append(game.state())
    return states
