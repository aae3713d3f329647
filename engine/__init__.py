"""Canfield rules engine: deal codes, rules, notation, replay. Pure Python, no dependency.

>>> from engine import Deal
>>> Deal.from_code("cf1-d3-aaaaacl").code
'CF1-D3-AAAAACL'
"""

from .cards import CARD_NAMES, parse_card
from .deal import Deal, random_code
from .errors import DealCodeError, EngineError, IllegalMove, NotationError

__all__ = [
    "CARD_NAMES",
    "Deal",
    "DealCodeError",
    "EngineError",
    "IllegalMove",
    "NotationError",
    "parse_card",
    "random_code",
]
