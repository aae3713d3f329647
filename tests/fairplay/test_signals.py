"""The fair-play signals on ranked games, through the API on the server's clock: a line
better than the table-view player's runs on the deal (held, or listed when borderline), called
``engine_like`` on its standing alone (strength) and ``clairvoyant`` only when its telling moves
show it knew face-down cards, ``bot_like`` (think times too flat or too fast on an undeclared
account: held), the worker that judges games played before their board had a table par, verdicts on
games with two flags, the staff's step-by-step line, and the table par told after the close.

The table pars here are stored rows with chosen figures: what is tested is what the service
does with a par. The table-view player itself (and the thresholds it draws) is tested in
``tests/engine/test_table_player.py`` and measured by ``bench/clairvoyance.py``;
``test_sealed_clairvoyance.py`` plays a solver's line against a real one.
"""

import random
import re
from collections.abc import Callable, Iterator
from datetime import timedelta
from functools import cache
from io import StringIO
from typing import Any

import pytest
import time_machine
from django.conf import LazySettings
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from rest_framework.test import APIClient

from engine import Deal, Game, parse_card
from engine.cards import pretty
from engine.solver import solve
from engine.table_player.detours import with_detours
from engine.table_player.par import MORE_RUNS, Key, TablePar
from engine.table_player.telling import Telling
from fairplay.models import Flag, LineTelling, TableParRecord
from fairplay.signals import telling_judged
from fairplay.table_pars import table_par_forget
from fairplay.telling import line_counted
from fairplay.worker import work_pass
from games.models import Game as GameRow
from tests.conftest import Player
from tests.fairplay.conftest import BOARD, DAY, act, start_ranked
from tests.support.games import SIMPLE_CODE

#: Every test here plays on a day whose table par the table-view player computes: seconds of
#: CPU each, so ``make test`` runs them and the inner loop (``make test-fast``) does not.
pytestmark = [pytest.mark.usefixtures("day"), pytest.mark.slow]

Think = Callable[[int], float]


@cache
def solver_line() -> tuple[str, ...]:
    """The solver's winning line of the day's deal (SIMPLE_CODE): full information."""
    result = solve(Game(Deal.from_code(SIMPLE_CODE)), seconds=30)
    assert result.status == "won"
    return tuple(result.line)


def human(seed: int) -> Think:
    """Think times a person might take: mostly a second or two, now and then much longer."""
    rng = random.Random(seed)
    return lambda _: rng.lognormvariate(0.6, 0.8)


def flat(seconds: float) -> Think:
    return lambda _: seconds


def store_par(
    *,
    threshold: Key | None,
    borderline: Key | None,
    reason: str = "",
    runs: tuple[Key, ...] = ((52, 262), (52, 270), (51, 300), (52, 281), (40, 400)),
) -> TablePar:
    par = TablePar(
        draw=3,
        runs=runs,
        solver_actions=len(solver_line()),
        threshold=threshold,
        borderline=borderline,
        reason=reason,  # type: ignore[arg-type]
        budget={"runs": len(runs), "samples": 8, "nodes_per_solve": 2000, "seed": 1},
        seconds=12.5,
    )
    TableParRecord.objects.create(board=BOARD, par=par.to_json(), seconds=par.seconds)
    table_par_forget()  # as the worker that stores a par does in its own process
    return par


def play(
    client: APIClient,
    traveller: time_machine.Traveller,
    tokens: tuple[str, ...],
    think: Think,
    *,
    resign: bool = False,
) -> int:
    """A ranked game on the day's D3 board playing ``tokens``, each after its think time on
    the server's clock (then a resignation, if asked); its id."""
    game_id: int = start_ranked(client)["id"]
    for index, token in enumerate(tokens):
        traveller.shift(timedelta(seconds=think(index)))
        act(client, game_id, token)
    if resign:
        traveller.shift(timedelta(seconds=think(len(tokens))))
        answer = client.post(f"/api/games/{game_id}/resign/")
        assert answer.status_code in (200, 201), answer.json()
    return game_id


def on_board(client: APIClient) -> list[str]:
    return [
        entry["player"] for entry in client.get(f"/api/leaderboards/{BOARD}/").json()["entries"]
    ]


def own_ranked(client: APIClient) -> dict[str, Any]:
    """The owner's own ranked game on the day's D3 board as the daily tells them."""
    game: dict[str, Any] = client.get("/api/daily/").json()["boards"]["D3"]["game"]
    return game


def flags_of(game_id: int) -> dict[str, str]:
    return dict(Flag.objects.filter(game_id=game_id).values_list("reason", "status"))


@pytest.fixture
def player_at(
    make_player: Callable[..., Player], client_at: Callable[..., APIClient]
) -> Callable[[str, str], APIClient]:
    """Factory: a new player playing from their own address (no link to anyone)."""
    return lambda name, address: client_at(make_player(name), address)


@pytest.fixture
def traveller(day: time_machine.Traveller) -> Iterator[time_machine.Traveller]:
    yield day


def test_a_line_better_than_the_table_player_ever_did_is_held_the_moment_it_wins(
    player_at: Callable[[str, str], APIClient],
    traveller: time_machine.Traveller,
    staff: Player,
    client_at: Callable[..., APIClient],
) -> None:
    store_par(threshold=(52, len(solver_line()) + 20), borderline=(52, 262))
    cheat, honest = player_at("seer", "198.51.100.7"), player_at("plodder", "203.0.113.9")
    play(honest, traveller, ("draw",) * 3, human(2))
    game_id = play(cheat, traveller, solver_line(), human(1))

    mine = own_ranked(cheat)
    assert (mine["id"], mine["status"], mine["held"]) == (game_id, "won", True)
    assert mine["held_reason"]["code"] == "engine_like"
    assert "only the table" in mine["held_reason"]["detail"]
    assert on_board(honest) == ["plodder"]
    assert flags_of(game_id) == {"engine_like": "held"}

    review = client_at(staff, "192.0.2.1").get("/api/fair-play/flags/", {"board": BOARD}).json()
    (flag,) = review["flags"]
    figures = flag["measured"]["figures"]
    assert (flag["reason"]["code"], flag["status"], flag["evidence"]) == (
        "engine_like",
        "held",
        [],
    )
    assert figures["line"] == {"cards": 52, "actions": len(solver_line())}
    assert figures["threshold"] == {"cards": 52, "actions": len(solver_line()) + 20}
    assert figures["table"]["runs"] == 5 and figures["table"]["won"] == 3
    assert figures["table"]["won_actions"] == [262, 270, 281]
    assert f"{len(solver_line())} actions" in flag["measured"]["detail"]


def test_a_borderline_line_below_the_reviewed_top_is_listed_and_stays_on_the_board(
    player_at: Callable[[str, str], APIClient],
    traveller: time_machine.Traveller,
    settings: LazySettings,
) -> None:
    settings.CANFIELD_TOP_REVIEWED = 0  # no place is reviewed: the line stands where it is
    store_par(threshold=(52, len(solver_line()) - 10), borderline=(52, len(solver_line()) + 5))
    client = player_at("lucky", "198.51.100.7")
    game_id = play(client, traveller, solver_line(), human(3))
    assert flags_of(game_id) == {"engine_like": "listed"}
    assert GameRow.objects.get(pk=game_id).held is False
    assert on_board(client) == ["lucky"]


def test_a_line_between_threshold_and_best_run_is_held_in_the_top_ten(
    player_at: Callable[[str, str], APIClient], traveller: time_machine.Traveller
) -> None:
    """F3: a line placed between the threshold and the best table-view run was only listed
    and stood at rank 1. In the top ten, a listing is a hold until staff decide."""
    store_par(threshold=(52, len(solver_line()) - 10), borderline=(52, len(solver_line()) + 5))
    client = player_at("placed", "198.51.100.7")
    game_id = play(client, traveller, solver_line(), human(3))
    assert flags_of(game_id) == {"engine_like": "held"}
    assert Flag.objects.get(game_id=game_id).evidence["held_in_top"] == 10
    assert GameRow.objects.get(pk=game_id).held is True
    assert on_board(client) == []
    mine = own_ranked(client)
    assert (mine["held"], mine["held_reason"]["code"]) == (True, "engine_like")
    assert "10" not in mine["held_reason"]["detail"]  # words, never the figures


@pytest.mark.parametrize(
    ("threshold", "borderline", "reason"),
    [((52, 150), (52, 160), ""), (None, None, "budget")],
    ids=["better-than-the-line", "out-of-budget"],
)
def test_a_line_within_the_table_players_reach_or_a_board_without_threshold_flags_nothing(
    player_at: Callable[[str, str], APIClient],
    traveller: time_machine.Traveller,
    threshold: Key | None,
    borderline: Key | None,
    reason: str,
) -> None:
    store_par(threshold=threshold, borderline=borderline, reason=reason)
    client = player_at("steady", "198.51.100.7")
    game_id = play(client, traveller, solver_line(), human(4))
    assert flags_of(game_id) == {}
    assert on_board(client) == ["steady"]


def test_flat_think_times_hold_an_undeclared_account_when_its_game_ends(
    player_at: Callable[[str, str], APIClient], traveller: time_machine.Traveller
) -> None:
    client = player_at("metronome", "198.51.100.7")
    game_id = play(client, traveller, solver_line()[:40], flat(2.0), resign=True)
    assert flags_of(game_id) == {"bot_like": "held"}
    flag = Flag.objects.get(game_id=game_id)
    assert flag.evidence["flat"] is True and flag.evidence["cv"] < 0.25
    assert flag.evidence["think_times"] == 40
    mine = own_ranked(client)
    assert (mine["held"], mine["held_reason"]["code"]) == (True, "bot_like")
    assert on_board(client) == []


def test_speed_no_hand_reaches_is_bot_like_even_when_uneven(
    player_at: Callable[[str, str], APIClient], traveller: time_machine.Traveller
) -> None:
    rng = random.Random(5)
    client = player_at("blur", "198.51.100.7")
    # A stopped clock: the requests' own time (longer than these think times on a busy
    # machine) must not count.
    with time_machine.travel(timezone.now(), tick=False) as stopped:
        game_id = play(
            client, stopped, solver_line()[:45], lambda _: rng.uniform(0.0, 0.2), resign=True
        )
    flag = Flag.objects.get(game_id=game_id)
    assert (flag.reason, flag.evidence["fast"]) == ("bot_like", True)


def test_human_think_times_and_a_declared_bot_flag_nothing(
    player_at: Callable[[str, str], APIClient], traveller: time_machine.Traveller
) -> None:
    person = player_at("person", "198.51.100.7")
    person_game = play(person, traveller, solver_line()[:40], human(6), resign=True)
    bot = player_at("declared", "203.0.113.9")
    assert bot.post("/api/me/bot/").status_code == 200
    bot_game = play(bot, traveller, solver_line()[:40], flat(2.0), resign=True)
    assert flags_of(person_game) == flags_of(bot_game) == {}
    assert on_board(person) == ["person"]


def test_the_worker_judges_games_played_before_their_board_had_a_par(
    player_at: Callable[[str, str], APIClient], traveller: time_machine.Traveller
) -> None:
    client = player_at("early", "198.51.100.7")
    game_id = play(client, traveller, solver_line(), human(7))
    assert flags_of(game_id) == {}
    store_par(threshold=(52, len(solver_line()) + 20), borderline=(52, 262))
    said: list[str] = []

    report = work_pass(since=None, say=said.append)

    # Held on its key, then its moves counted: on this easy deal they weigh nothing, and a
    # weight only ever adds a hold, so the line stays held.
    assert (report.judged, report.held, report.counted) == (1, 1, 1)
    assert said.index(f"game {game_id}: held") < said.index(
        f"game {game_id}: telling moves weigh 0.0, 0 actions idle; held"
    )
    assert flags_of(game_id) == {"engine_like": "held"}
    assert on_board(client) == []
    boards = {board_par.board: board_par.computed for board_par in report.pars}
    tomorrow = DAY + timedelta(days=1)
    assert boards == {
        BOARD: False,
        "daily-2026-01-02-D1": True,
        f"daily-{tomorrow}-D3": True,
        f"daily-{tomorrow}-D1": True,
    }
    # Its runs, said: 2 (the tests' setting), or up to MORE_RUNS times that where the solver's
    # line beats the first runs' threshold (which board that is depends on the day's deals).
    runs_said = [int(n) for line in said for n in re.findall(r"table par of (\d+) runs", line)]
    assert runs_said and all(2 <= n <= 2 * MORE_RUNS for n in runs_said), said
    assert all("CF" not in line for line in said)  # no deal code in a log
    assert [line for line in said if line.startswith(f"{tomorrow}: D3 par ")]  # optimised
    again = work_pass(since=None)
    assert (again.judged, again.held, again.counted) == (0, 0, 0)  # held; counted once, for good
    assert [p.computed for p in again.pars] == [False] * 4


def test_moves_that_tell_hold_a_line_its_key_let_pass_and_staff_see_them(
    player_at: Callable[[str, str], APIClient],
    traveller: time_machine.Traveller,
    staff: Player,
    client_at: Callable[..., APIClient],
) -> None:
    """A full-information line padded to the table's own length: the key lets it pass, its
    moves (here a stored count: the engine's tests count real ones) hold it."""
    store_par(threshold=(52, 150), borderline=(52, 160), runs=((52, 229), (52, 262), (40, 300)))
    client = player_at("padded", "198.51.100.7")
    game_id = play(client, traveller, solver_line(), human(8))
    assert flags_of(game_id) == {} and on_board(client) == ["padded"]
    telling = Telling(decisions=200, against=9, telling=4, worse=2, weight=10.5, at=(3, 4, 5, 9))
    LineTelling.objects.create(game_id=game_id, telling=telling.to_json(), seconds=2.0)

    assert telling_judged(game_id=game_id) is True

    assert flags_of(game_id) == {"clairvoyant": "held"}
    assert on_board(client) == []
    review = client_at(staff, "192.0.2.1").get("/api/fair-play/flags/", {"board": BOARD}).json()
    (flag,) = review["flags"]
    assert flag["measured"]["figures"]["statistic"]["telling"] == telling.to_json()
    assert (
        "4 of them won where that choice was proven lost, weighing 10.5"
        in (flag["measured"]["detail"])
    )
    assert telling_judged(game_id=game_id) is True  # judged again: the same, nothing new


def test_a_line_padded_with_idle_loops_is_held_once_the_worker_counts_it(
    player_at: Callable[[str, str], APIClient],
    traveller: time_machine.Traveller,
    staff: Player,
    client_at: Callable[..., APIClient],
) -> None:
    """A full-information line padded past the threshold with cards moved and moved back and
    cards taken back and put up again: the key lets it pass (listed at most); the worker
    counts the line for real, finds the padding went round in circles, and holds it on the
    actions it played."""
    line = solver_line()
    deal = Deal.from_code(SIMPLE_CODE)
    padded = with_detours(
        deal, line, rng=random.Random(3), count=40, kinds=["shuffle", "take_back"]
    )
    best = len(line) + 20
    store_par(
        threshold=(52, best - 5),
        borderline=(52, best),
        runs=((52, best), (52, best + 9), (40, 300)),
    )
    assert len(padded) > best  # longer than every run: the key sees an honest line
    client = player_at("padder", "198.51.100.7")
    game_id = play(client, traveller, tuple(padded), human(9))
    assert flags_of(game_id) == {} and on_board(client) == ["padder"]

    counted = line_counted(game_id=game_id)

    assert counted is not None and counted.idle == len(padded) - len(line)
    assert telling_judged(game_id=game_id) is True
    assert flags_of(game_id) == {"engine_like": "held"} and on_board(client) == []
    review = client_at(staff, "192.0.2.1").get("/api/fair-play/flags/", {"board": BOARD}).json()
    (flag,) = review["flags"]
    assert flag["measured"]["figures"]["statistic"]["idle"] == counted.idle
    assert f"judged on the {len(line)} it played" in flag["measured"]["detail"]


def test_a_game_two_signals_hold_stays_held_until_both_are_cleared(
    player_at: Callable[[str, str], APIClient],
    traveller: time_machine.Traveller,
    staff: Player,
    client_at: Callable[..., APIClient],
) -> None:
    store_par(threshold=(52, len(solver_line()) + 20), borderline=(52, 262))
    client = player_at("both", "198.51.100.7")
    game_id = play(client, traveller, solver_line(), flat(3.0))
    assert flags_of(game_id) == {"engine_like": "held", "bot_like": "held"}
    reviewer = client_at(staff, "192.0.2.1")
    ids = dict(Flag.objects.filter(game_id=game_id).values_list("reason", "id"))

    cleared = reviewer.post(f"/api/fair-play/flags/{ids['engine_like']}/", {"verdict": "clear"})
    assert cleared.status_code == 200, cleared.json()
    assert GameRow.objects.get(pk=game_id).held is True
    assert own_ranked(client)["held_reason"]["code"] == "bot_like"
    assert on_board(client) == []

    reviewer.post(f"/api/fair-play/flags/{ids['bot_like']}/", {"verdict": "clear"})
    assert GameRow.objects.get(pk=game_id).held is False
    assert on_board(client) == ["both"]

    # The worker judges the game again (the verdict changed it): a cleared flag holds nothing.
    assert work_pass(since=None).held == 0
    assert GameRow.objects.get(pk=game_id).held is False
    # A new account's entry in the top ten is listed for staff (provisional), never held.
    assert flags_of(game_id) == {
        "engine_like": "cleared",
        "bot_like": "cleared",
        "provisional": "listed",
    }
    assert on_board(client) == ["both"]


def test_staff_read_the_line_step_by_step_beside_what_the_player_could_see(
    player_at: Callable[[str, str], APIClient],
    traveller: time_machine.Traveller,
    staff: Player,
    client_at: Callable[..., APIClient],
    make_player: Callable[..., Player],
) -> None:
    store_par(threshold=(52, len(solver_line()) + 20), borderline=(52, 262))
    client = player_at("seer", "198.51.100.7")
    game_id = play(client, traveller, solver_line(), human(8))
    flag = Flag.objects.get(game_id=game_id)

    answer = client_at(staff, "192.0.2.1").get(f"/api/fair-play/flags/{flag.id}/line/")
    assert answer.status_code == 200, answer.json()
    steps: list[dict[str, Any]] = answer.json()["steps"]
    assert len(steps) == len(solver_line()) + 1
    dealt = steps[0]
    assert (dealt["seq"], dealt["token"]) == (0, None)
    assert len(dealt["face_down"]["stock"]) == 34 and len(dealt["face_down"]["reserve"]) == 12
    assert "stock 34" in dealt["table"]
    board_lines = dealt["table"].split("\n", 1)[1]  # the board below its header line
    for hidden in dealt["face_down"]["stock"] + dealt["face_down"]["reserve"]:
        assert pretty(parse_card(hidden)) not in board_lines.split()
    assert steps[-1]["token"] == solver_line()[-1]
    assert steps[-1]["face_down"] == {"reserve": [], "stock": []}

    refused = client.get(f"/api/fair-play/flags/{flag.id}/line/")
    assert (refused.status_code, refused.json()["error"]) == (403, "not_staff")
    missing = client_at(staff, "192.0.2.1").get(f"/api/fair-play/flags/{flag.id + 99}/line/")
    assert (missing.status_code, missing.json()["error"]) == (404, "flag_not_found")

    browser = Client()
    browser.force_login(staff.user)
    page = browser.get(f"/fair-play/flags/{flag.id}/line/")
    assert page.status_code == 200
    assert page.content.decode().count('class="line-step"') == len(steps)
    flags_page = browser.get("/fair-play/", {"board": BOARD}).content.decode()
    assert f"/fair-play/flags/{flag.id}/line/" in flags_page
    other = Client()
    other.force_login(make_player("nosy").user)
    assert other.get(f"/fair-play/flags/{flag.id}/line/").status_code == 403


def test_the_table_par_is_told_beside_the_solvers_par_once_the_day_has_closed(
    traveller: time_machine.Traveller, api_client: APIClient
) -> None:
    store_par(threshold=(52, 250), borderline=(52, 262))
    during = api_client.get(f"/api/daily/{DAY}/").json()
    assert during["boards"]["D3"]["table_par"] is None
    assert api_client.get(f"/api/leaderboards/{BOARD}/").json()["table_par"] is None

    traveller.move_to(DAY + timedelta(days=1, hours=1))
    after = api_client.get(f"/api/daily/{DAY}/").json()["boards"]["D3"]["table_par"]
    assert (after["runs"], after["won"], after["median_actions"]) == (5, 3, 270)
    assert after["detail"] == (
        f"knowing every card: {len(solver_line())} actions;"
        " seeing only the table: about 270 actions (won 3 of 5 runs)"
    )
    board = api_client.get(f"/api/leaderboards/{BOARD}/").json()
    assert board["table_par"] == after
    assert api_client.get(f"/api/daily/{DAY}/").json()["boards"]["D1"]["table_par"] is None


def test_a_line_far_better_than_every_run_is_held_on_a_board_once_called_no_edge(
    player_at: Callable[[str, str], APIClient], traveller: time_machine.Traveller
) -> None:
    """F2: a board whose stored par said ``no_edge`` (the solver's first line was no better
    than the runs) judged nothing, and a line 20-33% shorter than every run took rank 1. The
    board keeps the threshold its runs give: a line 20% shorter than every run is held."""
    shortest = round(len(solver_line()) / 0.8)
    runs = ((52, shortest), (52, shortest + 9), (40, 400))
    stored = store_par(threshold=None, borderline=None, reason="no_edge", runs=runs)
    assert stored.reason == "no_edge"  # as a par stored before this change says it
    client = player_at("quick", "198.51.100.7")
    game_id = play(client, traveller, solver_line(), human(5))
    assert flags_of(game_id) == {"engine_like": "held"}
    assert on_board(client) == []


def test_after_the_close_the_day_is_reviewed_against_its_best_known_line_before_it_is_rated(
    player_at: Callable[[str, str], APIClient], traveller: time_machine.Traveller
) -> None:
    """The day's par line was long (no edge at the time); a player's verified line is far
    shorter. After the close the worker's pass takes that line as the best known one, plays
    more runs where it calls for them (same keyed seeds), judges every line again (the game
    played before the par existed is held now) and only then rates the day, without it."""
    from fairplay.models import DayReview
    from ratings.models import RatedDay, RatingDay

    cheat, honest = player_at("seer", "198.51.100.7"), player_at("plodder", "203.0.113.9")
    play(honest, traveller, ("draw",) * 3, human(2))
    game_id = play(cheat, traveller, solver_line(), human(1))
    assert flags_of(game_id) == {}  # no par yet: nothing to judge against
    runs = ((52, len(solver_line()) + 30), (52, len(solver_line()) + 40))
    par = TablePar(
        draw=3,
        runs=runs,
        solver_actions=10_000,  # a first line far longer than any run: "no edge" then
        threshold=None,
        borderline=None,
        reason="",
        budget={"runs": 2, "samples": 2, "nodes_per_solve": 200, "seed": 1},
        seconds=1.0,
    ).against(solver_actions=10_000)
    assert par.edge is False
    TableParRecord.objects.create(board=BOARD, par=par.to_json(), seconds=1.0)
    table_par_forget()
    traveller.move_to(DAY + timedelta(days=1, hours=1))  # the day has closed
    said: list[str] = []

    report = work_pass(since=None, say=said.append)

    assert report.reviewed == [DAY] and report.rated == [DAY]
    assert flags_of(game_id) == {"engine_like": "held"}
    review = DayReview.objects.get(day=DAY).boards[BOARD]
    assert (review["best_known"], review["best_game"]) == (len(solver_line()), game_id)
    again = TablePar.from_json(TableParRecord.objects.get(board=BOARD).par)
    assert again.solver_actions == len(solver_line()) and again.edge is not None
    assert again.runs[:2] == runs and len(again.runs) > 2  # played on, after the stored runs
    rated = set(RatingDay.objects.filter(day=DAY).values_list("player__username", flat=True))
    assert rated == {"plodder"}  # rated once, from the final verdicts
    assert RatedDay.objects.filter(day=DAY).count() == 1
    held_at = said.index(f"game {game_id}: held")  # yesterday's games are judged first
    reviewed_at = said.index(
        f"{BOARD}: reviewed, best known line {len(solver_line())}, 1 judged, 0 held"
    )
    assert held_at < reviewed_at < said.index(f"{DAY}: ranked games rated")
    archive = honest.get(f"/api/leaderboards/{BOARD}/").json()["table_par"]
    assert f"knowing every card: {len(solver_line())} actions" in archive["detail"]
    closed = honest.get(f"/api/daily/{DAY}/").json()["boards"]["D3"]
    assert closed["best_known"] == {"actions": len(solver_line()), "by": "player"}
    assert work_pass(since=None).reviewed == []  # once
    out = StringIO()
    call_command("rebuild_projections", "--check", stdout=out)  # the rated day, rebuilt: same
    assert "0 rating rows differ" in out.getvalue(), out.getvalue()  # else exit 1: raises
