"""Why the engine refused its input (a deal code, a move token, a card name): a stable code with
its parameters, and the sentence that says it.

The model is :mod:`engine.reasons` (why a legal-looking move is refused): a :class:`Problem`
carries a ``code`` (a key of :data:`PROBLEMS`, the one table, listed in docs/contracts.md) and
the values its sentence names, so a client can say it in its reader's language and the service
can answer in the request's. The sentences are wrapped in :func:`gettext_noop` (the service's
message catalogue picks them up; the engine imports nothing); :meth:`Problem.sentence` takes
the caller's ``translate``. ``str(problem)`` is the English sentence.

>>> problem = Problem("deal_code_mode", {"code": "CF1-D2-AAAAACL", "mode": "D2"})
>>> str(problem)
"deal code 'CF1-D2-AAAAACL' has draw mode 'D2': it must be D1 or D3"
>>> problem.as_dict()
{'code': 'deal_code_mode', 'deal_code': 'CF1-D2-AAAAACL', 'mode': 'D2'}
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Any


def gettext_noop(message: str) -> str:
    """Mark ``message`` for the translation catalogues (xgettext finds this name); return it."""
    return message


Translate = Callable[[str], str]


def same(message: str) -> str:
    """The identity ``translate``: English, the language the sentences are written in."""
    return message


#: What every token is, said once; the sentences that point a player at it name ``%(tokens)s``.
TOKEN_HELP = gettext_noop(
    "tokens: draw, recycle, undo, RF/R1-R4 (reserve), WF/W1-W4 (waste), 1F-4F (column to "
    "foundation), 24 or 24x3 (1 card / a block of 3 from column 2 to 4), FH2 (hearts "
    "foundation back to column 2)"
)

#: Every problem with a deal code, a deal, a token or a card name: code -> its English sentence.
#: Placeholders are the problem's parameters (``code`` is the deal code as given; the
#: ``deal_code`` key of :meth:`Problem.as_dict`), plus ``tokens`` (:data:`TOKEN_HELP`).
PROBLEMS: dict[str, str] = {
    # Deal codes and deals (DealCodeError).
    "deal_code_type": gettext_noop("a deal code must be a string, not %(type)s"),
    "deal_code_parts": gettext_noop(
        "deal code '%(code)s' must have three parts separated by '-', like CF1-D3-AAAAACL"
    ),
    "deal_code_scheme": gettext_noop(
        "deal code '%(code)s' must start with one of %(schemes)s, not '%(given)s'"
    ),
    "deal_code_mode": gettext_noop(
        "deal code '%(code)s' has draw mode '%(mode)s': it must be D1 or D3"
    ),
    "deal_code_length": gettext_noop(
        "deal code '%(code)s' must end with %(letters)s letters, not %(count)s"
    ),
    "deal_code_letters": gettext_noop(
        "deal code '%(code)s' may only use the letters A-Z in its number, not '%(bad)s'"
    ),
    "deal_code_characters": gettext_noop(
        "deal code '%(code)s' may only use the digits 0-9 and the letters A-Z except U in its "
        "layout, not '%(bad)s'"
    ),
    "deal_code_check": gettext_noop(
        "deal code '%(code)s' does not check out: a character is mistyped or two are swapped"
    ),
    "deal_code_range": gettext_noop(
        "deal code '%(code)s' names no layout: its letters are beyond the last one, %(last)s"
    ),
    "deal_number_type": gettext_noop("a deal number must be an int, not %(type)s"),
    "deal_number_range": gettext_noop("deal number %(number)s is out of range 0..%(last)s"),
    "draw_mode": gettext_noop("draw mode '%(draw)s' is not allowed: it must be 1 or 3"),
    "deal_cards": gettext_noop("a deal must hold each of the 52 cards exactly once"),
    "deal_layout": gettext_noop(
        "a layout needs 13 reserve cards, 4 column cards and 34 stock cards"
    ),
    "deal_card": gettext_noop("%(card)s is not a card"),
    # Card names (NotationError).
    "card_type": gettext_noop("a card name must be a string, not %(type)s"),
    "card_shape": gettext_noop("'%(card)s' is not a card: write rank then suit, like 7H, TS or AC"),
    "card_rank": gettext_noop("'%(card)s' is not a card: the rank must be one of %(ranks)s"),
    "card_suit": gettext_noop("'%(card)s' is not a card: the suit must be one of %(suits)s"),
    # Move tokens (NotationError).
    "token_type": gettext_noop("a token must be a string, not %(type)s"),
    "token_empty": gettext_noop("empty token: %(tokens)s"),
    "token_case": gettext_noop(
        "unknown token '%(token)s': did you mean '%(variant)s'?"
        " (tokens are exact: case and spaces matter)"
    ),
    "token_column": gettext_noop("bad token '%(token)s': columns are numbered 1 to %(columns)s"),
    "token_same_column": gettext_noop(
        "bad token '%(token)s': a block cannot move from column %(column)s onto itself"
    ),
    "token_single": gettext_noop("bad token '%(token)s': write '%(single)s' for a single card"),
    "token_block_number": gettext_noop(
        "bad token '%(token)s': the block size after 'x' must be a number like 3"
    ),
    "token_block_size": gettext_noop("bad token '%(token)s': a block has 2 to %(most)s cards"),
    "token_suit": gettext_noop(
        "bad token '%(token)s': the foundation's suit must be one of %(suits)s"
    ),
    "token_unknown": gettext_noop("unknown token '%(token)s': %(tokens)s"),
}


#: Parameters named otherwise in JSON, where ``code`` is the problem's own.
RENAMED = {"code": "deal_code"}


@dataclass(frozen=True)
class Problem:
    """What is wrong with an input: ``code`` (a key of :data:`PROBLEMS`) and ``params``, the
    values its sentence names (strings and ints, as given)."""

    code: str
    params: Mapping[str, str | int] = field(default_factory=dict)

    def __post_init__(self) -> None:
        assert self.code in PROBLEMS, f"unknown problem code {self.code!r}"

    def as_dict(self) -> dict[str, Any]:
        """The problem as JSON: ``code`` and the parameters (the deal code given, under
        ``deal_code``, since ``code`` is the problem's)."""
        params = self.params.items()
        return {"code": self.code, **{RENAMED.get(key, key): value for key, value in params}}

    def sentence(self, translate: Translate = same) -> str:
        """The problem in words, the sentence through ``translate`` (the identity: English)."""
        return translate(PROBLEMS[self.code]) % {**self.params, "tokens": translate(TOKEN_HELP)}

    def __str__(self) -> str:
        return self.sentence()


__all__ = ["PROBLEMS", "TOKEN_HELP", "Problem", "Translate", "gettext_noop", "same"]
