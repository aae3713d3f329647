"""Starting a game: a deal code, the day's deal, or a fresh random deal."""

from django.contrib.auth.models import AbstractBaseUser
from django.db import transaction
from django.utils import timezone

from engine import Game as EngineGame
from engine import random_code
from games.errors import InvalidInput
from games.models import Game
from games.projections import engine_summary
from games.replaying import deal_from_code
from games.services.daily import DRAW_MODES, daily_codes, utc_today
from games.services.standing import standing_refresh


def resolve_code(*, code: str | None, daily: str | None, draw: int | None) -> str:
    """The deal code a new game is for; exactly one way of naming it must be given."""
    named = {"code": code or None, "daily": daily or None, "draw": draw}
    given = [name for name, value in named.items() if value is not None]
    if len(given) != 1:
        raise InvalidInput(
            'give exactly one of "code", "daily" ("D3" or "D1") or "draw" (1 or 3)',
            given=given,
        )
    if code:
        return code
    if daily:
        if daily not in DRAW_MODES:
            raise InvalidInput(f'daily must be "D3" or "D1", not {daily!r}')
        return daily_codes(day=utc_today())[daily]
    if draw not in (1, 3):
        raise InvalidInput(f"draw must be 1 or 3, not {draw!r}")
    return random_code(draw=draw)


def game_create(
    *,
    player: AbstractBaseUser,
    code: str | None = None,
    daily: str | None = None,
    draw: int | None = None,
) -> Game:
    """A new game for ``player``; it joins the leaderboard of its code at once (1 card)."""
    deal = deal_from_code(resolve_code(code=code, daily=daily, draw=draw))
    now = timezone.now()
    with transaction.atomic():
        game = Game.objects.create(
            code=deal.code,
            draw=deal.draw,
            number=deal.number,
            player_id=player.pk,
            created_at=now,
            reached_at=now,
            **engine_summary(EngineGame(deal)),
        )
        standing_refresh(game=game)
    return game
