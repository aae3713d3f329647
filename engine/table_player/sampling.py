"""The table-view player: it samples the layouts the table leaves possible and follows the
move that wins most of them (perfect-information Monte Carlo, "PIMC").

At each decision with more than one move worth making, the player holds ``samples``
determinizations (``TableMemory.determinize``: full layouts consistent with every view it
saw), solves each from the position the game has reached with a small *node* budget (so a
seed gives the same game on any machine), and plays the first move of the most winning
lines. What makes it cheap:

* a sample's solved line is kept while the game follows it and nothing it guessed was
  contradicted: most decisions cost no search at all;
* a reveal that contradicts a sample (the card turned over is not the one it guessed) is
  *repaired*: the revealed card is swapped into its slot (the card it displaces goes to
  the slot the revealed card held in the sample, hidden too), and only that sample is
  solved again;
* a move with no alternative is played without a search (``undo`` is never considered:
  the solver's lines never need it, and taking back a look is not what this player does);
* when no sample finds a win, each is solved once more with ``ESCALATION`` times the
  budget (once until the next reveal), and if still none wins the greedy rule
  (``engine.table_player.greedy``) plays.

It stops when the samples find nothing and the greedy rule would only start a pass like
the last, or at ``max_actions``.
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass

from engine.cards import Card
from engine.deal import Deal
from engine.game import Game
from engine.replay import replay
from engine.solver import solve
from engine.table_player.greedy import MAX_ACTIONS, Stall, greedy_move
from engine.table_player.harness import TableRun, View, play_at_table
from engine.table_player.memory import TableMemory

#: How many times the usual node budget the one deeper look gets when no sample wins.
ESCALATION = 8
#: Seconds given to one solve: never the binding limit (the node budget is), so a run repeats.
_NO_TIME_LIMIT = 3600.0


@dataclass
class Sample:
    """One determinization: its layout, the game replayed on it, and its solved line from
    the current position (None: solve again; empty: the solve found no win)."""

    cards: list[Card]
    game: Game
    line: list[str] | None = None


class SamplingPlayer:
    """The PIMC player (see the module's docstring); ``seed`` fixes every choice it makes."""

    def __init__(self, *, samples: int, nodes_per_solve: int, seed: int) -> None:
        if samples < 1 or nodes_per_solve < 1:
            raise ValueError("samples and nodes_per_solve must be positive")
        self.samples_wanted = samples
        self.nodes_per_solve = nodes_per_solve
        self.rng = random.Random(seed)
        self.nodes = 0
        self.solves = 0
        self._stall = Stall()
        self._escalated = False
        self._memory: TableMemory | None = None
        self._samples: list[Sample] = []

    @property
    def memory(self) -> TableMemory:
        if self._memory is None:
            raise RuntimeError("the player has not been shown the table yet")
        return self._memory

    def start(self, view: View) -> None:
        self._memory = TableMemory(view)
        self._samples = [
            self._sample(self.memory.determinize(self.rng)) for _ in range(self.samples_wanted)
        ]

    def _sample(self, cards: list[Card]) -> Sample:
        return Sample(cards, replay(self.memory.deal_of(cards), self.memory.tokens))

    # -- deciding -----------------------------------------------------------------------------
    def choose(self, legal: Sequence[str]) -> str | None:
        candidates = [token for token in legal if token != "undo" and self._stall.allows(token)]
        if len(candidates) <= 1:
            return candidates[0] if candidates else None
        votes = self.votes(self.nodes_per_solve)
        if not votes and not self._escalated:
            # Nothing found in the small budget: one deeper look until the next reveal.
            self._escalated = True
            for sample in self._samples:
                sample.line = None
            votes = self.votes(self.nodes_per_solve * ESCALATION)
        if not votes:
            return greedy_move(self.memory.view, candidates, self._stall)
        most = max(votes.values())
        tied = sorted(token for token, count in votes.items() if count == most)
        return tied[0] if len(tied) == 1 else self.rng.choice(tied)

    def votes(self, max_nodes: int) -> Counter[str]:
        """The first move of each sample's winning line from here, counted (a sample whose
        line is stale is solved again within ``max_nodes``)."""
        for sample in self._samples:
            if sample.line is None:
                result = solve(sample.game, seconds=_NO_TIME_LIMIT, max_nodes=max_nodes)
                self.nodes += result.nodes
                self.solves += 1
                sample.line = result.line if result.status == "won" else []
        return Counter(sample.line[0] for sample in self._samples if sample.line)

    # -- seeing -------------------------------------------------------------------------------
    def observe(self, token: str, view: View) -> None:
        memory = self.memory
        hidden_before = set(memory.hidden_slots())
        revealed = memory.observe(token, view)
        self._stall.note(token)
        self._escalated = self._escalated and not revealed
        for index, sample in enumerate(self._samples):
            if repair(sample.cards, memory.known, revealed, hidden_before):
                self._samples[index] = self._sample(sample.cards)
                continue
            sample.game.play(token)
            if sample.line and sample.line[0] == token:
                del sample.line[0]
            elif sample.line or revealed:
                sample.line = None  # off its line, or a reveal may make a lost sample winnable


def repair(
    cards: list[Card], known: Sequence[Card | None], revealed: Sequence[int], hidden: set[int]
) -> bool:
    """Make a sample's layout agree with the slots just ``revealed`` (``known`` says their
    cards) by swapping each revealed card into its slot from the ``hidden`` slot it held;
    whether anything changed."""
    changed = False
    for slot in revealed:
        card = known[slot]
        if card is None or cards[slot] == card:
            continue
        other = cards.index(card)
        if other not in hidden:
            raise ValueError("the sample held the revealed card in a slot seen as another")
        cards[slot], cards[other] = card, cards[slot]
        changed = True
    return changed


def play_from_table(
    deal: Deal,
    *,
    seed: int,
    samples: int = 8,
    nodes_per_solve: int = 2000,
    max_actions: int = MAX_ACTIONS,
) -> TableRun:
    """The table-view player's game on ``deal`` (it sees only the table; see the module)."""
    player = SamplingPlayer(samples=samples, nodes_per_solve=nodes_per_solve, seed=seed)
    return play_at_table(deal, player, max_actions=max_actions)
