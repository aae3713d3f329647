"""A board's bots partition is a board of its own to the rank index (the index answers it as
SQL does, every entry ``bot``), and ``who=all`` ranks both partitions in one order: every
page equals the ranking of all their entries written out here, ties across partitions
included."""

import random

import pytest
from django.conf import LazySettings
from django.contrib.auth.models import User
from django.db import transaction

from games import rank_index
from games.boards import Who, ranking_board
from games.models import Game, LeaderboardEntry
from games.projections import leaderboard_entry_refresh
from games.ranking import rank_key
from games.selectors.leaderboard_rows import Row
from games.selectors.leaderboard_sql import rows
from games.selectors.leaderboards import leaderboard_read
from tests.games.rank_index.boards import (
    CODE,
    assert_paths_agree,
    board_made,
    crowded_standing,
    game_of,
)

BOTS = ranking_board(CODE, bot=True)


def bots_made(rng: random.Random, count: int) -> None:
    """``count`` declared bots' games on CODE with crowded standings, and their entries (on
    the bots partition, as the service derives them)."""
    with transaction.atomic():
        for number in range(count):
            player = User.objects.create(username=f"bot{number:04d}")
            game = game_of(player, crowded_standing(rng))
            Game.objects.filter(pk=game.pk).update(bot=True)
            leaderboard_entry_refresh(board=BOTS, player_id=player.id)


def expected_all() -> list[tuple[str, int, bool]]:
    """Both partitions' entries in the ranking order (ids breaking ties, as pages do), each
    with 1 + the number strictly better than it in either partition."""
    entries: list[Row] = rows(LeaderboardEntry.objects.filter(board__in=[CODE, BOTS]))
    entries.sort(key=lambda row: (rank_key(row), row.id))
    keys = [rank_key(row) for row in entries]
    return [
        (row.player, 1 + sum(key < rank_key(row) for key in keys), row.board == BOTS)
        for row in entries
    ]


@pytest.mark.parametrize("seed", [5, 6])
def test_a_bots_partition_is_indexed_and_all_ranks_both_in_one_order(
    index_redis: str, settings: LazySettings, seed: int
) -> None:
    rng = random.Random(seed)
    board_made([crowded_standing(rng) for _ in range(rng.randrange(15, 30))], prefix="human")
    bots_made(rng, rng.randrange(15, 30))
    # Counts were kept per partition as entries were written: the index of each agrees.
    for board in (CODE, BOTS):
        assert rank_index.board_build(board) is not None
        assert assert_paths_agree(settings, board, limits=(3,)) > 10
    bots = leaderboard_read(board=CODE, who=Who.BOTS, limit=100)
    assert bots.entries and all(entry.bot for entry in bots.entries)
    people = leaderboard_read(board=CODE, who=Who.HUMANS, limit=100)
    assert people.entries and not any(entry.bot for entry in people.entries)
    wanted = expected_all()
    assert len({bot for *_, bot in wanted}) == 2
    assert leaderboard_read(board=CODE, who=Who.ALL, limit=100).total == len(wanted)
    for limit in (1, 7, 100):
        for offset in range(len(wanted) + 1):
            page = leaderboard_read(board=CODE, who=Who.ALL, limit=limit, offset=offset)
            shown = [(entry.player, entry.rank, entry.bot) for entry in page.entries]
            assert shown == wanted[offset : offset + limit], (offset, limit)
    for index, (name, _, _) in enumerate(wanted):
        window = leaderboard_read(board=CODE, who=Who.ALL, limit=5, around=name)
        start = max(0, index - 2)
        assert [(e.player, e.rank, e.bot) for e in window.entries] == wanted[start : start + 5]
