"""``manage.py rebuild_projections`` rebuilds the rank index after the entries, and
``--rank-index-only`` rebuilds the index alone."""

import io
import random

from django.conf import LazySettings
from django.core.management import call_command

from games.models import LeaderboardEntry
from games.rank_index.store import board_keys, client_for
from tests.games.rank_index.boards import CODE, assert_paths_agree, board_made, crowded_standing


def rebuild(**options: object) -> str:
    out = io.StringIO()
    call_command("rebuild_projections", stdout=out, **options)
    return out.getvalue()


def test_rebuild_projections_clears_and_rebuilds_every_board(
    index_redis: str, settings: LazySettings
) -> None:
    board_made([crowded_standing(random.Random(15)) for _ in range(9)])
    board_made(
        [crowded_standing(random.Random(16)) for _ in range(4)], prefix="q", code="CF1-D1-AAAAACL"
    )
    client = client_for(index_redis)
    gone = board_keys("CF1-D3-AAAAAAB")  # a board the database no longer has
    client.zadd(gone.order, {"0" * 60: 0})
    client.set(gone.ready, "1")
    stale = board_keys(CODE)
    client.zadd(stale.order, {"0" * 60: 0})  # junk the rebuild must not keep

    output = rebuild(rank_index_only=True)
    assert f"rank index: {CODE}: 9 entries" in output
    assert "rank index: CF1-D1-AAAAACL: 4 entries" in output
    assert not client.exists(gone.ready) and not client.exists(gone.order)
    assert client.zcard(stale.order) == 9
    assert_paths_agree(settings, limits=(4,))
    assert_paths_agree(settings, "CF1-D1-AAAAACL", limits=(4,))

    # The whole rebuild: these games were written without logs, so replayed they hold no
    # action and leave their boards (a game joins with its first action), index included.
    output = rebuild()
    assert "13 game rows rebuilt" in output
    assert not LeaderboardEntry.objects.exists()
    assert not client.exists(stale.ready) and not client.exists(stale.order)


def test_rebuild_says_when_the_index_is_off(index_redis: str, settings: LazySettings) -> None:
    settings.CANFIELD_RANK_INDEX = False
    assert "rank index: not enabled" in rebuild(rank_index_only=True)
