"""The examples in the engine's docstrings are run, so they stay true."""

from __future__ import annotations

import doctest
import importlib

import pytest

MODULES = [
    "engine",
    "engine.cards",
    "engine.deal",
    "engine.layout_codes",
    "engine.game",
    "engine.finishing",
    "engine.reasons",
    "engine.replay",
    "engine.table",
    "engine.table_player.memory",
    "engine.table_player.idle",
    "engine.table_player.engine_like",
]


@pytest.mark.parametrize("name", MODULES)
def test_docstring_examples(name: str) -> None:
    result = doctest.testmod(importlib.import_module(name))
    assert result.attempted > 0
    assert result.failed == 0
