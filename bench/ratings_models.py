"""Which rating system predicts tomorrow's games better: Glicko-2 or OpenSkill (Weng-Lin)?

    .venv/bin/python bench/ratings_models.py                 # 2,000 players, 60 days
    .venv/bin/python bench/ratings_models.py --players 500 --days 30 --seed 7

A simulated world where the truth is known: each player has a strength, each day's deal a
difficulty (both normal, in logistic units), and a player plays a day with probability
``--play``. A game is won with probability logistic(strength - difficulty); a win's actions
are the par times a factor that shrinks with strength, a loss's cards home a binomial draw
that grows with it; the outcome is ``ratings.outcome.game_outcome``, exactly as the service
scores a game.

Each day, before it is rated, the day's players are split in two by a hash: the deal is
rated from the first half's games only (as a deal is, from the players who met it before),
then both systems predict the second half's outcomes from yesterday's ratings and that deal
estimate. Scored over the days after a warm-up: Brier (mean squared error of the expected
outcome) and log-loss (cross-entropy with the outcome as a soft label), and, since OpenSkill
predicts wins rather than scores, the Brier of each prediction against won or not ("win
Brier"); lower is better.
Then the day is rated in full, by each system as the service would: the deal from everyone
who met it, then everyone against the deal. Last, how well each system's final ratings order
the players' true strengths (Spearman), and the CPU seconds each took.

OpenSkill takes ranks, not scores: a game is a win over the deal when its outcome is at
least ``LOSS_CEILING`` (a won game), else a loss; its prediction is ``predict_win``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from openskill.models import PlackettLuce, PlackettLuceRating

from ratings.glicko import NEWCOMER, Rating, expected_score, rated, widened
from ratings.outcome import LOSS_CEILING, game_outcome

#: The days whose predictions are not scored: every rating starts unknown.
WARM_UP_DAYS = 10
#: Keeps log-loss finite when a system is sure and wrong.
CLIP = 1e-6


@dataclass(frozen=True)
class Game:
    player: int
    outcome: float


@dataclass(frozen=True)
class World:
    strengths: list[float]
    days: list[list[Game]]


def logistic(x: float) -> float:
    return 1 / (1 + math.exp(-x))


def game_played(
    rng: random.Random, *, strength: float, difficulty: float, par: int
) -> tuple[int, int]:
    """One simulated game's (cards, actions): won with probability logistic(strength -
    difficulty), a win's actions the par times a factor that shrinks with strength, a loss's
    cards a binomial draw that grows with it (its actions do not count)."""
    edge = strength - difficulty
    if rng.random() < logistic(edge):
        return 52, round(par * (1 + math.exp(rng.gauss(-0.5 * strength, 0.4))))
    return 1 + sum(rng.random() < logistic(edge + 0.5) for _ in range(50)), 300


def simulate(*, players: int, days: int, play: float, seed: int) -> World:
    """Players of known strength meeting deals of known difficulty (see the module)."""
    rng = random.Random(seed)
    strengths = [rng.gauss(0, 1) for _ in range(players)]
    schedule: list[list[Game]] = []
    for _ in range(days):
        difficulty, par = rng.gauss(0, 0.8), rng.randint(90, 200)
        games = []
        for player, strength in enumerate(strengths):
            if rng.random() >= play:
                continue
            cards, actions = game_played(rng, strength=strength, difficulty=difficulty, par=par)
            games.append(Game(player, game_outcome(cards=cards, actions=actions, par=par)))
        schedule.append(games)
    return World(strengths, schedule)


class System:
    """A rating system as the comparison drives it."""

    name = ""

    def deal_from(self, games: Sequence[Game]) -> None:
        """Rate today's deal from ``games`` (players as they stood before the day)."""
        raise NotImplementedError

    def expected(self, player: int) -> float:
        """``player``'s expected outcome against the deal as last rated."""
        raise NotImplementedError

    def players_rated(self, games: Sequence[Game]) -> None:
        """Rate each player of ``games`` against the deal as last rated."""
        raise NotImplementedError

    def strength(self, player: int) -> float:
        raise NotImplementedError


@dataclass
class Glicko2(System):
    """``ratings.glicko``, exactly what the service runs."""

    name = "Glicko-2 (glicko2)"
    ratings: dict[int, Rating] = field(default_factory=dict)
    last_day: dict[int, int] = field(default_factory=dict)
    deal: Rating = NEWCOMER
    day: int = 0

    def now(self, player: int) -> Rating:
        rating = self.ratings.get(player, NEWCOMER)
        idle = self.day - self.last_day.get(player, self.day) - 1
        return widened(rating, idle_days=idle)

    def deal_from(self, games: Sequence[Game]) -> None:
        players = [self.now(game.player) for game in games]
        self.deal = rated(NEWCOMER, opponents=players, scores=[1 - g.outcome for g in games])

    def expected(self, player: int) -> float:
        return expected_score(self.now(player), against=self.deal)

    def players_rated(self, games: Sequence[Game]) -> None:
        for game in games:
            now = self.now(game.player)
            self.ratings[game.player] = rated(now, opponents=[self.deal], scores=[game.outcome])
            self.last_day[game.player] = self.day
        self.day += 1

    def strength(self, player: int) -> float:
        return self.ratings.get(player, NEWCOMER).rating


@dataclass
class OpenSkill(System):
    """Weng-Lin's Plackett-Luce model (``openskill``), a game a two-team match."""

    name = "OpenSkill (Plackett-Luce)"
    model: PlackettLuce = field(default_factory=PlackettLuce)
    ratings: dict[int, PlackettLuceRating] = field(default_factory=dict)
    deal: PlackettLuceRating | None = None

    def now(self, player: int) -> PlackettLuceRating:
        if player not in self.ratings:
            self.ratings[player] = self.model.rating()
        return self.ratings[player]

    @staticmethod
    def ranks(game: Game) -> list[float]:
        return [1, 2] if game.outcome >= LOSS_CEILING else [2, 1]

    def deal_from(self, games: Sequence[Game]) -> None:
        deal = self.model.rating()
        for game in games:
            [_, [deal]] = self.model.rate([[self.now(game.player)], [deal]], ranks=self.ranks(game))
        self.deal = deal

    def expected(self, player: int) -> float:
        assert self.deal is not None
        return float(self.model.predict_win([[self.now(player)], [self.deal]])[0])

    def players_rated(self, games: Sequence[Game]) -> None:
        assert self.deal is not None
        for game in games:
            [[player], _] = self.model.rate(
                [[self.now(game.player)], [self.deal]], ranks=self.ranks(game)
            )
            self.ratings[game.player] = player

    def strength(self, player: int) -> float:
        return float(self.now(player).ordinal())


@dataclass
class Score:
    squared: list[float] = field(default_factory=list)
    log_loss: list[float] = field(default_factory=list)
    win_squared: list[float] = field(default_factory=list)
    seconds: float = 0.0

    def add(self, predicted: float, outcome: float) -> None:
        p = min(max(predicted, CLIP), 1 - CLIP)
        self.squared.append((p - outcome) ** 2)
        self.win_squared.append((p - (outcome >= LOSS_CEILING)) ** 2)
        self.log_loss.append(-(outcome * math.log(p) + (1 - outcome) * math.log(1 - p)))


def ranks_of(values: Sequence[float]) -> list[float]:
    order = sorted(range(len(values)), key=values.__getitem__)
    ranks = [0.0] * len(values)
    for rank, index in enumerate(order):
        ranks[index] = float(rank)
    return ranks


def spearman(first: Sequence[float], second: Sequence[float]) -> float:
    return statistics.correlation(ranks_of(first), ranks_of(second))


def compare(world: World, systems: Sequence[System], held_out: Callable[[int, int], bool]) -> None:
    scores = {system.name: Score() for system in systems}
    for day, games in enumerate(world.days):
        known = [game for game in games if not held_out(day, game.player)]
        unknown = [game for game in games if held_out(day, game.player)]
        for system in systems:
            score = scores[system.name]
            started = time.process_time()
            system.deal_from(known)
            if day >= WARM_UP_DAYS:
                for game in unknown:
                    score.add(system.expected(game.player), game.outcome)
            system.deal_from(games)
            system.players_rated(games)
            score.seconds += time.process_time() - started
    played = len(world.strengths)
    print(
        f"{'system':28} {'Brier':>8} {'log-loss':>9} {'win Brier':>9} {'Spearman':>9} {'CPU s':>7}"
    )
    for system in systems:
        score = scores[system.name]
        order = spearman([system.strength(p) for p in range(played)], world.strengths)
        print(
            f"{system.name:28} {statistics.fmean(score.squared):8.4f}"
            f" {statistics.fmean(score.log_loss):9.4f} {statistics.fmean(score.win_squared):9.4f}"
            f" {order:9.3f} {score.seconds:7.1f}"
        )
    baseline = statistics.fmean(
        (game.outcome - statistics.fmean(g.outcome for g in games)) ** 2
        for games in world.days[WARM_UP_DAYS:]
        for game in games
    )
    print(f"{'(the day mean, known ahead)':28} {baseline:8.4f}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--players", type=int, default=2000)
    parser.add_argument("--days", type=int, default=60)
    parser.add_argument("--play", type=float, default=0.6, help="chance a player plays a day")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    world = simulate(players=args.players, days=args.days, play=args.play, seed=args.seed)
    games = sum(len(day) for day in world.days)
    print(
        f"{args.players:,} players, {args.days} days, {games:,} games (seed {args.seed}); "
        f"predictions scored after day {WARM_UP_DAYS}, on half of each day's players"
    )
    compare(world, [Glicko2(), OpenSkill()], held_out=lambda day, player: (day + player) % 2 == 1)


if __name__ == "__main__":
    main()
