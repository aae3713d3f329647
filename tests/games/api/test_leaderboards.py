"""GET /api/leaderboards/<board>/: order, ranks, paging, the window around a player.

The order is ``games.ranking``'s; the expected boards here are computed from its contract
(DESIGN.md, "Leaderboards") written out again in plain Python, not from that module.
"""

import random
from collections.abc import Callable
from datetime import datetime, timedelta

import pytest
from django.contrib.auth.models import User
from django.utils import timezone
from rest_framework.test import APIClient

from engine import Deal, Game
from games.models import Assistance, CardsCount, StandingCount
from games.models import Game as GameRow
from games.projections import board_counts_from_entries, leaderboard_entry_refresh
from games.selectors.leaderboards import leaderboard_around, leaderboard_page
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, start_game, start_on_board, won_logs

pytestmark = pytest.mark.django_db


def cards_after(code: str, tokens: list[str]) -> int:
    game = Game.from_code(code)
    for token in tokens:
        game.play(token)
    return game.cards


def test_board_order_cards_then_actions_then_time(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    won = won_logs()[0]
    code, tokens = won["code"], won["tokens"]
    # Prefixes of a winning log: more of it means more cards (or equal cards, more moves).
    plays = {
        "early_short": tokens[:60],
        "late_short": tokens[:60],  # same cards and moves, reached later: ranks after
        "long": tokens[:150],
        "winner": tokens,
        "padded": [*tokens[:60], "draw", "undo"],  # same cards, two actions more: after
    }
    for name, log in plays.items():
        client = client_for(make_player(name))
        assert client.post("/api/submissions/", {"code": code, "actions": log}).status_code == 201
    # sorted() is stable: equal standings keep submission order, i.e. reached_at order.
    expected = sorted(plays, key=lambda name: (-cards_after(code, plays[name]), len(plays[name])))
    board = client_for(make_player("viewer")).get(f"/api/leaderboards/{code}/").json()
    assert board["total"] == 5
    assert [entry["player"] for entry in board["entries"]] == expected  # stable: earlier first
    assert board["entries"][0]["won"] is True and board["entries"][0]["cards"] == 52
    assert [entry["actions"] for entry in board["entries"]] == [len(plays[n]) for n in expected]
    assert {entry["elapsed"] for entry in board["entries"]} == {None}  # submitted: no clock
    ranks = [entry["rank"] for entry in board["entries"]]
    assert ranks == list(range(1, 6))  # reached_at differs, so no ties


def test_one_entry_per_player_showing_their_best_game(
    player: Player, player_client: APIClient
) -> None:
    won = won_logs()[0]
    worse = player_client.post(
        "/api/submissions/", {"code": won["code"], "actions": won["tokens"][:50]}
    ).json()
    better = player_client.post(
        "/api/submissions/", {"code": won["code"], "actions": won["tokens"][:120]}
    ).json()
    start_game(player_client, won["code"])  # a third, fresh game changes nothing
    entries = player_client.get(f"/api/leaderboards/{won['code']}/").json()["entries"]
    assert len(entries) == 1
    best = max((worse, better), key=lambda g: (g["cards"], -g["actions"]))
    assert entries[0]["game"] == best["id"] and entries[0]["cards"] == best["cards"]


def make_entries(count: int, *, tie_from: int | None = None) -> list[str]:
    """``count`` players on SIMPLE_CODE with distinct standings (best first); entries from
    ``tie_from`` on all share one standing. Game rows are written directly (these tests are
    about reads) and projected by the live path, ``leaderboard_entry_refresh``."""
    now = timezone.now()
    names = []
    for index in range(count):
        user = User.objects.create(username=f"p{index:02d}")
        standing = index if tie_from is None else min(index, tie_from)
        GameRow.objects.create(
            code=SIMPLE_CODE, board=SIMPLE_CODE, draw=3, number=63, player=user, snapshot={},
            cards=40 - standing, seq=100, action_count=100, elapsed=60,
            reached_at=now + timedelta(seconds=standing),
        )  # fmt: skip
        leaderboard_entry_refresh(board=SIMPLE_CODE, player_id=user.id)
        names.append(user.username)
    return names


def test_pages_and_competition_ranks_with_ties() -> None:
    names = make_entries(8, tie_from=3)  # p03..p07 tie for rank 4
    page = leaderboard_page(board=SIMPLE_CODE, limit=3, offset=4)
    assert [e.player for e in page.entries] == names[4:7]
    assert [e.rank for e in page.entries] == [4, 4, 4]
    first = leaderboard_page(board=SIMPLE_CODE, limit=5, offset=0)
    assert [e.rank for e in first.entries] == [1, 2, 3, 4, 4]
    assert page.total == 8


def test_around_a_player_is_a_window_centred_on_them(api_client: APIClient) -> None:
    names = make_entries(12)
    body = api_client.get(f"/api/leaderboards/{SIMPLE_CODE}/?around=p06&limit=5").json()
    assert body["around"] == "p06"
    assert [e["player"] for e in body["entries"]] == names[4:9]
    assert [e["rank"] for e in body["entries"]] == [5, 6, 7, 8, 9]
    top = leaderboard_around(board=SIMPLE_CODE, username="p01", limit=5)
    assert [e.player for e in top.entries] == names[:5]  # clipped at the top


@pytest.mark.parametrize(
    ("query", "status", "error"),
    [
        ("?limit=101", 400, "invalid_input"),
        ("?limit=0", 400, "invalid_input"),
        ("?offset=-1", 400, "invalid_input"),
        ("?limit=ten", 400, "invalid_input"),
    ],
)
def test_bad_board_queries(api_client: APIClient, query: str, status: int, error: str) -> None:
    make_entries(2)
    response = api_client.get(f"/api/leaderboards/{SIMPLE_CODE}/{query}")
    assert response.status_code == status
    assert response.json()["error"] == error


@pytest.mark.parametrize("name", ["nobody", "elsewhere"])
def test_around_a_player_not_on_the_board_is_not_ranked_not_a_404(
    api_client: APIClient,
    make_player: Callable[..., Player],
    client_for: Callable[[Player], APIClient],
    name: str,
) -> None:
    make_entries(2)
    if name == "elsewhere":  # a player of another board only: one this board does not rank
        start_on_board(client_for(make_player(name)), "CF1-D1-AAAAACL")
    body = api_client.get(f"/api/leaderboards/{SIMPLE_CODE}/?around={name}&limit=5")
    assert body.status_code == 200, body.json()
    assert (body.json()["around"], body.json()["entries"], body.json()["total"]) == (name, [], 2)
    assert body.json()["limit"] == 5


def test_a_bad_code_is_a_400_and_an_unplayed_one_an_empty_board(api_client: APIClient) -> None:
    bad = api_client.get("/api/leaderboards/not-a-code/")
    assert bad.status_code == 400 and bad.json()["error"] == "bad_board"
    empty = api_client.get("/api/leaderboards/cf1-d1-zzzzzzz/").json()
    assert (empty["board"], empty["code"], empty["total"], empty["entries"]) == (
        "CF1-D1-ZZZZZZZ",
        "CF1-D1-ZZZZZZZ",
        0,
        [],
    )
    assert (empty["sealed"], empty["closes_at"]) == (False, None)


def test_a_layout_code_is_an_open_board_in_any_case(api_client: APIClient) -> None:
    code = Deal.from_code("CF1-D1-ZZZZZZZ").layout_code
    typed = code[:7].lower() + code[7:].lower().replace("0", "o").replace("1", "l")
    empty = api_client.get(f"/api/leaderboards/{typed}/").json()
    assert (empty["board"], empty["code"], empty["total"], empty["sealed"]) == (
        code,
        code,
        0,
        False,
    )
    mistyped = api_client.get(f"/api/leaderboards/{code[:-1]}{'0' if code[-1] != '0' else '1'}/")
    assert mistyped.status_code == 400 and mistyped.json()["error"] == "bad_board"
    assert mistyped.json()["reason"]["code"] == "deal_code_check"


def expected_board() -> list[tuple[str, int]]:
    """(player, rank) in board order, computed in Python from the players' best games."""
    helped = set(Assistance.objects.filter(board=SIMPLE_CODE).values_list("player_id", flat=True))
    best: dict[int, tuple] = {}
    for game in GameRow.objects.filter(board=SIMPLE_CODE, seq__gt=0).select_related("player"):
        key = (*standing(game, assisted=game.player_id in helped), game.id)
        if game.player_id not in best or key < best[game.player_id][0]:
            best[game.player_id] = (key, game.player.username)
    ordered = sorted(best.values())
    out = []
    for key, username in ordered:
        better = sum(1 for other, _ in ordered if other[:-1] < key[:-1])
        out.append((username, better + 1))
    return out


def standing(game: GameRow, *, assisted: bool) -> tuple[bool, int, int, bool, int, datetime]:
    """The contract's order: unassisted first, most cards, fewest actions, shortest elapsed
    time (none: after any time), reached earliest."""
    elapsed = game.elapsed
    return (
        assisted, -game.cards, game.action_count, elapsed is None, elapsed or 0, game.reached_at
    )  # fmt: skip


def test_pages_and_windows_match_a_plain_sort_as_games_change() -> None:
    """Random games (many ties) projected by the live path; every page and window must be
    what sorting the best games in Python gives, also after games get better and worse."""
    rng = random.Random(20261129)
    start = timezone.now()
    users = [User.objects.create(username=f"r{index:02d}") for index in range(24)]
    games = []
    for user in users:
        for _ in range(rng.randint(1, 3)):
            games.append(
                GameRow.objects.create(
                    code=SIMPLE_CODE,
                    board=SIMPLE_CODE,
                    draw=3,
                    number=63,
                    player=user,
                    snapshot={},
                    cards=rng.randint(1, 4),
                    seq=rng.randint(0, 3),
                    action_count=rng.randint(1, 3),
                    elapsed=rng.choice([None, 5, 6]),
                    reached_at=start + timedelta(seconds=rng.randint(0, 2)),
                )
            )
            if rng.random() < 0.15:
                Assistance.objects.get_or_create(board=SIMPLE_CODE, player=user)
            leaderboard_entry_refresh(board=SIMPLE_CODE, player_id=user.id)
    for round_ in range(3):
        expected = expected_board()
        for offset in range(len(expected) + 1):
            page = leaderboard_page(board=SIMPLE_CODE, limit=5, offset=offset)
            assert page.total == len(expected)
            got = [(e.player, e.rank) for e in page.entries]
            assert [rank for _, rank in got] == [rank for _, rank in expected[offset : offset + 5]]
            assert {p for p, _ in got} <= {p for p, _ in expected}
        for username, rank in expected:
            window = leaderboard_around(board=SIMPLE_CODE, username=username, limit=5)
            assert (username, rank) in [(e.player, e.rank) for e in window.entries]
        for game in rng.sample(games, 15):  # moves, undos, takebacks: better and worse
            game.cards = max(1, game.cards + rng.choice([-1, 1, 2]))
            game.seq += 1
            game.action_count += rng.choice([1, 2])
            if game.elapsed is not None:
                game.elapsed += rng.choice([0, 1])
            game.reached_at = start + timedelta(seconds=3 + round_)
            game.save()
            if rng.random() < 0.1:  # a hint is never taken back
                Assistance.objects.get_or_create(board=SIMPLE_CODE, player_id=game.player_id)
            leaderboard_entry_refresh(board=SIMPLE_CODE, player_id=game.player_id)
    standings, cards = board_counts_from_entries()  # the count tables are a GROUP BY
    for model, wanted in ((StandingCount, standings), (CardsCount, cards)):
        key_fields = ("board", "assisted", "cards", "action_count")[: len(next(iter(wanted)))]
        stored = model.objects.values_list(*key_fields, "entries")
        assert {tuple(row[:-1]): row[-1] for row in stored} == wanted
