"""``games.replaying``: what a log means, as every reader of logs (submissions, the won-game
check, ``verify_games``, rebuilds, the replay viewer) is told it.

Pure functions of a code and tokens: no database.
"""

import pytest

from engine import Deal, replay
from engine import Game as EngineGame
from games.errors import BadDealCode, BadNotation, RejectedAction
from games.replaying import RESIGN, game_status, replay_log
from tests.support.games import SIMPLE_CODE, won_logs
from tests.web.situations import tap_to_foundation


def test_a_log_replays_to_the_engine_s_game_with_each_action_s_score() -> None:
    situation = tap_to_foundation()
    tokens = [situation.token, situation.take_back, "draw", "undo"]
    replayed = replay_log(code=situation.code, tokens=tokens)
    assert replayed.game == replay(situation.code, tokens)
    assert [a.seq for a in replayed.actions] == [1, 2, 3, 4]
    assert [a.token for a in replayed.actions] == tokens
    scores = [replay(situation.code, tokens[:n]).score for n in range(1, 5)]
    assert [a.score_after for a in replayed.actions] == scores
    assert scores[0] > 0  # a card went home: the scores are not all the start's 0
    assert (replayed.resigned, replayed.status) == (False, "playing")


def test_an_empty_log_is_the_deal_itself() -> None:
    replayed = replay_log(code=SIMPLE_CODE, tokens=[])
    assert replayed.game == EngineGame(Deal.from_code(SIMPLE_CODE))
    assert (replayed.actions, replayed.status) == ([], "playing")


@pytest.mark.parametrize(
    ("code", "problem"),
    [
        ("CF1-D2-AAAAACL", "deal_code_mode"),
        ("nonsense", "deal_code_parts"),
        ("", "deal_code_parts"),
    ],
)
def test_a_bad_code_is_a_bad_deal_code_naming_it(code: str, problem: str) -> None:
    with pytest.raises(BadDealCode) as raised:
        replay_log(code=code, tokens=["draw"])
    assert raised.value.extra["code"] == code
    # The engine's problem, structured: its code and the code given.
    assert raised.value.extra["reason"]["code"] == problem
    assert raised.value.extra["reason"]["deal_code"] == code
    assert raised.value.detail  # the engine's reason, for the 400


def test_an_illegal_token_is_rejected_with_its_index_and_nothing_after_is_read() -> None:
    # "WF" is well formed but the waste is empty again after draw, undo; "zz" after it is
    # not even notation, and must not be what is reported.
    with pytest.raises(RejectedAction) as raised:
        replay_log(code=SIMPLE_CODE, tokens=["draw", "undo", "WF", "zz"])
    assert type(raised.value) is RejectedAction
    assert raised.value.extra == {
        "token": "WF",
        "index": 2,
        "reason": {"code": "waste_empty", "cards": []},
    }
    assert "waste is empty" in raised.value.detail


def test_a_token_that_is_no_notation_is_bad_notation_with_its_index() -> None:
    with pytest.raises(BadNotation) as raised:
        replay_log(code=SIMPLE_CODE, tokens=["draw", "Draw"])
    assert raised.value.extra == {
        "token": "Draw",
        "index": 1,
        "reason": {"code": "token_case", "token": "Draw", "variant": "draw"},
    }
    assert "did you mean 'draw'" in raised.value.detail


def test_a_final_resign_ends_the_game_and_changes_nothing_on_the_board() -> None:
    replayed = replay_log(code=SIMPLE_CODE, tokens=["draw", "42", RESIGN])
    assert (replayed.resigned, replayed.status) == (True, "resigned")
    assert replayed.game == replay(SIMPLE_CODE, ["draw", "42"])
    last = replayed.actions[-1]
    assert (last.seq, last.token, last.score_after) == (3, RESIGN, replayed.actions[1].score_after)


@pytest.mark.parametrize("after", ["draw", RESIGN, "zz"])
def test_nothing_may_follow_a_resign(after: str) -> None:
    with pytest.raises(RejectedAction) as raised:
        replay_log(code=SIMPLE_CODE, tokens=["draw", RESIGN, after])
    assert raised.value.extra == {"index": 2, "token": after}
    assert "resigned" in raised.value.detail


def test_a_won_log_is_won_and_nothing_may_follow_it() -> None:
    log = won_logs()[0]
    replayed = replay_log(code=log["code"], tokens=log["tokens"])
    assert (replayed.status, replayed.game.won, replayed.game.cards) == ("won", True, 52)
    assert len(replayed.actions) == len(log["tokens"])
    with pytest.raises(RejectedAction) as raised:
        replay_log(code=log["code"], tokens=[*log["tokens"], RESIGN])
    assert raised.value.extra == {"index": len(log["tokens"]), "token": RESIGN}
    assert "won" in raised.value.detail


@pytest.mark.parametrize(
    ("won", "resigned", "status"),
    [
        (False, False, "playing"),
        (False, True, "resigned"),
        (True, False, "won"),
        (True, True, "won"),
    ],
)
def test_game_status_won_beats_everything_a_resignation_ends_the_rest(
    won: bool, resigned: bool, status: str
) -> None:
    assert game_status(won=won, resigned=resigned) == status
