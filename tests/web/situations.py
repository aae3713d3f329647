"""Deals that put the table in a known situation, found by asking the engine.

Browser tests need a card that can be tapped to a foundation, a block that can
be dragged, a drop that must be refused. Rather than hard-coding deal codes
(which would silently rot if the shuffle changed), each helper walks deal
numbers 0, 1, 2... and returns the first deal where the engine says the
situation holds, together with what the test should do and expect.
"""

from __future__ import annotations

import random
from collections.abc import Iterator
from dataclasses import dataclass
from itertools import count

from engine import Deal, Game, IllegalMove, State

SEARCH_LIMIT = 20_000


@dataclass(frozen=True)
class TapToFoundation:
    code: str
    card: str  # tapping it sends it to its foundation
    take_back: str  # a legal take-back token of that card right after, e.g. "FH2"
    column: int  # the column the take-back lands on (1..4)
    token: str  # the move the tap makes, as the log stores it, e.g. "2F"


@dataclass(frozen=True)
class BlockMove:
    code: str
    first: str  # a single-card column move, e.g. "13", legal at the start
    block: str  # then a legal block move of 2+ cards, e.g. "34x2"
    block_cards: tuple[str, ...]  # the cards of the block, bottom to top
    rejected: str  # a single-card column move that is illegal at the start, e.g. "21"
    reason: str  # the engine's reason for refusing `rejected`


def _deals(draw: int) -> Iterator[tuple[str, Game]]:
    """Each numbered deal's code and a new game of it, in order."""
    for number in count():
        if number >= SEARCH_LIMIT:
            raise LookupError(f"no deal among the first {SEARCH_LIMIT} fits")
        deal = Deal.from_number(number, draw=draw)
        yield deal.code, Game(deal)


def _playable_cards(state: State) -> list[str]:
    tops = [state["reserve"][-1]] if state["reserve"] else []
    return tops + [column[-1] for column in state["tableau"] if column]


def tap_to_foundation(draw: int = 3) -> TapToFoundation:
    """A deal whose start has a card that a tap sends home and that can then be taken back."""
    for code, game in _deals(draw):
        for card in _playable_cards(game.state()):
            move = game.tap(card)
            if move is None or not move.to_foundation:
                continue
            game.play(move)
            take_backs = [str(m) for m in game.legal_moves() if str(m).startswith("F")]
            if take_backs:
                token = take_backs[0]
                return TapToFoundation(code, card, token, int(token[-1]), str(move))
            game.play("undo")
    raise AssertionError("unreachable")


def block_move(draw: int = 3) -> BlockMove:
    """A deal where one single-card column move makes a 2+ card block movable."""
    for code, game in _deals(draw):
        starts = {str(m) for m in game.legal_moves()}
        singles = [t for t in starts if len(t) == 2 and t.isdigit()]
        rejected = _illegal_single_column_move(game, starts)
        if rejected is None:
            continue
        for first in sorted(singles):
            game.play(first)
            blocks = sorted(str(m) for m in game.legal_moves() if "x" in str(m))
            if blocks:
                block = blocks[0]
                source = game.state()["tableau"][int(block[0]) - 1]
                size = int(block.split("x")[1])
                game.play("undo")
                reason = _reason(game, rejected)
                return BlockMove(code, first, block, tuple(source[-size:]), rejected, reason)
            game.play("undo")
    raise AssertionError("unreachable")


def _illegal_single_column_move(game: Game, legal: set[str]) -> str | None:
    columns = game.state()["tableau"]
    for source in range(1, 5):
        for target in range(1, 5):
            token = f"{source}{target}"
            both_occupied = bool(columns[source - 1] and columns[target - 1])
            if source != target and both_occupied and token not in legal:
                return token
    return None


def _reason(game: Game, token: str) -> str:
    try:
        game.play(token)
    except IllegalMove as error:
        return str(error)
    raise AssertionError(f"{token} was expected to be illegal")


@dataclass(frozen=True)
class TapToColumn:
    code: str
    card: str  # with double click on, a tap moves it onto a column; off, it stays
    token: str  # the move that tap makes with double click on


def tap_to_column(draw: int = 3) -> TapToColumn:
    """A deal whose start has a card that only the double-click setting moves (to a column)."""
    for code, game in _deals(draw):
        for card in _playable_cards(game.state()):
            move = game.tap(card, double_click=True)
            if (
                move is not None
                and not move.to_foundation
                and game.tap(card, double_click=False) is None
            ):
                return TapToColumn(code, card, str(move))
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class SolvedDeal:
    code: str
    line: tuple[str, ...]  # a winning line from the deal, checked by the engine


def solved_deal(draw: int = 1, seconds_per_deal: float = 0.5) -> SolvedDeal:
    """The first deal the solver wins quickly (the solver verifies its line with the engine)."""
    from engine.solver import solve

    for code, game in _deals(draw):
        result = solve(game, seconds=seconds_per_deal)
        if result.status == "won":
            return SolvedDeal(code, tuple(result.line))
    raise AssertionError("unreachable")


@dataclass(frozen=True)
class LongColumn:
    code: str
    log: tuple[str, ...]  # playing it (a submitted log) leaves a column of `cards` cards
    cards: int


def long_column(cards: int = 9) -> LongColumn:
    """A position with a column of at least `cards` cards: a prefix of a solver's winning line
    (the first point on it where some column is that long)."""
    deal = solved_deal()
    return long_column_along(deal.code, deal.line, cards)


def longest_column_along(code: str, line: tuple[str, ...] | list[str], cards: int) -> LongColumn:
    """The first point along `line` where some column holds `cards` cards, or as many as any
    column ever holds along it if that is fewer (the day's deal depends on the date and the
    solver's budget, so its line is not known in advance)."""
    game = Game.from_code(code)
    most = 0
    for token in line:
        game.play(token)
        most = max(most, *(len(column) for column in game.state()["tableau"]))
    return long_column_along(code, line, min(cards, most))


def long_column_along(code: str, line: tuple[str, ...] | list[str], cards: int) -> LongColumn:
    """The first point along `line` (a log of `code`) where some column holds `cards` cards."""
    game = Game.from_code(code)
    for played, token in enumerate(line, start=1):
        game.play(token)
        longest = max(len(column) for column in game.state()["tableau"])
        if longest >= cards:
            return LongColumn(code, tuple(line[:played]), longest)
    raise LookupError(f"no column of {cards} cards along the line of {code}")


def long_column_by_search(
    code: str, cards: int, *, walks: int = 500, steps: int = 300
) -> LongColumn:
    """A log of ``code`` that builds a column of ``cards`` cards, for a deal whose solver line
    never builds one (a draw-1 line may send nearly every card home straight away): seeded
    random walks over the legal moves, undo left out, each walk leaning to moves onto a
    column. Seeded, so a deal always gets the same log."""
    rng = random.Random(code)
    for _ in range(walks):
        game = Game.from_code(code)
        log: list[str] = []
        for _ in range(steps):
            tokens = [str(move) for move in game.legal_moves() if str(move) != "undo"]
            if not tokens:
                break
            onto_column = [token for token in tokens if token[-1].isdigit()]
            token = rng.choice(onto_column if onto_column and rng.random() < 0.7 else tokens)
            game.play(token)
            log.append(token)
            longest = max(len(column) for column in game.state()["tableau"])
            if longest >= cards:
                return LongColumn(code, tuple(log), longest)
    raise LookupError(f"no column of {cards} cards found by {walks} walks of {code}")
