"""Move notation: one token per action, and the :class:`Move` value type.

Every possible token is built once at import into ``TOKENS`` (token -> Move), so
parsing a log is one dict lookup per token instead of a regular expression; the
slow path only runs to explain a token that is not in the table.

=================  ==========================================================
``draw``           stock -> waste (``draw`` cards, fewer if the stock is short)
``recycle``        waste turned over back into the stock
``undo``           revert the last action
``RF`` ``R3``      reserve top -> its foundation / column 3
``WF`` ``W1``      waste top -> its foundation / column 1
``2F``             column 2 top -> its foundation
``24`` ``24x3``    1 card / a block of 3 from column 2 -> column 4
``FH2``            take back the hearts foundation's top -> column 2
=================  ==========================================================
"""

from __future__ import annotations

from typing import NamedTuple

from .cards import SUITS
from .errors import NotationError
from .problems import TOKEN_HELP

# Kinds of action; small ints so the engine dispatches on them cheaply.
DRAW, RECYCLE, UNDO, RESERVE_TO_FOUNDATION, RESERVE_TO_COLUMN = 0, 1, 2, 3, 4
WASTE_TO_FOUNDATION, WASTE_TO_COLUMN, COLUMN_TO_FOUNDATION, COLUMN_TO_COLUMN = 5, 6, 7, 8
FOUNDATION_TO_COLUMN = 9

COLUMNS = 4
#: The longest block a token can name: a column is one alternating run, and the rank wrap
#: (K on A) lets a run go round the deck, so in principle all 52 cards.
MAX_BLOCK = 52


class Move(NamedTuple):
    """One action, e.g. ``Move.parse("24x3")``; ``str(move)`` is its token.

    ``src``/``dst`` are 0-based columns (``src`` is the suit index for a take-back,
    -1 when unused) and ``block_size`` the number of cards moved between columns (the 3 of
    ``24x3``; 1 for every other move). Frozen and hashable; compare moves by value or by
    token. (Not ``count``: a Move is a tuple, and that name would hide ``tuple.count``.)
    """

    token: str
    kind: int
    src: int = -1
    dst: int = -1
    block_size: int = 1

    @classmethod
    def parse(cls, token: str) -> Move:
        """The move a token names; :class:`NotationError` says what is malformed."""
        move = TOKENS.get(token) if isinstance(token, str) else None
        if move is None:
            raise bad_token(token)
        return move

    @property
    def to_foundation(self) -> bool:
        """True for the moves that put a card on a foundation (the ones that score)."""
        return self.kind in (RESERVE_TO_FOUNDATION, WASTE_TO_FOUNDATION, COLUMN_TO_FOUNDATION)

    def __str__(self) -> str:
        return self.token

    def __repr__(self) -> str:
        return f"Move.parse({self.token!r})"


def _build_tokens() -> dict[str, Move]:
    moves = [Move("draw", DRAW), Move("recycle", RECYCLE), Move("undo", UNDO)]
    moves += [Move("RF", RESERVE_TO_FOUNDATION), Move("WF", WASTE_TO_FOUNDATION)]
    for col in range(COLUMNS):
        n = col + 1
        moves.append(Move(f"R{n}", RESERVE_TO_COLUMN, dst=col))
        moves.append(Move(f"W{n}", WASTE_TO_COLUMN, dst=col))
        moves.append(Move(f"{n}F", COLUMN_TO_FOUNDATION, src=col))
        for suit, letter in enumerate(SUITS):
            moves.append(Move(f"F{letter}{n}", FOUNDATION_TO_COLUMN, src=suit, dst=col))
        for dst in range(COLUMNS):
            if dst != col:
                moves.append(Move(f"{n}{dst + 1}", COLUMN_TO_COLUMN, src=col, dst=dst))
                moves += [
                    Move(f"{n}{dst + 1}x{k}", COLUMN_TO_COLUMN, src=col, dst=dst, block_size=k)
                    for k in range(2, MAX_BLOCK + 1)
                ]
    return {m.token: m for m in moves}


#: Every well-formed token -> its Move (the parser is this dict).
TOKENS: dict[str, Move] = _build_tokens()
DRAW_MOVE, RECYCLE_MOVE, UNDO_MOVE = TOKENS["draw"], TOKENS["recycle"], TOKENS["undo"]

#: ``COLUMN_MOVES[src][dst][block_size]`` -> the interned Move. Index 0 is unused and holds
#: the 1-card move again, so that every entry is a Move.
COLUMN_MOVES: list[list[list[Move]]] = [
    [
        [TOKENS[f"{s + 1}{d + 1}" + (f"x{k}" if k > 1 else "")] for k in (1, *range(1, 53))]
        if s != d
        else []
        for d in range(COLUMNS)
    ]
    for s in range(COLUMNS)
]

#: Every token in a line (the terminal's help); the same words as the problems' ``%(tokens)s``.
HELP = TOKEN_HELP


def bad_token(token: object, index: int | None = None) -> NotationError:
    """The error saying why ``token`` is not a move; only built on the (rare) error path."""
    problem, params = explain_bad_token(token)
    return NotationError(problem, index=index, **params)


def explain_bad_token(token: object) -> tuple[str, dict[str, str | int]]:
    """Why ``token`` is not a move: a code of ``engine.problems.PROBLEMS`` and its parameters."""
    if not isinstance(token, str):
        return "token_type", {"type": type(token).__name__}
    if token == "":
        return "token_empty", {}
    for variant in (token.strip(), token.upper(), token.lower(), token.strip().upper()):
        if variant != token and variant in TOKENS:
            return "token_case", {"token": token, "variant": variant}
    bad_column: tuple[str, dict[str, str | int]] = (
        "token_column",
        {"token": token, "columns": COLUMNS},
    )
    head, sep, tail = token.partition("x")
    if len(head) == 2 and head.isdigit():
        src, dst = int(head[0]), int(head[1])
        if not (1 <= src <= COLUMNS and 1 <= dst <= COLUMNS):
            return bad_column
        if src == dst:
            return "token_same_column", {"token": token, "column": src}
        if sep:
            if tail == "1":
                return "token_single", {"token": token, "single": head}
            if not tail.isdigit() or tail.startswith("0"):
                return "token_block_number", {"token": token}
            return "token_block_size", {"token": token, "most": MAX_BLOCK}
    if len(token) == 2 and token[0] in "RW" and token[1].isdigit():
        return bad_column
    if len(token) == 2 and token[1] == "F" and token[0].isdigit():
        return bad_column
    if len(token) == 3 and token[0] == "F":
        if token[1] not in SUITS:
            return "token_suit", {"token": token, "suits": SUITS}
        return bad_column
    return "token_unknown", {"token": token}
