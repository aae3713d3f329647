"""The index answers exactly what SQL answers: every page, window and entry of boards
crowded with ties (same standing, same reached_at), assisted entries included."""

import random

import pytest
from django.conf import LazySettings

from games import rank_index
from games.errors import NotOnBoard
from games.selectors.leaderboards import leaderboard_around
from tests.games.rank_index.boards import CODE, assert_paths_agree, board_made, crowded_standing


@pytest.mark.parametrize("seed", [1, 2, 3])
def test_every_read_of_a_board_full_of_ties_equals_sql(
    index_redis: str, settings: LazySettings, seed: int
) -> None:
    rng = random.Random(seed)
    board_made([crowded_standing(rng) for _ in range(rng.randrange(30, 60))])
    assert rank_index.board_build(CODE) is not None
    assert assert_paths_agree(settings) > 100


def test_empty_board_and_missing_players_agree(index_redis: str, settings: LazySettings) -> None:
    board_made([crowded_standing(random.Random(4))], prefix="only")
    assert rank_index.board_build(CODE) == 1
    assert_paths_agree(settings)
    for name in ("only0000", "nobody"):  # on another board / no such player
        for enabled in (True, False):
            settings.CANFIELD_RANK_INDEX = enabled
            with pytest.raises(NotOnBoard):
                leaderboard_around(board="CF1-D1-AAAAACL", username=name)
    settings.CANFIELD_RANK_INDEX = True
    with pytest.raises(NotOnBoard):
        leaderboard_around(board=CODE, username="nobody")
