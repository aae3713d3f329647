"""Re-verify a whole log: the tight loop every submitted game goes through."""

from __future__ import annotations

from collections.abc import Iterable

from .deal import Deal
from .errors import IllegalMove
from .game import Game, iter_tokens
from .notation import TOKENS, bad_token
from .reasons import why_illegal


def replay(code: str | Deal, tokens: Iterable[str] | str) -> Game:
    """Play a log from the deal and return the game; every action is checked.

    ``tokens`` is a list of tokens or text with tokens separated by whitespace.
    The first malformed token raises :class:`NotationError`, the first illegal one
    :class:`IllegalMove`; both carry ``.index``, the token's 0-based position.

    >>> replay("CF1-D3-AAAAACL", "draw draw undo").moves
    1
    """
    game = Game(code if isinstance(code, Deal) else Deal.from_code(code))
    apply = game._apply
    lookup = TOKENS.get
    for index, token in enumerate(iter_tokens(tokens)):
        move = lookup(token) if isinstance(token, str) else None
        if move is None:
            raise bad_token(token, index=index)
        if not apply(move):
            raise IllegalMove(why_illegal(game, move), index=index)
    return game
