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
from games.models import Game, LeaderboardEntry
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
    moves: int
    assisted: bool
    reached_at: datetime


def crowded_standing(rng: random.Random) -> Standing:
    """Few distinct values, so most entries tie on rank with others (same standing and time)."""
    cards = rng.choice([1, 1, 2, 7, 52])
    return Standing(
        cards=cards,
        moves=rng.choice([0, 3, 3, 10]),
        assisted=rng.random() < 0.25,
        reached_at=T0 + timedelta(microseconds=rng.choice([0, 0, 1, 999_999, 86_400_000_001])),
    )


def game_of(player: User, standing: Standing, code: str = CODE) -> Game:
    return Game.objects.create(
        code=code,
        draw=3,
        number=NUMBER,
        player=player,
        cards=standing.cards,
        moves=standing.moves,
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
            leaderboard_entry_refresh(code=code, player_id=player.id)
            players.append(player)
    return players


def change_game(player: User, standing: Standing, code: str = CODE) -> None:
    """Make the player's game show ``standing`` and refresh their entry as the service
    does (the index hears of it after the commit)."""
    from games.services.standing import standing_refresh

    with transaction.atomic():
        game = Game.objects.get(player=player, code=code)
        for field in ("cards", "moves", "assisted", "reached_at"):
            setattr(game, field, getattr(standing, field))
        game.save()
        standing_refresh(game=game)


def index_answers(code: str = CODE) -> bool:
    """Whether the index (not SQL) answers reads of the board right now."""
    total = BoardCounts(code).total
    return rank_index.page(code=code, offset=0, limit=1, total=total) is not None


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
    total = LeaderboardEntry.objects.filter(code=code).count()
    compared = 0
    for limit in limits:
        for offset in range(total + 2):
            indexed, sql = both_paths(
                settings, partial(leaderboard_page, code=code, limit=limit, offset=offset)
            )
            assert indexed == sql, (offset, limit)
            compared += 1
    for entry in LeaderboardEntry.objects.filter(code=code).select_related("player"):
        for limit in (1, 4, 11):
            name = entry.player.username
            indexed, sql = both_paths(
                settings, partial(leaderboard_around, code=code, username=name, limit=limit)
            )
            assert indexed == sql, (name, limit)
        indexed, sql = both_paths(
            settings, partial(leaderboard_entry_ranked, code=code, player_id=entry.player_id)
        )
        assert indexed == sql and indexed is not None, entry.player_id
        compared += 4
    return compared
