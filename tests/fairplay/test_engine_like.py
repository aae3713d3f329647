"""The ``engine_like`` signal in the service (issue 36): the fair-play worker judges each
finished ranked line once (an engine's choices where the choice matters, think times against
difficulty), pools an account's lines, and holds or lists; the owner is told what was
measured, never the figures; a declared bot is never judged; deleting the account hides
nothing from staff.

The day's deal is a real one (the tests' simple deal has too few decisions that matter for a
verdict), played by the full-information solver: an engine's line."""

import random
from collections.abc import Callable, Iterator
from datetime import timedelta
from functools import cache

import pytest
import time_machine
from django.conf import LazySettings
from django.test import Client
from rest_framework.test import APIClient

from engine import Deal, Game
from engine.solver import solve
from engine.table_player.engine_like import judge_line
from engine.table_player.par import WEIGHT_ALONE, TablePar
from engine.table_player.telling import Telling
from fairplay.engine_like import account_estimate, engine_like_judged, games_to_weigh
from fairplay.models import Flag, LineEngineLike, TableParRecord
from fairplay.seeds import board_seed
from fairplay.selectors import board_flags, flag_review
from fairplay.signals import key_label
from fairplay.table_pars import table_par_forget
from fairplay.worker import work_pass
from games import live
from games.models import DailyDeal
from games.models import Game as GameRow
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, DAY, act, start_ranked

pytestmark = [pytest.mark.usefixtures("day"), pytest.mark.slow]

#: A deal of the design set (docs/fair-play.md), never one the calibration bench measures.
DEAL_NUMBER = 5507


@cache
def deal() -> Deal:
    return Deal.from_number(DEAL_NUMBER, draw=3)


@cache
def engine_line() -> tuple[str, ...]:
    result = solve(Game(deal()), seconds=3600.0, max_nodes=400_000)
    assert result.status == "won"
    return tuple(result.line)


@pytest.fixture(autouse=True)
def _engine_like_judge_on(settings: LazySettings) -> None:
    """The judge under test (the suite switches it off elsewhere: its CPU per line)."""
    settings.CANFIELD_ENGINE_LIKE_JUDGE = True


@pytest.fixture(autouse=True)
def _real_deal(day: time_machine.Traveller) -> None:
    """The day's draw-3 deal is DEAL_NUMBER's, with its solver line as the day's par line."""
    DailyDeal.objects.filter(date=DAY).update(code=deal().code, line=list(engine_line()))


def no_threshold_par() -> None:
    """The board's table par ran out of budget: ``clairvoyant`` judges nothing on it, so what
    the worker says of these lines is ``engine_like``'s alone."""
    par = TablePar(
        draw=3,
        runs=((52, 300),),
        solver_actions=len(engine_line()),
        threshold=None,
        borderline=None,
        reason="budget",
        budget={"runs": 1, "samples": 2, "nodes_per_solve": 200, "seed": 1},
        seconds=1.0,
    )
    TableParRecord.objects.create(board=BOARD, par=par.to_json(), seconds=par.seconds)
    table_par_forget()


def play(client: APIClient, traveller: time_machine.Traveller, thinks: list[float]) -> int:
    game_id: int = start_ranked(client)["id"]
    for token, think in zip(engine_line(), thinks, strict=True):
        traveller.shift(timedelta(seconds=think))
        act(client, game_id, token)
    assert live.wait_idle()
    return game_id


def random_delays(seed: int) -> list[float]:
    """An engine's line at a human pace: exponential delays (mean 2 s) that ignore the
    position, never fast or flat enough for ``bot_like``."""
    rng = random.Random(seed)
    return [0.3 + rng.expovariate(1 / 2.0) for _ in engine_line()]


def thoughtful(seed: int) -> list[float]:
    """Think times that grow with each decision's difficulty (a hand's, by assumption)."""
    judged = judge_line(deal(), engine_line(), seed=seed)
    rng = random.Random(seed)
    return [0.4 + 1.5 * step.difficulty * rng.uniform(0.8, 1.25) for step in judged.steps]


@pytest.fixture
def traveller(day: time_machine.Traveller) -> Iterator[time_machine.Traveller]:
    yield day


@pytest.fixture
def player_at(
    make_player: Callable[..., Player], client_at: Callable[..., APIClient]
) -> Callable[[str, str], tuple[Player, APIClient]]:
    def make(name: str, address: str) -> tuple[Player, APIClient]:
        who = make_player(name)
        return who, client_at(who, address)

    return make


def on_board(client: APIClient) -> list[str]:
    return [e["player"] for e in client.get(f"/api/leaderboards/{BOARD}/").json()["entries"]]


def test_an_engines_line_at_random_delays_is_held_and_the_owner_told_what_was_measured(
    player_at: Callable[[str, str], tuple[Player, APIClient]],
    traveller: time_machine.Traveller,
) -> None:
    _, client = player_at("copycat", "198.51.100.7")
    game_id = play(client, traveller, random_delays(1))
    assert GameRow.objects.get(pk=game_id).status == "won"
    assert on_board(client) == ["copycat"]  # the move path never runs the judge

    no_threshold_par()
    said: list[str] = []
    report = work_pass(since=None, say=said.append)

    assert report.weighed == 1 and f"game {game_id}: held as engine_like" in said
    flag = Flag.objects.get(game_id=game_id, reason="engine_like")
    assert flag.status == "held"
    figures = flag.evidence["figures"]
    assert figures["matters"] >= 20 and figures["agreed"] / figures["matters"] >= 0.85
    assert figures["rho"] <= 0.10 and flag.evidence["verdict"] == "engine_like"
    assert flag.evidence["account"]["lines"] == 1
    assert on_board(client) == []
    mine = client.get("/api/daily/").json()["boards"]["D3"]["game"]
    assert (mine["held"], mine["held_reason"]["code"]) == (True, "engine_like")
    detail = mine["held_reason"]["detail"]
    assert "engine" in detail and not any(ch.isdigit() for ch in detail)  # no figure, no threshold
    # Judged once: a second pass weighs nothing again.
    assert work_pass(since=None).weighed == 0
    assert LineEngineLike.objects.filter(game_id=game_id).count() == 1


def test_the_same_moves_at_think_times_that_follow_difficulty_are_clear(
    player_at: Callable[[str, str], tuple[Player, APIClient]],
    traveller: time_machine.Traveller,
) -> None:
    _, client = player_at("thinker", "198.51.100.7")
    game_id = play(client, traveller, thoughtful(board_seed(BOARD, "engine-like-judge")))

    assert engine_like_judged(game_id=game_id) is False

    record = LineEngineLike.objects.get(game_id=game_id)
    assert record.verdict == "clear" and record.figures["rho"] > 0.15
    assert not Flag.objects.filter(game_id=game_id).exists()
    assert on_board(client) == ["thinker"]


def test_a_declared_bot_is_never_judged_engine_like(
    player_at: Callable[[str, str], tuple[Player, APIClient]],
    traveller: time_machine.Traveller,
) -> None:
    _, client = player_at("declared", "198.51.100.7")
    assert client.post("/api/me/bot/").status_code == 200
    game_id = play(client, traveller, random_delays(2))

    assert games_to_weigh(boards=[BOARD], today=DAY) == []
    assert engine_like_judged(game_id=game_id) is False
    assert not LineEngineLike.objects.filter(game_id=game_id).exists()
    assert not Flag.objects.filter(game_id=game_id).exists()


def test_a_resigned_line_is_judged_and_an_unfinished_one_waits_for_the_close(
    player_at: Callable[[str, str], tuple[Player, APIClient]],
    traveller: time_machine.Traveller,
) -> None:
    _, quitter = player_at("quitter", "198.51.100.7")
    _, player = player_at("playing", "203.0.113.9")
    resigned = play(quitter, traveller, random_delays(3))
    playing: int = start_ranked(player)["id"]
    act(player, playing, engine_line()[0])
    GameRow.objects.filter(pk=resigned).update(status="resigned", won=False)

    assert games_to_weigh(boards=[BOARD], today=DAY) == [resigned]
    assert games_to_weigh(boards=[BOARD], today=DAY + timedelta(days=1)) == [resigned, playing]


def test_deleting_the_account_hides_nothing_and_its_history_stays(
    player_at: Callable[[str, str], tuple[Player, APIClient]],
    traveller: time_machine.Traveller,
) -> None:
    who, client = player_at("vanisher", "198.51.100.7")
    game_id = play(client, traveller, random_delays(4))
    assert engine_like_judged(game_id=game_id) is True
    flag = Flag.objects.get(game_id=game_id, reason="engine_like")
    evidence = flag.evidence

    deleted = client.delete("/api/me/", {"password": who.password}, format="json")
    assert deleted.status_code == 200, deleted.json()
    assert live.wait_idle()

    flag.refresh_from_db()
    assert (flag.status, flag.evidence) == ("held", evidence)
    assert account_estimate(player_id=who.user.pk).lines == 1
    [shown] = [flag_review(f) for f in board_flags(board=BOARD)]
    assert shown["player"].startswith("deleted-")
    assert shown["reason"]["code"] == "engine_like" and "%" not in shown["measured"]["detail"]


def test_the_label_follows_the_evidence_strength_is_engine_like_knowledge_is_clairvoyant() -> None:
    """A line beyond the table-view player's runs is ``engine_like`` until its telling moves
    show knowledge of face-down cards (``WEIGHT_ALONE``); a declared bot is flagged for
    knowledge only (being an engine is its declared business)."""
    weak = Telling(decisions=200, against=9, telling=1, worse=2, weight=WEIGHT_ALONE - 0.5)
    strong = Telling(decisions=200, against=9, telling=4, worse=2, weight=WEIGHT_ALONE)
    assert key_label(None, bot=False) == key_label(weak, bot=False) == "engine_like"
    assert key_label(strong, bot=False) == key_label(strong, bot=True) == "clairvoyant"
    assert key_label(None, bot=True) is key_label(weak, bot=True) is None


def test_staff_see_engine_like_flags_strongest_first_with_the_decisions_think_times_and_history(
    player_at: Callable[[str, str], tuple[Player, APIClient]],
    traveller: time_machine.Traveller,
    staff: Player,
) -> None:
    _, client = player_at("copycat", "198.51.100.7")
    game_id = play(client, traveller, random_delays(5))
    assert engine_like_judged(game_id=game_id) is True
    _, other = player_at("metronome", "203.0.113.9")
    flat_game: int = start_ranked(other)["id"]
    for token in engine_line()[:40]:
        traveller.shift(timedelta(seconds=2.0))
        act(other, flat_game, token)
    assert other.post(f"/api/games/{flat_game}/resign/").status_code in (200, 201)
    engine_flag = Flag.objects.get(game_id=game_id)
    flat_flag = Flag.objects.get(game_id=flat_game, reason="bot_like")

    browser = Client()
    browser.force_login(staff.user)
    page = browser.get("/fair-play/", {"board": BOARD}).content.decode()

    reviews = {r["id"]: r for r in (flag_review(f) for f in board_flags(board=BOARD))}
    strengths = {flag_id: review["strength"] for flag_id, review in reviews.items()}
    assert strengths[engine_flag.id] >= 1.0 and strengths[flat_flag.id] >= 1.0
    first, second = sorted(strengths, key=lambda flag_id: -strengths[flag_id])
    assert page.index(f'id="flag-{first}"') < page.index(f'id="flag-{second}"')
    engine = reviews[engine_flag.id]["engine"]
    told = engine["told"]
    assert len(told) == engine_flag.evidence["figures"]["matters"]
    assert engine["agreed"] == engine_flag.evidence["figures"]["agreed"]
    assert page.count("<tr") >= len(told) and 'class="engine-think' in page
    assert sum(band["actions"] for band in engine["think_by_difficulty"]) == len(engine_line())
    assert [line["game"] for line in engine["history"]] == [game_id]
    assert "daily-2026-01-02-D3" in page and "Think times against difficulty" in page
    assert reviews[flat_flag.id]["engine"] is None
