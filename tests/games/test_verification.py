"""``games.verification``: every kind of tampering with a stored game is found, and a
sound game is found sound (what ``verify_games`` reports and ``rebuild_projections`` repairs).

Games are played through the services; tampering goes behind their back, as an attacker
with SQL access would (``tamper_action`` lifts the append-only trigger for one statement).
"""

from collections.abc import Callable

import pytest

from engine import replay
from games.models import Action, Game
from games.services.actions import action_append, game_resign
from games.services.games import game_create
from games.verification import GameCheck, check_game, gap_hint, iter_game_checks
from tests.conftest import Player
from tests.support.games import SIMPLE_CODE, tamper_action
from tests.web.situations import tap_to_foundation

pytestmark = pytest.mark.django_db


def played(who: Player, tokens: list[str], code: str = SIMPLE_CODE) -> Game:
    game = game_create(player=who.user, code=code).game
    for token in tokens:
        action_append(game_id=game.id, player=who.user, token=token)
    return Game.objects.get(pk=game.id)


def checked(game: Game) -> GameCheck:
    game = Game.objects.get(pk=game.id)
    return check_game(game=game, actions=list(game.actions.order_by("seq")))


def test_a_game_played_through_the_service_is_sound(player: Player) -> None:
    situation = tap_to_foundation()
    game = played(player, [situation.token, "draw"], code=situation.code)
    game_resign(game_id=game.id, player=player.user)
    check = checked(game)
    assert check.ok and check.problems == []
    assert check.summary_differences() == {}
    assert check.expected is not None
    assert (check.expected["seq"], check.expected["status"]) == (3, "resigned")


def test_a_wrong_summary_field_is_found_with_both_values(player: Player) -> None:
    game = played(player, ["draw", "42"])
    Game.objects.filter(pk=game.id).update(score=game.score + 7)
    check = checked(game)
    assert not check.ok
    assert check.summary_differences() == {"score": (game.score + 7, game.score)}
    assert check.problems == [f"game row score: {game.score + 7}, log gives {game.score}"]


def test_a_wrong_snapshot_is_found_without_printing_it(player: Player) -> None:
    game = played(player, ["draw", "42"])
    Game.objects.filter(pk=game.id).update(snapshot=replay(SIMPLE_CODE, ["draw"]).to_snapshot())
    check = checked(game)
    assert list(check.summary_differences()) == ["snapshot"]
    assert check.problems == ["game row snapshot: (stored), log gives (replayed)"]


def test_a_gap_in_the_seqs_is_found_and_located(player: Player) -> None:
    game = played(player, ["draw", "draw", "draw"])
    last = game.actions.get(seq=3)
    tamper_action(last.id, seq=5)
    check = checked(game)
    assert check.problems == ["seq is not 1..3 without gaps: position 3 holds seq 5"]
    assert check.expected is None  # no replay of a log that is not one


def test_an_illegal_token_in_the_log_is_found_at_its_action(player: Player) -> None:
    game = played(player, ["draw", "undo", "draw"])
    tamper_action(game.actions.get(seq=2).id, token="12")  # 9C cannot go on 7S
    check = checked(game)
    assert len(check.problems) == 1
    assert check.problems[0].startswith(
        "action 2 (12) does not replay: The 9 of clubs cannot go on the 7 of spades"
    )


def test_a_wrong_score_after_is_found_at_its_action(player: Player) -> None:
    situation = tap_to_foundation()
    game = played(player, [situation.token, "draw"], code=situation.code)
    stored = game.actions.get(seq=1)
    tamper_action(stored.id, score_after=stored.score_after + 1)
    check = checked(game)
    assert check.problems == [
        f"action 1: score_after {stored.score_after + 1}, replay gives {stored.score_after}"
    ]


def test_a_log_cut_short_disagrees_with_its_summary(player: Player) -> None:
    """A deleted last action (the rows given lack it): the row claims more than the log."""
    game = played(player, ["draw", "42"])
    check = check_game(game=game, actions=list(game.actions.filter(seq=1)))
    differences = check.summary_differences()
    assert differences["seq"] == (2, 1)
    assert differences["action_count"] == (2, 1)
    assert not check.ok


@pytest.mark.parametrize(
    ("seqs", "hint"),
    [
        ([], "ok"),
        ([1, 2, 3], "ok"),
        ([2, 3], "position 1 holds seq 2"),
        ([1, 3, 4], "position 2 holds seq 3"),
        ([1, 2, 2], "position 3 holds seq 2"),
    ],
)
def test_gap_hint_names_the_first_place_the_numbering_goes_wrong(
    seqs: list[int], hint: str
) -> None:
    assert gap_hint(seqs) == hint


def test_iter_game_checks_checks_every_game_once_in_id_order_whatever_the_chunk(
    make_player: Callable[..., Player],
) -> None:
    alice, bob = make_player(), make_player()
    games = [
        played(alice, ["draw"]),
        played(bob, []),  # no action yet: sound too
        played(alice, ["draw", "42"]),
        played(bob, ["draw", "draw", "undo"]),
        played(alice, ["draw"]),
    ]
    tamper_action(games[3].actions.get(seq=2).id, score_after=99)
    for chunk in (1, 2, 500):
        checks = list(iter_game_checks(chunk=chunk))
        assert [c.game.id for c in checks] == [g.id for g in games]
        # each check saw its own game's log, not a neighbour's
        assert [c.expected and c.expected["seq"] for c in checks] == [1, 0, 2, 3, 1]
        assert [c.ok for c in checks] == [True, True, True, False, True]


def test_iter_game_checks_of_no_games_is_empty() -> None:
    assert list(iter_game_checks(chunk=2)) == []
    assert Action.objects.count() == 0
