"""Schemathesis against the published OpenAPI schema: every operation, anonymous and signed in.

Requests generated from ``/api/schema/`` go to a real uvicorn process; every response must
not be a 5xx, must have a status the schema documents for that operation, and a body that
matches the documented schema. Signed-in runs also aim some requests at the player's own
game, name and deal code, so generated bodies reach the write paths instead of stopping at
a 404. Failures are collected over all operations and reported together.
"""

from __future__ import annotations

from collections.abc import Callable
from datetime import timedelta
from typing import Any

import httpx
import pytest
import schemathesis
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from schemathesis.checks import not_a_server_error
from schemathesis.core.result import Ok
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    response_schema_conformance,
    status_code_conformance,
)

pytestmark = [pytest.mark.e2e, pytest.mark.slow]

CHECKS = [
    not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_schema_conformance,
]
EXAMPLES_PER_OPERATION = 8
CODE = "CF1-D3-AAAAACL"


def signed_in_player(base_url: str) -> dict[str, Any]:
    """A player with a token and one game, made through the API."""
    with httpx.Client(base_url=base_url, timeout=10) as client:
        signup = client.post(
            "/api/players/", json={"username": "fuzzer", "password": "fuzz pass 42"}
        )
        assert signup.status_code == 201, signup.text
        headers = {"Authorization": f"Token {signup.json()['token']}"}
        game = client.post("/api/games/", json={"code": CODE}, headers=headers)
        assert game.status_code == 201, game.text
    return {"headers": headers, "game_id": game.json()["id"], "username": "fuzzer"}


def own_values(player: dict[str, Any] | None) -> dict[str, Any]:
    """Path parameter values that exist on the server (the rest are generated)."""
    if player is None:
        return {"code": CODE}
    return {"game_id": player["game_id"], "username": player["username"], "code": CODE}


def days_chosen(base_url: str) -> None:
    """Today's and tomorrow's deals chosen before the fuzzing: the day's first request solves
    its candidates (up to the solver's budget each, which production spends ahead with
    prepare_daily), longer than a fuzzed request's 10 s on a loaded machine. They are chosen
    in this process and stored (committed) for the server, as ``prepare_daily`` would: this
    process remembers a day's choice (``choose_daily``) for the rest of the run, where each
    test's new server solved the day's candidates again (seconds to tens of seconds of CPU,
    depending on the day). The server agrees on them: same secret, and a stored day is read."""
    from games.boards import utc_today
    from games.daily.store import daily_deal_get

    for day in (utc_today(), utc_today() + timedelta(days=1)):
        daily_deal_get(day=day)
    with httpx.Client(base_url=base_url, timeout=120) as client:
        assert client.get("/api/daily/").status_code == 200


def fuzz_operations(base_url: str, player: dict[str, Any] | None) -> list[str]:
    """Run every operation's generated cases; the failures, one line each (and a check that
    cases really ran: an empty list from zero requests would prove nothing)."""
    days_chosen(base_url)
    schema = schemathesis.openapi.from_url(f"{base_url}/api/schema/")
    headers = player["headers"] if player else {}
    known = own_values(player)
    failures: list[str] = []
    sent: list[str] = []
    operations = []
    for result in schema.get_all_operations():
        assert isinstance(result, Ok), result  # a schema the tool cannot read fails the run
        operations.append(result.ok())
    assert len(operations) >= 15, [op.label for op in operations]
    for operation in operations:
        fuzz_one(operation, base_url, headers, known, failures, sent)()
    assert set(sent) == {op.label for op in operations}, "some operations sent no request"
    assert len(sent) >= 3 * len(operations), f"only {len(sent)} requests were generated"
    return failures


def fuzz_one(
    operation: Any,
    base_url: str,
    headers: dict[str, str],
    known: dict[str, Any],
    failures: list[str],
    sent: list[str],
) -> Callable[[], None]:
    @settings(
        max_examples=EXAMPLES_PER_OPERATION,
        deadline=None,
        database=None,
        suppress_health_check=list(HealthCheck),
    )
    @given(case=operation.as_strategy(), use_known=st.booleans())
    def run(case: Any, use_known: bool) -> None:
        if use_known and case.path_parameters:
            for name in case.path_parameters:
                if name in known:
                    case.path_parameters[name] = known[name]
        sent.append(operation.label)
        try:
            case.call_and_validate(base_url=base_url, headers=headers, checks=CHECKS)
        except Exception as error:  # collected: one bad operation must not hide the others
            first_line = str(error).strip().splitlines()[0] if str(error).strip() else ""
            failures.append(
                f"{operation.label}: {type(error).__name__}: {first_line} "
                f"(path {case.path_parameters}, query {case.query}, body {case.body!r:.200})"
            )

    return run


def test_anonymous_requests_never_fail_the_schema(any_server_url: str) -> None:
    failures = fuzz_operations(any_server_url, player=None)
    assert not failures, "\n".join(sorted(set(failures)))


def test_signed_in_requests_never_fail_the_schema(any_server_url: str) -> None:
    failures = fuzz_operations(any_server_url, player=signed_in_player(any_server_url))
    assert not failures, "\n".join(sorted(set(failures)))
