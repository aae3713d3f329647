"""Telling moves: where a line went against what the table showed, and the hidden cards
proved it right.

The key statistic (``par.judge``) compares where a line *ended* with the table-view
player's runs. A careful cheater pads a full-information line with honest-looking detours
until its length looks like a person's; what padding cannot hide is *how* it got there.
This module walks the line move by move, beside a judge that sees only the table (a
:class:`~engine.table_player.sampling.SamplingPlayer` with its own seed, shown the same
views as the line's player was), and at each decision asks two questions:

1. **Did the table back the move?** The judge's samples (layouts consistent with every
   view so far) vote for the first move of their winning lines. A move fewer of them chose
   than the table's choice (the move most chose) went against the table.
2. **Was it right anyway?** Only then is the true deal consulted: the position after the
   table's choice (each of them, on a tie) and after the line's move are solved with the
   full layout. The move is *telling* when the line's move wins and the table's choice is
   *proven* lost. Only a proof counts: the solver's lengths within a node budget vary by
   tens of actions from one position to the next (measured: 201 after one draw, 224 after
   the next), and a win it did not find in its budget is not a loss, so neither "shorter"
   nor "not found" says anything about a single move.

A person who sees only the table goes against it now and then (a hunch, a different
plan) and is right about as often as wrong; a line that keeps going against the table and
keeps being right knew the cards. Each telling move weighs by how little the table backed
it (:func:`surprise`), and the line's ``weight`` is their sum: the statistic the verdict
(``par.judge``) reads. A detour (a look taken back, an extra pass) is never
telling: it loses nothing the table's choice wins. Where the table's choice is as good
as the truth's (most positions, and every position of a deal where knowing the cards gives
no edge) there is nothing to tell. How many telling moves an honest line makes, and how
many a full-information one does, is measured by ``bench/clairvoyance.py``
(``docs/fair-play.md``).

The judge's samples are drawn from the table memory alone (what the line's player was
shown); the true deal is read only to answer the second question about a move already made.
It costs a table-view game's CPU or so (a few seconds): the fair-play worker's, never a
request's.
"""

from __future__ import annotations

import math
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.deal import Deal
from engine.game import Game
from engine.solver import Status, solve
from engine.table import table_view
from engine.table_player.sampling import SamplingPlayer

#: The judge's budget: the table par's (``par.SAMPLES``, ``par.NODES_PER_SOLVE``), its own seed.
SAMPLES, NODES_PER_SOLVE, SEED = 6, 1500, 7
#: The node budget of each full-information solve of the second question.
TRUTH_NODES = 20_000
#: Seconds given to one solve: never the binding limit (the node budget is), so a verdict repeats.
_NO_TIME_LIMIT = 3600.0


@dataclass(frozen=True)
class Telling:
    """A line's decisions against the table, and how the true deal judged them."""

    decisions: int  # positions with a choice (two moves or more besides undo) the judge voted on
    against: int  # moves the judge's samples backed less than the table's choice
    telling: int  # ... of which the line's move wins where the table's choice is proven lost
    worse: int  # ... where the table's choice was seen to win (a hunch, a detour, a plan)
    weight: float  # the evidence: the telling moves' ``surprise``, summed
    at: tuple[int, ...] = field(default=())  # indices in the line of the telling moves

    def to_json(self) -> dict[str, object]:
        return {
            "decisions": self.decisions,
            "against": self.against,
            "telling": self.telling,
            "worse": self.worse,
            "weight": round(self.weight, 2),
            "at": list(self.at),
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> Telling:
        return cls(
            decisions=int(data["decisions"]),
            against=int(data["against"]),
            telling=int(data["telling"]),
            worse=int(data["worse"]),
            weight=float(data["weight"]),
            at=tuple(int(index) for index in data["at"]),
        )


def surprise(votes: int, samples: int) -> float:
    """How much a telling move backed by ``votes`` of ``samples`` samples weighs: the log of how
    unlikely a player who sees only the table makes it, ``ln((samples + 1) / (votes + 1/2))``
    (2.6 for a move no sample backed, 1.5 for one sample of six, less the more backed it). A
    move one sample in six backs is one an honest player makes about one time in six, right
    or wrong; a line of such moves, all right, is what knowing the cards looks like."""
    return math.log((samples + 1) / (votes + 0.5))


def truth_after(game: Game, token: str, *, max_nodes: int) -> Status:
    """What the full layout makes of the position after ``token``: ``won`` (a win found),
    ``lost`` (proven: no line wins) or ``unknown`` (neither within ``max_nodes``)."""
    after = game.copy()
    after.play(token)
    if after.won:
        return "won"
    return solve(after, seconds=_NO_TIME_LIMIT, max_nodes=max_nodes).status


def count_telling(
    deal: Deal,
    line: Sequence[str],
    *,
    samples: int = SAMPLES,
    nodes_per_solve: int = NODES_PER_SOLVE,
    seed: int = SEED,
    truth_nodes: int = TRUTH_NODES,
) -> Telling:
    """Walk ``line`` on ``deal`` beside a table-view judge and count its telling moves."""
    game = Game(deal)
    judge = SamplingPlayer(samples=samples, nodes_per_solve=nodes_per_solve, seed=seed)
    judge.start(table_view(game.state()))
    decisions = against = telling = worse = 0
    weight = 0.0
    at: list[int] = []
    for index, token in enumerate(line):
        if token != "undo" and len([m for m in game.legal_moves() if str(m) != "undo"]) >= 2:
            votes = judge.votes(nodes_per_solve)
            if votes:
                decisions += 1
                top = max(votes.values())
                if votes[token] < top:
                    against += 1
                    chosen = [move for move, count in votes.items() if count == top]
                    theirs = [truth_after(game, move, max_nodes=truth_nodes) for move in chosen]
                    if all(status == "lost" for status in theirs):
                        if truth_after(game, token, max_nodes=truth_nodes) == "won":
                            telling += 1
                            weight += surprise(votes[token], samples)
                            at.append(index)
                    elif "won" in theirs:
                        worse += 1
        game.play(token)
        judge.observe(token, table_view(game.state()))
    return Telling(decisions, against, telling, worse, weight, tuple(at))
