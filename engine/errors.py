"""The engine's error hierarchy.

Every error is a ``ValueError`` so callers that only care about "bad input"
can catch one class, while the service can tell a malformed token (client bug)
from a well-formed but illegal action (player mistake) from a bad deal code.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from .problems import Problem

if TYPE_CHECKING:
    from .reasons import Reason


class EngineError(ValueError):
    """Base class of every error the engine raises on bad input."""


class ProblemError(EngineError):
    """Bad input said as a :class:`engine.problems.Problem`: ``problem`` (a code of
    ``PROBLEMS`` and its parameters) for a client to say in its reader's language, the
    message the same in English. ``ProblemError("deal_code_mode", code=..., mode="D2")``."""

    def __init__(self, problem: str, /, **params: str | int) -> None:
        self.problem = Problem(problem, params)
        super().__init__(str(self.problem))


class DealCodeError(ProblemError):
    """A deal code that is not ``CF1-D<1|3>-<7 letters>`` (or a deal that is no deal); the
    problem names the faulty part."""


class NotationError(ProblemError):
    """A token that is not a well-formed move (or a card name that is not a card).

    ``index`` is the 0-based position of the token in a log when the error
    comes from :func:`engine.replay`, else ``None``.
    """

    def __init__(self, problem: str, /, index: int | None = None, **params: str | int) -> None:
        super().__init__(problem, **params)
        self.index = index


class IllegalMove(EngineError):
    """A well-formed action that the rules refuse in the current position.

    ``reason`` (an :class:`engine.reasons.Reason`) says which rule refused it as a code with
    its parameters, for a client to say in its reader's language; the message is that reason
    as an English sentence. ``index`` is set by :func:`engine.replay` to the 0-based position
    of the offending token.
    """

    def __init__(self, reason: Reason, index: int | None = None) -> None:
        super().__init__(str(reason))
        self.reason = reason
        self.index = index
