"""The move kernel decides a move from its facts alone: no database, no Django (an
import-linter contract keeps it so); the adapter's refusals are its refusals."""

from __future__ import annotations

from engine import Deal, NotationError
from engine import Game as EngineGame
from engine.reasons import Reason
from games.kernel import (
    Decision,
    Refusal,
    RefusalKind,
    decide_move,
    message_refusal,
    seq_refusal,
)

CODE = "CF1-D3-AAAAACL"


def fresh_snapshot() -> dict[str, object]:
    return dict(EngineGame(Deal.from_code(CODE)).to_snapshot())


def test_a_legal_token_is_decided_with_its_row_and_the_position_after_it() -> None:
    decision = decide_move(snapshot=fresh_snapshot(), seq=0, token="draw", tap=None)
    assert isinstance(decision, Decision)
    assert (decision.seq, decision.token, decision.won) == (1, "draw", False)
    expected = EngineGame(Deal.from_code(CODE))
    expected.play("draw")
    assert decision.summary["snapshot"] == expected.to_snapshot()
    assert decision.score_after == expected.score


def test_a_token_that_is_no_move_and_an_illegal_move_are_refused_with_the_engines_words() -> None:
    malformed = decide_move(snapshot=fresh_snapshot(), seq=0, token="fly away", tap=None)
    assert isinstance(malformed, Refusal) and malformed.kind is RefusalKind.MALFORMED
    assert isinstance(malformed.problem, NotationError)
    assert dict(malformed.params) == {"token": "fly away"}
    illegal = decide_move(snapshot=fresh_snapshot(), seq=0, token="recycle", tap=None)
    assert isinstance(illegal, Refusal) and illegal.kind is RefusalKind.REFUSED
    assert isinstance(illegal.problem, Reason)


def test_a_message_names_one_move_and_the_next_seq() -> None:
    assert message_refusal(token=None, tap=None) == Refusal(RefusalKind.ONE_OF)
    assert message_refusal(token="draw", tap="AS") == Refusal(RefusalKind.ONE_OF)
    assert message_refusal(token="draw", tap=None) is None
    stale = seq_refusal(seq=4, expected_seq=4)
    assert stale is not None and stale.kind is RefusalKind.STALE_SEQ
    assert dict(stale.params) == {"given": 4, "seq": 4, "expected": 5}
    assert seq_refusal(seq=4, expected_seq=5) is None
    assert seq_refusal(seq=4, expected_seq=None) is None
