"""Canfield rules engine: deal codes, rules, notation, replay. Pure Python, no dependency.

>>> from engine import Game
>>> game = Game.from_code("cf1-d3-aaaaacl")
>>> game.play("draw")
Move.parse('draw')
>>> [str(m) for m in game.legal_moves()][:2]
['undo', 'draw']
"""

from .cards import CARD_NAMES, parse_card
from .deal import Deal, random_code
from .errors import DealCodeError, EngineError, IllegalMove, NotationError
from .game import UNDO_LIMIT, Game
from .notation import TOKENS, Move
from .replay import replay
from .snapshot import SnapshotError, from_snapshot, from_state, to_snapshot

__all__ = [
    "CARD_NAMES",
    "TOKENS",
    "UNDO_LIMIT",
    "Deal",
    "DealCodeError",
    "EngineError",
    "Game",
    "IllegalMove",
    "Move",
    "NotationError",
    "SnapshotError",
    "from_snapshot",
    "from_state",
    "parse_card",
    "random_code",
    "replay",
    "to_snapshot",
]
