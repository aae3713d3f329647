"""Data and small helpers shared by the service tests."""

import json
from functools import cache
from pathlib import Path
from typing import Any

from rest_framework.test import APIClient

DATA = Path(__file__).parent / "data"

#: A deal whose first legal moves are known from the engine: draw, then 42.
SIMPLE_CODE = "CF1-D3-AAAAACL"


@cache
def won_logs() -> list[dict[str, Any]]:
    """Winning logs (code + tokens) found once with ``engine.solver`` and kept as data; the
    tests play them through the service, which re-verifies them with the engine."""
    return json.loads((DATA / "won_logs.json").read_text())


def start_game(client: APIClient, code: str = SIMPLE_CODE) -> dict[str, Any]:
    response = client.post("/api/games/", {"code": code})
    assert response.status_code == 201, response.json()
    return response.json()


def play(client: APIClient, game_id: int, token: str, **extra: Any) -> Any:
    return client.post(f"/api/games/{game_id}/actions/", {"action": token, **extra})


def start_on_board(client: APIClient, code: str = SIMPLE_CODE) -> dict[str, Any]:
    """A new game with one action (a ``draw``): a game joins its board with its first."""
    game = start_game(client, code)
    moved = play(client, game["id"], "draw")
    assert moved.status_code == 201, moved.json()
    return moved.json()


def tamper_action(action_id: int, **values: Any) -> None:
    """Change a stored action behind the service's back, as an attacker with SQL access
    would: the append-only trigger is lifted for this one statement, then restored."""
    from django.db import connection

    from games.append_only import ACTION_TABLE, install_statements, uninstall_statements

    assignments = ", ".join(f"{column} = %s" for column in values)
    update = f"UPDATE {ACTION_TABLE} SET {assignments} WHERE id = %s"
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            # Deferred foreign-key checks of this transaction's inserts must run first:
            # PostgreSQL will not alter a table with pending trigger events.
            cursor.execute("SET CONSTRAINTS ALL IMMEDIATE")
            cursor.execute(f"ALTER TABLE {ACTION_TABLE} DISABLE TRIGGER USER")
            cursor.execute(update, [*values.values(), action_id])
            cursor.execute(f"ALTER TABLE {ACTION_TABLE} ENABLE TRIGGER USER")
        else:
            for statement in uninstall_statements(connection.vendor):
                cursor.execute(statement)
            cursor.execute(update, [*values.values(), action_id])
            for statement in install_statements(connection.vendor):
                cursor.execute(statement)


class Browser:
    """A browser: session cookies, the pages' CSRF cookie, CSRF checks enforced, the CSRF
    header sent on every write unless ``csrf=False`` (the token is re-read each time:
    signing in rotates it)."""

    def __init__(self, address: str = "127.0.0.1") -> None:
        self.client = APIClient(enforce_csrf_checks=True, REMOTE_ADDR=address)
        self.client.default_format = "json"
        assert self.client.get("/").status_code == 200  # a page view: the CSRF cookie

    def get(self, path: str) -> Any:
        return self.client.get(path)

    def post(self, path: str, body: Any = None, *, csrf: bool = True) -> Any:
        headers = {"X-CSRFToken": self.client.cookies["csrftoken"].value} if csrf else {}
        return self.client.post(path, body, headers=headers)

    def delete(self, path: str, body: Any = None, *, csrf: bool = True) -> Any:
        headers = {"X-CSRFToken": self.client.cookies["csrftoken"].value} if csrf else {}
        return self.client.delete(path, body, headers=headers)

    def me(self) -> dict[str, Any]:
        return self.get("/api/me/").json()


def guest_with_game(browser: Browser, code: str = SIMPLE_CODE) -> dict[str, Any]:
    response = browser.post("/api/games/", {"code": code})
    assert response.status_code == 201, response.json()
    return response.json()


def store_simple_day(day: Any) -> None:
    """A stored daily deal for ``day`` with SIMPLE_CODE's layout in both modes, instead of one
    the solver chooses: which deal a day gets is ``games.daily``'s business, tested there."""
    from engine import Deal
    from games.models import DailyDeal

    d1 = Deal.from_number(Deal.from_code(SIMPLE_CODE).number or 0, draw=1).code
    DailyDeal.objects.create(
        date=day, code=SIMPLE_CODE, code_d1=d1, salt="5a" * 16, salt_d1="d1" * 16
    )


def ranked_game_row(user: Any, day: Any, **fields: Any) -> Any:
    """A ranked daily game stored as a row (no log: for reads that count games, not replay
    them) of ``user`` on ``day``'s draw-3 board, one action played unless ``fields`` say."""
    from games.models import Game

    values: dict[str, Any] = {"seq": 1, "action_count": 1, **fields}
    return Game.objects.create(
        code=SIMPLE_CODE,
        draw=3,
        player=user,
        board=f"daily-{day}-D3",
        daily=day,
        snapshot={},
        **values,
    )
