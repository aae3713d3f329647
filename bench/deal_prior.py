"""Does the deal's prior (``ratings.prior``) tell its tier before the close better than a
constant would?

    .venv/bin/python bench/deal_prior.py                    # 600 players, 240 days
    .venv/bin/python bench/deal_prior.py --table-strength 0.5 --seed 3

The simulated world of ``bench/ratings_models.py`` (players of known strength, deals of
known difficulty, games scored by ``ratings.outcome``), plus each day's table par: the
table-view player is a player of strength ``--table-strength`` (in the players' logistic
units: 1.0 is about the 84th percentile of the field; its real place among people is not
known until there are real days) who plays the deal 20 times, 60 when none of the 20 won
(as the service's par plays on), each run a simulated game.

Each day is rated as the service rates it (``ratings_models.Glicko2``: the deal from every
player from a newcomer's 1500 ± 350, then the players against it), which gives the
**post-close tier**, the players' verdict. The odd days calibrate: a least-squares fit of
the post-close rating on logit(win share) over the days some run won, which is where
``ratings.prior``'s ``REFERENCE`` and ``SLOPE`` come from. The even days are scored: how
often the tier of each prior equals the post-close tier, for the prior as coded, the prior
as fitted on this run, a constant 1500 (a newcomer's tier, "hard") and the best constant
(the commonest post-close tier of the calibration days); and the prior's RMS error in
rating points, which sets ``ratings.prior.DEVIATION``.
"""

from __future__ import annotations

import argparse
import math
import random
import statistics
import sys
import time
from collections import Counter
from dataclasses import dataclass
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
sys.path.insert(0, str(Path(__file__).resolve().parent))

from ratings_models import Game, Glicko2, game_played

from engine.table_player.par import TablePar
from ratings import prior
from ratings.difficulty import tier_of
from ratings.outcome import game_outcome

#: The table-view player's runs, and how many it plays when none of those won.
RUNS, RUNS_IF_NONE_WON = 20, 60


@dataclass(frozen=True)
class Day:
    par: TablePar
    rating: float  # post-close: rated from every player's game


def table_par(rng: random.Random, *, strength: float, difficulty: float, par: int) -> TablePar:
    runs = [game_played(rng, strength=strength, difficulty=difficulty, par=par)]
    while len(runs) < RUNS or (
        len(runs) < RUNS_IF_NONE_WON and all(cards < 52 for cards, _ in runs)
    ):
        runs.append(game_played(rng, strength=strength, difficulty=difficulty, par=par))
    return TablePar(3, tuple(runs), par, None, None, "no_edge")


def simulated_days(
    *, players: int, days: int, play: float, strength: float, seed: int
) -> list[Day]:
    rng = random.Random(seed)
    strengths = [rng.gauss(0, 1) for _ in range(players)]
    system = Glicko2()
    out = []
    for _ in range(days):
        difficulty, par = rng.gauss(0, 0.8), rng.randint(90, 200)
        games = []
        for player, own in enumerate(strengths):
            if rng.random() < play:
                cards, actions = game_played(rng, strength=own, difficulty=difficulty, par=par)
                games.append(Game(player, game_outcome(cards=cards, actions=actions, par=par)))
        table = table_par(rng, strength=strength, difficulty=difficulty, par=par)
        system.deal_from(games)
        out.append(Day(table, system.deal.rating))
        system.players_rated(games)
    return out


def logit_share(par: TablePar) -> float:
    won = sum(1 for cards, _ in par.runs if cards == 52)
    share = prior.clamped_share(won, len(par.runs))
    return math.log(share / (1 - share))


def fitted(days: list[Day]) -> tuple[float, float]:
    """(reference, slope) of the least-squares line rating = reference - slope * logit."""
    won = [day for day in days if any(cards == 52 for cards, _ in day.par.runs)]
    xs = [logit_share(day.par) for day in won]
    ys = [day.rating for day in won]
    slope, intercept = statistics.linear_regression(xs, ys)
    return intercept, -slope


def agreement(days: list[Day], tiers: list[str]) -> float:
    return sum(tier == tier_of(day.rating) for day, tier in zip(days, tiers, strict=True)) / len(
        days
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--players", type=int, default=600)
    parser.add_argument("--days", type=int, default=240)
    parser.add_argument("--play", type=float, default=0.5)
    parser.add_argument("--table-strength", type=float, default=1.0)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args()
    started = time.process_time()
    days = simulated_days(
        players=args.players,
        days=args.days,
        play=args.play,
        strength=args.table_strength,
        seed=args.seed,
    )
    calibration, scored = days[1::2], days[0::2]
    reference, slope = fitted(calibration)
    commonest = Counter(tier_of(day.rating) for day in calibration).most_common(1)[0][0]

    def with_constants(ref: float, slp: float) -> list[float]:
        saved = prior.REFERENCE, prior.SLOPE
        prior.REFERENCE, prior.SLOPE = ref, slp
        try:
            return [prior.prior_rating(day.par) for day in scored]
        finally:
            prior.REFERENCE, prior.SLOPE = saved

    coded = [prior.prior_rating(day.par) for day in scored]
    refit = with_constants(reference, slope)
    truth = [day.rating for day in scored]
    rms = math.sqrt(statistics.fmean((a - b) ** 2 for a, b in zip(coded, truth, strict=True)))
    print(
        f"{args.players} players, {args.days} days, play {args.play}, table-view strength "
        f"{args.table_strength}, seed {args.seed}: {len(scored)} days scored"
    )
    print(f"post-close tiers of the scored days: {dict(Counter(tier_of(r) for r in truth))}")
    print(f"fitted on the calibration days: REFERENCE {reference:.0f}, SLOPE {slope:.0f}")
    rows = [
        (f"prior as coded ({prior.REFERENCE:.0f}, {prior.SLOPE:.0f})", [tier_of(r) for r in coded]),
        (f"prior as fitted ({reference:.0f}, {slope:.0f})", [tier_of(r) for r in refit]),
        ("constant 1500 (hard)", [tier_of(1500.0)] * len(scored)),
        (f"best constant ({commonest})", [commonest] * len(scored)),
    ]
    for name, tiers in rows:
        print(f"  {name:<34} tier agrees on {agreement(scored, tiers):6.1%}")
    off_by_one = sum(
        abs(ranks(tier_of(a)) - ranks(tier_of(b))) <= 1 for a, b in zip(coded, truth, strict=True)
    )
    print(f"  prior as coded within one tier on {off_by_one / len(scored):6.1%}")
    print(
        f"prior as coded: RMS error {rms:.0f} rating points (its DEVIATION: {prior.DEVIATION:.0f})"
    )
    print(f"CPU {time.process_time() - started:.1f} s")


def ranks(tier: str) -> int:
    return ["easy", "medium", "hard", "very_hard", "fiendish"].index(tier)


if __name__ == "__main__":
    main()
