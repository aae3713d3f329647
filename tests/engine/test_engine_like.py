"""Engine-level play (``engine.table_player.engine_like``): the figures of a line, the verdict,
an account's estimate across days, and the refit of the thresholds.

Most tests build the judge's steps by hand (microseconds); the ones that walk a real line
beside the judge cost a second or so and are marked slow. The rates are the bench's
(``bench/engine_like.py``, docs/fair-play.md "Engine-level play").
"""

from __future__ import annotations

import math
import random
from dataclasses import replace

import pytest

from engine import Deal, Game
from engine.solver import solve
from engine.table_player.engine_like import (
    MATTER_SHARE,
    MIN_MATTERS,
    THRESHOLDS,
    AccountEstimate,
    EngineLike,
    Judged,
    Step,
    Thresholds,
    accumulate,
    engine_like,
    figures,
    judge_line,
    refit,
    spearman,
    wilson,
)

#: An easy draw-3 deal: the solver's line and the table's choices mostly agree.
EASY_CODE = "CF1-D3-AAAAACL"
SAMPLES = 6


def forced(token: str = "draw") -> Step:
    return Step(candidates=1, votes=(), top=(), token=token)


def choice(token: str, *, top: str, votes: tuple[int, ...], candidates: int = 3) -> Step:
    return Step(candidates=candidates, votes=votes, top=(top,), token=token)


def judged(steps: list[Step], idle: frozenset[int] = frozenset()) -> Judged:
    return Judged(tuple(steps), idle, (1, SAMPLES, 1500))


def a_game(rng: random.Random, *, agree: float, decisions: int = 120) -> list[Step]:
    """A synthetic line: forced draws between decisions of 2 to 6 candidates, some with a
    clear top move (6-0), some split (3-3), the line taking the top move ``agree`` of the
    time."""
    steps: list[Step] = []
    for _ in range(decisions):
        steps.append(forced())
        candidates = rng.randint(2, 6)
        votes = (6,) if rng.random() < 0.7 else (3, 3)
        token = "W1" if rng.random() < agree else "draw"
        steps.append(choice(token, top="W1", votes=votes, candidates=candidates))
    return steps


def shaped(steps: list[Step], rng: random.Random) -> list[float]:
    """Think times that grow with the difficulty (a hand's, as the bench models it)."""
    return [0.3 + (0.4 + 0.8 * s.difficulty) * math.exp(rng.gauss(0, 0.5)) for s in steps]


def flat(steps: list[Step], rng: random.Random) -> list[float]:
    """Random delays that ignore the position (an engine's at a human pace)."""
    return [rng.expovariate(1 / 2.0) for _ in steps]


# -- one line -----------------------------------------------------------------------------------
def test_a_crafted_line_counts_the_decisions_that_matter_and_what_it_took() -> None:
    steps = [
        forced(),  # forced: no decision, difficulty 0
        choice("W1", top="W1", votes=(6,)),  # matters (6-0), agreed
        choice("draw", top="W1", votes=(5,)),  # matters (5-0 leads by 5 of 6), not agreed
        choice("R2", top="R1", votes=(3, 3)),  # a split vote: does not matter
        Step(3, (6,), ("R1",), "R2", truth="R2"),  # not the judge's move: the solver's
        Step(3, (5, 1), ("R1",), "R2"),  # 5-1 leads by 4 < 0.8 of 6: does not matter
        Step(3, (), (), "R1"),  # no sample won: no decision
        Step(2, (6,), ("R1",), "undo"),  # an undo is never a decision
    ]
    assert MATTER_SHARE == 0.8
    assert steps[0].difficulty == 0.0
    assert steps[1].difficulty == pytest.approx(math.log2(3))  # unanimous: no entropy
    assert steps[3].difficulty == pytest.approx(math.log2(3) + 1.0)  # 3-3: one bit
    assert Step(1, (), (), "draw", first_look=True).difficulty == 1.0
    figure = figures(judged(steps), [0.2, 3.0, 2.0, 4.0, 1.0, 2.5, 3.5, 0.1])
    assert (figure.actions, figure.decisions, figure.matters) == (8, 5, 3)
    assert (figure.agreed, figure.table_agreed) == (2, 1)
    assert figure.agreement == pytest.approx(2 / 3)
    assert figure.rho is not None and figure.rho > 0.5  # slow where it was hard
    assert figure.verdict() == "too_few"  # far under MIN_MATTERS and MIN_TIMED
    with pytest.raises(ValueError):
        figures(judged(steps), [1.0])
    # Past the judge's budget the tail is not read for timing (its choices have no votes).
    tail = figures(Judged(tuple(steps), frozenset(), (1, SAMPLES, 1500), 3), [1.0] * 8)
    assert (tail.timed, tail.unjudged, tail.actions) == (5, 3, 8)


def test_idle_actions_are_left_out_of_the_agreement() -> None:
    steps = [choice("draw", top="W1", votes=(6,)), choice("W1", top="W1", votes=(6,))]
    assert figures(judged(steps), [1.0, 1.0]).matters == 2
    left_out = figures(judged(steps, frozenset({0})), [1.0, 1.0])
    assert (left_out.matters, left_out.agreed, left_out.idle) == (1, 1, 1)


def test_random_delays_on_an_engines_decisions_read_as_engine_like_shaped_ones_do_not() -> None:
    rng = random.Random(4)
    steps = a_game(rng, agree=0.95)
    engine = figures(judged(steps), flat(steps, rng))
    person = figures(judged(steps), shaped(steps, rng))
    assert engine.matters >= MIN_MATTERS and engine.agreement is not None
    assert engine.agreement > THRESHOLDS.agree_hold
    assert engine.rho is not None and person.rho is not None
    assert person.rho > 0.4 > engine.rho + 0.2
    assert engine.verdict() in ("engine_like", "listed")  # rho ~ 0 +- 1/sqrt(240): its luck
    assert person.verdict() == "clear"  # the same moves, thought about like a hand
    if engine.verdict() == "engine_like":
        assert replace(engine, won=False).verdict() == "listed"  # a lost line is never held
    weak = figures(judged(a_game(rng, agree=0.5)), flat(steps, rng))
    assert weak.verdict() == "clear"  # flat times, but not an engine's moves


def test_a_lost_line_is_listed_only_past_the_hold_pair_and_never_held() -> None:
    """Between the listing pair and the hold pair a won line is listed and a lost one clear (a
    lost game's end says little about thinking); past the hold pair a lost line is listed."""
    between = EngineLike(
        actions=200, decisions=120, matters=100, agreed=82, table_agreed=82, timed=200,
        rho=0.12, hard_over_forced=None, idle=0, judge=(1, 6, 1500),
    )  # fmt: skip
    assert THRESHOLDS.agree_list <= 0.82 < THRESHOLDS.agree_hold
    assert THRESHOLDS.rho_hold < 0.12 <= THRESHOLDS.rho_list
    assert between.verdict() == "listed"
    assert replace(between, won=False).verdict() == "clear"
    past = replace(between, agreed=95, rho=0.02)
    assert (past.verdict(), replace(past, won=False).verdict()) == ("engine_like", "listed")


def test_the_figures_and_the_verdict_round_trip_through_json() -> None:
    rng = random.Random(2)
    steps = a_game(rng, agree=0.9, decisions=40)
    figure = figures(judged(steps), flat(steps, rng))
    again = EngineLike.from_json(figure.to_json())
    assert again.to_json() == figure.to_json()
    lost = replace(figure, won=False, unjudged=3)
    assert EngineLike.from_json(lost.to_json()) == replace(again, won=False, unjudged=3)
    assert again.verdict() == figure.verdict()
    assert abs((again.rho or 0) - (figure.rho or 0)) < 1e-4
    evidence = figure.evidence()
    assert evidence["verdict"] == figure.verdict()
    assert evidence["figures"] == figure.to_json()


def test_spearman_and_wilson() -> None:
    assert spearman([1, 2, 3], [3, 2, 1]) == pytest.approx(-1.0)
    assert spearman([1, 1, 1], [1, 2, 3]) is None
    assert spearman([1, 2], [1, 2]) is None
    low, high = wilson(90, 100)
    assert 0.82 < low < 0.9 < high < 0.95
    assert wilson(0, 0) == (0.0, 1.0)


# -- an account across days ---------------------------------------------------------------------
def test_an_accounts_lines_pool_into_an_estimate_that_narrows_with_days() -> None:
    rng = random.Random(8)
    days = []
    for _ in range(6):
        steps = a_game(rng, agree=0.93)
        days.append(figures(judged(steps), flat(steps, rng)))
    one, six = accumulate(days[:1]), accumulate(days)
    assert six.lines == 6 and six.matters == sum(d.matters for d in days)
    assert six.agreed == sum(d.agreed for d in days)
    assert six.agreement_low <= (six.agreement or 0) <= six.agreement_high
    assert six.agreement_high - six.agreement_low < one.agreement_high - one.agreement_low
    assert six.rho_low is not None and six.rho_high is not None and one.rho_high is not None
    assert six.rho_low <= (six.rho or 0) <= six.rho_high
    assert six.rho_high - six.rho_low < one.rho_high - (one.rho_low or 0)
    assert six.verdict() == "engine_like"
    nothing: AccountEstimate = accumulate([])
    assert nothing.verdict() == "too_few" and nothing.to_json()["lines"] == 0
    people = []
    for _ in range(6):
        steps = a_game(rng, agree=0.93)
        people.append(figures(judged(steps), shaped(steps, rng)))
    assert accumulate(people).verdict() == "clear"


# -- refitting ----------------------------------------------------------------------------------
def simulated(rng: random.Random, *, honest: bool) -> EngineLike:
    """Figures as the bench sees them: honest lines agree 60-100% and think with rho around
    0.3; engines agree 85-100% with rho around 0."""
    matters = rng.randint(60, 240)
    share = rng.uniform(0.6, 1.0) if honest else rng.uniform(0.85, 1.0)
    agreed = round(share * matters)
    rho = rng.gauss(0.3, 0.1) if honest else rng.gauss(0.0, 0.07)
    return EngineLike(
        actions=matters + 40,
        decisions=matters + 10,
        matters=matters,
        agreed=agreed,
        table_agreed=agreed,
        timed=matters + 40,
        rho=rho,
        hard_over_forced=None,
        idle=0,
        judge=(1, 6, 1500),
    )


def test_the_refit_holds_at_most_the_rate_of_honest_lines_and_still_holds_engines() -> None:
    rng = random.Random(11)
    honest = [simulated(rng, honest=True) for _ in range(600)]
    engines = [simulated(rng, honest=False) for _ in range(200)]
    fitted = refit(honest, engines=engines, held_rate=0.01, listed_rate=0.05)
    assert fitted.honest == 600 and fitted.engines == 200
    assert fitted.held <= 6 and fitted.held + fitted.listed <= 30
    assert fitted.engines_held >= 150  # rho ~ 0 against honest ~ 0.3: most are held
    new = fitted.thresholds
    assert new.agree_list <= new.agree_hold and new.rho_list >= new.rho_hold
    assert Thresholds(**fitted.to_json()["thresholds"]) == new  # type: ignore[arg-type]
    # Fresh honest lines from the same source are held about as rarely.
    fresh = [simulated(rng, honest=True) for _ in range(1000)]
    assert sum(1 for line in fresh if line.verdict(new) == "engine_like") <= 20
    assert fitted.enough
    few = refit(honest[:50], engines=engines)  # too few to show 1%: never looser than now
    assert not few.enough
    assert few.thresholds.rho_hold <= THRESHOLDS.rho_hold
    assert few.thresholds.agree_hold >= THRESHOLDS.agree_hold
    with pytest.raises(ValueError):
        refit([])


# -- real lines beside the judge ----------------------------------------------------------------
@pytest.mark.slow
def test_a_judged_line_repeats_with_its_seed() -> None:
    deal = Deal.from_code(EASY_CODE)
    line = solve(Game(deal), seconds=30).line[:90]
    first = judge_line(deal, line, seed=5)
    assert len(first.steps) == len(line) and first.judge == (5, 6, 1500)
    rng = random.Random(1)
    times = [rng.expovariate(0.5) for _ in line]
    figure = engine_like(deal, line, times, seed=5)  # the judge walks the line again
    assert figure == figures(first, times)
    assert figure.matters > MIN_MATTERS and (figure.agreement or 0) > 0.9  # the solver's own
    capped = judge_line(deal, line, seed=5, max_solves=3)  # the judge's budget bounds its CPU
    assert capped.unjudged > 0 and capped.steps[: len(line) - capped.unjudged] != ()
    assert all(not step.votes for step in capped.steps[len(line) - capped.unjudged :])
