"""Issue 23's "done when", end to end with a real table par: a full-information line played
from a fresh address at a human pace is held on a ranked board whose deal rewards knowing the
cards; honest lines (the table-view player's own, with a seed its par did not use, and a
greedy table player's) are not.

The day's deal is stored (a deal the table-view player never wins and the solver does); its
table par is computed by the service as ``prepare_daily`` computes it, with a small budget (6
runs, played on to 18 as none wins). The fair-play worker then counts the held line's
telling moves with the production budget: they weigh far past what holds a line, so it stays
held; the honest lines lost, and a lost line's moves are never counted.

The judge's samples and the optimiser's line come from seeds keyed by ``DAILY_SECRET``, which
a fresh clone draws anew, so the test fixes it: over 40 drawn seed pairs the held line weighed
0 to 35 (median 19), and 4 of the 40 fell short of ``WEIGHT_ALONE`` (CI met one, at 2.64).
That line is held as engine-like whatever the seed; the clairvoyant call on it is the part a
seed can miss (docs/fair-play.md).
"""

import random
from collections.abc import Callable, Iterator
from datetime import timedelta

import pytest
import time_machine
from django.test import override_settings
from rest_framework.test import APIClient

from engine import Deal, Game
from engine.solver import solve
from engine.table_player.greedy import greedy_from_table
from engine.table_player.par import WEIGHT_ALONE, better
from engine.table_player.sampling import play_from_table
from fairplay.models import Flag
from fairplay.table_pars import day_table_pars
from fairplay.telling import line_count
from fairplay.worker import work_pass
from games.models import DailyDeal
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, DAY, NOON, act, start_ranked

#: CF1 number 1007 in draw 3: the table-view player wins it in none of its runs (with this
#: test's budget as with the production one), the solver in 203 actions, and 12 of the
#: solver's moves tell (engine tests, docs/fair-play.md).
DEAL = "CF1-D3-AAAABMT"
BUDGET = {
    "CANFIELD_TABLE_PAR_RUNS": 6,
    "CANFIELD_TABLE_PAR_SAMPLES": 4,
    "CANFIELD_TABLE_PAR_NODES": 500,
    "DAILY_SECRET": "a fixed secret: this test's seeds are chosen, not drawn per clone",
}


@pytest.fixture
def traveller(transactional_db: None) -> Iterator[time_machine.Traveller]:
    """DAY's deals stored (DEAL in draw 3, with its solver line), its table pars computed,
    the clock at its noon."""
    deal = Deal.from_code(DEAL)
    d1 = Deal.from_code(DEAL.replace("-D3-", "-D1-"))
    lines = {
        mode: solve(Game(of_mode), seconds=30).line for mode, of_mode in (("D3", deal), ("D1", d1))
    }
    DailyDeal.objects.create(
        date=DAY,
        code=DEAL,
        code_d1=DEAL.replace("-D3-", "-D1-"),
        salt="5a" * 16,
        salt_d1="d1" * 16,
        par=len(lines["D3"]),
        par_d1=len(lines["D1"]),
        line=lines["D3"],
        line_d1=lines["D1"],
    )
    with time_machine.travel(NOON, tick=True) as clock, override_settings(**BUDGET):
        day_table_pars(DAY)
        yield clock


def played_at_human_pace(
    client: APIClient, clock: time_machine.Traveller, tokens: tuple[str, ...], seed: int
) -> int:
    rng = random.Random(seed)
    game_id: int = start_ranked(client)["id"]
    for token in tokens:
        clock.shift(timedelta(seconds=rng.lognormvariate(0.7, 0.7)))
        act(client, game_id, token)
    return game_id


@pytest.mark.slow
def test_a_full_information_line_is_held_and_honest_lines_are_not(
    traveller: time_machine.Traveller,
    make_player: Callable[..., Player],
    client_at: Callable[..., APIClient],
) -> None:
    deal = Deal.from_code(DEAL)
    solver = tuple(DailyDeal.objects.get(date=DAY).line)
    record = day_table_pars(DAY)[0]
    assert record.par.threshold is not None, f"no edge with this budget: {record.par}"
    assert better((52, len(solver)), record.par.threshold)

    honest_run = play_from_table(deal, seed=987_654, samples=4, nodes_per_solve=500)
    greedy_run = greedy_from_table(deal)
    for run in (honest_run, greedy_run):  # what makes them honest here: the measure itself
        assert not better(run.key, record.par.threshold), run.key

    seer = client_at(make_player("seer"), "198.51.100.23")  # a fresh address, linked to no one
    seer_game = played_at_human_pace(seer, traveller, solver, seed=1)
    steady = client_at(make_player("steady"), "203.0.113.40")
    steady_game = played_at_human_pace(steady, traveller, honest_run.line, seed=2)
    plain = client_at(make_player("plain"), "192.0.2.77")
    plain_game = played_at_human_pace(plain, traveller, greedy_run.line[:300], seed=3)

    # Held the moment it won, on its standing: strength, all the key measures.
    flags = list(Flag.objects.values_list("game_id", "reason", "status"))
    assert flags == [(seer_game, "engine_like", "held")]
    assert not {steady_game, plain_game} & {game for game, _, _ in flags}
    entries = seer.get(f"/api/leaderboards/{BOARD}/").json()["entries"]
    assert {entry["player"] for entry in entries} == {"steady", "plain"}

    report = work_pass(since=None)
    assert report.counted == 1  # the one won line; lost lines are never counted
    counted = line_count(seer_game)
    assert counted is not None and counted.telling.weight >= WEIGHT_ALONE, counted
    assert counted.idle == 0  # the solver's line goes round no loop
    # Its moves show it knew face-down cards: now it is called clairvoyant too.
    seer_flags = set(Flag.objects.filter(game_id=seer_game).values_list("reason", "status"))
    assert seer_flags == {("engine_like", "held"), ("clairvoyant", "held")}
    # The honest lines are never clairvoyant nor held; the worker's engine judge may list the
    # table-view player's (an engine's line at a pace that ignores the position is what it
    # looks for; a lost line is listed at most), and a new account in the top is listed.
    others = set(
        Flag.objects.filter(game_id__in=[steady_game, plain_game]).values_list("reason", "status")
    )
    assert others <= {("engine_like", "listed"), ("provisional", "listed")}, others
