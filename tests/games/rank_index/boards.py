"""Boards made directly in the database (many entries, chosen ties), and the comparison of
the two read paths over every page, window and entry of a board."""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import partial

from django.conf import LazySettings
from django.contrib.auth.models import User
from django.db import transaction

from games import rank_index
from games.models import Assistance, Game, LeaderboardEntry
from games.projections import leaderboard_entry_refresh
from games.selectors.leaderboard_sql import BoardCounts
from games.selectors.leaderboards import (
    leaderboard_around,
    leaderboard_entry_ranked,
    leaderboard_page,
)

CODE = "CF1-D3-AAAAACL"
NUMBER = 63
T0 = datetime(2026, 3, 1, 12, 0, tzinfo=UTC)


@dataclass(frozen=True)
class Standing:
    cards: int
    actions: int
    assisted: bool
    reached_at: datetime
    elapsed: int | None = 30


def crowded_standing(rng: random.Random) -> Standing:
    """Few distinct values, so most entries tie on rank with others (same standing and time)."""
    cards = rng.choice([1, 1, 2, 7, 52])
    return Standing(
        cards=cards,
        actions=rng.choice([1, 3, 3, 10]),
        assisted=rng.random() < 0.25,
        reached_at=T0 + timedelta(microseconds=rng.choice([0, 0, 1, 999_999, 86_400_000_001])),
        elapsed=rng.choice([None, 0, 7, 7, 2**31 - 1]),
    )


def game_of(player: User, standing: Standing, code: str = CODE) -> Game:
    if standing.assisted:
        Assistance.objects.get_or_create(board=code, player=player)
    return Game.objects.create(
        code=code,
        board=code,
        draw=3,
        number=NUMBER,
        player=player,
        cards=standing.cards,
        seq=standing.actions,
        action_count=standing.actions,
        elapsed=standing.elapsed,
        moves=standing.actions,
        score=5 * (standing.cards - 1),
        won=standing.cards == 52,
        status="won" if standing.cards == 52 else "playing",
        assisted=standing.assisted,
        snapshot={},
        created_at=standing.reached_at,
        reached_at=standing.reached_at,
    )


def board_made(standings: list[Standing], *, prefix: str = "p", code: str = CODE) -> list[User]:
    """One player and game per standing, their entries and counts (not in the index)."""
    players = []
    with transaction.atomic():
        for number, standing in enumerate(standings):
            player = User.objects.create(username=f"{prefix}{number:04d}")
            game_of(player, standing, code)
            leaderboard_entry_refresh(board=code, player_id=player.id)
            players.append(player)
    return players


def change_game(player: User, standing: Standing, code: str = CODE) -> None:
    """Make the player's game show ``standing`` and refresh their entry as the service
    does (the index hears of it after the commit)."""
    from games.services.entry_after_write import entry_after_write
    from games.services.unit_of_work import unit_of_work

    with unit_of_work() as unit:
        game = Game.objects.get(player=player, board=code)
        game.cards, game.reached_at, game.elapsed = (
            standing.cards,
            standing.reached_at,
            standing.elapsed,
        )
        game.seq = game.action_count = standing.actions
        game.save()
        if standing.assisted:  # a hint is for good: un-assisting is not a change a game makes
            Assistance.objects.get_or_create(board=code, player=player)
        entry_after_write(unit=unit, game=game)


def index_answers(code: str = CODE) -> bool:
    """Whether the index (not SQL) answers reads of the board right now."""
    total = BoardCounts(code).total
    return rank_index.page(board=code, offset=0, limit=1, total=total) is not None


def both_paths(settings: LazySettings, read: Callable[[], object]) -> tuple[object, object]:
    """``read()`` from the index, then from SQL (index switched off)."""
    indexed = read()
    settings.CANFIELD_RANK_INDEX = False
    try:
        return indexed, read()
    finally:
        settings.CANFIELD_RANK_INDEX = True


def assert_paths_agree(
    settings: LazySettings, code: str = CODE, *, limits: tuple[int, ...] = (1, 3, 20)
) -> int:
    """Every page (every offset, a few limits, one past the end), every player's window and
    entry: the same from both paths. Returns how many reads were compared."""
    assert index_answers(code), "the index does not answer: nothing would be compared"
    total = LeaderboardEntry.objects.filter(board=code).count()
    compared = 0
    for limit in limits:
        for offset in range(total + 2):
            indexed, sql = both_paths(
                settings, partial(leaderboard_page, board=code, limit=limit, offset=offset)
            )
            assert indexed == sql, (offset, limit)
            compared += 1
    for entry in LeaderboardEntry.objects.filter(board=code).select_related("player"):
        for limit in (1, 4, 11):
            name = entry.player.username
            indexed, sql = both_paths(
                settings, partial(leaderboard_around, board=code, username=name, limit=limit)
            )
            assert indexed == sql, (name, limit)
        indexed, sql = both_paths(
            settings, partial(leaderboard_entry_ranked, board=code, player_id=entry.player_id)
        )
        assert indexed == sql and indexed is not None, entry.player_id
        compared += 4
    return compared
