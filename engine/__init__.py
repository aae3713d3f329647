"""Canfield rules engine: deal codes, rules, notation, replay. Pure Python, no dependency.

A quick tour (every line here is run by the tests):

>>> from engine import Game, IllegalMove, replay
>>> game = Game.from_code("cf1-d3-aaaaacl")      # any CF1 or CF2 code; lower case is fine
>>> game.code, game.draw
('CF1-D3-AAAAACL', 3)
>>> game.play("draw")                            # a token or a Move; returns the Move
Move.parse('draw')
>>> [str(m) for m in game.legal_moves()]         # every legal action, undo included
['undo', 'draw', '42']
>>> game.tap("6H")                               # where a tap would send a card (not played)
Move.parse('42')
>>> try:
...     game.play("RF")
... except IllegalMove as error:
...     print(error)                             # the rule that refused it; game untouched
The 10 of clubs cannot go on the clubs foundation: it needs the 3 of clubs next.
>>> game.score, game.cards, game.moves, game.won
(0, 1, 1, False)
>>> replay("CF1-D3-AAAAACL", "draw 42").state()["tableau"]   # re-verify a whole log
[['9C'], ['7S', '6H'], ['AH'], ['TC']]
>>> Game.from_snapshot(game.to_snapshot()) == game          # save and restore, undo included
True

Modules: ``deal`` (codes and the CF1 shuffle), ``layout_codes`` (CF2 codes), ``notation`` (tokens
and Move), ``parts`` (what a game is made of), ``game`` (the rules), ``replay``, ``snapshot``
(games to and from plain data), ``state_types`` (a state, a table view and a snapshot as
types), ``reasons`` (why a move is illegal), ``render`` (text board),
``finishing`` (the moves that finish a game once nothing is hidden), ``table`` (what a player at
the table sees of a sealed deal), ``cli`` (``python -m engine``).
"""

from .cards import CARD_NAMES, parse_card
from .deal import CodedDeal, Deal, LayoutDeal, NumberedDeal, random_code
from .errors import DealCodeError, EngineError, IllegalMove, NotationError
from .finishing import finishing_line
from .game import Game, from_snapshot, from_state, to_snapshot
from .notation import TOKENS, Move
from .parts import UNDO_LIMIT
from .replay import replay
from .snapshot import SnapshotError
from .state_types import Snapshot, State, TableView
from .table import FACE_DOWN, table_view

__all__ = [
    "CARD_NAMES",
    "FACE_DOWN",
    "TOKENS",
    "UNDO_LIMIT",
    "CodedDeal",
    "Deal",
    "DealCodeError",
    "EngineError",
    "Game",
    "IllegalMove",
    "LayoutDeal",
    "Move",
    "NotationError",
    "NumberedDeal",
    "Snapshot",
    "SnapshotError",
    "State",
    "TableView",
    "finishing_line",
    "from_snapshot",
    "from_state",
    "parse_card",
    "random_code",
    "replay",
    "table_view",
    "to_snapshot",
]
