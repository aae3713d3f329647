"""The published OpenAPI schema: valid, complete, and its token and deal code patterns are the
engine's."""

import itertools
import re
from io import StringIO

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from engine import TOKENS, Deal, DealCodeError
from games.api.fields import DEAL_CODE_PATTERN, LOG_TOKEN_PATTERN, MOVE_TOKEN_PATTERN

pytestmark = pytest.mark.django_db


def candidate_tokens() -> set[str]:
    """A superset of the notation: every short mix of its characters, blocks up to 60."""
    symbols = "0123456RWFCDHSx"
    short = {"".join(p) for n in (1, 2, 3) for p in itertools.product(symbols, repeat=n)}
    blocks = {f"{a}{b}x{n}" for a, b in itertools.product("012345", repeat=2) for n in range(61)}
    return short | blocks | {"draw", "recycle", "undo", "resign", "Draw", "24x03", "24x", " 24"}


def test_the_move_token_pattern_is_exactly_the_engines_notation() -> None:
    pattern = re.compile(MOVE_TOKEN_PATTERN)
    candidates = candidate_tokens() | set(TOKENS)
    accepted = {token for token in candidates if pattern.match(token)}
    assert accepted == set(TOKENS)


def test_a_log_token_is_a_move_or_resign() -> None:
    pattern = re.compile(LOG_TOKEN_PATTERN)
    assert {t for t in candidate_tokens() | set(TOKENS) if pattern.match(t)} == {
        *TOKENS,
        "resign",
    }


#: A code's shape is wrong (the pattern refuses it) when the engine refuses it with these.
SHAPE_PROBLEMS = {
    "deal_code_parts",
    "deal_code_scheme",
    "deal_code_mode",
    "deal_code_length",
    "deal_code_letters",
    "deal_code_characters",
}


def engine_takes_the_shape(code: str) -> bool:
    try:
        Deal.from_code(code)
    except DealCodeError as error:
        return error.problem.code not in SHAPE_PROBLEMS
    return True


@pytest.mark.parametrize(
    "code",
    [
        "CF1-D3-AAAAACL",
        "CF2-D3-16MAK8SQV12V7XYN79BGVGAQFS63CKGZNNHTBH9BF581A5F",
    ],
)
def test_the_deal_code_pattern_takes_exactly_the_shapes_the_engine_takes(code: str) -> None:
    """Every printable character in every part of a code of either scheme, and a part one
    character too short or too long: the pattern and the engine agree on the shape."""
    pattern = re.compile(DEAL_CODE_PATTERN)
    variants = {code, code.lower(), code[:-1], code + code[-1]}
    for position in range(len(code)):
        for ch in map(chr, range(32, 127)):
            variants.add(code[:position] + ch + code[position + 1 :])
    disagree = [v for v in variants if bool(pattern.match(v)) != engine_takes_the_shape(v)]
    assert not disagree
    assert sum(bool(pattern.match(v)) for v in variants) > 300  # not a pattern refusing all


def test_schema_is_valid_and_documents_every_endpoint(api_client: APIClient) -> None:
    call_command("spectacular", "--validate", "--fail-on-warn", stdout=StringIO())
    schema = api_client.get("/api/schema/", HTTP_ACCEPT="application/vnd.oai.openapi+json")
    paths = schema.json()["paths"]
    expected = {
        "/api/health/": {"get"},
        "/api/players/": {"post"},
        "/api/players/{username}/": {"get"},
        "/api/token/": {"post", "delete"},
        "/api/session/": {"post", "delete"},
        "/api/me/": {"get", "delete"},
        "/api/daily/": {"get"},
        "/api/daily/{day}/": {"get"},
        "/api/games/": {"post"},
        "/api/games/{game_id}/": {"get"},
        "/api/games/{game_id}/actions/": {"get", "post"},
        "/api/games/{game_id}/resign/": {"post"},
        "/api/games/{game_id}/state/": {"get"},
        "/api/submissions/": {"post"},
        "/api/games/{game_id}/hint/": {"post"},
        "/api/leaderboards/{board}/": {"get"},
        "/api/fair-play/flags/": {"get"},
        "/api/fair-play/flags/{flag_id}/": {"post"},
        "/api/fair-play/flags/{flag_id}/line/": {"get"},
    }
    assert {path: set(paths[path]) for path in expected} == expected
