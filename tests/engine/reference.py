"""A slow, obviously-correct model of the rules, written independently of the engine.

It works on ``Game.state()`` dicts with card names and re-reads the rules as
DESIGN.md states them, with none of the engine's tables or invariants (it checks
that a block alternates card by card, that an empty column exists only without a
reserve, ...). The property tests play random games and demand that the engine
and this model agree on every legal move and every resulting state.
"""

from __future__ import annotations

import copy
import itertools

from engine import State  # the shape of the data only (a TypedDict): no rule comes from it

RANKS = "A23456789TJQK"
SUITS = "CDHS"


def rank(card: str) -> int:
    return RANKS.index(card[0])


def is_red(card: str) -> bool:
    return card[1] in "DH"


def stacks_on(card: str, target: str) -> bool:
    return is_red(card) != is_red(target) and (rank(card) + 1) % 13 == rank(target)


def foundation_takes(state: State, card: str) -> bool:
    pile = state["foundations"][card[1]]
    if len(pile) == 13:
        return False
    start = rank(state["base"])
    return rank(card) == (start + len(pile)) % 13


def column_takes(state: State, cards: list[str], column: list[str]) -> bool:
    for below, above in itertools.pairwise(cards):
        if not stacks_on(above, below):
            return False  # not an alternating descending block
    if not column:
        return not state["reserve"]
    return stacks_on(cards[0], column[-1])


def all_tokens() -> list[str]:
    """Every syntactically possible token except ``undo``."""
    tokens = ["draw", "recycle", "RF", "WF"]
    for a in range(1, 5):
        tokens += [f"R{a}", f"W{a}", f"{a}F"] + [f"F{s}{a}" for s in SUITS]
        for b in range(1, 5):
            if a != b:
                tokens.append(f"{a}{b}")
                tokens += [f"{a}{b}x{k}" for k in range(2, 53)]
    return tokens


def apply(state: State, token: str) -> State | None:
    """The state after ``token``, or None when the rules forbid it (``undo`` not handled)."""
    s = copy.deepcopy(state)
    cols = s["tableau"]
    scored = False
    source_column = None
    if token == "draw":
        if not s["stock"]:
            return None
        for _ in range(min(s["draw"], len(s["stock"]))):
            s["waste"].append(s["stock"].pop())
    elif token == "recycle":
        if s["stock"] or not s["waste"]:
            return None
        s["stock"] = list(reversed(s["waste"]))
        s["waste"] = []
    elif token[0] in "RW":
        pile = s["reserve"] if token[0] == "R" else s["waste"]
        if not pile:
            return None
        card = pile[-1]
        if token[1] == "F":
            if not foundation_takes(s, card):
                return None
            s["foundations"][card[1]].append(pile.pop())
            scored = True
        else:
            column = cols[int(token[1]) - 1]
            if not column_takes(s, [card], column):
                return None
            column.append(pile.pop())
    elif token[0] == "F":
        pile = s["foundations"][token[1]]
        column = cols[int(token[2]) - 1]
        if not pile or not column_takes(s, [pile[-1]], column):
            return None
        column.append(pile.pop())
    elif token[1] == "F":
        source_column = int(token[0]) - 1
        column = cols[source_column]
        if not column or not foundation_takes(s, column[-1]):
            return None
        s["foundations"][column[-1][1]].append(column.pop())
        scored = True
    else:
        source_column = int(token[0]) - 1
        src, dst = cols[source_column], cols[int(token[1]) - 1]
        count = int(token.partition("x")[2] or 1)
        if count > len(src) or not column_takes(s, src[-count:], dst):
            return None
        dst.extend(src[-count:])
        del src[-count:]
    if source_column is not None and not cols[source_column] and s["reserve"]:
        cols[source_column].append(s["reserve"].pop())
    if scored:
        s["score"] += 5
    s["moves"] += 1
    s["cards"] = sum(len(p) for p in s["foundations"].values())
    s["won"] = s["cards"] == 52
    return s


def legal_tokens(state: State) -> set[str]:
    """Every token the rules allow here, ``undo`` excluded."""
    return {t for t in all_tokens() if _long_enough(state, t) and apply(state, t) is not None}


def _long_enough(state: State, token: str) -> bool:
    """Cheap pre-filter (the same rule ``apply`` checks): a block is no longer than its column."""
    head, _, count = token.partition("x")
    return not count or int(count) <= len(state["tableau"][int(head[0]) - 1])


def tap(state: State, card: str, double_click: bool = True) -> str | None:
    """The token a tap on ``card`` (or ``"stock"``) makes, as DESIGN.md words the rule."""
    if card == "stock":
        if state["stock"]:
            return "draw"
        return "recycle" if state["waste"] else None
    cols = state["tableau"]
    if state["reserve"][-1:] == [card]:
        prefix, block, own = "R", [card], None
    elif state["waste"][-1:] == [card]:
        prefix, block, own = "W", [card], None
    else:
        found = [(i, col.index(card)) for i, col in enumerate(cols) if card in col]
        if not found:
            return None  # in the stock, under another card of the reserve or waste, or up
        own, depth = found[0]
        prefix, block = str(own + 1), cols[own][depth:]
    if len(block) == 1 and foundation_takes(state, card):
        return prefix + "F"
    if not double_click:
        return None
    suffix = f"x{len(block)}" if len(block) > 1 else ""
    accepting = [
        j for j, col in enumerate(cols) if j != own and col and column_takes(state, block, col)
    ]
    if accepting:
        longest = max(len(cols[j]) for j in accepting)
        target = min(j for j in accepting if len(cols[j]) == longest)
        return f"{prefix}{target + 1}{suffix}"
    empty = [j for j, col in enumerate(cols) if j != own and not col]
    if empty and column_takes(state, block, []):
        return f"{prefix}{empty[0] + 1}{suffix}"
    return None
