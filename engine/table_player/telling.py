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
   line's move and after the table's choice are each solved with the full layout. The move
   is *telling* when the true deal makes it strictly better: it wins where the table's
   choice does not, or wins shorter by more than ``slack`` actions.

A person who sees only the table goes against it now and then (a hunch, a different
plan) and is right about as often as wrong; a line that keeps going against the table and
keeps being right knew the cards. Each telling move weighs by how little the table backed
it (:func:`surprise`), and the line's ``weight`` is their sum: the statistic the verdict
(``par.judge``) reads. A detour (a look taken back, an extra pass) is never
telling: the true deal makes it longer, not shorter. Where the table's choice is as good
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
from engine.solver import solve
from engine.table import table_view
from engine.table_player.sampling import SamplingPlayer

#: The judge's budget: the table par's (``par.SAMPLES``, ``par.NODES_PER_SOLVE``), its own seed.
SAMPLES, NODES_PER_SOLVE, SEED = 6, 1500, 7
#: The full-information solves of the second question, and how many actions shorter a move's
#: win must be than the table's choice's to count (the solver's lengths are not exact).
TRUTH_NODES, SLACK = 20_000, 5
#: Seconds given to one solve: never the binding limit (the node budget is), so a verdict repeats.
_NO_TIME_LIMIT = 3600.0


@dataclass(frozen=True)
class Telling:
    """A line's decisions against the table, and how the true deal judged them."""

    decisions: int  # positions with a choice (two moves or more besides undo) the judge voted on
    against: int  # moves the judge's samples backed less than the table's choice
    telling: int  # ... of which the true deal proved strictly better than the table's choice
    worse: int  # ... of which the true deal proved strictly worse (a hunch, a detour)
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


def truth_length(game: Game, token: str, *, max_nodes: int) -> int | None:
    """Actions to a win after playing ``token`` in ``game`` (full information), counting
    ``token`` itself; None when the solver finds no win within ``max_nodes``."""
    after = game.copy()
    after.play(token)
    if after.won:
        return 1
    result = solve(after, seconds=_NO_TIME_LIMIT, max_nodes=max_nodes)
    return 1 + len(result.line) if result.status == "won" else None


def strictly_better(mine: int | None, theirs: int | None, slack: int) -> bool:
    """Whether a win in ``mine`` actions beats ``theirs`` (None: no win found) by the rule."""
    if mine is None:
        return False
    return theirs is None or mine + slack < theirs


def count_telling(
    deal: Deal,
    line: Sequence[str],
    *,
    samples: int = SAMPLES,
    nodes_per_solve: int = NODES_PER_SOLVE,
    seed: int = SEED,
    truth_nodes: int = TRUTH_NODES,
    slack: int = SLACK,
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
                    mine = truth_length(game, token, max_nodes=truth_nodes)
                    lengths = [truth_length(game, move, max_nodes=truth_nodes) for move in chosen]
                    theirs = min((n for n in lengths if n is not None), default=None)
                    if strictly_better(mine, theirs, slack):
                        telling += 1
                        weight += surprise(votes[token], samples)
                        at.append(index)
                    elif strictly_better(theirs, mine, slack):
                        worse += 1
        game.play(token)
        judge.observe(token, table_view(game.state()))
    return Telling(decisions, against, telling, worse, weight, tuple(at))
