"""The move kernel decides a move from its facts alone: no database, no Django (an
import-linter contract keeps it so); the adapter's refusals are its refusals."""

from __future__ import annotations

from datetime import UTC, datetime, timedelta
from types import SimpleNamespace

from engine import Deal, NotationError
from engine import Game as EngineGame
from engine.reasons import Reason
from games.kernel import (
    CountChange,
    CountTable,
    Decision,
    EntryPlan,
    Refusal,
    RefusalKind,
    count_changes,
    decide_move,
    entry_plan,
    message_refusal,
    move_projection,
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


# --- The projection as data: the entry's plan and the board's count rows --------------------

NOON = datetime(2026, 12, 4, 12, 0, tzinfo=UTC)


def row(**fields: object) -> SimpleNamespace:
    """A game row or an entry as the kernel reads one (the ranking fields and a few more)."""
    base: dict[str, object] = {
        "id": 1,
        "game_id": 1,
        "seq": 3,
        "daily": None,
        "held": False,
        "assisted": False,
        "cards": 2,
        "action_count": 3,
        "elapsed": 30,
        "reached_at": NOON,
    }
    return SimpleNamespace(**{**base, **fields})


def test_the_entry_plan_follows_the_ranking_rule() -> None:
    moved = row(id=1, cards=3)
    assert entry_plan(moved=moved, entry=None) is EntryPlan.LOOK
    assert entry_plan(moved=row(held=True), entry=row()) is EntryPlan.LOOK
    # Another game's entry: the moved game takes it only when it ranks before it.
    assert entry_plan(moved=moved, entry=row(game_id=2, cards=2)) is EntryPlan.TAKE
    assert entry_plan(moved=row(cards=1), entry=row(game_id=2)) is EntryPlan.KEEP
    # Its own entry: improved (or a ranked daily game, its player's only one) takes it; one
    # that fell back on an open board takes it only if no other game of the player ranks.
    assert entry_plan(moved=row(action_count=3, cards=3), entry=row()) is EntryPlan.TAKE
    fell_back = row(action_count=4)
    assert entry_plan(moved=fell_back, entry=row()) is EntryPlan.TAKE_IF_ALONE
    daily = row(action_count=4, daily=NOON.date())
    assert entry_plan(moved=daily, entry=row()) is EntryPlan.TAKE


def test_count_changes_move_one_entry_in_key_order() -> None:
    assert count_changes(board="b", before=(False, 2, 3), after=(False, 2, 3)) == ()
    same_cards = count_changes(board="b", before=(False, 2, 3), after=(False, 2, 4))
    assert same_cards == (
        CountChange(CountTable.STANDING, ("b", False, 2, 3), -1),
        CountChange(CountTable.STANDING, ("b", False, 2, 4), 1),
    )
    more_cards = count_changes(board="b", before=(False, 3, 4), after=(False, 2, 9))
    assert [(c.table, c.key, c.delta) for c in more_cards] == [
        (CountTable.STANDING, ("b", False, 2, 9), 1),
        (CountTable.STANDING, ("b", False, 3, 4), -1),
        (CountTable.CARDS, ("b", False, 2), 1),
        (CountTable.CARDS, ("b", False, 3), -1),
    ]
    assert count_changes(board="b", before=None, after=(True, 1, 1)) == (
        CountChange(CountTable.STANDING, ("b", True, 1, 1), 1),
        CountChange(CountTable.CARDS, ("b", True, 1), 1),
    )


def test_a_decision_s_projection_is_the_rows_it_writes() -> None:
    decision = decide_move(snapshot=fresh_snapshot(), seq=0, token="draw", tap=None)
    assert isinstance(decision, Decision)
    game = SimpleNamespace(
        id=7,
        daily=None,
        held=False,
        assisted=False,
        created_at=NOON - timedelta(seconds=90),
        offline=False,
        status="playing",
    )
    entry = row(game_id=7, cards=1, action_count=0, elapsed=0, reached_at=NOON)
    at = NOON + timedelta(seconds=5)
    projection = move_projection(decision, game=game, entry=entry, board="B", at=at)
    assert (projection.seq, projection.token, projection.at) == (1, "draw", at)
    assert projection.game_fields["elapsed"] == 95
    assert projection.game_fields["action_count"] == 1
    assert projection.game_fields["snapshot"] == decision.summary["snapshot"]
    # The moved game was the entry's and put up no card: it fell back.
    assert projection.entry is EntryPlan.TAKE_IF_ALONE
    assert projection.entry_values is not None
    assert projection.entry_values["action_count"] == 1
    assert projection.entry_values["status"] == "playing"
    assert projection.counts == count_changes(board="B", before=(False, 1, 0), after=(False, 1, 1))
    offline = SimpleNamespace(**{**vars(game), "offline": True})
    kept = move_projection(decision, game=offline, entry=row(game_id=8, cards=9), board="B", at=at)
    assert kept.game_fields["elapsed"] is None
    assert (kept.entry, kept.entry_values, kept.counts) == (EntryPlan.KEEP, None, ())
