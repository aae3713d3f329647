"""Engine-level play: a line that takes a table-view engine's choices and thinks as if every
decision were equally hard.

With the cards secret, the cheat left is to play an engine's moves on a human account at a
human pace. The clairvoyance verdict (``par``, ``telling``) cannot see it: an engine that sees
only the table knows nothing hidden, and it may well lose to the par. What it does that a hand
does not:

* **it takes an engine's choice where the choice matters.** A *judge*, a
  :class:`~engine.table_player.sampling.SamplingPlayer` with its own (keyed) seed that sees
  only the table (the views the line's player was shown, as in ``telling``), walks the line.
  At each decision (two moves or more besides undo) its samples vote for their winning lines'
  first moves; the decision **matters** when the top move leads the next by at least
  ``MATTER_SHARE`` of the samples (5 of 6: the table points one way). The line **agreed**
  there when it took the judge's top move or the full-information solver's next move (its
  plan kept while the line follows it, remembered by position, seeded with the day's solver
  par when the caller has it): an engine's choice either way, whether it saw the cards or
  not. The figure is ``agreed`` of ``matters`` (``table_agreed``: the judge's alone).
  Actions in idle loops (``idle``) are left out: padding is ``idle``'s to measure.
* **its think times do not follow how hard the decision was.** Each action's *difficulty* is
  ``log2(candidates)`` (0 when the move was forced: one move besides undo) plus the entropy
  (bits) of the judge's votes (no sample winning: ``log2(candidates)`` again), plus 1 when
  the action before it turned a card never seen before (there is something new to read). A
  person is quick on a forced draw and slow where the position is hard or new; an engine
  with random delays, of any shape, thinks as long on either. The figure is Spearman's rank
  correlation ``rho`` between the think times (one per action, the server's) and the
  difficulties: about 0 for any delays that ignore the position, whatever their shape or
  pace, with a spread of about ``1 / sqrt(actions)``.

A line is **engine_like** (held) when it agrees at least ``Thresholds.agree_hold`` and its
``rho`` is at most ``Thresholds.rho_hold``, **listed** past the looser pair, else clear;
``too_few`` under ``MIN_MATTERS`` decisions that matter or ``MIN_TIMED`` think times. The
verdict names what it measured: play like a table-view engine's, at an engine's
indifference to difficulty. It says nothing about hidden cards (that is ``clairvoyant``),
and a strong player who thinks where it is hard is clear by construction.

The judge is the cost: a table-view game's CPU or so (measured in ``docs/fair-play.md``),
deterministic in its node budget and seed. :func:`judge_line` does that part once per line;
:func:`figures` reads any think times against its steps in microseconds. Several lines of an
account accumulate (:func:`accumulate`) into an estimate with its interval, so evidence
builds across ranked days; :func:`refit` draws the thresholds from honest lines' figures.
"""

from __future__ import annotations

import math
import statistics
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from typing import Any, Literal

from engine.deal import Deal
from engine.game import Game
from engine.solver import solve
from engine.table import table_view
from engine.table_player.idle import idle_steps
from engine.table_player.idle import position as position_of
from engine.table_player.sampling import SamplingPlayer

#: The judge's budget (the table par's: ``par.SAMPLES``, ``par.NODES_PER_SOLVE``); its seed is
#: the caller's (the service passes a keyed one, so a cheater cannot replay the judge).
SAMPLES, NODES_PER_SOLVE = 6, 1500
#: The most solves (the judge's and the solver's) one line may cost: past it the rest of the
#: line is not judged (``unjudged``). A solve costs about 0.01 s of CPU, so this bounds a
#: line's judge to about 10 s (a person's long lost game departs from the judge's samples at
#: every decision, 6 solves each; an engine's line follows them and costs far less).
MAX_SOLVES = 1000
#: The full-information solver's budget per solve (its move is an engine's choice too), and how
#: many actions it waits after a solve that found no win.
TRUTH_NODES, TRUTH_RETRY = 10_000, 10
#: Seconds given to one solve: never the binding limit (the node budget is), so figures repeat.
_NO_TIME_LIMIT = 3600.0
#: A decision matters when the judge's top move leads the next by this share of its samples.
MATTER_SHARE = 0.8
#: No verdict on fewer decisions that matter, or fewer think times (``fairplay.timing``'s floor).
MIN_MATTERS, MIN_TIMED = 20, 36
#: What a flag's evidence says it measured (``EngineLike.evidence``).
STATISTIC = "engine_like_agreement_and_think_time_rank_correlation"
#: z of a two-sided 95% interval (the account's estimate).
Z95 = 1.959964

Verdict = Literal["engine_like", "listed", "clear", "too_few"]


@dataclass(frozen=True)
class Step:
    """One action of a line as the judge saw the position before it."""

    candidates: int  # legal moves besides undo
    votes: tuple[int, ...]  # the judge's votes, most first (empty: forced, or no sample won)
    top: tuple[str, ...]  # the moves with the most votes
    token: str  # the line's action
    truth: str | None = None  # the full-information solver's next move (None: not asked, no win)
    first_look: bool = False  # the action before it turned a card never seen before

    @property
    def agreed(self) -> bool:
        """The line took an engine's choice: the judge's top move or the solver's."""
        return self.token in self.top or self.token == self.truth

    @property
    def decision(self) -> bool:
        return self.candidates >= 2 and self.token != "undo" and bool(self.votes)

    def matters(self, samples: int) -> bool:
        """The judge's top move leads the next by at least ``MATTER_SHARE`` of its samples."""
        if not self.decision:
            return False
        second = self.votes[1] if len(self.votes) > 1 else 0
        return self.votes[0] - second >= MATTER_SHARE * samples

    @property
    def difficulty(self) -> float:
        """``log2(candidates)`` (0 when forced) + the votes' entropy in bits (no vote:
        ``log2(candidates)`` again, the judge found nothing) + 1 after a first look at a card
        (there is something new to read)."""
        look = 1.0 if self.first_look else 0.0
        if self.candidates <= 1:
            return look
        spread = math.log2(self.candidates)
        total = sum(self.votes)
        if not total:
            return 2 * spread + look
        return spread - sum(v / total * math.log2(v / total) for v in self.votes if v) + look


@dataclass(frozen=True)
class Thresholds:
    """Where a line's figures are held or listed (``verdict``)."""

    agree_hold: float
    rho_hold: float
    agree_list: float
    rho_list: float

    def to_json(self) -> dict[str, float]:
        return {
            "agree_hold": self.agree_hold,
            "rho_hold": self.rho_hold,
            "agree_list": self.agree_list,
            "rho_list": self.rho_list,
        }


#: Measured on design deals (CF1 5500+ in draw 3, 5600+ in draw 1; ``bench/engine_like.py``):
#: docs/fair-play.md "Engine-level play" says what they gave on fresh deals.
THRESHOLDS = Thresholds(agree_hold=0.85, rho_hold=0.10, agree_list=0.80, rho_list=0.15)


@dataclass(frozen=True)
class EngineLike:
    """What one line's decisions and think times measured (JSON for a flag's evidence)."""

    actions: int
    decisions: int  # positions with a choice the judge voted on (idle loops left out)
    matters: int  # ... where its top move led by MATTER_SHARE of its samples
    agreed: int  # ... where the line took that move or the full-information solver's
    table_agreed: int  # ... where it took the judge's top move
    timed: int  # think times read (one per action)
    rho: float | None  # Spearman: think time against difficulty (None: too few, or flat)
    hard_over_forced: float | None  # median think at decisions that matter / at forced moves
    idle: int  # actions in idle loops (``idle``)
    judge: tuple[int, int, int]  # its seed, samples, nodes per solve
    unjudged: int = 0  # actions at the end past the judge's budget (``MAX_SOLVES``)
    won: bool = True  # a lost line is never held, listed past the hold pair: ``verdict``

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.matters if self.matters else None

    def verdict(self, thresholds: Thresholds = THRESHOLDS) -> Verdict:
        """``engine_like`` (held), ``listed``, ``clear``, or ``too_few`` to say anything.

        A lost line is listed at most, never held, and only past the hold pair: it ranks
        below every winner, so holding it protects no one, and a lost game's end (passes
        through a stock with nothing to play) says little about thinking. Measured on the
        design deals (4,200,000+): 21 of the 22 people-like lines listed were lost, and the
        listing band for lost lines took 3.6% of people's lines for 0.2% of engines'. Its
        figures still count in an account's estimate (:func:`accumulate`)."""
        if self.matters < MIN_MATTERS or self.timed < MIN_TIMED or self.rho is None:
            return "too_few"
        agreement = self.agreed / self.matters
        if agreement >= thresholds.agree_hold and self.rho <= thresholds.rho_hold:
            return "engine_like" if self.won else "listed"
        if self.won and agreement >= thresholds.agree_list and self.rho <= thresholds.rho_list:
            return "listed"
        return "clear"

    def to_json(self) -> dict[str, object]:
        return {
            "actions": self.actions,
            "decisions": self.decisions,
            "matters": self.matters,
            "agreed": self.agreed,
            "table_agreed": self.table_agreed,
            "timed": self.timed,
            "rho": None if self.rho is None else round(self.rho, 4),
            "hard_over_forced": (
                None if self.hard_over_forced is None else round(self.hard_over_forced, 4)
            ),
            "idle": self.idle,
            "judge": {"seed": self.judge[0], "samples": self.judge[1], "nodes": self.judge[2]},
            "unjudged": self.unjudged,
            "won": self.won,
        }

    @classmethod
    def from_json(cls, data: Mapping[str, Any]) -> EngineLike:
        judge = data["judge"]
        rho, ratio = data["rho"], data["hard_over_forced"]
        return cls(
            actions=int(data["actions"]),
            decisions=int(data["decisions"]),
            matters=int(data["matters"]),
            agreed=int(data["agreed"]),
            table_agreed=int(data["table_agreed"]),
            timed=int(data["timed"]),
            rho=None if rho is None else float(rho),
            hard_over_forced=None if ratio is None else float(ratio),
            idle=int(data["idle"]),
            judge=(int(judge["seed"]), int(judge["samples"]), int(judge["nodes"])),
            unjudged=int(data.get("unjudged", 0)),
            won=bool(data.get("won", True)),
        )

    def evidence(self, thresholds: Thresholds = THRESHOLDS) -> dict[str, object]:
        """The figures, the verdict, and the thresholds it was held to (a flag's evidence)."""
        return {
            "statistic": STATISTIC,
            "verdict": self.verdict(thresholds),
            "figures": self.to_json(),
            "thresholds": {
                **thresholds.to_json(),
                "min_matters": MIN_MATTERS,
                "min_timed": MIN_TIMED,
                "matter_share": MATTER_SHARE,
            },
        }


@dataclass(frozen=True)
class Judged:
    """A line's steps as the judge saw them, once: think times are read against it cheaply."""

    steps: tuple[Step, ...]
    idle: frozenset[int]
    judge: tuple[int, int, int]  # seed, samples, nodes per solve
    unjudged: int = 0  # actions at the end the judge did not vote on (MAX_SOLVES spent)
    won: bool = True  # whether the line won the deal


def judge_line(
    deal: Deal,
    line: Sequence[str],
    *,
    seed: int,
    samples: int = SAMPLES,
    nodes_per_solve: int = NODES_PER_SOLVE,
    truth_nodes: int = TRUTH_NODES,
    solver_line: Sequence[str] | None = None,
    max_solves: int = MAX_SOLVES,
) -> Judged:
    """Walk ``line`` (legal tokens on ``deal``) beside a table-view judge seeded ``seed``, and
    ask the full-information solver (``truth_nodes`` a solve) for its move at each decision.

    ``solver_line`` is the deal's full-information line when the caller has it (the day's
    solver par): the solver's plan from the first position, which a small budget may not
    find again."""
    game = Game(deal)
    judge = SamplingPlayer(samples=samples, nodes_per_solve=nodes_per_solve, seed=seed)
    judge.start(table_view(game.state()))
    truth = _Truth(truth_nodes)
    if solver_line:
        truth.plan(game, solver_line)
    steps: list[Step] = []
    first_look = False
    unjudged = 0
    for index, token in enumerate(line):
        candidates = sum(1 for move in game.legal_moves() if str(move) != "undo")
        votes: Counter[str] = Counter()
        spent = judge.solves + truth.solves >= max_solves
        unjudged += spent
        if candidates >= 2 and not spent:
            votes = judge.votes(nodes_per_solve)
        ranked = votes.most_common()
        most = ranked[0][1] if ranked else 0
        steps.append(
            Step(
                candidates=candidates,
                votes=tuple(count for _, count in ranked),
                top=tuple(sorted(move for move, count in ranked if count == most)),
                token=token,
                truth=(
                    truth.move(game, index)
                    if candidates >= 2 and token != "undo" and not spent
                    else None
                ),
                first_look=first_look,
            )
        )
        seen = sum(1 for card in judge.memory.known if card is not None)
        game.play(token)
        truth.follow(token)
        judge.observe(token, table_view(game.state()))
        first_look = sum(1 for card in judge.memory.known if card is not None) > seen
    judged = (seed, samples, nodes_per_solve)
    return Judged(tuple(steps), idle_steps(deal, line), judged, unjudged, game.won)


class _Truth:
    """The full-information solver's line, kept while the game follows it (most decisions of
    an engine's line cost no solve) and remembered by position, so a line that comes back to
    a position (a look taken back, a card moved and moved back) finds the same plan there;
    after a solve that found no win, it waits ``TRUTH_RETRY`` actions before trying again."""

    def __init__(self, max_nodes: int) -> None:
        self.max_nodes = max_nodes
        self.line: list[str] | None = None
        self.retry_at = 0
        self.solves = 0
        self._plans: dict[tuple[object, ...], list[str]] = {}

    def plan(self, game: Game, line: Sequence[str]) -> None:
        """A winning line known from this position on (the solver par's, at the start)."""
        self._plans[position_of(game)] = list(line)

    def move(self, game: Game, index: int) -> str | None:
        here = position_of(game)
        if self.line is None and here in self._plans:
            self.line = list(self._plans[here])
        if self.line is None and index >= self.retry_at:
            result = solve(game, seconds=_NO_TIME_LIMIT, max_nodes=self.max_nodes)
            self.solves += 1
            self.line = result.line if result.status == "won" else []
            if not self.line:
                self.retry_at = index + TRUTH_RETRY
        if self.line:
            self._plans[here] = list(self.line)
        return self.line[0] if self.line else None

    def follow(self, token: str) -> None:
        if self.line and self.line[0] == token:
            del self.line[0]
        else:
            self.line = None


def figures(judged: Judged, think_times: Sequence[float]) -> EngineLike:
    """The line's figures: its agreement where the choice mattered, and how its think times
    (seconds before each action, one per action) follow the difficulties."""
    steps, samples = judged.steps, judged.judge[1]
    if len(think_times) != len(steps):
        raise ValueError(f"{len(think_times)} think times for {len(steps)} actions")
    counted = [step for index, step in enumerate(steps) if index not in judged.idle]
    decisions = [step for step in counted if step.decision]
    matters = [step for step in decisions if step.matters(samples)]
    agreed = sum(1 for step in matters if step.agreed)
    table_agreed = sum(1 for step in matters if step.token in step.top)
    # The timing figure reads the actions the judge saw: past its budget a choice has no votes.
    seen = len(steps) - judged.unjudged
    times, steps = think_times[:seen], steps[:seen]
    difficulty = [step.difficulty for step in steps]
    hard = [t for t, step in zip(times, steps, strict=True) if step.matters(samples)]
    forced = [t for t, step in zip(times, steps, strict=True) if step.candidates <= 1]
    ratio = None
    if hard and forced and statistics.median(forced) > 0:
        ratio = statistics.median(hard) / statistics.median(forced)
    return EngineLike(
        actions=len(judged.steps),
        decisions=len(decisions),
        matters=len(matters),
        agreed=agreed,
        table_agreed=table_agreed,
        timed=len(times),
        rho=spearman(times, difficulty),
        hard_over_forced=ratio,
        idle=len(judged.idle),
        judge=judged.judge,
        unjudged=judged.unjudged,
        won=judged.won,
    )


def engine_like(
    deal: Deal,
    line: Sequence[str],
    think_times: Sequence[float],
    *,
    seed: int,
    samples: int = SAMPLES,
    nodes_per_solve: int = NODES_PER_SOLVE,
    truth_nodes: int = TRUTH_NODES,
    solver_line: Sequence[str] | None = None,
    max_solves: int = MAX_SOLVES,
) -> EngineLike:
    """Measure one line: :func:`judge_line` then :func:`figures`."""
    judged = judge_line(
        deal,
        line,
        seed=seed,
        samples=samples,
        nodes_per_solve=nodes_per_solve,
        truth_nodes=truth_nodes,
        solver_line=solver_line,
        max_solves=max_solves,
    )
    return figures(judged, think_times)


# -- statistics ---------------------------------------------------------------------------------
def ranks(values: Sequence[float]) -> list[float]:
    """Ranks from 1, ties sharing their mean rank.

    >>> ranks([0.5, 0.1, 0.5, 2.0])
    [2.5, 1.0, 2.5, 4.0]
    """
    order = sorted(range(len(values)), key=lambda i: values[i])
    out = [0.0] * len(values)
    start = 0
    while start < len(order):
        end = start
        while end + 1 < len(order) and values[order[end + 1]] == values[order[start]]:
            end += 1
        for position in range(start, end + 1):
            out[order[position]] = (start + end) / 2 + 1
        start = end + 1
    return out


def spearman(xs: Sequence[float], ys: Sequence[float]) -> float | None:
    """Spearman's rank correlation (ties: mean ranks), None with fewer than 3 pairs or a
    constant side.

    >>> spearman([1, 2, 3, 4], [10, 20, 30, 25])
    0.8
    """
    if len(xs) != len(ys):
        raise ValueError("two sequences of one length")
    if len(xs) < 3:
        return None
    rx, ry = ranks(xs), ranks(ys)
    mx, my = statistics.fmean(rx), statistics.fmean(ry)
    sxy = sum((a - mx) * (b - my) for a, b in zip(rx, ry, strict=True))
    sxx = sum((a - mx) ** 2 for a in rx)
    syy = sum((b - my) ** 2 for b in ry)
    if sxx == 0 or syy == 0:
        return None
    return sxy / math.sqrt(sxx * syy)


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval of a binomial share (``(0, 1)`` with no trials)."""
    if trials == 0:
        return 0.0, 1.0
    share = successes / trials
    centre = (share + z * z / (2 * trials)) / (1 + z * z / trials)
    half = z * math.sqrt(share * (1 - share) / trials + z * z / (4 * trials * trials))
    half /= 1 + z * z / trials
    return max(0.0, centre - half), min(1.0, centre + half)


# -- an account across days ---------------------------------------------------------------------
@dataclass(frozen=True)
class AccountEstimate:
    """Several lines of one account pooled: agreement over every decision that mattered (a
    Wilson interval), ``rho`` pooled by Fisher's z weighted by ``timed - 3`` (its interval).

    Both intervals treat the pooled items as independent: decisions within a line are not
    quite (a plan followed for a few moves), so the intervals are somewhat too narrow; the
    account's verdict asks for the interval to clear the line's hold thresholds, not a
    listing's, to leave room for that."""

    lines: int
    matters: int
    agreed: int
    agreement_low: float
    agreement_high: float
    rho: float | None
    rho_low: float | None
    rho_high: float | None

    @property
    def agreement(self) -> float | None:
        return self.agreed / self.matters if self.matters else None

    def verdict(self, thresholds: Thresholds = THRESHOLDS) -> Verdict:
        """``engine_like`` when the intervals clear the hold thresholds (agreement's low end
        at least ``agree_hold``, rho's high end at most ``rho_hold``); ``listed`` when the
        point estimates do; ``too_few`` without a line that says anything."""
        agreement = self.agreement
        if agreement is None or self.rho is None or self.rho_high is None:
            return "too_few"
        if self.agreement_low >= thresholds.agree_hold and self.rho_high <= thresholds.rho_hold:
            return "engine_like"
        if agreement >= thresholds.agree_hold and self.rho <= thresholds.rho_hold:
            return "listed"
        return "clear"

    def to_json(self) -> dict[str, object]:
        def rounded(value: float | None) -> float | None:
            return None if value is None else round(value, 4)

        return {
            "lines": self.lines,
            "matters": self.matters,
            "agreed": self.agreed,
            "agreement_interval": [rounded(self.agreement_low), rounded(self.agreement_high)],
            "rho": rounded(self.rho),
            "rho_interval": [rounded(self.rho_low), rounded(self.rho_high)],
        }


def accumulate(lines: Sequence[EngineLike]) -> AccountEstimate:
    """Pool an account's lines (those with ``MIN_MATTERS`` decisions that matter and
    ``MIN_TIMED`` think times; the rest say too little) into one estimate."""
    usable = [
        line
        for line in lines
        if line.matters >= MIN_MATTERS and line.timed >= MIN_TIMED and line.rho is not None
    ]
    matters = sum(line.matters for line in usable)
    agreed = sum(line.agreed for line in usable)
    low, high = wilson(agreed, matters)
    weights = [line.timed - 3 for line in usable]
    rho = rho_low = rho_high = None
    if usable:
        zs = [math.atanh(max(-0.999999, min(0.999999, line.rho or 0.0))) for line in usable]
        z = sum(w * value for w, value in zip(weights, zs, strict=True)) / sum(weights)
        # Spearman's z has a standard error of about 1.03 / sqrt(n - 3) (Fieller et al.).
        error = 1.03 / math.sqrt(sum(weights))
        rho, rho_low, rho_high = (
            math.tanh(z),
            math.tanh(z - Z95 * error),
            math.tanh(z + Z95 * error),
        )
    return AccountEstimate(len(usable), matters, agreed, low, high, rho, rho_low, rho_high)


# -- refitting the thresholds from honest lines -------------------------------------------------
@dataclass(frozen=True)
class Refit:
    """New thresholds and what they give on the lines they were drawn from."""

    thresholds: Thresholds
    honest: int  # honest lines with a verdict (not too_few)
    held: int  # ... held under the new thresholds
    listed: int  # ... listed
    held_bound: float  # one-sided 95% upper bound of the honest held rate (from held / honest)
    engines: int  # engine lines given (0: none)
    engines_held: int
    enough: bool  # at least 3 / held_rate honest lines: else it may only tighten the thresholds

    def to_json(self) -> dict[str, object]:
        return {
            "thresholds": self.thresholds.to_json(),
            "honest": self.honest,
            "held": self.held,
            "listed": self.listed,
            "held_bound": round(self.held_bound, 4),
            "engines": self.engines,
            "engines_held": self.engines_held,
            "enough": self.enough,
        }


#: The agreement floors a refit with engine lines tries (without them it keeps the current ones).
AGREE_GRID = tuple(round(0.5 + 0.025 * step, 3) for step in range(19))


def refit(
    honest: Sequence[EngineLike],
    *,
    held_rate: float = 0.01,
    listed_rate: float = 0.05,
    engines: Sequence[EngineLike] = (),
    current: Thresholds = THRESHOLDS,
) -> Refit:
    """Thresholds under which at most ``held_rate`` of the ``honest`` lines are held and at
    most ``listed_rate`` held or listed.

    The agreement floor says what play counts as an engine's; the rho ceiling is what the
    honest lines fit. For a floor, the ceiling is set just under the rho of the honest line
    that would be one too many held (of those at or above the floor): so exactly as many as
    the rate allows are held, on these lines. Without ``engines`` the floors stay
    ``current``'s; with them (lines known to be engines, e.g. the bench's) each floor of
    ``AGREE_GRID`` is tried and the one that holds the most engines wins (ties: the higher
    floor). ``held_bound`` says what the honest lines can show: with none held of ``n``
    the rate is below about ``3 / n`` (so some 300 lines to show 1%); on fewer than
    ``3 / held_rate`` lines the refit may tighten the ``current`` thresholds, never loosen
    them (``enough`` is False)."""
    usable = [
        line
        for line in honest
        if line.matters >= MIN_MATTERS and line.timed >= MIN_TIMED and line.rho is not None
    ]
    if not usable:
        raise ValueError("no honest line with enough decisions and think times to refit on")

    def ceiling(floor: float, rate: float) -> float:
        rhos = sorted(line.rho for line in usable if line.rho is not None and _agree(line) >= floor)
        allowed = math.floor(rate * len(usable))
        if allowed >= len(rhos):
            return 1.0
        return math.nextafter(rhos[allowed], -math.inf)  # the one too many stays out

    def held(thresholds: Thresholds, lines: Sequence[EngineLike]) -> int:
        return sum(1 for line in lines if line.verdict(thresholds) == "engine_like")

    floors = AGREE_GRID if engines else (current.agree_hold,)
    best: Thresholds | None = None
    for floor in floors:
        candidate = Thresholds(floor, ceiling(floor, held_rate), floor, 0.0)
        if best is None or held(candidate, engines) >= held(best, engines):
            best = candidate
    assert best is not None
    list_floor = min(current.agree_list, best.agree_hold) if not engines else best.agree_hold
    thresholds = Thresholds(
        agree_hold=best.agree_hold,
        rho_hold=best.rho_hold,
        agree_list=list_floor,
        rho_list=max(best.rho_hold, ceiling(list_floor, listed_rate)),
    )
    enough = len(usable) >= math.ceil(3 / held_rate)
    if not enough:
        # Too few lines to show the rate: they may tighten the thresholds, never loosen them.
        thresholds = Thresholds(
            agree_hold=max(thresholds.agree_hold, current.agree_hold),
            rho_hold=min(thresholds.rho_hold, current.rho_hold),
            agree_list=max(thresholds.agree_list, current.agree_list),
            rho_list=min(thresholds.rho_list, current.rho_list),
        )
    verdicts = Counter(line.verdict(thresholds) for line in usable)
    return Refit(
        thresholds=thresholds,
        honest=len(usable),
        held=verdicts["engine_like"],
        listed=verdicts["listed"],
        held_bound=upper_bound(verdicts["engine_like"], len(usable)),
        engines=len(engines),
        engines_held=held(thresholds, engines),
        enough=enough,
    )


def _agree(line: EngineLike) -> float:
    return line.agreed / line.matters if line.matters else 0.0


def upper_bound(successes: int, trials: int) -> float:
    """A one-sided 95% upper bound of a binomial share (the Wilson score, z = 1.645)."""
    return wilson(successes, trials, z=1.644854)[1]
