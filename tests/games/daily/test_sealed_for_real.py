"""Sealed for real: a daily no one can identify, fixed in advance, opened nowhere else.

The attacks that fell the daily in a minute, each now a test that fails to cheat:
- a full pass of the stock showed 40 cards, and a search of the 26**7 CF1 deal numbers found
  the one that deals them; now the deal is a layout drawn from all 52! by a keyed stream, so
  what the table shows leaves every order of the unseen cards possible;
- the sealed code, once known, opened as an open game, a submission, a board and a page;
- nothing showed that the deal was fixed before anyone played it: now each board has a
  commitment, told the day before, checked with ``sha256sum`` after the close.
"""

import hashlib
import random
import subprocess
from collections.abc import Callable
from datetime import date

import pytest
import time_machine
from django.test import Client
from rest_framework.test import APIClient

from engine import Deal, DealCodeError
from engine import Game as EngineGame
from games.daily.drawing import daily_layout
from games.models import Assistance, DailyDeal, Game
from tests.conftest import Player
from tests.games.daily.conftest import SECRET
from tests.support.games import play

pytestmark = [pytest.mark.django_db, pytest.mark.usefixtures("fixed_secret")]

DAY = date(2026, 1, 2)
DURING = "2026-01-02 12:00Z"
NEXT_DAY = "2026-01-03 12:00Z"
AFTER_BOTH = "2026-01-04 00:00:01Z"


def stock_pass(client: APIClient) -> tuple[int, dict]:
    """Today's ranked D3 game with its whole stock drawn once: the last answer's state."""
    game = client.post("/api/games/", {"daily": "D3"}).json()
    state = game["state"]
    while state["stock"]:
        answer = play(client, game["id"], "draw")
        assert answer.status_code == 201, answer.json()
        state = answer.json()["state"]
    return game["id"], state


def seen_cards(state: dict) -> set[str]:
    shown = {state["base"], *state["waste"], *state["reserve"][-1:]}
    return shown | {card for column in state["tableau"] for card in column}


def test_a_full_pass_of_the_stock_leaves_every_order_of_the_unseen_cards_possible(
    player_client: APIClient,
) -> None:
    """What one ranked game shows after a full pass of the stock: 40 cards. Every order of the
    other 12 is a layout with a code of its own that shows exactly that table, so no search can
    single the deal out (CF1 had 2**33 numbers; here 12! layouts are left, all as likely)."""
    with time_machine.travel(DURING, tick=False):
        game_id, shown = stock_pass(player_client)
    row = Game.objects.get(pk=game_id)
    deal = Deal.from_code(row.code)
    assert row.code.startswith("CF2-D3-") and row.number is None and deal.number is None
    assert len(seen_cards(shown)) == 40 and shown["code"] is None
    hidden = list(deal.cards[:12])  # the reserve below its top: all the table does not show
    rng = random.Random(7)
    codes = set()
    for _ in range(40):
        rng.shuffle(hidden)
        other = Deal.from_cards([*hidden, *deal.cards[12:]], draw=3)
        game = EngineGame(other)
        for _ in range(12):
            game.play("draw")
        table = game.table_state()
        assert {key: value for key, value in table.items() if key in shown} == {
            key: shown[key] for key in shown if key in table
        }
        assert Deal.from_code(other.layout_code).cards == other.cards
        codes.add(other.layout_code)
    assert len(codes) == 40  # one code per layout, each its own


@pytest.mark.slow  # forty layouts drawn: 2 s of CPU
def test_the_stream_is_keyed_and_draws_from_every_layout() -> None:
    """Without the secret nobody computes a day's layout; with it, the draw is reproducible.
    Each of a thousand draws is a different layout (a 33-bit space would start repeating only
    past ~90,000 draws, so this says little of size; the CF2 code's 46 data characters hold
    all 52! layouts, which the engine's vectors check)."""
    layouts = {daily_layout(DAY, "D3", attempt, secret=SECRET) for attempt in range(1000)}
    assert len(layouts) == 1000
    assert daily_layout(DAY, "D3", 0, secret=SECRET) == daily_layout(DAY, "D3", 0, secret=SECRET)
    assert daily_layout(DAY, "D3", 0, secret=SECRET) != daily_layout(DAY, "D3", 0, secret="x")
    assert daily_layout(DAY, "D3", 0, secret=SECRET) != daily_layout(DAY, "D1", 0, secret=SECRET)
    # Every card is as likely in first place: 26,000 draws, none far from its 500.
    firsts = [0] * 52
    for attempt in range(26_000):
        firsts[daily_layout(DAY, "D1", attempt, secret=SECRET)[0]] += 1
    assert min(firsts) > 400 and max(firsts) < 600


def sealed_codes_of(day: date) -> list[str]:
    """Each code that names a sealed layout of ``day``: each mode's, in both draw modes."""
    stored = DailyDeal.objects.get(date=day)
    letters = [stored.code.split("-")[2], stored.code_d1.split("-")[2]]
    return [f"CF2-{mode}-{part.lower()}" for part in letters for mode in ("D3", "D1")]


def test_a_sealed_layout_opens_nowhere_else_before_its_close(
    player_client: APIClient, api_client: APIClient
) -> None:
    """The old hole: today's code, once found, opened as an open game (full layout, hints, a
    submission) and showed on the public open board. Tomorrow's layout is drawn already: it
    is refused too, whichever code (either mode, any case) names it."""
    with time_machine.travel(DURING, tick=False):
        assert player_client.get("/api/daily/").status_code == 200  # today and tomorrow drawn
        games_before = Game.objects.count()
        codes = sealed_codes_of(DAY) + sealed_codes_of(date(2026, 1, 3))
        for code in codes:
            for client, method, path, body in (
                (player_client, "post", "/api/games/", {"code": code}),
                (player_client, "post", "/api/submissions/", {"code": code, "log": "draw"}),
                (api_client, "get", f"/api/leaderboards/{code}/", None),
                (api_client, "get", f"/api/leaderboards/{code}/field/", None),
            ):
                answer = getattr(client, method)(path, body)
                assert answer.status_code == 403, (path, code)
                assert answer.json()["error"] == "deal_sealed" and answer.json()["detail"]
            for page in (f"/play/{code}/", f"/boards/{code}/"):
                shown = Client().get(page)
                assert shown.status_code == 404 and b"still sealed" in shown.content
        assert Game.objects.count() == games_before
    with time_machine.travel("2026-01-03 00:00:01Z", tick=False):
        opened = player_client.post("/api/games/", {"code": sealed_codes_of(DAY)[0]})
        still = player_client.post("/api/games/", {"code": sealed_codes_of(date(2026, 1, 3))[0]})
    assert opened.status_code == 201 and opened.json()["sealed"] is False
    assert still.status_code == 403  # the next day's is sealed until its own close


def test_no_hint_on_a_layout_sealed_after_the_game_began(
    make_player: Callable[..., Player], client_for: Callable[[Player], APIClient]
) -> None:
    """An open game whose layout is (by a one-in-52! chance) a day's sealed deal asks no hint
    while that day is open, and nothing is marked."""
    client = client_for(make_player())
    code = Deal.from_cards(daily_layout(DAY, "D3", 99, secret="elsewhere"), draw=3).layout_code
    with time_machine.travel(DURING, tick=False):
        game = client.post("/api/games/", {"code": code}).json()
        DailyDeal.objects.create(date=DAY, code=code, code_d1=code.replace("-D3-", "-D1-"))
        answer = client.post(f"/api/games/{game['id']}/hint/")
    assert answer.status_code == 403 and answer.json()["error"] == "deal_sealed"
    assert not Assistance.objects.exists()


def check_with_sha256sum(code: str, salt: str) -> str:
    """The check docs/contracts.md gives, run by the real tool:
    ``printf '%s\\n%s' CODE SALT | sha256sum``."""
    done = subprocess.run(
        ["sh", "-c", f"printf '%s\\n%s' '{code}' '{salt}' | sha256sum"],
        capture_output=True,
        text=True,
        check=True,
    )
    return done.stdout.split()[0]


def test_each_board_is_committed_the_day_before_and_checks_out_after_its_close(
    api_client: APIClient,
) -> None:
    with time_machine.travel(DURING, tick=False):
        today = api_client.get("/api/daily/").json()
    with time_machine.travel(NEXT_DAY, tick=False):
        tomorrow = api_client.get("/api/daily/").json()
    with time_machine.travel(AFTER_BOTH, tick=False):
        closed = [
            api_client.get(f"/api/daily/{day}/").json() for day in ("2026-01-02", "2026-01-03")
        ]
    assert today["next"]["date"] == "2026-01-03" and "next" in tomorrow
    for mode in ("D3", "D1"):
        told_before = today["next"]["boards"][mode]["commitment"]
        assert tomorrow["boards"][mode]["commitment"] == told_before
        assert today["next"]["boards"][mode]["board"] == f"daily-2026-01-03-{mode}"
        for day, committed in ((closed[0], today), (closed[1], tomorrow)):
            code, salt = day["codes"][mode], day["salts"][mode]
            commitment = committed["boards"][mode]["commitment"]
            assert day["boards"][mode]["commitment"] == commitment
            assert check_with_sha256sum(code, salt) == commitment
            assert hashlib.sha256(f"{code}\n{salt}".encode()).hexdigest() == commitment
    sealed_text = str(today) + str(tomorrow)
    for day in closed:
        for mode in ("D3", "D1"):
            assert day["codes"][mode][7:] not in sealed_text
            assert day["salts"][mode] not in sealed_text
    for body in (today, tomorrow):
        assert set(body["next"]["boards"]["D3"]) == {"board", "commitment"}  # no par, no code
        assert "codes" not in body and "salts" not in body


def test_a_code_with_a_wrong_check_character_is_refused_with_its_reason(
    player_client: APIClient,
) -> None:
    code = Deal.from_cards(daily_layout(DAY, "D3", 5, secret="elsewhere"), draw=3).layout_code
    typo = code[:-2] + ("0" if code[-2] != "0" else "1") + code[-1]
    with pytest.raises(DealCodeError):
        Deal.from_code(typo)
    answer = player_client.post("/api/games/", {"code": typo})
    assert answer.status_code == 400 and answer.json()["error"] == "bad_deal_code"
    assert not Game.objects.exists()
